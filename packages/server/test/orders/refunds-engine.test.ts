/**
 * Merchant refunds (docs/refunds.md): asked through the portal calls, answered at once as PENDING, carried out by
 * the queue `order-refunds` in one transaction with the ledger, the devoluções of what was paid, the cashback
 * recomputed and the customer's used limit released; the rules of spec sections 6 and 9 refuse with 422.
 */
import { refundMessages } from '@drip/core';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { serverJobs } from '../../src/jobs/registry.ts';
import { createLogger } from '../../src/log.ts';
import { amountToPay } from '../../src/modules/orders/instalment-rules.ts';
import { orderRefunds } from '../../src/modules/orders/refund-tables.ts';
import { instalmentProducts, ledgerEntries } from '../../src/modules/orders/tables.ts';
import { pixRefunds } from '../../src/modules/payments/tables.ts';
import { seededApp } from '../helpers.ts';
import { createOrder } from '../instalment-helpers.ts';
import {
  instalmentsOf,
  orderRow,
  payNext,
  productsOf,
  refundCalls,
  refundsOf,
  setAurora,
} from '../refunds-helpers.ts';

let t: Awaited<ReturnType<typeof seededApp>>;
let calls: ReturnType<typeof refundCalls>;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await seededApp();
  calls = refundCalls(t);
});
afterAll(async () => {
  t.built.services.sandboxPsp?.close();
  await t.built.services.instalmentEvents.close();
  await t.dispose();
});

const refunds = () => t.built.services.orderRefunds;
const db = () => t.database.db;
const drain = () => refunds().processPending();

async function ledgerOf(orderId: string, types: string[]) {
  return db()
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.orderId, orderId), inArray(ledgerEntries.type, types)));
}

describe('full refund', () => {
  it('answers the pending refund at once, carries it out on the queue, closes the order as refunded', async () => {
    t.clock.set(new Date('2026-03-10T12:00:00Z'));
    const order = await createOrder(t);
    const customerId = (await orderRow(t, order.id)).customerId;
    const usedBefore = await t.built.services.credit.usedLimit(db(), customerId);

    const res = await calls.full(order.id);
    expect(res.status).toBe(202);
    expect(res.body.message).toBe(
      'Solicitação de reembolso feita com sucesso, dentro de alguns minutos o reembolso será realizado',
    );
    expect(res.body.refund).toMatchObject({ type: 'FULL', status: 'PENDING', requestedAmount: 300 });
    // Visible as pending, nothing changed yet.
    const pending = await calls.order(order.id);
    expect(pending.body.refunds).toHaveLength(1);
    expect(pending.body.refunds[0].status).toBe('PENDING');
    expect(pending.body.canceledAmount).toBe(0);
    expect(pending.body.refundable.full).toBe(false);

    t.clock.advance(60_000);
    const released = vi.spyOn(t.built.services.credit, 'limitReleased');
    try {
      expect(await drain()).toBe(1);
      // Through the credit service, after the commit: the portfolio totals are read again.
      expect(released).toHaveBeenCalledWith(30_000);
    } finally {
      released.mockRestore();
    }
    const after = await orderRow(t, order.id);
    expect(after.status).toBe('CLOSED');
    expect(after.canceledAmount).toBe(30_000);
    const rows = await instalmentsOf(t, order.id);
    expect(rows.map((i) => i.canceledAmount)).toEqual([10_000, 10_000, 10_000]);
    // The cashback of nothing is nothing.
    expect(rows.reduce((a, i) => a + i.cashbackAmount - i.canceledCashbackAmount, 0)).toBe(0);
    expect((await productsOf(t, order.id)).every((p) => p.status === 'CANCELED' && p.canceledAt)).toBe(true);
    const ips = await db()
      .select()
      .from(instalmentProducts)
      .where(
        inArray(
          instalmentProducts.instalmentId,
          rows.map((i) => i.id),
        ),
      );
    expect(ips.every((ip) => ip.status === 'CANCELED')).toBe(true);
    const ledger = await ledgerOf(order.id, [
      'ORDER_CANCELED',
      'MERCHANT_PAYABLE_CANCELED',
      'CASHBACK_CANCELED',
    ]);
    expect(ledger.map((e) => [e.type, e.amount]).sort()).toEqual(
      [
        ['CASHBACK_CANCELED', 1_500],
        ['MERCHANT_PAYABLE_CANCELED', 30_000],
        ['ORDER_CANCELED', -30_000],
      ].sort(),
    );
    expect(await t.built.services.credit.usedLimit(db(), customerId)).toBe(usedBefore - 30_000);

    const view = await calls.order(order.id);
    expect(view.body).toMatchObject({
      status: 'CLOSED',
      displayStatus: 'CANCELED',
      canceledAmount: 300,
      refundedLabel: 'Estornado em 10/03/2026',
      refundable: { full: false, partial: false, products: false },
    });
    expect(view.body.refunds[0]).toMatchObject({ status: 'DONE', amount: 300, returnedAmount: 0 });
    // Nothing left: a new request is refused.
    const again = await calls.full(order.id);
    expect(again.status).toBe(422);
    expect(again.body.error.message).toBe(refundMessages.nothingLeft);
  });

  it('gives back what was paid by Pix devolução through the payments queue, sent to the PSP', async () => {
    t.clock.set(new Date('2026-03-10T12:00:00Z'));
    const order = await createOrder(t);
    await payNext(t, order.id);
    expect((await instalmentsOf(t, order.id))[0]?.status).toBe('PAID');
    expect((await calls.full(order.id)).status).toBe(202);
    await drain();
    const rows = await instalmentsOf(t, order.id);
    const chargeId = rows[0]?.paymentChargeId ?? '';
    const devolucoes = await db().select().from(pixRefunds).where(eq(pixRefunds.chargeId, chargeId));
    expect(devolucoes.map((d) => [d.amount, d.status])).toEqual([[10_000, 'REQUESTED']]);
    const refunded = await ledgerOf(order.id, ['INSTALMENT_REFUNDED']);
    expect(refunded.map((e) => e.amount)).toEqual([-10_000]);
    expect((await refundsOf(t, order.id))[0]).toMatchObject({
      status: 'DONE',
      amount: 30_000,
      returnedAmount: 10_000,
    });
    // The devolução's own queue sends it to the sandbox PSP (PUT /pix/{e2eid}/devolucao/{id}).
    await t.built.services.payments.processPendingRefunds();
    const [sent] = await db().select().from(pixRefunds).where(eq(pixRefunds.chargeId, chargeId));
    expect(sent?.status).toBe('DEVOLVIDO');
    // The customer view shows the instalment's money given back.
    const detail = await t.built.services.instalmentPayments.orderDetails(
      (await orderRow(t, order.id)).customerId,
      order.id,
    );
    expect(detail?.instalments[0]?.amountCanceledWithRefund).toBe(100);
  });

  it('cancels the Pix already shown for an instalment whose amount changed', async () => {
    t.clock.set(new Date('2026-03-10T12:00:00Z'));
    const order = await createOrder(t);
    const { customerId } = await orderRow(t, order.id);
    const shown = await t.built.services.instalmentPayments.payNextInstalment(customerId, order.id);
    const before = await t.built.services.payments.activeChargeFor('INSTALMENT', shown.id);
    expect(before).not.toBeNull();
    await calls.full(order.id);
    await drain();
    expect(await t.built.services.payments.activeChargeFor('INSTALMENT', shown.id)).toBeNull();
    expect((await t.built.services.payments.getCharge(before?.id ?? ''))?.status).toBe('CANCELED');
  });

  it('is carried out by the runner job queue-order-refunds within seconds', async () => {
    t.clock.set(new Date('2026-03-10T12:00:00Z'));
    const order = await createOrder(t);
    expect((await calls.full(order.id)).status).toBe(202);
    const runner = serverJobs(t.built.services, createLogger('silent'));
    const job = runner.list().find((j) => j.name === 'queue-order-refunds');
    expect(job?.intervalMs).toBeLessThanOrEqual(5_000);
    await runner.runNow('queue-order-refunds');
    expect((await orderRow(t, order.id)).canceledAmount).toBe(30_000);
  });
});

describe('partial refund by amount', () => {
  it('is refused unless the merchant platform allows it', async () => {
    await setAurora(t, { ecommPlatform: null });
    const order = await createOrder(t);
    const res = await calls.partial(order.id, 50);
    expect(res.status).toBe(422);
    expect(res.body.error.message).toBe(refundMessages.partialNotAllowed);
    expect(await refundsOf(t, order.id)).toEqual([]);
  });

  it('reduces the unpaid instalments from the last backwards and recomputes the cashback', async () => {
    await setAurora(t, { ecommPlatform: 'MALGA' });
    t.clock.set(new Date('2026-03-10T12:00:00Z'));
    const order = await createOrder(t);
    const res = await calls.partial(order.id, 150);
    expect(res.status).toBe(202);
    expect(res.body.refund).toMatchObject({ type: 'AMOUNT', requestedAmount: 150 });
    await drain();
    const rows = await instalmentsOf(t, order.id);
    expect(rows.map((i) => i.canceledAmount)).toEqual([0, 5_000, 10_000]);
    // 5 % of the R$ 150,00 left, placed within the open principal from the last backwards.
    const cashbackLeft = rows.reduce((a, i) => a + i.cashbackAmount - i.canceledCashbackAmount, 0);
    expect(cashbackLeft).toBe(750);
    expect(rows.reduce((a, i) => a + amountToPay(i), 0)).toBe(15_000 - 750);
    const order2 = await orderRow(t, order.id);
    expect(order2).toMatchObject({ status: 'ACTIVE', canceledAmount: 15_000 });
    // The next Pix is for the first instalment, and paying what is left closes the order.
    await payNext(t, order.id);
    const next = await payNext(t, order.id);
    expect(next.number).toBe(2);
    expect((await orderRow(t, order.id)).status).toBe('CLOSED');
  });

  it('never refunds more than what is left (paid plus outstanding)', async () => {
    await setAurora(t, { ecommPlatform: 'MALGA' });
    const order = await createOrder(t);
    const res = await calls.partial(order.id, 300.01);
    expect(res.status).toBe(422);
    expect(res.body.error.message).toBe(refundMessages.amountTooHigh);
    expect((await calls.partial(order.id, 0)).status).toBe(400);
    expect((await calls.partial(order.id, 1.001)).status).toBe(400);
  });
});

describe('refund by product', () => {
  it('cancels the product and its instalment products; the amount is its value', async () => {
    t.clock.set(new Date('2026-03-10T12:00:00Z'));
    const order = await createOrder(t);
    const [shirt] = await productsOf(t, order.id);
    if (!shirt) throw new Error('no product');
    const res = await calls.products(order.id, [shirt.id]);
    expect(res.body.error?.message).toBeUndefined();
    expect(res.status).toBe(202);
    expect(res.body.refund).toMatchObject({ type: 'PRODUCTS', requestedAmount: 150, productIds: [shirt.id] });
    await drain();
    const products = await productsOf(t, order.id);
    expect(products.map((p) => p.status)).toEqual(['CANCELED', 'ACTIVE']);
    const shares = await db()
      .select()
      .from(instalmentProducts)
      .where(eq(instalmentProducts.orderProductId, shirt.id));
    expect(shares.every((s) => s.status === 'CANCELED')).toBe(true);
    const rows = await instalmentsOf(t, order.id);
    for (const i of rows) {
      const share = shares.filter((s) => s.instalmentId === i.id).reduce((a, s) => a + s.amount, 0);
      expect(i.canceledAmount).toBe(share);
    }
    expect((await orderRow(t, order.id)).canceledAmount).toBe(15_000);
    const again = await calls.products(order.id, [shirt.id]);
    expect(again.status).toBe(422);
    expect(again.body.error.message).toBe(refundMessages.productNotActive);
  });

  it('refuses after 30 days, an unknown product, and another order’s product', async () => {
    t.clock.set(new Date('2026-03-10T12:00:00Z'));
    const order = await createOrder(t);
    const other = await createOrder(t);
    const [product] = await productsOf(t, order.id);
    const [foreign] = await productsOf(t, other.id);
    const unknown = await calls.products(order.id, [foreign?.id ?? '']);
    expect(unknown.status).toBe(422);
    expect(unknown.body.error.message).toBe(refundMessages.productNotFound);
    t.clock.advance(31 * DAY);
    const late = await calls.products(order.id, [product?.id ?? '']);
    expect(late.status).toBe(422);
    expect(late.body.error.message).toBe(refundMessages.windowOver(30));
    // A full refund has no 30-day window of its own.
    expect((await calls.full(order.id)).status).toBe(202);
  });
});

describe('rules of the merchant and the caller', () => {
  it('applies the merchant cancelMaxDays to every refund (empty: no limit)', async () => {
    t.clock.set(new Date('2026-03-10T12:00:00Z'));
    const order = await createOrder(t);
    await setAurora(t, { cancelMaxDays: 5, ecommPlatform: 'MALGA' });
    try {
      t.clock.advance(6 * DAY);
      for (const res of [await calls.full(order.id), await calls.partial(order.id, 10)]) {
        expect(res.status).toBe(422);
        expect(res.body.error.message).toBe(refundMessages.windowOver(5));
      }
      expect((await calls.order(order.id)).body.refundable).toEqual({
        full: false,
        partial: false,
        products: false,
      });
      await setAurora(t, { cancelMaxDays: null });
      expect((await calls.full(order.id)).status).toBe(202);
    } finally {
      await setAurora(t, { cancelMaxDays: null });
    }
  });

  it('refuses a READ user (403) and answers 404 for another merchant’s order', async () => {
    const order = await createOrder(t);
    const read = refundCalls(t, true);
    expect((await read.full(order.id)).status).toBe(403);
    expect((await read.order(order.id)).status).toBe(200);
    const pitanga = await createOrder(t, { merchant: 'Casa Pitanga' });
    const res = await calls.full(pitanga.id);
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe(refundMessages.orderNotFound);
    expect((await calls.full('not-a-uuid')).status).toBe(404);
    expect(await refundsOf(t, pitanga.id)).toEqual([]);
  });
});

describe('idempotency, races and crashes', () => {
  it('a repeated request while one is pending answers the same refund', async () => {
    const order = await createOrder(t);
    const first = await calls.full(order.id);
    const second = await calls.full(order.id);
    expect(second.status).toBe(202);
    expect(second.body.refund.id).toBe(first.body.refund.id);
    expect(await refundsOf(t, order.id)).toHaveLength(1);
    await drain();
    expect((await orderRow(t, order.id)).canceledAmount).toBe(30_000);
  });

  it('two refunds racing on one order never exceed its total', async () => {
    await setAurora(t, { ecommPlatform: 'MALGA' });
    const order = await createOrder(t);
    // Concurrent requests: the order's row lock serialises them, the second sees the first's reservation.
    const answers = await Promise.all([calls.partial(order.id, 200), calls.partial(order.id, 150)]);
    expect(answers.map((a) => a.status).sort()).toEqual([202, 422]);
    // Refunds written past the request's checks (two instances racing, a stale reservation): the worker's
    // locked re-check and conditional update still keep the total.
    const now = t.clock.now();
    const merchantId = (await orderRow(t, order.id)).merchantId;
    const raced = await db()
      .insert(orderRefunds)
      .values(
        [20_000, 20_000].map((amount, k) => ({
          orderId: order.id,
          merchantId,
          type: 'AMOUNT' as const,
          requestedAmount: amount,
          dedupeKey: `race:${k}`,
          status: 'PENDING' as const,
          createdAt: now,
        })),
      )
      .returning();
    await Promise.all([
      refunds().carryOut(raced[0]?.id ?? ''),
      refunds().carryOut(raced[1]?.id ?? ''),
      drain(),
    ]);
    // Three refunds of R$ 200,00 on an order of R$ 300,00: whichever runs first is done, the other two refused.
    const row = await orderRow(t, order.id);
    const all = await refundsOf(t, order.id);
    expect(all.map((r) => r.status).sort()).toEqual(['DONE', 'REJECTED', 'REJECTED']);
    expect(row.canceledAmount).toBe(20_000);
    expect(all.filter((r) => r.status === 'DONE').reduce((a, r) => a + r.amount, 0)).toBe(row.canceledAmount);
    expect(all.find((r) => r.status === 'REJECTED')?.rejectionReason).toBe(refundMessages.amountTooHigh);
  });

  it('a crash between the steps leaves nothing; the retry refunds once', async () => {
    t.clock.set(new Date('2026-03-10T12:00:00Z'));
    const order = await createOrder(t);
    await payNext(t, order.id);
    const res = await calls.full(order.id);
    const payments = t.built.services.payments;
    const spy = vi.spyOn(payments, 'refundCharge').mockRejectedValueOnce(new Error('process died'));
    try {
      // The task fails (the transaction rolls back): instalments, ledger and devolução untouched.
      await drain();
    } finally {
      spy.mockRestore();
    }
    expect((await orderRow(t, order.id)).canceledAmount).toBe(0);
    expect((await instalmentsOf(t, order.id)).every((i) => i.canceledAmount === 0)).toBe(true);
    expect(await ledgerOf(order.id, ['ORDER_CANCELED', 'INSTALMENT_REFUNDED'])).toEqual([]);
    expect((await refundsOf(t, order.id))[0]?.status).toBe('PENDING');
    // The queue retries after its back-off.
    t.clock.advance(10_000);
    await drain();
    // Run again after the commit (a worker that died before marking its task): nothing more.
    expect(await refunds().carryOut(res.body.refund.id)).toBe('SKIPPED');
    expect((await orderRow(t, order.id)).canceledAmount).toBe(30_000);
    expect((await ledgerOf(order.id, ['INSTALMENT_REFUNDED'])).map((e) => e.amount)).toEqual([-10_000]);
    const chargeId = (await instalmentsOf(t, order.id))[0]?.paymentChargeId ?? '';
    expect(await db().select().from(pixRefunds).where(eq(pixRefunds.chargeId, chargeId))).toHaveLength(1);
  });
});

describe('settlements read', () => {
  it('lists a merchant’s refunds carried out on a day', async () => {
    t.clock.set(new Date('2026-04-02T15:00:00Z'));
    const order = await createOrder(t);
    await calls.full(order.id);
    await drain();
    const merchantId = (await orderRow(t, order.id)).merchantId;
    const day = await refunds().refundsOfDay(merchantId, '2026-04-02');
    expect(day).toEqual([
      expect.objectContaining({
        orderId: order.id,
        orderCode: order.code,
        amount: 30_000,
        returnedAmount: 0,
      }),
    ]);
    expect(await refunds().refundsOfDay(merchantId, '2026-04-03')).toEqual([]);
  });
});
