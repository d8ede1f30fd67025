/** Wire answers (reais) of the merchant sales calls, for the tests and the stories. */
export const SALES_API = '/merchant_backoffice/api';

export function saleSummary(n: number, overrides: Record<string, unknown> = {}) {
  return {
    id: `00000000-0000-4000-8000-00000000000${n}`,
    code: `PED-${100 + n}`,
    customerName: 'Maria da Silva',
    amount: 123.45,
    status: 'OK',
    koReason: null,
    createdAt: '2026-03-09T15:00:00.000Z',
    order: {
      id: `ord-${n}`,
      code: `DRP-7K2M9${n}`,
      status: 'ACTIVE',
      createdDate: '2026-03-09T15:05:00.000Z',
      canceledAmount: 0,
      canceledAt: null,
    },
    ...overrides,
  };
}

export function salesPage(content: unknown[], number = 0, totalElements = content.length) {
  return { content, number, size: 10, totalPages: Math.max(1, Math.ceil(totalElements / 10)), totalElements };
}

export function saleDetails(overrides: Record<string, unknown> = {}) {
  return {
    ...saleSummary(1),
    customerCpf: '52998224725',
    customerEmail: 'maria@example.com',
    customerPhone: '+5511987654321',
    addressCep: '01310-100',
    addressStreet: 'Avenida Paulista',
    addressNumber: '1000',
    addressNeighborhood: 'Bela Vista',
    addressComplement: null,
    addressCity: 'São Paulo',
    addressState: 'SP',
    creatorEmail: null,
    merchantFee: null,
    settlementAmount: null,
    products: [
      {
        id: 'p1',
        name: 'Camiseta',
        amount: 100,
        status: 'ACTIVE',
        canceledAt: null,
        hasInstalmentProducts: true,
      },
      {
        id: 'p2',
        name: 'Meia',
        amount: 23.45,
        status: 'CANCELED',
        canceledAt: '2026-03-10T12:00:00.000Z',
        hasInstalmentProducts: true,
      },
    ],
    ...overrides,
  };
}

export const statistics = {
  amount: 1500,
  comparisonPercentage: 25,
  checkoutsApproved: 12,
  checkoutsDenied: 3,
};

export function graphic(slices = 24) {
  return Array.from({ length: slices }, (_, i) => ({
    initialDate: new Date(Date.UTC(2026, 2, 10, 3 + i)).toISOString(),
    finalDate: new Date(Date.UTC(2026, 2, 10, 3 + i, 59, 59, 999)).toISOString(),
    checkoutsApproved: i % 3,
    checkoutsDenied: i % 5 === 0 ? 1 : 0,
    reasons: i % 5 === 0 ? [{ reason: 'FRAUD', quantity: 1 }] : [],
  }));
}

export function checkoutLink(n: number, overrides: Record<string, unknown> = {}) {
  return {
    id: `10000000-0000-4000-8000-00000000000${n}`,
    code: `LINK-${n}`,
    amount: 250.5,
    status: 'PRISTINE',
    backofficeStatus: 'ACTIVE',
    koReason: null,
    creatorEmail: 'admin@aurora.demo',
    createdAt: '2026-03-10T12:00:00.000Z',
    formUrl: `http://localhost:3000/checkouts/10000000-0000-4000-8000-00000000000${n}`,
    ...overrides,
  };
}

export const merchantInfo = {
  id: 'm1',
  name: 'Loja Aurora',
  ecommPlatform: null,
  onlyRead: false,
  permissions: ['ADMIN', 'READ'],
  logo: null,
  logoB2b: null,
  initials: 'LA',
};

/** `GET v1/orders/{id}` of `saleDetails()`'s order: what the refund buttons read (reais on the wire). */
export function merchantOrderView(overrides: Record<string, unknown> = {}) {
  return {
    id: 'ord-1',
    code: 'DRP-7K2M91',
    merchantOrderCode: 'PED-101',
    amount: 123.45,
    canceledAmount: 23.45,
    status: 'ACTIVE',
    displayStatus: 'ACTIVE',
    refundedLabel: null,
    canceledAt: null,
    createdAt: '2026-03-09T15:05:00.000Z',
    refundable: { full: true, partial: true, products: true },
    products: [
      {
        id: 'p1',
        name: 'Camiseta',
        quantity: 1,
        amount: 100,
        status: 'ACTIVE',
        canceledAt: null,
        hasInstalmentProducts: true,
      },
      {
        id: 'p2',
        name: 'Meia',
        quantity: 1,
        amount: 23.45,
        status: 'CANCELED',
        canceledAt: '2026-03-10T12:00:00.000Z',
        hasInstalmentProducts: true,
      },
    ],
    refunds: [],
    ...overrides,
  };
}

/** A refund of `merchantOrderView()` as the API answers it. */
export function orderRefund(overrides: Record<string, unknown> = {}) {
  return {
    id: 'ref-1',
    orderId: 'ord-1',
    type: 'PRODUCTS',
    status: 'PENDING',
    requestedAmount: 100,
    amount: 0,
    returnedAmount: 0,
    productIds: ['p1'],
    rejectionReason: null,
    failureReason: null,
    createdAt: '2026-03-12T12:00:00.000Z',
    processedAt: null,
    ...overrides,
  };
}
