/** Shared steps of the instalment payment tests: an order created straight through the orders service, paying Pix. */
import { randomUUID } from 'node:crypto';
import { cents } from '@drip/core';
import { eq } from 'drizzle-orm';
import { customers } from '../src/modules/customers/tables.ts';
import { merchants } from '../src/modules/merchants/tables.ts';
import type { TestApp } from './helpers.ts';

export const MARIA_CPF = '52998224725';
export const JOAO_CPF = '11144477735';
export const PAYER = { payerCpf: MARIA_CPF, payerBankCode: '260', payerName: 'Maria da Silva' };

export interface OrderSpec {
  cpf?: string;
  total?: number;
  instalments?: number;
  firstDueDate?: string;
  cashbackRate?: number;
  upfront?: boolean;
  createdAt?: Date;
  /** Loja Aurora unless said. */
  merchant?: string;
}

/** An ACTIVE order of a demo customer at Loja Aurora, or `spec.merchant` (orders service, as the checkout does). */
export async function createOrder(t: Pick<TestApp, 'built' | 'clock'>, spec: OrderSpec = {}) {
  const db = t.built.services.database.db;
  const [customer] = await db
    .select()
    .from(customers)
    .where(eq(customers.cpf, spec.cpf ?? MARIA_CPF));
  const [merchant] = await db
    .select()
    .from(merchants)
    .where(eq(merchants.name, spec.merchant ?? 'Loja Aurora'));
  if (!customer || !merchant) throw new Error('demo world not seeded');
  const now = spec.createdAt ?? t.clock.now();
  const total = spec.total ?? 30_000;
  return db.transaction((tx) =>
    t.built.services.orders.createInstalmentOrder(tx, {
      checkoutId: randomUUID(),
      merchantId: merchant.id,
      customerId: customer.id,
      merchantOrderCode: `PED-${randomUUID().slice(0, 8)}`,
      total: cents(total),
      products: [
        { name: 'Camiseta', quantity: 2, unitAmount: cents(Math.floor(total / 4)) },
        { name: 'Calça', quantity: 1, unitAmount: cents(total - 2 * Math.floor(total / 4)) },
      ],
      totalInstalments: spec.instalments ?? 3,
      firstDueDate: spec.firstDueDate ?? '2026-03-25',
      cashbackRate: spec.cashbackRate ?? 0.05,
      upfrontPayment: spec.upfront ? { chargeId: randomUUID(), paidAt: now } : null,
      now,
    }),
  );
}

/** Pays a Pix copy-paste code through the sandbox bank (the PSP calls the webhook in process). */
export async function payBrCode(t: TestApp, brcode: string) {
  const res = await t.request('POST', '/sandbox/pix/pay', { brcode, ...PAYER });
  if (res.status !== 200) throw new Error(`sandbox pay failed: ${res.status} ${res.text}`);
  return res.body;
}
