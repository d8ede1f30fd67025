/**
 * The log lines (docs/logging.md): one JSON object per line with time, level and message; one `request` line per
 * request without its query string and with a secret path parameter hidden; the request's id on every line written
 * while it is handled, on the tasks it queues when they run (beside the run's own id) and on the calls they make.
 */
import {
  customerOrders,
  customerPayInstalment,
  fillPath,
  merchantCreateWebhook,
  merchantReplayWebhookDelivery,
  merchantWebhookDeliveries,
  paths,
} from '@drip/core';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { JobRunner } from '../../src/jobs/runner.ts';
import { createLogger } from '../../src/log.ts';
import { merchants } from '../../src/modules/merchants/tables.ts';
import { bearer, loginCustomer, loginMerchant, seededApp } from '../helpers.ts';
import { receiver } from '../webhooks-helpers.ts';

type Line = Record<string, unknown>;
const lines: Line[] = [];
let t: Awaited<ReturnType<typeof seededApp>>;

beforeAll(async () => {
  t = await seededApp({ log: createLogger('debug', (l) => lines.push(JSON.parse(l))) });
  // A handler that logs after an await (routes are added before the app's first request builds its router).
  t.built.app.get('/api/test-only/logs-inside', async (c) => {
    await new Promise((r) => setTimeout(r, 5));
    t.built.services.log.warn('something inside', { step: 2 });
    return c.json({ ok: true });
  });
});
afterAll(() => t.dispose());
beforeEach(() => {
  lines.length = 0;
});

const requestLines = () => lines.filter((l) => l.msg === 'request');

describe('the request line', () => {
  it('has time, level, msg, requestId, method, path without the query, status and ms', async () => {
    const res = await t.request('GET', `${paths.sandbox.outbox}?to=%2B5511912345678&x=1`);
    expect(res.status).toBe(200);
    const [line] = requestLines();
    expect(line).toEqual({
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      level: 'info',
      msg: 'request',
      requestId: res.headers.get('x-request-id'),
      method: 'GET',
      path: paths.sandbox.outbox,
      status: 200,
      ms: expect.any(Number),
    });
  });

  it('shows a recovery link’s id (it sets a password) as the parameter’s name', async () => {
    const secret = 'Zk3vQn8sWm2xYt7pLr4bHc9d';
    await t.request('GET', paths.merchant.recoveryLink(secret));
    const [line] = requestLines();
    expect(line?.path).toBe('/merchant_backoffice/api/v1/recover/password/:recoveryId');
    expect(JSON.stringify(lines)).not.toContain(secret);
  });

  it('keeps a plain X-Request-Id from the client, and replaces one that carries a CPF', async () => {
    const kept = await t.request('GET', paths.livez, undefined, { 'x-request-id': 'lb-7f3a.42' });
    expect(kept.headers.get('x-request-id')).toBe('lb-7f3a.42');
    const replaced = await t.request('GET', paths.livez, undefined, { 'x-request-id': '52998224725' });
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestLines().map((l) => l.requestId)).toEqual([
      'lb-7f3a.42',
      replaced.headers.get('x-request-id'),
    ]);
  });
});

describe('the request id carried', () => {
  it('is on every line written while the request is handled', async () => {
    const res = await t.request('GET', '/api/test-only/logs-inside', undefined, {
      'x-request-id': 'req-inside-1',
    });
    expect(res.status).toBe(200);
    expect(lines.find((l) => l.msg === 'something inside')).toMatchObject({
      level: 'warn',
      requestId: 'req-inside-1',
      step: 2,
    });
  });

  it('goes with the sandbox PSP’s notice of a payment made through the sandbox bank', async () => {
    const { token } = await loginCustomer(t);
    const orders = await t.request('GET', `${customerOrders.path}?page=0&size=50`, undefined, bearer(token));
    let qr: string | undefined;
    for (const order of orders.body.content) {
      const pay = await t.request(
        'PUT',
        fillPath(customerPayInstalment.path, { id: order.id }),
        undefined,
        bearer(token),
      );
      qr = pay.body?.payment?.qrCodeText;
      if (qr) break;
    }
    if (!qr) throw new Error(`no instalment to pay: ${orders.text}`);
    lines.length = 0;
    const paid = await t.request(
      'POST',
      '/sandbox/pix/pay',
      { brcode: qr, payerCpf: '52998224725', payerBankCode: '260' },
      { 'x-request-id': 'bank-pay-1' },
    );
    expect(paid.status, paid.text).toBe(200);
    const notice = requestLines().find((l) => l.path === '/api/v1/webhooks/pix');
    expect(notice).toMatchObject({ method: 'POST', status: 200, requestId: 'bank-pay-1' });
  });

  it('goes with a task the request queued: its run logs it beside the job and run ids, and its call out sends it', async () => {
    const hook = await receiver();
    try {
      const admin = bearer((await loginMerchant(t)).token);
      await t.database.db.execute(
        sql`update webhook_endpoints set deleted_at = now() where deleted_at is null`,
      );
      const created = await t.request(
        'POST',
        merchantCreateWebhook.path,
        { url: `${hook.url}?token=receiver-secret-1`, events: ['ORDER_CREATED'] },
        admin,
      );
      expect(created.status, created.text).toBe(201);
      const [aurora] = await t.database.db.select().from(merchants).where(eq(merchants.name, 'Loja Aurora'));
      if (!aurora) throw new Error('no Aurora');
      await t.built.services.webhooks.publish(t.database.db, aurora.id, 'ORDER_CREATED', { orderId: 'o-1' });
      await t.built.services.webhooks.deliveryQueue.drain();
      const deliveries = await t.request(
        'GET',
        fillPath(merchantWebhookDeliveries.path, { id: created.body.id }),
        undefined,
        admin,
      );
      const original = deliveries.body.content[0];
      if (!original) throw new Error(`no delivery: ${deliveries.text}`);
      hook.received.length = 0;
      lines.length = 0;

      const replay = await t.request(
        'POST',
        fillPath(merchantReplayWebhookDelivery.path, { id: created.body.id, deliveryId: original.id }),
        undefined,
        { ...admin, 'x-request-id': 'replay-req-1' },
      );
      expect(replay.status, replay.text).toBe(201);
      // The drain job runs later, on its timer, in no request.
      const runner = new JobRunner(t.built.services.log).register(
        t.built.services.webhooks.deliveryQueue.job(60_000),
      );
      await runner.runNow('queue-merchant-webhooks');

      expect(hook.received).toHaveLength(1);
      expect(hook.received[0]?.headers['x-request-id']).toBe('replay-req-1');
      const call = lines.find((l) => l.msg === 'outbound call');
      expect(call).toMatchObject({
        level: 'debug',
        requestId: 'replay-req-1',
        job: 'queue-merchant-webhooks',
        runId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        taskId: expect.any(String),
        method: 'POST',
        // Origin and path: the receiver's own secret in its query string stays out.
        url: hook.url,
        status: 200,
      });
      const run = lines.find((l) => l.msg === 'job run');
      expect(run).toMatchObject({ job: 'queue-merchant-webhooks', runId: call?.runId });
      expect(run?.requestId).toBeUndefined();
    } finally {
      await hook.close();
    }
  });
});
