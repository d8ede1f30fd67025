/** Checkouts written straight into the table (any status, date and customer) for the merchant sales views. */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { checkouts } from '../src/modules/checkouts/tables.ts';
import { merchants } from '../src/modules/merchants/tables.ts';
import { orders } from '../src/modules/orders/tables.ts';
import type { TestApp } from './helpers.ts';
import { createOrder } from './instalment-helpers.ts';

export async function merchantIdOf(t: Pick<TestApp, 'built'>, name: string): Promise<string> {
  const [row] = await t.built.services.database.db
    .select({ id: merchants.id })
    .from(merchants)
    .where(eq(merchants.name, name));
  if (!row) throw new Error(`no merchant ${name}`);
  return row.id;
}

export interface SaleSpec {
  merchantId: string;
  code?: string;
  /** centavos */
  amount?: number;
  status?: 'PRISTINE' | 'MORE_INFO' | 'OK' | 'KO' | 'EXPIRED' | 'REVOKED';
  koReason?: string | null;
  customerName?: string;
  createdAt: Date;
  expiresAt?: Date;
  creatorEmail?: string;
  /** OK only: an order is created (Loja Aurora) and linked; `refunded` cancels its whole amount. */
  order?: 'active' | 'refunded';
}

export async function insertSale(t: Pick<TestApp, 'built' | 'clock'>, spec: SaleSpec): Promise<string> {
  const db = t.built.services.database.db;
  const id = randomUUID();
  const amount = spec.amount ?? 30_000;
  let orderId: string | null = null;
  if (spec.order) {
    const order = await createOrder(t, { total: amount, createdAt: spec.createdAt });
    orderId = order.id;
    await db.update(orders).set({ checkoutId: id }).where(eq(orders.id, orderId));
    if (spec.order === 'refunded')
      await db.update(orders).set({ status: 'CLOSED', canceledAmount: amount }).where(eq(orders.id, orderId));
  }
  await db.insert(checkouts).values({
    id,
    merchantId: spec.merchantId,
    merchantOrderCode: spec.code ?? `PED-${id.slice(0, 8)}`,
    amount,
    products: [{ name: 'Camiseta', quantity: 1, amount }],
    resolveUrl: 'https://loja.example/ok',
    cancelUrl: 'https://loja.example/carrinho',
    status: spec.status ?? 'OK',
    phase: spec.status === 'PRISTINE' || spec.status === 'MORE_INFO' ? 'CUSTOMER_DATA' : 'DONE',
    koReason:
      spec.koReason ?? (spec.status === 'EXPIRED' ? 'EXPIRED' : spec.status === 'KO' ? 'DEFAULT' : null),
    customerData: spec.customerName
      ? {
          customerPhone: '+5511999990000',
          customerCpf: '52998224725',
          customerName: spec.customerName,
          customerEmail: 'cliente@example.com',
          addressCep: '01310-100',
          addressStreet: 'Avenida Paulista',
          addressNumber: '1000',
          addressNeighborhood: 'Bela Vista',
          addressCity: 'São Paulo',
          addressState: 'SP',
        }
      : null,
    orderId,
    creatorEmail: spec.creatorEmail ?? null,
    expiresAt: spec.expiresAt ?? new Date(spec.createdAt.getTime() + 24 * 3600_000),
    createdAt: spec.createdAt,
    updatedAt: spec.createdAt,
  });
  return id;
}
