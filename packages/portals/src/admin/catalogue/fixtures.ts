/** Fixture answers of the admin's catalogue calls, shared by the component tests and the stories. */
import type { Category, Store, Tag } from '@drip/core';

export const STORES_SERVICE = '/admin_backoffice/api/v1/merchants/stores-service';
export const STORE_ID = '5b0c8a4e-2f7b-4c1e-9a52-6f3f1b0c9d22';
export const CATEGORY_ID = '6c0c8a4e-2f7b-4c1e-9a52-6f3f1b0c9d33';
export const SUB_ID = '6c0c8a4e-2f7b-4c1e-9a52-6f3f1b0c9d34';
export const TAG_ID = '7d0c8a4e-2f7b-4c1e-9a52-6f3f1b0c9d44';
/** A real 1×1 PNG, as base64 without prefix. */
export const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

export function tag(overrides: Partial<Tag> = {}): Tag {
  return {
    id: TAG_ID,
    name: 'Presentes',
    type: 'MOMENT',
    priority: 1,
    logoUrl: '/images/tag.png',
    status: 'ACTIVE',
    ...overrides,
  };
}

export function category(overrides: Partial<Category> = {}): Category {
  return {
    id: CATEGORY_ID,
    name: 'Moda',
    status: 'ACTIVE',
    subCategory: [
      { id: SUB_ID, name: 'Calçados', status: 'ACTIVE' },
      { id: `${SUB_ID.slice(0, -2)}35`, name: 'Bolsas', status: 'DISABLE' },
    ],
    tags: [{ id: TAG_ID, name: 'Presentes' }],
    ...overrides,
  };
}

export function store(overrides: Partial<Store> = {}): Store {
  return {
    id: STORE_ID,
    name: 'Loja Aurora',
    url: 'https://aurora.example',
    origin: 'INTERNAL',
    platform: 'WEB',
    minimumCashback: 0.01,
    customerCashback: 0.035,
    tax: 0.025,
    merchantInitials: 'LA',
    offerPixDiscount: true,
    integrationType: null,
    status: 'ACTIVE',
    logoUrl: '/images/aurora.png',
    categories: [{ id: CATEGORY_ID, name: 'Moda', subCategory: [{ id: SUB_ID, name: 'Calçados' }] }],
    tags: [{ id: TAG_ID, name: 'Presentes' }],
    ...overrides,
  };
}

export function storeSummary(n: number) {
  return {
    id: n === 1 ? STORE_ID : `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    name: `Loja ${n}`,
    origin: n % 3 === 0 ? 'AWIN' : 'INTERNAL',
    status: n % 4 === 0 ? 'DISABLED' : 'ACTIVE',
    logoUrl: null,
  };
}

export function storesPage(count: number, page = 0, total = count, size = 20) {
  return {
    content: Array.from({ length: count }, (_, i) => storeSummary(page * size + i + 1)),
    number: page,
    size,
    totalPages: Math.max(1, Math.ceil(total / size)),
    totalElements: total,
  };
}
