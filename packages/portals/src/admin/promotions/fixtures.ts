/** Fixture answers of the admin's promotion calls, shared by the component tests and the stories. */

import type { Promotion, PromotionProduct } from '@drip/core';
import type * as v from 'valibot';

export const ADMIN_API = '/admin_backoffice/api/v1';
export const BANNERS = `${ADMIN_API}/promotion-banner`;
export const PRODUCTS = `${ADMIN_API}/affiliate-product`;
export const PROMOTION_ID = '5b7e0f9a-1c2d-4e3f-8a9b-0c1d2e3f4a5b';
export const STORE = { id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d', name: 'Loja Pitanga' };
export const OTHER_STORE = { id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', name: 'Casa Aurora' };

type WireProduct = v.InferInput<typeof PromotionProduct>;
type WirePromotion = v.InferInput<typeof Promotion>;

export function product(n: number, overrides: Partial<WireProduct> = {}): WireProduct {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    name: `Produto ${n}`,
    description: `Descrição ${n}`,
    url: `https://pitanga.example/p/${n}`,
    image: `https://pitanga.example/p/${n}.png`,
    basePrice: 199.9,
    price: 149.9,
    storeId: STORE.id,
    store: STORE,
    createdAt: '2026-11-20T12:00:00.000Z',
    updatedAt: '2026-11-20T12:00:00.000Z',
    ...overrides,
  };
}

export function promotion(overrides: Partial<WirePromotion> = {}): WirePromotion {
  return {
    id: PROMOTION_ID,
    name: 'Black Friday',
    store: STORE,
    storeId: STORE.id,
    productsPageUrl: 'https://pitanga.example/black-friday',
    from: '2026-11-20',
    to: '2026-11-30',
    status: 'ACTIVE',
    type: 'PAGE_VIEW',
    image: null,
    createdAt: '2026-11-19T12:00:00.000Z',
    products: [],
    ...overrides,
  };
}

export const productPromotion = (overrides: Partial<WirePromotion> = {}) =>
  promotion({
    type: 'PRODUCT_VIEW',
    store: null,
    storeId: null,
    productsPageUrl: null,
    products: [product(1), product(2, { basePrice: null })],
    ...overrides,
  });

export function promotionsPage(count: number, page = 0, total = count, size = 20) {
  return {
    content: Array.from({ length: count }, (_, i) => {
      const n = page * size + i + 1;
      const {
        products: _products,
        productsPageUrl: _url,
        storeId: _store,
        ...summary
      } = promotion({
        id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
        name: `Promoção ${n}`,
        status: n % 2 ? 'ACTIVE' : 'DISABLED',
      });
      return summary;
    }),
    number: page,
    size,
    totalPages: Math.max(1, Math.ceil(total / size)),
    totalElements: total,
  };
}
