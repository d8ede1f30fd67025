/** Fixture answers of the admin's order details call, shared by the component tests and the stories. */
import type { AdminOrderDetails } from '@drip/core';
import type * as v from 'valibot';

type Wire = v.InferInput<typeof AdminOrderDetails>;
type WireInstalment = Wire['instalments'][number];

export const ADMIN_API = '/admin_backoffice/api/v1';
export const ORDER_ID = '5b3c2a1d-8e7f-4a6b-9c0d-1e2f3a4b5c6d';
export const CUSTOMER_ID = '0f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0';
export const ORDER_MERCHANT_ID = '7d0c8a4e-2f7b-4c1e-9a52-6f3f1b0c9d11';
export const ADMIN_ID = 'ad000000-0000-4000-8000-000000000001';
export const QR_URL = '/api/v1/pix/qr/TXID123.png';
export const BR_CODE =
  '00020101021226830014br.gov.bcb.pix2561pix.example/qr/v2/TXID1235204000053039865802BR6304ABCD';

function instalment(n: number, total: number, overrides: Partial<WireInstalment> = {}): WireInstalment {
  return {
    id: `1a000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    orderId: ORDER_ID,
    number: n,
    total,
    dueDate: `2026-0${Math.min(9, n + 2)}-25`,
    status: 'PENDING',
    amount: 100,
    feesAmount: 0,
    cashbackAmount: 0,
    canceledCashbackAmount: 0,
    canceledAmount: 0,
    amountToPay: 100,
    amountPaidIncludingRefunds: 0,
    amountCanceledWithRefund: 0,
    late: false,
    paidAt: null,
    payment: null,
    instalmentProducts: [
      { amount: 66.67, name: 'Camiseta', quantity: 2, status: 'ACTIVE', cancelationStatus: null },
      { amount: 33.33, name: 'Calça', quantity: 1, status: 'ACTIVE', cancelationStatus: null },
    ],
    lateFeeWaivedAt: null,
    ...overrides,
  };
}

/** An active order of three instalments: the first paid, the second late with a fee and its Pix, cashback on the last. */
export function orderDetails(overrides: Partial<Wire> = {}): Wire {
  return {
    id: ORDER_ID,
    code: 'DRP-7K2M9Q',
    merchantOrderCode: 'PED-1001',
    amount: 300,
    canceledAmount: 0,
    cashbackAmount: 15,
    status: 'ACTIVE',
    displayStatus: 'ACTIVE',
    type: 'INSTALMENTS',
    createdAt: '2026-02-20T13:00:00.000Z',
    instalmentsCount: 3,
    unpaidInstalmentsCount: 2,
    lateInstalments: 1,
    instalments: [
      instalment(1, 3, {
        status: 'PAID',
        amountToPay: 100,
        amountPaidIncludingRefunds: 100,
        paidAt: '2026-03-20T10:00:00.000Z',
      }),
      instalment(2, 3, {
        late: true,
        feesAmount: 2.35,
        amountToPay: 102.35,
        payment: {
          status: 'PENDING',
          externalPaymentId: 'TXID123',
          qrCode: QR_URL,
          qrCodeText: BR_CODE,
          expiresAt: '2026-04-30T10:00:00.000Z',
        },
      }),
      instalment(3, 3, { cashbackAmount: 15, amountToPay: 85 }),
    ],
    products: [
      {
        id: 'p0000000-0000-4000-8000-000000000001',
        name: 'Camiseta',
        quantity: 2,
        amount: 200,
        status: 'ACTIVE',
      },
      {
        id: 'p0000000-0000-4000-8000-000000000002',
        name: 'Calça',
        quantity: 1,
        amount: 100,
        status: 'ACTIVE',
      },
    ],
    customer: {
      id: CUSTOMER_ID,
      cpf: '52998224725',
      name: 'Maria da Silva',
      email: 'maria@example.com',
      phone: '+5511987654321',
      addressCep: '01310100',
      addressStreet: 'Avenida Paulista',
      addressNumber: '1000',
      addressComplement: null,
      addressNeighborhood: 'Bela Vista',
      addressCity: 'São Paulo',
      addressState: 'SP',
    },
    merchant: { id: ORDER_MERCHANT_ID, name: 'Loja Aurora' },
    checkout: {
      id: 'c4000000-0000-4000-8000-000000000001',
      status: 'OK',
      createdAt: '2026-02-20T12:55:00.000Z',
      creatorEmail: null,
      paymentStatus: 'PAID',
      paymentId: 'TXIDCHECKOUT',
      paymentQrCode: QR_URL,
      paymentQrCodeText: BR_CODE,
    },
    history: [
      {
        id: 'h0000000-0000-4000-8000-000000000001',
        at: '2026-03-28T15:00:00.000Z',
        action: 'LATE_FEE_REMOVED',
        entityType: 'INSTALMENT',
        entityId: '1a000000-0000-4000-8000-000000000002',
        actor: { type: 'ADMIN', id: ADMIN_ID, name: 'Ana Operações', email: 'ana@drip.dev' },
        before: { feesAmount: 4.7 },
        after: { feesAmount: 0 },
        details: { reason: 'Erro no sistema' },
      },
    ],
    ...overrides,
  };
}
