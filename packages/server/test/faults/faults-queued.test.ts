/**
 * A dependency down while work waits in the durable queue (docs/faults.md): merchants' webhook endpoints, the payout
 * provider, the SMS gateway, the PSP's devoluções. Failing, hanging or answering garbage, each try ends within the
 * time-out, the circuit opens and stops calling, the work stays queued, and once the dependency is back it is done,
 * once: each webhook delivered once, one transfer, each SMS sent once, one devolução.
 */

import type { AddressInfo } from 'node:net';
import { createServer, type Server, type Socket } from 'node:net';
import { cents, merchantCreateWebhook } from '@drip/core';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DependencyPolicy } from '../../src/circuit.ts';
import { FaultInjector, type FaultMode } from '../../src/faults.ts';
import { jobQueue } from '../../src/jobs/tables.ts';
import { PasswordHasher } from '../../src/modules/auth/passwords.ts';
import { merchants } from '../../src/modules/merchants/tables.ts';
import { outboxNotifications } from '../../src/modules/notifications/outbox.ts';
import { type GatewaySms, SMS_QUEUE, type SmsGateway } from '../../src/modules/notifications/sms-delivery.ts';
import { outboxMessages } from '../../src/modules/notifications/tables.ts';
import { pixRefunds } from '../../src/modules/payments/tables.ts';
import { seed } from '../../src/seed.ts';
import { appOn, bearer, loginAdmin, loginMerchant, openTestDatabase, TEST_HASHING } from '../helpers.ts';
import { dayAt, newMerchant, payoutsOf, sell, transfersOf } from '../settlements-helpers.ts';

/** A time-out short enough for a fast test, long enough for a first connection on a busy machine. */
const POLICY: DependencyPolicy = { timeoutMs: 300, failures: 3, cooldownMs: 60_000 };
const MODES = ['fail', 'hang', 'garbage'] as const;
const MINUTE = 60_000;

/**
 * A merchant's webhook endpoint on a raw socket, so that it can fail (503), hang (read the request, never answer)
 * or answer garbage (bytes that are not HTTP); it counts the requests it saw and keeps the bodies it accepted.
 */
async function endpoint() {
  let mode: FaultMode = 'ok';
  let seen = 0;
  const accepted: string[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    let buffer = '';
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      // One request: headers, then content-length bytes of body.
      for (;;) {
        const end = buffer.indexOf('\r\n\r\n');
        if (end < 0) return;
        const length = Number(/content-length: *(\d+)/i.exec(buffer.slice(0, end))?.[1] ?? 0);
        if (buffer.length < end + 4 + length) return;
        const body = buffer.slice(end + 4, end + 4 + length);
        const id = /webhook-id: *(\S+)/i.exec(buffer.slice(0, end))?.[1] ?? '';
        buffer = buffer.slice(end + 4 + length);
        seen += 1;
        if (mode === 'ok') {
          accepted.push(`${id} ${body}`);
          socket.write('HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\nok');
        } else if (mode === 'fail') {
          socket.write('HTTP/1.1 503 Service Unavailable\r\ncontent-length: 0\r\n\r\n');
        } else if (mode === 'garbage') {
          socket.end('HTTP/1.1 2x0 \u0000WAT\r\n\r\n{{{');
        }
        // hang: nothing, ever.
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    set: (m: FaultMode) => {
      mode = m;
    },
    seen: () => seen,
    accepted,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const faults = new FaultInjector();
const smsSent: GatewaySms[] = [];
const gateway: SmsGateway = {
  kind: 'test',
  send: async (sms) => {
    smsSent.push(sms);
    return { providerId: `gw-${sms.id}` };
  },
};

let t: ReturnType<typeof appOn>;
let dispose: () => Promise<void>;
let hook: Awaited<ReturnType<typeof endpoint>>;
let auroraId: string;

beforeAll(async () => {
  const opened = await openTestDatabase();
  dispose = opened.dispose;
  await seed(opened.database.db, new PasswordHasher(TEST_HASHING));
  const policies = { psp: POLICY, sms: POLICY, payout: POLICY, webhooks: POLICY };
  // A real SMS gateway's outbox: messages wait as PENDING for the delivery worker (not the sandbox's inbox rows).
  const probe = appOn(opened.database, { config: { dependencies: policies } });
  t = appOn(opened.database, {
    clock: probe.clock,
    config: { dependencies: policies },
    notifications: outboxNotifications(opened.database.db, probe.clock, false),
    deps: { faults, smsGateway: gateway },
  });
  hook = await endpoint();
  const [m] = await t.database.db.select().from(merchants).where(eq(merchants.name, 'Loja Aurora'));
  if (!m) throw new Error('no Aurora');
  auroraId = m.id;
});
afterAll(async () => {
  await hook.close();
  await dispose();
});

const db = () => t.database.db;
const state = (name: string) => t.built.services.dependencies.states().find((c) => c.name === name)?.state;

describe.each(MODES)('merchant webhook endpoint: %s', (mode) => {
  it('each try ends at the time-out, the circuit stops calling the endpoint, every delivery arrives once when it is back', async () => {
    const webhooks = t.built.services.webhooks;
    const merchant = bearer((await loginMerchant(t)).token);
    await db().execute(sql`update webhook_endpoints set deleted_at = now() where deleted_at is null`);
    const reg = await t.request(
      'POST',
      merchantCreateWebhook.path,
      { url: hook.url, events: ['ORDER_CREATED'] },
      merchant,
    );
    expect(reg.status, reg.text).toBe(201);
    const endpointId: string = reg.body.id;
    hook.set(mode);
    const seenBefore = hook.seen();
    for (let i = 0; i < 6; i++)
      await webhooks.publish(db(), auroraId, 'ORDER_CREATED', { orderId: `o-${mode}-${i}` });

    const started = performance.now();
    await webhooks.deliveryQueue.drain();
    // Three tries reached the endpoint (at most a time-out each), the other three were stopped by the open circuit.
    expect(performance.now() - started).toBeLessThan(3_000);
    expect(hook.seen() - seenBefore).toBe(3);
    expect(state(`webhooks:${endpointId}`)).toBe('open');
    const pending = await db().execute(
      sql`select status, attempts from webhook_deliveries where endpoint_id = ${endpointId}::uuid`,
    );
    const rows = (pending as unknown as { rows: { status: string; attempts: number }[] }).rows;
    expect(rows).toHaveLength(6);
    expect(rows.every((r) => r.status === 'PENDING' && r.attempts === 1)).toBe(true);
    const log = await db().execute(
      sql`select a.error from webhook_attempts a join webhook_deliveries d on d.id = a.delivery_id
          where d.endpoint_id = ${endpointId}::uuid`,
    );
    const errors = (log as unknown as { rows: { error: string }[] }).rows.map((r) => r.error);
    expect(errors.filter((e) => e.includes('circuito aberto'))).toHaveLength(3);
    if (mode === 'hang') expect(errors.filter((e) => e.includes('time-out'))).toHaveLength(3);

    // Back: after the cool-down and the back-off, each delivery arrives once.
    hook.set('ok');
    t.clock.advance(2 * MINUTE);
    await webhooks.deliveryQueue.drain();
    expect(state(`webhooks:${endpointId}`)).toBe('closed');
    const delivered = await db().execute(
      sql`select count(*)::int as n from webhook_deliveries where endpoint_id = ${endpointId}::uuid and status = 'DELIVERED'`,
    );
    expect((delivered as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(6);
    const mine = hook.accepted.filter((a) => a.includes(`o-${mode}-`));
    expect(mine).toHaveLength(6);
    expect(new Set(mine.map((a) => a.split(' ')[0])).size).toBe(6);
  });
});

describe.each(MODES)('payout provider: %s', (mode) => {
  it('the transfer stays PENDING while the provider is down, the circuit stops calling, one transfer once it is back', async () => {
    const s = t.built.services.settlements;
    const m = await newMerchant(t);
    await s.addConfiguration(m, {
      transferDelayInDays: 5,
      payAllInOneSettlement: true,
      at: new Date('2027-05-01T12:00:00Z'),
    });
    // Two merchants' transfers due the same day: more tries than the circuit lets through.
    const other = await newMerchant(t);
    await s.addConfiguration(other, {
      transferDelayInDays: 5,
      payAllInOneSettlement: true,
      at: new Date('2027-05-01T12:00:00Z'),
    });
    const day = { fail: '2027-06-01', hang: '2027-07-01', garbage: '2027-08-02' }[mode];
    const due = { fail: '2027-06-07', hang: '2027-07-06', garbage: '2027-08-09' }[mode];
    t.clock.set(new Date(`${day}T13:00:00Z`));
    await sell(t, m, { total: 36_844 });
    await sell(t, other, { total: 10_000 });
    await dayAt(t, day);
    faults.set('payout', mode);
    const before = faults.calls('payout');
    // Both transfers tried and failed; 30 s later the first fails again (the third failure: open), the second is
    // not tried.
    await dayAt(t, due);
    t.clock.advance(30_000);
    await s.payoutQueue.drain();
    expect(faults.calls('payout') - before).toBe(3);
    expect(state('payout')).toBe('open');
    const waiting = (await payoutsOf(t, m)).filter((p) => p.amount > 0);
    expect(waiting.map((p) => p.status)).toEqual(['PENDING']);
    expect(waiting[0]?.lastError).toBe('O banco não respondeu; a transferência será tentada novamente');
    expect(await transfersOf(t, m)).toHaveLength(0);
    const tasks = await db()
      .select()
      .from(jobQueue)
      .where(and(eq(jobQueue.queue, 'settlement-payouts'), eq(jobQueue.status, 'PENDING')));
    expect(tasks.some((task) => (task.lastError ?? '').includes('payout:'))).toBe(true);

    faults.set('payout', 'ok');
    t.clock.advance(2 * 60 * MINUTE);
    await s.payoutQueue.drain();
    expect(state('payout')).toBe('closed');
    const paid = (await payoutsOf(t, m)).filter((p) => p.amount > 0);
    expect(paid.map((p) => p.status)).toEqual(['PAID']);
    const transfers = await transfersOf(t, m);
    expect(transfers).toHaveLength(1);
    expect(transfers[0]?.amount).toBe(paid[0]?.amount);
    expect(await transfersOf(t, other)).toHaveLength(1);
  });
});

describe.each(MODES)('SMS gateway: %s', (mode) => {
  it('the codes wait in the outbox while the gateway is down, the circuit stops calling, each is sent once when it is back', async () => {
    const delivery = t.built.services.smsDelivery;
    const phones = [1, 2, 3, 4, 5].map((i) => `+551199110${String(4300 + i + MODES.indexOf(mode) * 10)}`);
    faults.set('sms', mode);
    const before = faults.calls('sms');
    for (const to of phones)
      await t.built.services.notifications.sms.send({ to, body: 'Seu código Drip: 123456', code: '123456' });
    const started = performance.now();
    await delivery.run();
    expect(performance.now() - started).toBeLessThan(3_000);
    expect(faults.calls('sms') - before).toBe(3);
    expect(state('sms')).toBe('open');
    const statuses = async () =>
      (
        await db()
          .select({ to: outboxMessages.to, status: outboxMessages.status })
          .from(outboxMessages)
          .where(sql`${outboxMessages.to} in ${phones}`)
      ).map((r) => r.status);
    expect(await statuses()).toEqual(['PENDING', 'PENDING', 'PENDING', 'PENDING', 'PENDING']);

    faults.set('sms', 'ok');
    t.clock.advance(2 * MINUTE);
    await delivery.run();
    expect(state('sms')).toBe('closed');
    expect(await statuses()).toEqual(['SENT', 'SENT', 'SENT', 'SENT', 'SENT']);
    const mine = smsSent.filter((m) => phones.includes(m.to));
    expect(mine.map((m) => m.to).sort()).toEqual([...phones].sort());
    // Another run sends nothing again.
    await delivery.run();
    expect(smsSent.filter((m) => phones.includes(m.to))).toHaveLength(5);
  });
});

describe('SMS gateway down for good', () => {
  it('the message ends FAILED, its task is listed dead for an operator, whose retry sends it', async () => {
    const delivery = t.built.services.smsDelivery;
    const to = '+5511987650001';
    faults.set('sms', 'fail');
    await t.built.services.notifications.sms.send({ to, body: 'Seu código Drip: 654321', code: '654321' });
    for (let i = 0; i < 15; i++) {
      t.clock.advance(15 * MINUTE);
      await delivery.run();
    }
    const [row] = await db().select().from(outboxMessages).where(eq(outboxMessages.to, to));
    expect(row?.status).toBe('FAILED');
    const admin = bearer((await loginAdmin(t)).token);
    const dead = await t.request(
      'GET',
      `/admin_backoffice/api/v1/jobs/dead?queue=${SMS_QUEUE}`,
      undefined,
      admin,
    );
    expect(dead.status, dead.text).toBe(200);
    const task = dead.body.tasks.find(
      (d: { payload: { messageId: string } }) => d.payload.messageId === row?.id,
    );
    expect(task).toBeDefined();
    faults.set('sms', 'ok');
    t.clock.advance(2 * MINUTE);
    const retried = await t.request(
      'POST',
      `/admin_backoffice/api/v1/jobs/dead/${task.id}/retry`,
      undefined,
      admin,
    );
    expect(retried.status, retried.text).toBe(200);
    await delivery.run();
    const [after] = await db().select().from(outboxMessages).where(eq(outboxMessages.to, to));
    expect(after?.status).toBe('SENT');
    expect(smsSent.filter((m) => m.to === to)).toHaveLength(1);
  });
});

/** A charge of the sandbox PSP, paid there (the PSP's webhook books it when Drip can confirm it). */
async function paidAtPsp(amount: number) {
  const charge = await t.built.services.payments.createCharge(null, {
    purpose: 'UNIQUE_PAYMENT',
    referenceId: `ref-${Math.random()}`,
    amount: cents(amount),
    description: 'Pedido de teste',
  });
  const res = await t.request('POST', '/sandbox/pix/pay', {
    txid: charge.txid,
    payerCpf: '529.982.247-25',
    payerBankCode: '260',
    payerName: 'Maria Silva',
  });
  expect(res.status, res.text).toBe(200);
  return { charge, e2eid: res.body.endToEndId as string };
}

describe.each(MODES)('PSP, queued work: %s', (mode) => {
  it('devoluções wait while the PSP is down, the circuit stops calling, each Pix is refunded once when it is back', async () => {
    const payments = t.built.services.payments;
    payments.onPaid('UNIQUE_PAYMENT', async () => {});
    const paid = [];
    for (let i = 0; i < 4; i++) paid.push(await paidAtPsp(500 + i));
    faults.set('psp', mode);
    const before = faults.calls('psp');
    for (const p of paid) await payments.refundCharge(null, p.charge.id, p.charge.amount, 'Devolução');
    await payments.processPendingRefunds();
    // The fourth devolução was not asked: the circuit opened at the third failure.
    expect(faults.calls('psp') - before).toBe(3);
    expect(state('psp')).toBe('open');
    const rows = await db()
      .select()
      .from(pixRefunds)
      .where(
        inArray(
          pixRefunds.chargeId,
          paid.map((p) => p.charge.id),
        ),
      );
    expect(rows.map((r) => r.status)).toEqual(['REQUESTED', 'REQUESTED', 'REQUESTED', 'REQUESTED']);

    faults.set('psp', 'ok');
    t.clock.advance(2 * MINUTE);
    await payments.processPendingRefunds();
    expect(state('psp')).toBe('closed');
    const psp = t.built.services.sandboxPsp;
    for (const p of paid) {
      const devolucoes = (await psp?.getPix(p.e2eid))?.devolucoes ?? [];
      expect(devolucoes).toHaveLength(1);
      expect(devolucoes[0]?.valor).toBe(p.charge.amount);
    }
  });
});

describe('PSP down when a Pix is paid', () => {
  it('the webhook cannot be confirmed (the PSP sends it again), and the reconciliation books the Pix once when the PSP is back', async () => {
    const payments = t.built.services.payments;
    const booked: string[] = [];
    payments.onPaid('UNIQUE_PAYMENT', async (_tx, charge) => {
      booked.push(charge.id);
    });
    const charge = await payments.createCharge(null, {
      purpose: 'UNIQUE_PAYMENT',
      referenceId: `ref-${Math.random()}`,
      amount: cents(1234),
      description: 'Pedido de teste',
    });
    faults.set('psp', 'hang');
    const started = performance.now();
    await t.request('POST', '/sandbox/pix/pay', {
      txid: charge.txid,
      payerCpf: '529.982.247-25',
      payerBankCode: '260',
      payerName: 'Maria Silva',
    });
    expect(performance.now() - started).toBeLessThan(3_000);
    expect((await payments.getCharge(charge.id))?.status).toBe('ACTIVE');
    await payments.reconcilePending();
    expect((await payments.getCharge(charge.id))?.status).toBe('ACTIVE');

    faults.set('psp', 'ok');
    t.clock.advance(2 * MINUTE);
    await payments.reconcilePending();
    await payments.reconcilePending();
    expect((await payments.getCharge(charge.id))?.status).toBe('PAID');
    expect(booked.filter((id) => id === charge.id)).toHaveLength(1);
  });
});
