import type { AdminCustomerDetails, AdminCustomerSummary } from '@drip/core';
import type * as v from 'valibot';

/** Test and story data of the admin customer screens (answers as the API sends them). */
export const CUSTOMER_ID = '0b8f2c1e-6a0d-4c35-9a3e-2f4b5c6d7e81';

export function customerRow(n: number, over: Partial<AdminCustomerSummary> = {}): AdminCustomerSummary {
  return {
    id: n === 1 ? CUSTOMER_ID : `cust-${n}`,
    name: `Cliente ${n}`,
    email: `cliente${n}@example.com`,
    cpf: '52998224725',
    phone: '+5511912345678',
    addressCep: '01310100',
    status: 'ACTIVE',
    ...over,
  };
}

export function customersPage(count: number, number = 0, totalElements = count) {
  return {
    content: Array.from({ length: count }, (_, i) => customerRow(number * 10 + i + 1)),
    number,
    size: 10,
    totalPages: Math.ceil(totalElements / 10),
    totalElements,
  };
}

export function customerDetails(
  over: { status?: 'ACTIVE' | 'ARCHIVED'; whitelisted?: boolean; onDebtNegotiation?: boolean } = {},
): v.InferInput<typeof AdminCustomerDetails> {
  return {
    customer: {
      id: CUSTOMER_ID,
      name: 'Maria da Silva',
      email: 'maria.silva@cliente.demo',
      cpf: '52998224725',
      phone: '+5511912345678',
      birthDate: '1990-05-14',
      addressCep: '01310100',
      addressStreet: 'Avenida Paulista',
      addressNumber: '1578',
      addressComplement: null,
      addressNeighborhood: 'Bela Vista',
      addressCity: 'São Paulo',
      addressState: 'SP',
      isOnDebtNegotiation: over.onDebtNegotiation ?? false,
      status: over.status ?? 'ACTIVE',
    },
    fraudReport: {
      blockedCpf: false,
      blockedPhone: true,
      blockedAddressCep: false,
      whitelist: over.whitelisted ? { active: true, expiresAt: '2026-12-01' } : null,
      isOnDebtNegotiation: over.onDebtNegotiation ?? false,
    },
    limit: { total: 2000, used: 450.5, current: 1549.5, serasaScore: 750, serasaNegativated: false },
    clearsaleScore: 900,
    orders: [
      {
        id: 'order-1',
        code: 'DRP-7K2M9Q',
        merchantOrderCode: 'A-1',
        merchantName: 'Casa Pitanga',
        amount: 300,
        canceledAmount: 0,
        instalmentsCount: 3,
        unpaidInstalmentsCount: 2,
        lateInstalments: 0,
        status: 'ACTIVE',
        createdAt: '2026-11-01T12:00:00.000Z',
      },
    ],
    refusals: [
      {
        checkoutId: 'checkout-ko',
        merchantName: 'Loja Aurora',
        merchantOrderCode: 'AUR-9',
        amount: 150.5,
        status: 'KO',
        reason: 'INVALID_CUSTOMER_DATA',
        createdAt: '2026-11-02T12:00:00.000Z',
      },
      {
        checkoutId: 'checkout-expired',
        merchantName: 'Casa Pitanga',
        merchantOrderCode: 'A-0',
        amount: 80,
        status: 'EXPIRED',
        reason: null,
        createdAt: '2026-10-30T12:00:00.000Z',
      },
    ],
    history: [
      historyEntry('h-2', 'FRAUD_UNBLOCKED', 'BLOCKED_CPF', '52998224725', '2026-11-20T15:00:00.000Z', {
        before: { active: true, reason: 'FRAUD_ID', description: 'documento falso' },
        after: { active: false, reason: 'FRAUD_ID', description: 'documento falso' },
      }),
      historyEntry('h-1', 'FRAUD_BLOCKED', 'BLOCKED_CPF', '52998224725', '2026-11-20T14:00:00.000Z', {
        before: null,
        after: { active: true, reason: 'FRAUD_ID', description: 'documento falso' },
      }),
      historyEntry('h-0', 'CUSTOMER_ARCHIVED', 'CUSTOMER', CUSTOMER_ID, '2026-11-19T10:30:00.000Z', {
        before: { status: 'ACTIVE' },
        after: { status: 'ARCHIVED' },
      }),
    ],
  };
}

function historyEntry(
  id: string,
  action: string,
  entityType: string,
  entityId: string,
  at: string,
  change: { before: unknown; after: unknown },
) {
  return {
    id,
    at,
    action,
    entityType,
    entityId,
    actor: { type: 'ADMIN' as const, id: 'admin-1', name: 'Administradora Drip', email: 'admin@drip.dev' },
    ...change,
    details: {},
  };
}
