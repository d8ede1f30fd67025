/** Fixture answers of the admin's orders list, shared by the component tests and the stories. */
import { merchantsPage } from '../merchants/fixtures.ts';

export { ADMIN_API } from '../merchants/fixtures.ts';
export const ORDER_ID = '3f9b2c1e-5d4a-4b7c-8e21-0a1b2c3d4e5f';

export function orderRow(n: number) {
  return {
    id: n === 1 ? ORDER_ID : `00000000-0000-4000-9000-${String(n).padStart(12, '0')}`,
    code: `DRP-${String(n).padStart(6, '0')}`,
    merchantOrderCode: `PED-${n}`,
    createdAt: '2026-03-10T15:30:00.000Z',
    merchantId: merchantsPage(1).content[0]?.id ?? '',
    merchantName: 'Loja 1',
    customerId: `c${n}`,
    customerName: n % 2 ? 'Maria da Silva' : 'João Pereira',
    customerEmail: n % 2 ? 'maria.silva@cliente.demo' : null,
    amount: 1234.5,
    canceledAmount: 0,
    lateInstalments: n === 1 ? 2 : 0,
    status: n === 3 ? 'CLOSED' : 'ACTIVE',
  };
}

export function ordersPage(count: number, page = 0, total = count, size = 20) {
  return {
    content: Array.from({ length: count }, (_, i) => orderRow(page * size + i + 1)),
    number: page,
    size,
    totalPages: Math.max(1, Math.ceil(total / size)),
    totalElements: total,
    totalCapped: false,
  };
}
