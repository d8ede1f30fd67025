/** Shared steps of the refund tests: the merchant's calls, paying instalments, draining the queues. */
import {
  fillPath,
  merchantOrder,
  merchantRefundOrder,
  merchantRefundOrderPartially,
  merchantRefundProducts,
} from '@drip/core';
import { asc, eq } from 'drizzle-orm';
import { merchants } from '../src/modules/merchants/tables.ts';
import { orderRefunds } from '../src/modules/orders/refund-tables.ts';
import { instalments, orderProducts, orders } from '../src/modules/orders/tables.ts';
import { bearer, loginMerchant, type TestApp } from './helpers.ts';
import { payBrCode } from './instalment-helpers.ts';

/**
 * The merchant's calls, signed in again whenever the test clock moved more than a few minutes from the last sign-in
 * (access tokens are short-lived, and the tests move the clock by days).
 */
export function refundCalls(t: TestApp, read = false) {
  let session: { headers: Record<string, string>; at: number } | null = null;
  const headers = async () => {
    const now = t.clock.now().getTime();
    if (!session || Math.abs(now - session.at) > 5 * 60_000) {
      const pair = read
        ? await loginMerchant(t, 'leitura@aurora.demo', '+5511976543210')
        : await loginMerchant(t);
      session = { headers: bearer(pair.token), at: now };
    }
    return session.headers;
  };
  return {
    full: async (id: string) =>
      t.request('PUT', fillPath(merchantRefundOrder.path, { id }), undefined, await headers()),
    partial: async (id: string, amount: number) =>
      t.request('PUT', fillPath(merchantRefundOrderPartially.path, { id }), { amount }, await headers()),
    products: async (id: string, productIds: string[]) =>
      t.request('PUT', fillPath(merchantRefundProducts.path, { id }), { productIds }, await headers()),
    order: async (id: string) =>
      t.request('GET', fillPath(merchantOrder.path, { id }), undefined, await headers()),
  };
}

/** Loja Aurora's refund settings (platform for partial refunds, refund window). */
export async function setAurora(
  t: TestApp,
  set: { ecommPlatform?: 'MALGA' | 'VTEX' | null; cancelMaxDays?: number | null },
) {
  await t.database.db.update(merchants).set(set).where(eq(merchants.name, 'Loja Aurora'));
}

export async function orderRow(t: TestApp, id: string) {
  const [row] = await t.database.db.select().from(orders).where(eq(orders.id, id));
  if (!row) throw new Error('order vanished');
  return row;
}

export function instalmentsOf(t: TestApp, orderId: string) {
  return t.database.db
    .select()
    .from(instalments)
    .where(eq(instalments.orderId, orderId))
    .orderBy(asc(instalments.number));
}

export function productsOf(t: TestApp, orderId: string) {
  return t.database.db
    .select()
    .from(orderProducts)
    .where(eq(orderProducts.orderId, orderId))
    .orderBy(asc(orderProducts.position));
}

export function refundsOf(t: TestApp, orderId: string) {
  return t.database.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId));
}

/** Pays the next instalment of the order by Pix through the sandbox bank. */
export async function payNext(t: TestApp, orderId: string) {
  const row = await orderRow(t, orderId);
  const view = await t.built.services.instalmentPayments.payNextInstalment(row.customerId, orderId);
  if (!view.payment) throw new Error('no Pix for the next instalment');
  await payBrCode(t, view.payment.qrCodeText);
  return view;
}
