/**
 * Devoluções go to the PSP through the durable queue (docs/jobs.md): the task is written in the same transaction or
 * statement as the devolução, retried with back-off while the PSP fails, and a retry after a crash between the
 * PSP's answer and the commit asks for the same devolução (its id is the PSP's), never a second one.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cents } from '@drip/core';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TaskQueues } from '../../src/jobs/queue.ts';
import { jobQueue } from '../../src/jobs/tables.ts';
import { createLogger } from '../../src/log.ts';
import type { PixPort } from '../../src/modules/payments/pix-port.ts';
import { REFUND_QUEUE } from '../../src/modules/payments/refunds.ts';
import { type Charge, Payments } from '../../src/modules/payments/service.ts';
import { pixCharges, pixRefunds } from '../../src/modules/payments/tables.ts';
import { seededApp } from '../helpers.ts';

let t: Awaited<ReturnType<typeof seededApp>>;

beforeAll(async () => {
  t = await seededApp();
  // Paid UNIQUE_PAYMENT charges stay paid (the instalments' handler would give back one without its payment).
  t.built.services.payments.onPaid('UNIQUE_PAYMENT', async () => {});
});
afterAll(async () => {
  t.built.services.sandboxPsp?.close();
  await t.dispose();
});

const db = () => t.database.db;
const svc = () => t.built.services.payments;
const psp = () => {
  const p = t.built.services.sandboxPsp;
  if (!p) throw new Error('no sandbox PSP');
  return p;
};
const MINUTE = 60_000;

/** Another "process" on the same database: its own payments service, queue worker and PSP client. */
function instance(pix: PixPort): Payments {
  const log = createLogger('silent');
  return new Payments({
    db: db(),
    clock: t.clock,
    log,
    pix,
    queues: new TaskQueues({ db: db(), clock: t.clock, log }),
    defaultExpirySeconds: 900,
  });
}

/** A charge paid at the sandbox PSP and booked (its handler does nothing): its charge and endToEndId. */
async function paidCharge(amount: number, purpose: Charge['purpose'] = 'UNIQUE_PAYMENT') {
  const c = await svc().createCharge(null, {
    purpose,
    referenceId: `ref-${Math.random()}`,
    amount: cents(amount),
    description: 'Pedido de teste',
  });
  const res = await t.request('POST', '/sandbox/pix/pay', {
    txid: c.txid,
    payerCpf: '529.982.247-25',
    payerBankCode: '260',
    payerName: 'Maria Silva',
  });
  expect(res.status, res.text).toBe(200);
  return { charge: c, e2eid: res.body.endToEndId as string };
}

async function refundOf(chargeId: string) {
  const rows = await db().select().from(pixRefunds).where(eq(pixRefunds.chargeId, chargeId));
  expect(rows).toHaveLength(1);
  const [r] = rows;
  if (!r) throw new Error('no devolução');
  return r;
}

async function taskOf(refundId: string) {
  const rows = await db()
    .select()
    .from(jobQueue)
    .where(and(eq(jobQueue.queue, REFUND_QUEUE), eq(jobQueue.dedupeKey, refundId)));
  expect(rows).toHaveLength(1);
  const [task] = rows;
  if (!task) throw new Error('no task');
  return task;
}

const devolucoesAtPsp = async (e2eid: string) => (await psp().getPix(e2eid))?.devolucoes ?? [];

describe('devoluções on the durable queue', () => {
  it('every way a devolução is asked for writes its task with it: refundCharge, the booking of money not booked, the one-statement booking', async () => {
    // refundCharge (one statement: the charge's refunded amount, the devolução and its task).
    const a = await paidCharge(700);
    await svc().refundCharge(null, a.charge.id, cents(700), 'Devolução');
    expect(await taskOf((await refundOf(a.charge.id)).id)).toMatchObject({ status: 'PENDING', attempts: 0 });
    // A canceled charge paid anyway (the booking transaction's slow path).
    const b = await svc().createCharge(null, {
      purpose: 'UNIQUE_PAYMENT',
      referenceId: 'ref-canceled',
      amount: cents(800),
      description: 'Pedido de teste',
    });
    await db().update(pixCharges).set({ status: 'CANCELED' }).where(eq(pixCharges.id, b.id));
    await t.request('POST', '/sandbox/pix/pay', {
      txid: b.txid,
      payerCpf: '529.982.247-25',
      payerBankCode: '260',
      payerName: 'Maria Silva',
    });
    expect(await taskOf((await refundOf(b.id)).id)).toMatchObject({ status: 'PENDING' });
    // The R$ 1,00 verification, booked in one statement by the checkout (its refund CTEs carry the task).
    const v = await paidCharge(100, 'VERIFICATION');
    expect(await taskOf((await refundOf(v.charge.id)).id)).toMatchObject({ status: 'PENDING' });
    // The queue sends them all.
    await svc().processPendingRefunds();
    for (const c of [a.charge.id, b.id, v.charge.id]) {
      const r = await refundOf(c);
      expect(r.status).toBe('DEVOLVIDO');
      expect(await taskOf(r.id)).toMatchObject({ status: 'DONE', attempts: 1 });
    }
  });

  it('the PSP fails twice then answers: retried with back-off, exactly one devolução recorded', async () => {
    const { charge, e2eid } = await paidCharge(1500);
    await svc().refundCharge(null, charge.id, cents(1500), 'Devolução');
    let calls = 0;
    const base = psp().port();
    const flaky = instance({
      ...base,
      refund: async (...args) => {
        calls += 1;
        if (calls <= 2) throw new Error('PSP indisponível');
        return base.refund(...args);
      },
    });
    const r = await refundOf(charge.id);

    await flaky.processPendingRefunds();
    expect(await refundOf(charge.id)).toMatchObject({
      status: 'REQUESTED',
      attempts: 1,
      lastError: 'PSP indisponível',
    });
    expect(await taskOf(r.id)).toMatchObject({ status: 'PENDING', attempts: 1 });
    // Not due again before its back-off (30 s after the first failure).
    t.clock.advance(20_000);
    await flaky.processPendingRefunds();
    expect(calls).toBe(1);
    t.clock.advance(11_000);
    await flaky.processPendingRefunds();
    expect(calls).toBe(2);
    expect(await taskOf(r.id)).toMatchObject({ status: 'PENDING', attempts: 2 });
    // The second back-off doubles: 60 s.
    t.clock.advance(45_000);
    await flaky.processPendingRefunds();
    expect(calls).toBe(2);
    t.clock.advance(16_000);
    await flaky.processPendingRefunds();
    expect(calls).toBe(3);

    expect(await refundOf(charge.id)).toMatchObject({ status: 'DEVOLVIDO', attempts: 3, lastError: null });
    expect(await taskOf(r.id)).toMatchObject({ status: 'DONE', attempts: 3 });
    expect(await devolucoesAtPsp(e2eid)).toMatchObject([{ id: r.id, valor: 1500, status: 'DEVOLVIDO' }]);
    // Nothing left to send.
    t.clock.advance(60 * MINUTE);
    await flaky.processPendingRefunds();
    expect(calls).toBe(3);
  });

  it('the process dies after the PSP refunded and before the task was marked done: the retry does not refund twice', async () => {
    const { charge, e2eid } = await paidCharge(2500);
    await svc().refundCharge(null, charge.id, cents(2500), 'Devolução');
    const r = await refundOf(charge.id);
    const base = psp().port();
    // Process A: the PSP takes the devolução, then the process "dies" before anything is written back (its call
    // never returns while B works).
    let refunded!: () => void;
    const atPsp = new Promise<void>((resolve) => {
      refunded = resolve;
    });
    let revive!: () => void;
    const dead = new Promise<void>((resolve) => {
      revive = resolve;
    });
    const a = instance({
      ...base,
      refund: async (...args) => {
        const d = await base.refund(...args);
        refunded();
        await dead;
        return d;
      },
    });
    const aRun = a.processPendingRefunds();
    await atPsp;
    expect(await devolucoesAtPsp(e2eid)).toHaveLength(1);
    expect(await refundOf(charge.id)).toMatchObject({ status: 'REQUESTED' });
    expect(await taskOf(r.id)).toMatchObject({ status: 'RUNNING', attempts: 1 });

    // Process B, after A's lease ended (5 min): takes the task again and asks for the same devolução.
    let bCalls = 0;
    const b = instance({
      ...base,
      refund: async (...args) => {
        bCalls += 1;
        return base.refund(...args);
      },
    });
    t.clock.advance(4 * MINUTE);
    await b.processPendingRefunds();
    expect(bCalls).toBe(0); // A's lease still stands
    t.clock.advance(MINUTE + 1000);
    await b.processPendingRefunds();
    expect(bCalls).toBe(1);
    expect(await devolucoesAtPsp(e2eid)).toMatchObject([{ id: r.id, valor: 2500, status: 'DEVOLVIDO' }]);
    expect(await refundOf(charge.id)).toMatchObject({ status: 'DEVOLVIDO', attempts: 2 });
    expect(await taskOf(r.id)).toMatchObject({ status: 'DONE', attempts: 2 });
    expect(await svc().getCharge(charge.id)).toMatchObject({ status: 'REFUNDED', refundedAmount: 2500 });

    // A comes back: its late answer changes nothing (its claim is gone), and no run asks the PSP again.
    revive();
    await aRun;
    expect(await taskOf(r.id)).toMatchObject({ status: 'DONE', attempts: 2 });
    t.clock.advance(60 * MINUTE);
    await b.processPendingRefunds();
    await svc().processPendingRefunds();
    expect(bCalls).toBe(1);
    expect(await devolucoesAtPsp(e2eid)).toHaveLength(1);
  });

  it('the jobs runner drains the queue as queue-pix-refunds', async () => {
    const { serverJobs } = await import('../../src/jobs/registry.ts');
    const runner = serverJobs(t.built.services, createLogger('silent'));
    const { charge, e2eid } = await paidCharge(300);
    await svc().refundCharge(null, charge.id, cents(300), 'Devolução');
    expect(await runner.runNow('queue-pix-refunds')).toEqual({ ran: true, rows: 1 });
    expect(await devolucoesAtPsp(e2eid)).toMatchObject([{ valor: 300, status: 'DEVOLVIDO' }]);
  });

  it('the migration gives the devoluções still waiting from before the queue their task', async () => {
    const { charge, e2eid } = await paidCharge(400);
    // A devolução recorded the old way: its row only, no task.
    const id = `old${Math.random().toString(36).slice(2)}`;
    await db().insert(pixRefunds).values({
      id,
      chargeId: charge.id,
      endToEndId: e2eid,
      amount: 400,
      reason: 'Devolução',
      status: 'REQUESTED',
      createdAt: t.clock.now(),
      updatedAt: t.clock.now(),
    });
    const dir = join(import.meta.dirname, '..', '..', 'drizzle');
    const file = readdirSync(dir).find((f) => f.endsWith('_pix_refunds_on_queue.sql'));
    if (!file) throw new Error('no migration');
    await db().execute(sql.raw(readFileSync(join(dir, file), 'utf8')));
    await db().execute(sql.raw(readFileSync(join(dir, file), 'utf8'))); // twice: one task
    const task = await taskOf(id);
    // run_at is the database's now(); the test clock may be behind it.
    await db().update(jobQueue).set({ runAt: t.clock.now() }).where(eq(jobQueue.id, task.id));
    await svc().processPendingRefunds();
    expect(await devolucoesAtPsp(e2eid)).toMatchObject([{ id, valor: 400, status: 'DEVOLVIDO' }]);
  });
});
