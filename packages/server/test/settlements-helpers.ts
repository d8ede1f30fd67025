/** Shared steps of the settlement tests: a merchant of their own, its orders, refunds and payments as the orders module records them. */
import { randomUUID } from 'node:crypto';
import { cents } from '@drip/core';
import { eq, sql } from 'drizzle-orm';
import { customers } from '../src/modules/customers/tables.ts';
import { merchants } from '../src/modules/merchants/tables.ts';
import { instalments, orders } from '../src/modules/orders/tables.ts';
import { sandboxTransfers, settlementEntries, settlementPayouts } from '../src/modules/settlements/tables.ts';
import type { TestApp } from './helpers.ts';

export const MARIA_CPF = '52998224725';

export async function newMerchant(
  t: Pick<TestApp, 'built'>,
  o: Partial<typeof merchants.$inferInsert> = {},
): Promise<string> {
  const id = randomUUID();
  await t.built.services.database.db.insert(merchants).values({
    id,
    name: `Loja ${id.slice(0, 6)}`,
    legalName: 'Loja Teste Ltda',
    cnpj: '11222333000181',
    initials: 'LT',
    apiKey: `key-${id}`,
    settlementPaymentType: 'EVERY_DAY',
    pixKey: 'financeiro@loja.example',
    pixKeyType: 'EMAIL',
    bankCode: '341',
    bankAccountAgencyNumber: '1234',
    bankAccountNumber: '56789',
    bankAccountNumberDigit: '0',
    bankAccountTypeCode: 'checking',
    ...o,
  });
  return id;
}

export async function sell(
  t: Pick<TestApp, 'built' | 'clock'>,
  merchantId: string,
  o: { total: number; instalments?: number; firstDueDate?: string; upfront?: boolean },
): Promise<{ orderId: string; instalmentIds: string[] }> {
  const db = t.built.services.database.db;
  const [customer] = await db.select().from(customers).where(eq(customers.cpf, MARIA_CPF));
  if (!customer) throw new Error('demo world not seeded');
  const now = t.clock.now();
  const order = await db.transaction((tx) =>
    t.built.services.orders.createInstalmentOrder(tx, {
      checkoutId: randomUUID(),
      merchantId,
      customerId: customer.id,
      merchantOrderCode: `PED-${randomUUID().slice(0, 8)}`,
      total: cents(o.total),
      products: [{ name: 'Produto', quantity: 1, unitAmount: cents(o.total) }],
      totalInstalments: o.instalments ?? 3,
      firstDueDate: o.firstDueDate ?? '2026-03-25',
      cashbackRate: 0,
      upfrontPayment: o.upfront ? { chargeId: randomUUID(), paidAt: now } : null,
      now,
    }),
  );
  const rows = await db
    .select({ id: instalments.id })
    .from(instalments)
    .where(eq(instalments.orderId, order.id))
    .orderBy(instalments.number);
  return { orderId: order.id, instalmentIds: rows.map((r) => r.id) };
}

/** What the refund engine records on the order: its canceled total grows (the settlements' narrow interface). */
export async function cancel(t: Pick<TestApp, 'built'>, orderId: string, amount: number): Promise<void> {
  await t.built.services.database.db
    .update(orders)
    .set({ canceledAmount: sql`${orders.canceledAmount} + ${amount}` })
    .where(eq(orders.id, orderId));
}

export async function markPaid(t: Pick<TestApp, 'built' | 'clock'>, instalmentId: string): Promise<void> {
  await t.built.services.database.db
    .update(instalments)
    .set({ status: 'PAID', paidAt: t.clock.now() })
    .where(eq(instalments.id, instalmentId));
}

export async function entriesOf(t: Pick<TestApp, 'built'>, merchantId: string) {
  return t.built.services.database.db
    .select()
    .from(settlementEntries)
    .where(eq(settlementEntries.merchantId, merchantId))
    .orderBy(settlementEntries.createdAt, settlementEntries.kind);
}

export async function payoutsOf(t: Pick<TestApp, 'built'>, merchantId: string) {
  return t.built.services.database.db
    .select()
    .from(settlementPayouts)
    .where(eq(settlementPayouts.merchantId, merchantId))
    .orderBy(settlementPayouts.transferDate);
}

export async function transfersOf(t: Pick<TestApp, 'built'>, merchantId: string) {
  return t.built.services.database.db
    .select()
    .from(sandboxTransfers)
    .where(eq(sandboxTransfers.merchantId, merchantId))
    .orderBy(sandboxTransfers.createdAt);
}

/** Moves the clock to `iso` (12:00 in São Paulo) and runs the settlement job and the payout queue. */
export async function dayAt(t: Pick<TestApp, 'built' | 'clock'>, iso: string): Promise<void> {
  t.clock.set(new Date(`${iso}T15:00:00Z`));
  await t.built.services.settlements.run();
  await t.built.services.settlements.payoutQueue.drain();
}
