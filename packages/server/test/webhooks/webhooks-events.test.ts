/**
 * The events other modules publish through the webhooks service (docs/webhooks.md): ORDER_CANCELED by the refund
 * engine in the transaction that carries a refund out, SETTLEMENT_CREATED by the settlements engine in the one that
 * creates a merchant's settlement of the day. A delivery (and its task) exists exactly when that change commits.
 */
import { randomUUID } from 'node:crypto';
import type { WebhookEvent } from '@drip/core';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { jobQueue } from '../../src/jobs/tables.ts';
import { merchants } from '../../src/modules/merchants/tables.ts';
import { orderRefunds } from '../../src/modules/orders/refund-tables.ts';
import { pspSandboxDevolucoes } from '../../src/modules/payments/tables.ts';
import { WEBHOOK_QUEUE } from '../../src/modules/webhooks/service.ts';
import { webhookDeliveries, webhookEndpoints } from '../../src/modules/webhooks/tables.ts';
import { seededApp } from '../helpers.ts';
import { createOrder } from '../instalment-helpers.ts';
import { orderRow, payNext, productsOf, refundCalls, refundsOf } from '../refunds-helpers.ts';
import { dayAt, newMerchant, payoutsOf, sell } from '../settlements-helpers.ts';

let t: Awaited<ReturnType<typeof seededApp>>;
let calls: ReturnType<typeof refundCalls>;
let auroraId: string;

beforeAll(async () => {
  t = await seededApp();
  calls = refundCalls(t);
  const [m] = await t.database.db.select().from(merchants).where(eq(merchants.name, 'Loja Aurora'));
  if (!m) throw new Error('no Aurora');
  auroraId = m.id;
});
afterAll(async () => {
  t.built.services.sandboxPsp?.close();
  await t.built.services.instalmentEvents.close();
  await t.dispose();
});

const db = () => t.database.db;
const webhooks = () => t.built.services.webhooks;

/** An endpoint of the merchant subscribed to `events` (written directly: the API's rules are tested elsewhere). */
async function endpoint(merchantId: string, events: WebhookEvent[]) {
  const [row] = await db()
    .insert(webhookEndpoints)
    .values({
      merchantId,
      url: 'https://hooks.loja.example/drip',
      events,
      secret: 'whsec_dGVzdHRlc3R0ZXN0dGVzdHRlc3R0ZXN0dGVzdA==',
      createdAt: t.clock.now(),
    })
    .returning();
  if (!row) throw new Error('no endpoint');
  return row.id;
}

async function deliveriesOf(endpointId: string) {
  return db().select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId));
}

async function taskOf(deliveryId: string) {
  return db()
    .select()
    .from(jobQueue)
    .where(and(eq(jobQueue.queue, WEBHOOK_QUEUE), eq(jobQueue.dedupeKey, deliveryId)));
}

/** Lets the real publish write its rows, then fails the caller's transaction after it (a crash after the publish). */
function crashAfterPublish(event: WebhookEvent) {
  const service = webhooks();
  const original = service.publish.bind(service);
  return vi.spyOn(service, 'publish').mockImplementation(async (exec, merchantId, e, data) => {
    await original(exec, merchantId, e, data);
    if (e === event) throw new Error('process died after the publish');
  });
}

describe('ORDER_CANCELED from the refund engine', () => {
  it('queues the event with the refund and the order when a paid order is wholly refunded', async () => {
    t.clock.set(new Date('2026-03-10T12:00:00Z'));
    const hook = await endpoint(auroraId, ['ORDER_CANCELED']);
    const order = await createOrder(t);
    await payNext(t, order.id);
    const asked = await calls.full(order.id);
    expect(asked.status, asked.text).toBe(202);
    // Asked is not done: nothing is published before the refund is carried out.
    expect(await deliveriesOf(hook)).toEqual([]);
    await t.built.services.orderRefunds.processPending();

    const row = await orderRow(t, order.id);
    const [delivery, ...more] = await deliveriesOf(hook);
    expect(more).toEqual([]);
    expect(delivery).toMatchObject({ event: 'ORDER_CANCELED', merchantId: auroraId, status: 'PENDING' });
    const body = delivery?.payload as { type: string; data: Record<string, unknown> };
    expect(body.type).toBe('ORDER_CANCELED');
    expect(body.data).toMatchObject({
      orderId: order.id,
      code: row.code,
      checkoutId: row.checkoutId,
      merchantOrderCode: row.merchantOrderCode,
      refundId: asked.body.refund.id,
      refundType: 'FULL',
      amount: 300,
      canceledAmount: 300,
      orderAmount: 300,
      fullyCanceled: true,
      status: 'CLOSED',
    });
    // The paid first instalment went back by Pix devolução.
    expect(body.data.returnedAmount).toBeGreaterThan(0);
    expect((body.data.productIds as string[]).sort()).toEqual(
      (await productsOf(t, order.id)).map((p) => p.id).sort(),
    );
    expect(await taskOf(delivery?.id ?? '')).toHaveLength(1);
    // The devolução, sent to the sandbox PSP by its own queue, is listed on the sandbox bank page.
    await t.built.services.payments.processPendingRefunds();
    const [devolucao] = await db()
      .select()
      .from(pspSandboxDevolucoes)
      .orderBy(desc(pspSandboxDevolucoes.solicitacao));
    expect(devolucao?.valor).toBe(Math.round((body.data.returnedAmount as number) * 100));
    const page = await (await t.raw('/sandbox/bank', { method: 'GET' })).text();
    expect(page).toContain('Devoluções Pix');
    expect(page).toContain(devolucao?.endToEndId);
    expect(page).toContain(devolucao?.id);
  });

  it('publishes a partial (product) refund too, with what is left of the order', async () => {
    t.clock.set(new Date('2026-03-11T12:00:00Z'));
    const hook = await endpoint(auroraId, ['ORDER_CANCELED']);
    const order = await createOrder(t);
    const [shirt] = await productsOf(t, order.id);
    const asked = await calls.products(order.id, [shirt?.id ?? '']);
    expect(asked.status, asked.text).toBe(202);
    await t.built.services.orderRefunds.processPending();
    const [delivery] = await deliveriesOf(hook);
    if (!delivery) throw new Error('no ORDER_CANCELED delivery');
    expect((delivery.payload as { data: unknown }).data).toMatchObject({
      orderId: order.id,
      refundType: 'PRODUCTS',
      amount: 150,
      returnedAmount: 0,
      canceledAmount: 150,
      orderAmount: 300,
      fullyCanceled: false,
      status: 'ACTIVE',
      productIds: [shirt?.id],
    });
  });

  it('queues nothing when the refund’s transaction rolls back, and publishes once on the retry', async () => {
    t.clock.set(new Date('2026-03-12T12:00:00Z'));
    const hook = await endpoint(auroraId, ['ORDER_CANCELED']);
    const order = await createOrder(t);
    await calls.full(order.id);
    const spy = crashAfterPublish('ORDER_CANCELED');
    try {
      await t.built.services.orderRefunds.processPending();
      expect(spy).toHaveBeenCalled();
    } finally {
      spy.mockRestore();
    }
    expect((await refundsOf(t, order.id))[0]?.status).toBe('PENDING');
    expect((await orderRow(t, order.id)).canceledAmount).toBe(0);
    expect(await deliveriesOf(hook)).toEqual([]);
    // The queue retries after its back-off: now it commits, with its one event.
    t.clock.advance(10_000);
    await t.built.services.orderRefunds.processPending();
    expect((await refundsOf(t, order.id))[0]?.status).toBe('DONE');
    const deliveries = await deliveriesOf(hook);
    expect(deliveries.map((d) => d.event)).toEqual(['ORDER_CANCELED']);
    expect(await taskOf(deliveries[0]?.id ?? '')).toHaveLength(1);
  });

  it('a refused refund (nothing left) publishes nothing', async () => {
    t.clock.set(new Date('2026-03-13T12:00:00Z'));
    const hook = await endpoint(auroraId, ['ORDER_CANCELED']);
    const order = await createOrder(t);
    await calls.full(order.id);
    // Another refund took everything first (two instances racing past the request's checks).
    await t.built.services.orderRefunds.processPending();
    const before = (await deliveriesOf(hook)).length;
    const [done] = await refundsOf(t, order.id);
    const raced = randomUUID();
    await db()
      .insert(orderRefunds)
      .values({
        ...(done as typeof orderRefunds.$inferInsert),
        id: raced,
        status: 'PENDING',
        processedAt: null,
        requestedAmount: 100,
        type: 'AMOUNT',
        productIds: [],
      });
    expect(await t.built.services.orderRefunds.carryOut(raced)).toBe('REJECTED');
    expect((await refundsOf(t, order.id)).map((r) => r.status).sort()).toEqual(['DONE', 'REJECTED']);
    expect(await deliveriesOf(hook)).toHaveLength(before);
  });
});

describe('SETTLEMENT_CREATED from the settlements engine', () => {
  it('queues the event with the settlement when a merchant’s day is settled, once', async () => {
    t.clock.set(new Date('2026-03-10T12:00:00Z'));
    const m = await newMerchant(t);
    const hook = await endpoint(m, ['SETTLEMENT_CREATED']);
    await sell(t, m, { total: 30_000 });
    await dayAt(t, '2026-03-10');
    // The job runs again the same day: the one settlement of the day, the one event.
    await dayAt(t, '2026-03-10');
    const [payout] = await payoutsOf(t, m);
    const deliveries = await deliveriesOf(hook);
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]).toMatchObject({ event: 'SETTLEMENT_CREATED', merchantId: m });
    const body = deliveries[0]?.payload as { type: string; data: Record<string, unknown> };
    expect(body.type).toBe('SETTLEMENT_CREATED');
    expect(body.data).toMatchObject({
      settlementId: payout?.id,
      date: '2026-03-10',
      amount: (payout?.amount ?? 0) / 100,
      partsAmount: (payout?.partsAmount ?? 0) / 100,
      debtIn: 0,
      debtOut: 0,
      status: 'PENDING',
    });
    expect(payout?.amount).toBe(30_000);
    expect(await taskOf(deliveries[0]?.id ?? '')).toHaveLength(1);
  });

  it('queues nothing when the settlement’s transaction rolls back', async () => {
    t.clock.set(new Date('2026-03-16T12:00:00Z'));
    const m = await newMerchant(t);
    const hook = await endpoint(m, ['SETTLEMENT_CREATED']);
    await sell(t, m, { total: 20_000, firstDueDate: '2026-04-01' });
    const spy = crashAfterPublish('SETTLEMENT_CREATED');
    try {
      await expect(dayAt(t, '2026-03-16')).rejects.toThrow('process died after the publish');
    } finally {
      spy.mockRestore();
    }
    expect(await payoutsOf(t, m)).toEqual([]);
    expect(await deliveriesOf(hook)).toEqual([]);
    await dayAt(t, '2026-03-16');
    expect(await payoutsOf(t, m)).toHaveLength(1);
    expect((await deliveriesOf(hook)).map((d) => d.event)).toEqual(['SETTLEMENT_CREATED']);
  });
});
