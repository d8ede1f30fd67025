/**
 * Wire fixtures of the customer portal's order calls (tests and stories), shaped as the server sends them: reais
 * numbers with 2 decimals, ISO dates. Parsed by the contract on the way in, like real answers.
 */
import { orderPaths } from '@drip/core';

export const CUSTOMER_API_USER = '/customer_backoffice/api/v1/user';

export interface WireProduct {
  amount: number;
  name: string;
  quantity: number;
  status: 'ACTIVE' | 'CANCELED';
  cancelationStatus: string | null;
}

export interface WirePayment {
  status: 'PAID' | 'PENDING' | 'CANCELED' | 'SUCCESS' | 'REFUNDED';
  externalPaymentId: string;
  qrCode: string;
  qrCodeText: string;
  expiresAt: string;
}

export interface WireInstalment {
  id: string;
  orderId: string;
  number: number;
  total: number;
  dueDate: string;
  status: 'PENDING' | 'PAID';
  amount: number;
  feesAmount: number;
  cashbackAmount: number;
  canceledCashbackAmount: number;
  canceledAmount: number;
  amountToPay: number;
  amountPaidIncludingRefunds: number;
  amountCanceledWithRefund: number;
  late: boolean;
  paidAt: string | null;
  payment: WirePayment | null;
  instalmentProducts: WireProduct[];
}

export function orderSummary(n: number, overrides: Record<string, unknown> = {}) {
  return {
    id: `ord-${n}`,
    code: `DRP-${String(n).padStart(6, '0')}`,
    merchantOrderCode: `LOJA-${1000 + n}`,
    merchantName: n % 2 === 0 ? 'Loja Aurora' : 'Casa Ipê',
    amount: 300,
    canceledAmount: 0,
    instalmentsCount: 3,
    unpaidInstalmentsCount: 2,
    lateInstalments: 0,
    status: 'ACTIVE',
    createdAt: '2026-06-01T15:30:00.000Z',
    ...overrides,
  };
}

/** A page of `total` orders (page size 10). */
export function ordersPage(page: number, total: number) {
  const size = 10;
  const first = page * size;
  const count = Math.max(0, Math.min(size, total - first));
  return {
    content: Array.from({ length: count }, (_, i) => orderSummary(first + i + 1)),
    number: page,
    size,
    totalPages: Math.ceil(total / size),
    totalElements: total,
  };
}

/** One line per product, with its quantity (the server groups identical products). */
export const products = (lines: [name: string, quantity: number][]): WireProduct[] =>
  lines.map(([name, quantity]) => ({
    amount: 50 * quantity,
    name,
    quantity,
    status: 'ACTIVE',
    cancelationStatus: null,
  }));

export function pixOf(id: string, status: WirePayment['status'] = 'PENDING'): WirePayment {
  return {
    status,
    externalPaymentId: `tx-${id}`,
    qrCode: `/api/v1/pix/qr/tx-${id}.png`,
    qrCodeText: `00020126PIX-${id}`,
    expiresAt: '2026-07-20T18:00:00.000Z',
  };
}

export function instalment(number: number, overrides: Partial<WireInstalment> = {}): WireInstalment {
  return {
    id: `inst-${number}`,
    orderId: 'ord-1',
    number,
    total: 3,
    dueDate: ['2026-06-16', '2026-07-16', '2026-08-15'][number - 1] ?? '2026-09-14',
    status: 'PENDING',
    amount: 100,
    feesAmount: 0,
    cashbackAmount: number === 3 ? 15 : 0,
    canceledCashbackAmount: 0,
    canceledAmount: 0,
    amountToPay: number === 3 ? 85 : 100,
    amountPaidIncludingRefunds: 0,
    amountCanceledWithRefund: 0,
    late: false,
    paidAt: null,
    payment: null,
    instalmentProducts: products([['Camiseta básica', 2]]),
    ...overrides,
  };
}

/** Order ord-1: instalment 1 paid, 2 late with a fee, 3 pending with the cashback. */
export function orderDetails(overrides: Record<string, unknown> = {}) {
  return {
    ...orderSummary(1, { lateInstalments: 1 }),
    cashbackAmount: 15,
    instalments: [
      instalment(1, {
        status: 'PAID',
        amountToPay: 100,
        amountPaidIncludingRefunds: 100,
        paidAt: '2026-06-10T12:00:00.000Z',
        payment: pixOf('inst-1', 'PAID'),
      }),
      instalment(2, { late: true, feesAmount: 2.35, amountToPay: 102.35 }),
      instalment(3, {
        instalmentProducts: products([
          ['Camiseta básica', 2],
          ['Boné', 1],
        ]),
      }),
    ],
    products: [
      { id: 'p1', name: 'Camiseta básica', quantity: 2, amount: 100, status: 'ACTIVE' },
      { id: 'p2', name: 'Boné', quantity: 1, amount: 50, status: 'ACTIVE' },
    ],
    ...overrides,
  };
}

export const uniquePayment = (status: WirePayment['status'] = 'PENDING') => ({
  id: 'up-1',
  orderId: 'ord-1',
  qrCode: '/api/v1/pix/qr/up-1.png',
  qrCodeText: '00020126PIX-ALL',
  amount: 187.35,
  expiresAt: '2026-07-20T18:00:00.000Z',
  instalments: ['inst-2', 'inst-3'],
  status,
});

/** Route keys of the fake fetch ('METHOD /path'). */
export const orderRoutes = {
  list: `GET ${orderPaths.customerOrders}`,
  details: (id: string) => `GET ${orderPaths.customerOrder(id)}`,
  pay: (id: string) => `PUT ${orderPaths.payInstalment(id)}`,
  payAll: (id: string) => `POST ${orderPaths.uniquePayment(id)}`,
  instalment: (id: string) => `GET ${orderPaths.customerInstalment(id)}`,
  uniquePayment: (id: string) => `GET ${orderPaths.uniquePaymentStatus(id)}`,
} as const;
