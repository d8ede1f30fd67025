/**
 * Refunds never die silently (docs/refunds.md "When a refund cannot be carried out", docs/jobs.md "Dead tasks"):
 * the demo history's orders are refunded through the PSP like a live sale's; a refund the PSP refuses for good, or
 * whose every try fails, ends FAILED with its reason (the merchant's order view, the ORDER_CANCELED webhook), the
 * order stays refundable, and the dead task is counted and listed for an operator, who can put it back.
 */
import { adminDeadTasks, adminRetryDeadTask, fillPath, refundMessages } from '@drip/core';
import { and, eq, inArray, isNotNull, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { jobQueue } from '../../src/jobs/tables.ts';
import { auditLog } from '../../src/modules/audit/tables.ts';
import { merchants } from '../../src/modules/merchants/tables.ts';
import { outboxMessages } from '../../src/modules/notifications/tables.ts';
import { ORDER_REFUND_QUEUE } from '../../src/modules/orders/refunds.ts';
import { instalments, ledgerEntries, orders } from '../../src/modules/orders/tables.ts';
import {
  pixCharges,
  pixRefunds,
  pspSandboxDevolucoes,
  pspSandboxPix,
} from '../../src/modules/payments/tables.ts';
import { webhookDeliveries, webhookEndpoints } from '../../src/modules/webhooks/tables.ts';
import { bearer, loginAdmin, seededApp } from '../helpers.ts';
import { createOrder } from '../instalment-helpers.ts';
import { instalmentsOf, orderRow, payNext, refundCalls, refundsOf } from '../refunds-helpers.ts';

type App = Awaited<ReturnType<typeof seededApp>>;

const close = async (t: App) => {
  t.built.services.sandboxPsp?.close();
  await t.built.services.instalmentEvents.close();
  await t.dispose();
};

describe('a refund of the demo history', () => {
  let t: App;
  beforeAll(async () => {
    t = await seededApp({ history: true });
  });
  afterAll(async () => close(t));

  it('every paid history instalment was paid by a Pix the sandbox PSP knows', async () => {
    const paid = await t.database.db
      .select({
        chargeId: instalments.paymentChargeId,
        e2e: pixCharges.endToEndId,
        psp: pspSandboxPix.endToEndId,
      })
      .from(instalments)
      .innerJoin(orders, eq(orders.id, instalments.orderId))
      .leftJoin(pixCharges, eq(pixCharges.id, instalments.paymentChargeId))
      .leftJoin(pspSandboxPix, eq(pspSandboxPix.endToEndId, pixCharges.endToEndId))
      .where(and(like(orders.merchantOrderCode, 'HIST-%'), eq(instalments.status, 'PAID')));
    expect(paid.length).toBeGreaterThan(100);
    expect(paid.filter((p) => p.chargeId === null || p.e2e === null || p.psp === null)).toEqual([]);
  });

  it('HIST-AURORA-0319 is refunded in full: DONE, and the devolução is made at the sandbox PSP', async () => {
    const [order] = await t.database.db
      .select()
      .from(orders)
      .where(eq(orders.merchantOrderCode, 'HIST-AURORA-0319'));
    if (!order) throw new Error('HIST-AURORA-0319 is not an order of the history');
    const paid = (await instalmentsOf(t, order.id)).filter((i) => i.status === 'PAID');
    expect(paid.length).toBeGreaterThan(0);
    const calls = refundCalls(t);
    expect((await calls.full(order.id)).status).toBe(202);
    await t.built.services.orderRefunds.processPending();
    const [refund] = await refundsOf(t, order.id);
    expect(refund).toMatchObject({ status: 'DONE', failureReason: null });
    expect(refund?.returnedAmount).toBeGreaterThan(0);
    expect((await orderRow(t, order.id)).canceledAmount).toBe(order.amount);

    // The devoluções go to the PSP from their own queue: each one DEVOLVIDO, and the PSP made it.
    await t.built.services.payments.processPendingRefunds();
    const charges = paid.map((i) => i.paymentChargeId).filter((id): id is string => id !== null);
    const sent = await t.database.db.select().from(pixRefunds).where(inArray(pixRefunds.chargeId, charges));
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.map((r) => r.status)).toEqual(sent.map(() => 'DEVOLVIDO'));
    expect(sent.reduce((a, r) => a + r.amount, 0)).toBe(refund?.returnedAmount);
    const atPsp = await t.database.db
      .select()
      .from(pspSandboxDevolucoes)
      .where(
        inArray(
          pspSandboxDevolucoes.id,
          sent.map((r) => r.id),
        ),
      );
    expect(atPsp.length).toBe(sent.length);
    expect(await t.built.services.queues.listDead()).toMatchObject({ total: 0 });
  });
});

describe('a refund that cannot be carried out', () => {
  let t: App;
  let calls: ReturnType<typeof refundCalls>;
  let admin: Record<string, string>;
  let endpointId: string;

  beforeAll(async () => {
    t = await seededApp();
    calls = refundCalls(t);
    admin = bearer((await loginAdmin(t)).token);
    const [aurora] = await t.database.db.select().from(merchants).where(eq(merchants.name, 'Loja Aurora'));
    if (!aurora) throw new Error('no Aurora');
    const [endpoint] = await t.database.db
      .insert(webhookEndpoints)
      .values({
        merchantId: aurora.id,
        url: 'https://hooks.loja.example/drip',
        events: ['ORDER_CANCELED'],
        secret: 'whsec_dGVzdHRlc3R0ZXN0dGVzdHRlc3R0ZXN0dGVzdA==',
        createdAt: t.clock.now(),
      })
      .returning();
    if (!endpoint) throw new Error('no endpoint');
    endpointId = endpoint.id;
  });
  afterAll(async () => close(t));

  const deadList = async (queue = ORDER_REFUND_QUEUE) => {
    admin = bearer((await loginAdmin(t)).token);
    return t.request('GET', `${adminDeadTasks.path}?queue=${queue}`, undefined, admin);
  };
  const retry = async (id: string) => {
    admin = bearer((await loginAdmin(t)).token);
    return t.request('POST', fillPath(adminRetryDeadTask.path, { id }), undefined, admin);
  };
  const canceledEvents = async (refundId: string) =>
    (await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId)))
      .map((d) => (d.payload as { type: string; data: Record<string, unknown> }).data)
      .filter((data) => data.refundId === refundId);

  it('the PSP refuses for good: FAILED with its reason, webhook, order refundable; the dead task is listed and its retry works', async () => {
    t.clock.set(new Date('2026-03-10T12:00:00Z'));
    const order = await createOrder(t);
    await payNext(t, order.id);
    const [first] = await instalmentsOf(t, order.id);
    const [charge] = await t.database.db
      .select()
      .from(pixCharges)
      .where(eq(pixCharges.id, first?.paymentChargeId ?? ''));
    if (!charge?.endToEndId) throw new Error('the first instalment was not paid by Pix');
    // The PSP no longer knows the Pix (as the sandbox PSP did not know the old history's charges).
    const [pix] = await t.database.db
      .delete(pspSandboxPix)
      .where(eq(pspSandboxPix.endToEndId, charge.endToEndId))
      .returning();
    if (!pix) throw new Error('no Pix at the PSP');
    const died = t.built.services.queues.deadCounts()[ORDER_REFUND_QUEUE] ?? 0;

    expect((await calls.full(order.id)).status).toBe(202);
    await t.built.services.orderRefunds.processPending();

    // One try: a refusal for good is not tried ten times over ~26 minutes.
    const [refund] = await refundsOf(t, order.id);
    if (!refund) throw new Error('no refund');
    expect(refund).toMatchObject({ status: 'FAILED' });
    expect(refund.failureReason).toMatch(/PSP/);
    const after = await orderRow(t, order.id);
    expect(after).toMatchObject({ status: 'ACTIVE', canceledAmount: 0 });
    expect(await t.database.db.select().from(pixRefunds).where(eq(pixRefunds.chargeId, charge.id))).toEqual(
      [],
    );

    // The merchant sees it failed, with the reason, and may refund the order again.
    const view = await calls.order(order.id);
    expect(view.body.refunds).toEqual([
      expect.objectContaining({ id: refund.id, status: 'FAILED', failureReason: refund.failureReason }),
    ]);
    expect(view.body.refundable.full).toBe(true);
    // The merchant's webhook says so.
    expect(await canceledEvents(refund.id)).toEqual([
      expect.objectContaining({
        orderId: order.id,
        refundStatus: 'FAILED',
        failureReason: refund.failureReason,
        amount: 0,
        canceledAt: null,
      }),
    ]);

    // The merchant users subscribed to ORDER_CANCELED are told by e-mail that it was NOT done, and why.
    await t.built.services.webhooks.emailQueue.drain();
    const mails = await t.database.db
      .select()
      .from(outboxMessages)
      .where(like(outboxMessages.subject, `%Estorno%(${after.code})%`));
    expect(mails.length).toBeGreaterThan(0);
    for (const mail of mails) {
      expect(mail.subject).toBe(`Drip: Estorno não realizado (${after.code})`);
      expect(mail.body).toContain(`Motivo: ${refund.failureReason}`);
    }

    // The dead task: counted, listed for an operator with its error.
    expect(t.built.services.queues.deadCounts()[ORDER_REFUND_QUEUE]).toBe(died + 1);
    const listed = await deadList();
    expect(listed?.status).toBe(200);
    expect(listed?.body.total).toBe(1);
    expect(listed?.body.diedSinceStart[ORDER_REFUND_QUEUE]).toBe(died + 1);
    const [task] = listed?.body.tasks ?? [];
    expect(task).toMatchObject({ queue: ORDER_REFUND_QUEUE, payload: { refundId: refund.id }, attempts: 1 });
    expect(task.lastError).toBe(refund.failureReason);

    // The PSP's side is put right; the operator retries: the refund is carried out and its devolução made.
    await t.database.db.insert(pspSandboxPix).values(pix);
    const retried = await retry(task.id);
    expect(retried.status).toBe(200);
    expect(retried.body).toEqual({ id: task.id, queue: ORDER_REFUND_QUEUE, status: 'PENDING' });
    expect((await refundsOf(t, order.id))[0]).toMatchObject({ status: 'PENDING', failureReason: null });
    await t.built.services.orderRefunds.processPending();
    expect((await refundsOf(t, order.id))[0]).toMatchObject({ status: 'DONE' });
    await t.built.services.payments.processPendingRefunds();
    const [devolucao] = await t.database.db
      .select()
      .from(pixRefunds)
      .where(eq(pixRefunds.chargeId, charge.id));
    expect(devolucao?.status).toBe('DEVOLVIDO');
    expect((await deadList())?.body.total).toBe(0);
    const audited = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'QUEUE_TASK_RETRIED'), eq(auditLog.entityId, task.id)));
    expect(audited).toHaveLength(1);
    // Nothing dead to retry any more.
    expect((await retry(task.id)).status).toBe(404);
    expect((await retry('not-a-task')).status).toBe(404);
  });

  it('a charge Drip has no record of (the old demo history) fails the refund at once, with its reason', async () => {
    t.clock.set(new Date('2026-03-10T12:00:00Z'));
    const order = await createOrder(t, { upfront: true });
    expect((await calls.full(order.id)).status).toBe(202);
    await t.built.services.orderRefunds.processPending();
    const [refund] = await refundsOf(t, order.id);
    expect(refund).toMatchObject({ status: 'FAILED', failureReason: 'Cobrança não encontrada' });
    expect((await calls.order(order.id)).body.refundable.full).toBe(true);
  });

  it('a paid instalment without the Pix that paid it (the old demo history) fails the refund at once', async () => {
    t.clock.set(new Date('2026-03-10T12:00:00Z'));
    const order = await createOrder(t);
    const [first] = await instalmentsOf(t, order.id);
    if (!first) throw new Error('no instalment');
    // What the old history's seed wrote: PAID with its ledger entry, and no charge.
    await t.database.db
      .update(instalments)
      .set({ status: 'PAID', paidAt: t.clock.now() })
      .where(eq(instalments.id, first.id));
    const row = await orderRow(t, order.id);
    await t.database.db.insert(ledgerEntries).values({
      orderId: order.id,
      checkoutId: row.checkoutId,
      customerId: row.customerId,
      merchantId: row.merchantId,
      instalmentId: first.id,
      type: 'INSTALMENT_PAID',
      amount: first.amount - first.cashbackAmount,
      memo: 'Parcela 1 paga',
      createdAt: t.clock.now(),
    });
    expect((await calls.full(order.id)).status).toBe(202);
    await t.built.services.orderRefunds.processPending();
    const [refund] = await refundsOf(t, order.id);
    expect(refund).toMatchObject({ status: 'FAILED', failureReason: refundMessages.paymentNotFound(1) });
    expect(await orderRow(t, order.id)).toMatchObject({ status: 'ACTIVE', canceledAmount: 0 });
  });

  it('every try fails: FAILED after the last one; the merchant asks again; the operator retry then answers 409', async () => {
    t.clock.set(new Date('2026-03-10T12:00:00Z'));
    const order = await createOrder(t);
    await payNext(t, order.id);
    const outage = vi
      .spyOn(t.built.services.payments.pix, 'getPix')
      .mockRejectedValue(new Error('connect ECONNREFUSED psp.example:443'));
    try {
      expect((await calls.full(order.id)).status).toBe(202);
      const [asked] = await refundsOf(t, order.id);
      for (let i = 0; i < 10; i++) {
        expect((await refundsOf(t, order.id))[0]?.status).toBe('PENDING');
        await t.built.services.orderRefunds.processPending();
        t.clock.advance(601_000);
      }
      const [refund] = await refundsOf(t, order.id);
      expect(refund).toMatchObject({ id: asked?.id, status: 'FAILED', failureReason: refundMessages.failed });
      const [task] = await t.database.db
        .select()
        .from(jobQueue)
        .where(and(eq(jobQueue.queue, ORDER_REFUND_QUEUE), eq(jobQueue.dedupeKey, refund?.id ?? '')));
      expect(task).toMatchObject({
        status: 'DEAD',
        attempts: 10,
        lastError: 'connect ECONNREFUSED psp.example:443',
      });
      expect(await canceledEvents(refund?.id ?? '')).toEqual([
        expect.objectContaining({ refundStatus: 'FAILED', failureReason: refundMessages.failed }),
      ]);
      // The order is refundable again: the merchant asks for the same refund, and it is pending.
      expect((await calls.order(order.id)).body.refundable.full).toBe(true);
      const again = await calls.full(order.id);
      expect(again.status).toBe(202);
      expect(again.body.refund.id).not.toBe(refund?.id);
      // Retrying the dead one now would carry the same refund out twice over: refused.
      const retried = await retry(task?.id ?? '');
      expect(retried.status).toBe(409);
      expect(retried.body.error.message).toBe(refundMessages.samePending);
      expect(
        await t.database.db
          .select({ n: sql<number>`count(*)::int` })
          .from(jobQueue)
          .where(
            and(eq(jobQueue.id, task?.id ?? ''), eq(jobQueue.status, 'DEAD'), isNotNull(jobQueue.lastError)),
          ),
      ).toEqual([{ n: 1 }]);
    } finally {
      outage.mockRestore();
    }
    await t.built.services.orderRefunds.processPending();
    expect((await refundsOf(t, order.id)).map((r) => r.status).sort()).toEqual(['DONE', 'FAILED']);
  });

  it("a devolução the PSP keeps refusing is dead after its last try, listed, and the operator's retry sends it", async () => {
    t.clock.set(new Date('2026-03-10T12:00:00Z'));
    const order = await createOrder(t);
    await payNext(t, order.id);
    expect((await calls.full(order.id)).status).toBe(202);
    await t.built.services.orderRefunds.processPending();
    expect((await refundsOf(t, order.id))[0]?.status).toBe('DONE');
    const [first] = await instalmentsOf(t, order.id);
    const [devolucao] = await t.database.db
      .select()
      .from(pixRefunds)
      .where(eq(pixRefunds.chargeId, first?.paymentChargeId ?? ''));
    if (!devolucao) throw new Error('no devolução');
    const refusing = vi
      .spyOn(t.built.services.payments.pix, 'refund')
      .mockRejectedValue(new Error('PUT /devolucao failed (503)'));
    try {
      for (let i = 0; i < 12; i++) {
        await t.built.services.payments.processPendingRefunds();
        t.clock.advance(3_601_000);
      }
    } finally {
      refusing.mockRestore();
    }
    const listed = await deadList('pix-refunds');
    const task = listed?.body.tasks.find(
      (x: { payload: { refundId: string } }) => x.payload.refundId === devolucao.id,
    );
    expect(task).toMatchObject({
      queue: 'pix-refunds',
      attempts: 12,
      lastError: 'PUT /devolucao failed (503)',
    });
    expect(listed?.body.diedSinceStart['pix-refunds']).toBeGreaterThanOrEqual(1);
    expect((await retry(task.id)).status).toBe(200);
    await t.built.services.payments.processPendingRefunds();
    const [sent] = await t.database.db.select().from(pixRefunds).where(eq(pixRefunds.id, devolucao.id));
    expect(sent?.status).toBe('DEVOLVIDO');
  });
});
