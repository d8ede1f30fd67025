/**
 * Webhook deliveries (docs/webhooks.md): signed per Standard Webhooks (checked by a verifier written from the
 * specification, not by the library that signs), retried from the durable queue with exponential back-off, given up
 * after 3 days, logged with the response codes, replayed on request; published in the caller's transaction.
 */
import {
  fillPath,
  merchantCreateWebhook,
  merchantReplayWebhookDelivery,
  merchantWebhookDeliveries,
} from '@drip/core';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jobQueue } from '../../src/jobs/tables.ts';
import { merchants } from '../../src/modules/merchants/tables.ts';
import { GIVE_UP_MS, WEBHOOK_EMAIL_QUEUE, WEBHOOK_QUEUE } from '../../src/modules/webhooks/service.ts';
import { webhookDeliveries } from '../../src/modules/webhooks/tables.ts';
import { bearer, loginMerchant, seededApp } from '../helpers.ts';
import { createOrder } from '../instalment-helpers.ts';
import { receiver, verifyIndependently } from '../webhooks-helpers.ts';

let t: Awaited<ReturnType<typeof seededApp>>;
let admin: Record<string, string>;
let auroraId: string;
let hook: Awaited<ReturnType<typeof receiver>>;

beforeAll(async () => {
  t = await seededApp();
  admin = bearer((await loginMerchant(t)).token);
  const [m] = await t.database.db.select().from(merchants).where(eq(merchants.name, 'Loja Aurora'));
  if (!m) throw new Error('no Aurora');
  auroraId = m.id;
  hook = await receiver();
});
afterAll(async () => {
  await hook.close();
  await t.dispose();
});

const svc = () => t.built.services.webhooks;
const db = () => t.database.db;
const MINUTE = 60_000;

/** Registers an endpoint of Aurora through the API; its id and secret. */
async function register(url: string, events: string[] = ['ORDER_CREATED', 'CHECKOUT_STATUS_CHANGED']) {
  const res = await t.request('POST', merchantCreateWebhook.path, { url, events }, admin);
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string; secret: string };
}

async function deliveriesOf(endpointId: string) {
  const res = await t.request(
    'GET',
    `${fillPath(merchantWebhookDeliveries.path, { id: endpointId })}?size=50`,
    undefined,
    admin,
  );
  expect(res.status, res.text).toBe(200);
  return res.body.content as {
    id: string;
    messageId: string;
    event: string;
    status: string;
    attempts: number;
    lastResponseCode: number | null;
    replayOf: string | null;
    log: { attempt: number; responseCode: number | null; at: string }[];
  }[];
}

async function emails(query: ReturnType<typeof sql>) {
  return (await db().execute(query)) as { rows: Record<string, unknown>[] };
}

async function taskOf(deliveryId: string) {
  const [task] = await db()
    .select()
    .from(jobQueue)
    .where(and(eq(jobQueue.queue, WEBHOOK_QUEUE), eq(jobQueue.dedupeKey, deliveryId)));
  if (!task) throw new Error(`no task for ${deliveryId}`);
  return task;
}

beforeEach(async () => {
  // The clock moves in these tests: a fresh session each time.
  admin = bearer((await loginMerchant(t)).token);
  hook.received.length = 0;
  hook.answer([200]);
  // Each test starts with no endpoint of Aurora and no task left from the one before.
  await db().execute(sql`update webhook_endpoints set deleted_at = now() where deleted_at is null`);
  await db().execute(
    sql`update job_queue set status = 'DONE' where queue in (${WEBHOOK_QUEUE}, ${WEBHOOK_EMAIL_QUEUE})`,
  );
});

describe('signatures', () => {
  it('signs each delivery per Standard Webhooks: an independent HMAC check accepts it, a changed byte does not', async () => {
    const { id, secret } = await register(hook.url);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(24);
    await svc().publish(db(), auroraId, 'ORDER_CREATED', { orderId: 'o-1', amount: 12.34 });
    await svc().deliveryQueue.drain();

    expect(hook.received).toHaveLength(1);
    const [got] = hook.received;
    if (!got) throw new Error('nothing received');
    expect(got.headers['content-type']).toBe('application/json');
    expect(got.headers['webhook-id']).toMatch(/^msg_[0-9a-f]{32}$/);
    // The real time (the receiver's clock), not the app's (a sandbox clock may have been moved).
    expect(Math.abs(Number(got.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(60);
    expect(got.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(verifyIndependently(secret, got.headers, got.body)).toBe(true);
    // The verifier can fail: another body, another id, another secret.
    expect(verifyIndependently(secret, got.headers, got.body.replace('12.34', '12.35'))).toBe(false);
    expect(verifyIndependently(secret, { ...got.headers, 'webhook-id': 'msg_other' }, got.body)).toBe(false);
    expect(verifyIndependently((await register(hook.url)).secret, got.headers, got.body)).toBe(false);

    expect(JSON.parse(got.body)).toEqual({
      type: 'ORDER_CREATED',
      timestamp: t.clock.now().toISOString(),
      data: { orderId: 'o-1', amount: 12.34 },
    });
    const [delivery] = await deliveriesOf(id);
    expect(delivery).toMatchObject({ status: 'DELIVERED', attempts: 1, lastResponseCode: 200 });
    expect(delivery?.messageId).toBe(got.headers['webhook-id']);
    expect(delivery?.log.map((a) => a.responseCode)).toEqual([200]);
  });

  it('sends only the events an endpoint subscribed to', async () => {
    const { id } = await register(hook.url, ['ORDER_CANCELED']);
    await svc().publish(db(), auroraId, 'ORDER_CREATED', { orderId: 'o-2' });
    await svc().publish(db(), auroraId, 'ORDER_CANCELED', { orderId: 'o-2' });
    await svc().deliveryQueue.drain();
    expect(hook.received.map((r) => JSON.parse(r.body).type)).toEqual(['ORDER_CANCELED']);
    expect((await deliveriesOf(id)).map((d) => d.event)).toEqual(['ORDER_CANCELED']);
  });
});

describe('publishing in the caller’s transaction', () => {
  it('writes nothing when the caller’s transaction rolls back, and the delivery with its task when it commits', async () => {
    const { id } = await register(hook.url);
    await expect(
      db().transaction(async (tx) => {
        await svc().publish(tx, auroraId, 'ORDER_CREATED', { orderId: 'rolled-back' });
        throw new Error('the caller failed');
      }),
    ).rejects.toThrow('the caller failed');
    expect(await deliveriesOf(id)).toEqual([]);

    await db().transaction((tx) => svc().publish(tx, auroraId, 'ORDER_CREATED', { orderId: 'kept' }));
    const [delivery] = await deliveriesOf(id);
    expect(delivery?.status).toBe('PENDING');
    expect((await taskOf(delivery?.id ?? '')).status).toBe('PENDING');
  });

  it('publishes ORDER_CREATED and the checkout’s OK inside the order’s one statement', async () => {
    const { id } = await register(hook.url);
    const order = await createOrder(t);
    const found = await deliveriesOf(id);
    expect(found.map((d) => d.event).sort()).toEqual(['CHECKOUT_STATUS_CHANGED', 'ORDER_CREATED']);
    await svc().deliveryQueue.drain();
    const bodies = hook.received.map((r) => JSON.parse(r.body));
    const created = bodies.find((b) => b.type === 'ORDER_CREATED');
    expect(created.data).toMatchObject({
      orderId: order.id,
      code: order.code,
      amount: 300,
      status: 'ACTIVE',
    });
    const ok = bodies.find((b) => b.type === 'CHECKOUT_STATUS_CHANGED');
    expect(ok.data).toMatchObject({ status: 'OK', orderId: order.id });
  });

  it('e-mails the merchant users subscribed to the event (spec 6), through the outbox', async () => {
    const order = await createOrder(t);
    await svc().emailQueue.drain();
    const rows = await emails(
      // The merchant's notices only ('Drip: …'): the customer's own e-mail names the order too.
      sql`select "to", subject from outbox_messages where channel = 'EMAIL' and subject like ${`Drip: %${order.code}%`} order by "to"`,
    );
    expect(rows.rows).toEqual([
      { to: 'admin@aurora.demo', subject: `Drip: Pedido criado (${order.code})` },
      { to: 'leitura@aurora.demo', subject: `Drip: Pedido criado (${order.code})` },
    ]);
    // A user who switched the notification off gets nothing.
    await db().execute(
      sql`update merchant_users set communications = '[{"communicationType":"ORDER_CREATED","notify":false}]'::jsonb where email = 'leitura@aurora.demo'`,
    );
    const second = await createOrder(t);
    await svc().emailQueue.drain();
    const again = await emails(
      sql`select "to" from outbox_messages where channel = 'EMAIL' and subject like ${`Drip: %${second.code}%`}`,
    );
    expect(again.rows).toEqual([{ to: 'admin@aurora.demo' }]);
  });
});

describe('retries', () => {
  it('retries a failed delivery with exponential back-off and logs every response code', async () => {
    const { id, secret } = await register(hook.url);
    hook.answer([500, 502, 200]);
    await svc().publish(db(), auroraId, 'ORDER_CREATED', { orderId: 'o-3' });
    const start = t.clock.now().getTime();

    await svc().deliveryQueue.drain();
    const [first] = await deliveriesOf(id);
    if (!first) throw new Error('no delivery');
    expect(first).toMatchObject({ status: 'PENDING', attempts: 1, lastResponseCode: 500 });
    expect((await taskOf(first.id)).runAt.getTime()).toBe(start + MINUTE);

    // Not before its time.
    await svc().deliveryQueue.drain();
    expect(hook.received).toHaveLength(1);

    t.clock.advance(MINUTE);
    await svc().deliveryQueue.drain();
    expect((await taskOf(first.id)).runAt.getTime()).toBe(start + MINUTE + 2 * MINUTE);
    t.clock.advance(2 * MINUTE);
    await svc().deliveryQueue.drain();

    const [done] = await deliveriesOf(id);
    expect(done).toMatchObject({ status: 'DELIVERED', attempts: 3, lastResponseCode: 200 });
    expect(done?.log.map((a) => a.responseCode)).toEqual([500, 502, 200]);
    expect((await taskOf(first.id)).status).toBe('DONE');
    // The same message each time (one webhook-id), signed anew at each attempt.
    expect(new Set(hook.received.map((r) => r.headers['webhook-id'])).size).toBe(1);
    for (const r of hook.received) expect(verifyIndependently(secret, r.headers, r.body)).toBe(true);
  });

  it('logs a network failure without a response code and retries it', async () => {
    const { id } = await register('http://127.0.0.1:9/closed');
    await svc().publish(db(), auroraId, 'ORDER_CREATED', { orderId: 'o-4' });
    await svc().deliveryQueue.drain();
    const [d] = await deliveriesOf(id);
    expect(d).toMatchObject({ status: 'PENDING', attempts: 1, lastResponseCode: null });
    expect(d?.log[0]?.responseCode).toBeNull();
    expect((await taskOf(d?.id ?? '')).status).toBe('PENDING');
  });

  it('gives up after 3 days of failures, with the waits doubling up to 6 hours', async () => {
    const { id } = await register(hook.url);
    hook.answer([503]);
    await svc().publish(db(), auroraId, 'ORDER_CREATED', { orderId: 'o-5' });
    const created = t.clock.now().getTime();
    const [d] = await deliveriesOf(id);
    if (!d) throw new Error('no delivery');
    const waits: number[] = [];
    for (let i = 0; i < 60; i++) {
      await svc().deliveryQueue.drain();
      const task = await taskOf(d.id);
      if (task.status !== 'PENDING') break;
      const wait = task.runAt.getTime() - t.clock.now().getTime();
      waits.push(wait);
      t.clock.advance(wait);
    }
    admin = bearer((await loginMerchant(t)).token);
    const [given] = await deliveriesOf(id);
    expect(given?.status).toBe('FAILED');
    expect((await taskOf(d.id)).status).toBe('DONE');
    const attempts = given?.log ?? [];
    const last = attempts[attempts.length - 1];
    const beforeLast = attempts[attempts.length - 2];
    // Tried until 3 days had passed, not after.
    expect(Date.parse(last?.at ?? '') - created).toBeGreaterThanOrEqual(GIVE_UP_MS);
    expect(Date.parse(beforeLast?.at ?? '') - created).toBeLessThan(GIVE_UP_MS);
    expect(waits.slice(0, 5)).toEqual([1, 2, 4, 8, 16].map((m) => m * MINUTE));
    expect(Math.max(...waits)).toBe(6 * 60 * MINUTE);
    expect(attempts.every((a) => a.responseCode === 503)).toBe(true);
    // A given-up delivery is not sent again by a stray drain.
    const sent = hook.received.length;
    t.clock.advance(24 * 60 * MINUTE);
    await svc().deliveryQueue.drain();
    expect(hook.received).toHaveLength(sent);
  });
});

describe('replay', () => {
  it('sends a delivery again as a new delivery of the same message, logged apart', async () => {
    const { id, secret } = await register(hook.url);
    await svc().publish(db(), auroraId, 'ORDER_CREATED', { orderId: 'o-6' });
    await svc().deliveryQueue.drain();
    const [original] = await deliveriesOf(id);
    if (!original) throw new Error('no delivery');
    t.clock.advance(10 * MINUTE);

    const read = bearer((await loginMerchant(t, 'leitura@aurora.demo', '+5511976543210')).token);
    const path = fillPath(merchantReplayWebhookDelivery.path, { id, deliveryId: original.id });
    expect((await t.request('POST', path, undefined, read)).status).toBe(403);
    const res = await t.request('POST', path, undefined, admin);
    expect(res.status, res.text).toBe(201);
    expect(res.body.status).toBe('PENDING');
    await svc().deliveryQueue.drain();

    const [replayed, first] = await deliveriesOf(id);
    expect(first?.id).toBe(original.id);
    expect(replayed).toMatchObject({
      id: res.body.id,
      replayOf: original.id,
      status: 'DELIVERED',
      attempts: 1,
    });
    expect(replayed?.messageId).toBe(original.messageId);
    const [a, b] = hook.received;
    expect(b?.headers['webhook-id']).toBe(a?.headers['webhook-id']);
    expect(b?.body).toBe(a?.body);
    expect(verifyIndependently(secret, b?.headers ?? {}, b?.body ?? '')).toBe(true);
  });

  it('replays a delivery that was given up', async () => {
    const { id } = await register(hook.url);
    await svc().publish(db(), auroraId, 'ORDER_CREATED', { orderId: 'o-7' });
    const [d] = await deliveriesOf(id);
    await db()
      .update(webhookDeliveries)
      .set({ status: 'FAILED' })
      .where(eq(webhookDeliveries.id, d?.id ?? ''));
    t.clock.advance(MINUTE);
    const res = await t.request(
      'POST',
      fillPath(merchantReplayWebhookDelivery.path, { id, deliveryId: d?.id ?? '' }),
      undefined,
      admin,
    );
    expect(res.status).toBe(201);
    await svc().deliveryQueue.drain();
    expect((await deliveriesOf(id)).map((x) => x.status)).toEqual(['DELIVERED', 'FAILED']);
  });
});

describe('a removed endpoint', () => {
  it('gets nothing more: its pending deliveries are given up and new events skip it', async () => {
    const { id } = await register(hook.url);
    await svc().publish(db(), auroraId, 'ORDER_CREATED', { orderId: 'o-8' });
    const del = await t.request('DELETE', `${merchantCreateWebhook.path}/${id}`, undefined, admin);
    expect(del.status, del.text).toBe(200);
    await svc().publish(db(), auroraId, 'ORDER_CREATED', { orderId: 'o-9' });
    await svc().deliveryQueue.drain();
    expect(hook.received).toEqual([]);
    const rows = await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, id));
    expect(rows.map((r) => r.status)).toEqual(['FAILED']);
    expect((await t.request('DELETE', `${merchantCreateWebhook.path}/${id}`, undefined, admin)).status).toBe(
      404,
    );
  });
});
