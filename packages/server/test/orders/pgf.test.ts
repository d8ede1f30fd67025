/**
 * 'Baixa Parcela/Pedido (PGF)' (docs/pgf.md): orders and instalments whose debt was settled outside Drip's Pix are
 * closed in one transaction with ledger and audit entries, all or nothing, and a repeat changes nothing.
 */
import { randomUUID } from 'node:crypto';
import { type AnyEndpoint, adminCloseInstalmentsWithDebt, adminCloseOrdersWithDebt } from '@drip/core';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/modules/audit/tables.ts';
import { amountToPay, PAID_TYPES, REFUNDED_TYPES } from '../../src/modules/orders/instalment-rules.ts';
import { PGF_LEDGER_TYPE } from '../../src/modules/orders/pgf.ts';
import { ledgerEntries } from '../../src/modules/orders/tables.ts';
import { bearer, loginAdmin, loginCustomer, seededApp, type TestResponse } from '../helpers.ts';
import { createOrder, MARIA_CPF } from '../instalment-helpers.ts';
import { instalmentsOf, orderRow } from '../refunds-helpers.ts';

let t: Awaited<ReturnType<typeof seededApp>>;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await seededApp();
  admin = bearer((await loginAdmin(t)).token);
});
afterAll(async () => {
  t.built.services.sandboxPsp?.close();
  await t.built.services.instalmentEvents.close();
  await t.dispose();
});

const call = (endpoint: AnyEndpoint, body: unknown, headers = admin): Promise<TestResponse> =>
  t.request(endpoint.method, endpoint.path, body, headers);
const db = () => t.database.db;

async function ledgerOf(orderId: string) {
  return db().select().from(ledgerEntries).where(eq(ledgerEntries.orderId, orderId));
}
async function auditOf(ids: string[]) {
  return db().select().from(auditLog).where(inArray(auditLog.entityId, ids));
}

/** The money invariants of the orders module, per instalment and order. */
async function expectInvariants(orderId: string) {
  const order = await orderRow(t, orderId);
  const rows = await instalmentsOf(t, orderId);
  expect(rows.reduce((a, i) => a + i.amount, 0)).toBe(order.amount - (order.amount - order.financedAmount));
  const ledger = await ledgerOf(orderId);
  for (const i of rows) {
    const mine = ledger.filter((e) => e.instalmentId === i.id);
    const paid = mine.filter((e) => PAID_TYPES.includes(e.type)).reduce((a, e) => a + e.amount, 0);
    const refunded = mine.filter((e) => REFUNDED_TYPES.includes(e.type)).reduce((a, e) => a - e.amount, 0);
    const settled = mine.filter((e) => e.type === PGF_LEDGER_TYPE).reduce((a, e) => a + e.amount, 0);
    const charged =
      i.amount + i.feesAmount - (i.cashbackAmount - i.canceledCashbackAmount) - i.canceledAmount;
    // What closed the debt (Pix or PGF) is never more than it was; nothing is given back beyond what came in.
    expect(paid + settled).toBeLessThanOrEqual(charged);
    expect(refunded).toBeLessThanOrEqual(paid);
    // A debt is closed once: by Pix or by PGF, never both, never twice.
    expect(settled === 0 || paid === 0).toBe(true);
    if (settled > 0) expect(settled).toBe(charged);
  }
}

describe('by order', () => {
  it('settles every open instalment, closes the order, writes the ledger and the audit', async () => {
    t.clock.set(new Date('2026-03-10T12:00:00Z'));
    const order = await createOrder(t);
    const before = await instalmentsOf(t, order.id);
    const owed = before.reduce((a, i) => a + amountToPay(i), 0);

    const res = await call(adminCloseOrdersWithDebt, {
      orderIds: [order.id],
      type: 'PAYMENT_AGREEMENT_LEGAL',
    });
    expect(res.status).toBe(200);
    expect(res.body.closedOrderIds).toEqual([order.id]);
    expect(res.body.settledInstalmentIds).toHaveLength(3);
    expect(res.body.amount).toBe(owed / 100);

    expect((await orderRow(t, order.id)).status).toBe('CLOSED');
    const after = await instalmentsOf(t, order.id);
    expect(after.every((i) => i.status === 'PAID' && i.paidAt)).toBe(true);
    const ledger = (await ledgerOf(order.id)).filter((e) => e.type === PGF_LEDGER_TYPE);
    expect(ledger).toHaveLength(3);
    expect(ledger.reduce((a, e) => a + e.amount, 0)).toBe(owed);
    const audit = await auditOf([order.id, ...after.map((i) => i.id)]);
    expect(audit.map((a) => a.action).sort()).toEqual([
      'INSTALMENT_SETTLED_PGF',
      'INSTALMENT_SETTLED_PGF',
      'INSTALMENT_SETTLED_PGF',
      'ORDER_CLOSED_PGF',
    ]);
    expect(audit.every((a) => a.actorType === 'ADMIN' && a.actorId)).toBe(true);
    expect(audit.find((a) => a.action === 'ORDER_CLOSED_PGF')?.details).toEqual({
      before: { status: 'ACTIVE' },
      after: { status: 'CLOSED', reason: 'PAYMENT_AGREEMENT_LEGAL' },
    });
    await expectInvariants(order.id);
  });

  it('is harmless on a repeat: nothing more in the ledger or the audit', async () => {
    const order = await createOrder(t);
    expect((await call(adminCloseOrdersWithDebt, { orderIds: [order.id] })).status).toBe(200);
    const ledger = await ledgerOf(order.id);
    const ids = (await instalmentsOf(t, order.id)).map((i) => i.id);
    const audit = await auditOf([order.id, ...ids]);

    const again = await call(adminCloseOrdersWithDebt, { orderIds: [order.id] });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({
      settledInstalmentIds: [],
      alreadySettledInstalmentIds: ids,
      closedOrderIds: [],
      amount: 0,
    });
    expect(await ledgerOf(order.id)).toHaveLength(ledger.length);
    expect(await auditOf([order.id, ...ids])).toHaveLength(audit.length);
  });
});

describe('by instalment', () => {
  it('settles only the listed instalment; the order closes when the last one is settled', async () => {
    const order = await createOrder(t);
    const [first, second, third] = await instalmentsOf(t, order.id);
    if (!first || !second || !third) throw new Error('three instalments expected');

    const one = await call(adminCloseInstalmentsWithDebt, { instalmentsIds: [second.id] });
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ settledInstalmentIds: [second.id], closedOrderIds: [] });
    expect((await orderRow(t, order.id)).status).toBe('ACTIVE');
    const mid = await instalmentsOf(t, order.id);
    expect(mid.map((i) => i.status)).toEqual(['PENDING', 'PAID', 'PENDING']);
    const ledger = (await ledgerOf(order.id)).filter((e) => e.type === PGF_LEDGER_TYPE);
    expect(ledger.map((e) => [e.instalmentId, e.amount])).toEqual([[second.id, amountToPay(second)]]);

    // The listed one already settled is reported as such, the others close the order.
    const rest = await call(adminCloseInstalmentsWithDebt, {
      instalmentsIds: [first.id, ` ${second.id} `, third.id, ''],
      type: 'FINANCIAL_LOSS_FRAUD',
    });
    expect(rest.status).toBe(200);
    expect(rest.body).toMatchObject({
      settledInstalmentIds: [first.id, third.id],
      alreadySettledInstalmentIds: [second.id],
      closedOrderIds: [order.id],
    });
    expect((await orderRow(t, order.id)).status).toBe('CLOSED');
    await expectInvariants(order.id);
  });

  it('answers the ids not found in the error list and applies nothing of the call', async () => {
    const order = await createOrder(t);
    const [first] = await instalmentsOf(t, order.id);
    if (!first) throw new Error('instalment expected');
    const ghost = randomUUID();
    const res = await call(adminCloseInstalmentsWithDebt, { instalmentsIds: [first.id, ghost, 'abc'] });
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe(
      'Alguns pedidos/parcelas não foram encontradas, confira e tente novamente',
    );
    expect(res.body.error.issues.map((i: { message: string }) => i.message)).toEqual([ghost, 'abc']);
    expect((await instalmentsOf(t, order.id)).every((i) => i.status === 'PENDING')).toBe(true);
    expect((await ledgerOf(order.id)).some((e) => e.type === PGF_LEDGER_TYPE)).toBe(false);

    const orders = await call(adminCloseOrdersWithDebt, { orderIds: [order.id, ghost] });
    expect(orders.status).toBe(404);
    expect(orders.body.error.issues).toEqual([{ path: 'orderIds', message: ghost }]);
    expect((await orderRow(t, order.id)).status).toBe('ACTIVE');
    expect(await auditOf([order.id, first.id])).toEqual([]);
  });

  it('refuses an empty list and an unknown reason with 400, nothing applied', async () => {
    expect((await call(adminCloseInstalmentsWithDebt, { instalmentsIds: [' ', ''] })).status).toBe(400);
    const order = await createOrder(t);
    const bad = await call(adminCloseOrdersWithDebt, { orderIds: [order.id], type: 'PIX' });
    expect(bad.status).toBe(400);
    expect((await orderRow(t, order.id)).status).toBe('ACTIVE');
  });
});

describe('refunds after PGF', () => {
  it('refuses a refund through Drip of an order with a PGF settlement: nothing came in by Pix to give back', async () => {
    const order = await createOrder(t);
    const [first] = await instalmentsOf(t, order.id);
    if (!first) throw new Error('instalment expected');
    expect((await call(adminCloseInstalmentsWithDebt, { instalmentsIds: [first.id] })).status).toBe(200);
    const { merchantId } = await orderRow(t, order.id);
    await expect(
      t.built.services.orderRefunds.request(merchantId, order.id, { type: 'FULL' }, null),
    ).rejects.toMatchObject({ code: 'ORDER_SETTLED_BY_PGF' });
    expect((await orderRow(t, order.id)).canceledAmount).toBe(0);
    await expectInvariants(order.id);
  });
});

describe('who may', () => {
  it('is for admins only: no token 401, a customer token 401/403, nothing applied', async () => {
    const order = await createOrder(t);
    const anon = await t.request('POST', adminCloseOrdersWithDebt.path, { orderIds: [order.id] });
    expect(anon.status).toBe(401);
    const customer = bearer((await loginCustomer(t, MARIA_CPF)).token);
    const asCustomer = await call(adminCloseOrdersWithDebt, { orderIds: [order.id] }, customer);
    expect([401, 403]).toContain(asCustomer.status);
    expect((await orderRow(t, order.id)).status).toBe('ACTIVE');
    const ids = (await instalmentsOf(t, order.id)).map((i) => i.id);
    expect(
      await db()
        .select()
        .from(ledgerEntries)
        .where(and(inArray(ledgerEntries.instalmentId, ids), eq(ledgerEntries.type, PGF_LEDGER_TYPE))),
    ).toEqual([]);
  });
});
