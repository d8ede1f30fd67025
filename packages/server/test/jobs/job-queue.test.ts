import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../src/clock.ts';
import type { DatabaseHandle } from '../../src/db/index.ts';
import { DomainError } from '../../src/errors.ts';
import { TaskQueues } from '../../src/jobs/queue.ts';
import { JobRunner } from '../../src/jobs/runner.ts';
import { jobQueue } from '../../src/jobs/tables.ts';
import { createLogger } from '../../src/log.ts';
import { openTestDatabase } from '../helpers.ts';

let database: DatabaseHandle;
let dispose: () => Promise<void>;
const clock = manualClock(new Date('2026-03-10T12:00:00Z'));
let queues: TaskQueues;
const Payload = v.object({ n: v.number() });

beforeAll(async () => {
  ({ database, dispose } = await openTestDatabase());
  queues = new TaskQueues({ db: database.db, clock, log: createLogger('silent') });
});
afterAll(async () => {
  await dispose();
});

const rowOf = async (id: string) => (await database.db.select().from(jobQueue).where(eq(jobQueue.id, id)))[0];
const tasksOf = (queue: string) => database.db.select().from(jobQueue).where(eq(jobQueue.queue, queue));

describe('the durable queue', () => {
  it('a task exists exactly when the transaction that enqueued it commits; a key enqueues once', async () => {
    const seen: number[] = [];
    const q = queues.define({
      name: 'tx-test',
      payload: Payload,
      handle: async (t) => void seen.push(t.payload.n),
    });
    await database.db
      .transaction(async (tx) => {
        await q.enqueue(tx, { n: 1 });
        throw new Error('rolled back');
      })
      .catch(() => {});
    await database.db.transaction(async (tx) => {
      expect(await q.enqueue(tx, { n: 2 }, { key: 'k' })).toBe(true);
    });
    expect(await q.enqueue(database.db, { n: 3 }, { key: 'k' })).toBe(false);
    expect(await q.drain()).toEqual({ ran: true, rows: 1 });
    expect(seen).toEqual([2]);
    expect((await tasksOf('tx-test')).map((r) => r.status)).toEqual(['DONE']);
    expect(await q.drain()).toEqual({ ran: true, rows: 0 });
  });

  it('retries a failed task with exponential back-off, then it succeeds', async () => {
    const tries: number[] = [];
    const q = queues.define({
      name: 'backoff-test',
      payload: Payload,
      backoff: { baseMs: 10_000, maxMs: 60_000 },
      handle: async (t) => {
        tries.push(t.attempt);
        if (t.attempt < 3) throw new Error(`PSP fora do ar (${t.attempt})`);
      },
    });
    await q.enqueue(database.db, { n: 1 });
    const [task] = await tasksOf('backoff-test');
    await q.drain();
    let row = await rowOf(task!.id);
    expect(row).toMatchObject({ status: 'PENDING', attempts: 1, lastError: 'PSP fora do ar (1)' });
    expect(row!.runAt.getTime() - clock.now().getTime()).toBe(10_000);
    expect(await q.drain()).toMatchObject({ rows: 0 }); // not due yet
    clock.advance(10_000);
    await q.drain();
    row = await rowOf(task!.id);
    expect(row).toMatchObject({ status: 'PENDING', attempts: 2 });
    expect(row!.runAt.getTime() - clock.now().getTime()).toBe(20_000);
    clock.advance(20_000);
    await q.drain();
    expect(await rowOf(task!.id)).toMatchObject({ status: 'DONE', attempts: 3, lastError: null });
    expect(tries).toEqual([1, 2, 3]);
  });

  it('a task that keeps failing is DEAD after its last attempt, with its error kept and logged', async () => {
    const lines: Record<string, unknown>[] = [];
    const logged = new TaskQueues({
      db: database.db,
      clock,
      log: createLogger('warn', (l) => lines.push(JSON.parse(l))),
    });
    const q = logged.define({
      name: 'dead-test',
      payload: Payload,
      maxAttempts: 2,
      backoff: { baseMs: 1000, maxMs: 1000 },
      handle: async () => {
        throw new Error('recusado');
      },
    });
    await q.enqueue(database.db, { n: 1 });
    await q.drain();
    clock.advance(1000);
    await q.drain();
    clock.advance(1000);
    expect(await q.drain()).toMatchObject({ rows: 0 });
    const [row] = await tasksOf('dead-test');
    expect(row).toMatchObject({ status: 'DEAD', attempts: 2, lastError: 'recusado' });
    expect(lines.map((l) => [l.level, l.msg])).toEqual([
      ['warn', 'queued task failed'],
      ['error', 'queued task dead'],
    ]);
  });

  it('a bad stored payload fails the task instead of reaching the handler', async () => {
    let called = false;
    const q = queues.define({
      name: 'payload-test',
      payload: Payload,
      handle: async () => {
        called = true;
      },
    });
    await q.enqueue(database.db, { n: 'um' } as unknown as { n: number });
    await q.drain();
    expect(called).toBe(false);
    expect((await tasksOf('payload-test'))[0]).toMatchObject({ status: 'PENDING', attempts: 1 });
  });

  it("a crashed worker's task is taken again when its lease ends, and the late worker's answer is ignored", async () => {
    const tries: number[] = [];
    let secondStarted!: () => void;
    const started = new Promise<void>((r) => {
      secondStarted = r;
    });
    let releaseSecond!: () => void;
    const released = new Promise<void>((r) => {
      releaseSecond = r;
    });
    let secondDrain: Promise<unknown> = Promise.resolve();
    const q = queues.define({
      name: 'lease-test',
      payload: Payload,
      leaseMs: 60_000,
      handle: async (t) => {
        tries.push(t.attempt);
        if (t.attempt === 1) {
          // This worker stalls past its lease: another takes the task and is still at it when this one answers.
          clock.advance(60_000);
          secondDrain = q.drain();
          await started;
          throw new Error('too late');
        }
        secondStarted();
        await released;
      },
    });
    await q.enqueue(database.db, { n: 1 });
    await q.drain();
    // The late failure did not reschedule the task under the second worker's feet.
    expect((await tasksOf('lease-test'))[0]).toMatchObject({ status: 'RUNNING', attempts: 2 });
    releaseSecond();
    await secondDrain;
    expect(tries).toEqual([1, 2]);
    expect((await tasksOf('lease-test'))[0]).toMatchObject({ status: 'DONE', attempts: 2, lastError: null });
  });

  it("registers as the runner's job queue-<name>, run at start", async () => {
    const q = queues.define({ name: 'runner-test', payload: Payload, handle: async () => {} });
    await q.enqueue(database.db, { n: 1 });
    const runner = new JobRunner(createLogger('silent')).register(q.job(60_000));
    expect(runner.list().map((j) => j.name)).toEqual(['queue-runner-test']);
    runner.start();
    await runner.stop();
    expect((await tasksOf('runner-test'))[0]?.status).toBe('DONE');
  });

  it('a dead task is never silent: its queue hears of it, it is counted and listed, and an operator retries it', async () => {
    const lines: Record<string, unknown>[] = [];
    const own = new TaskQueues({
      db: database.db,
      clock,
      log: createLogger('info', (l) => lines.push(JSON.parse(l))),
    });
    const died: { n: number; error: unknown }[] = [];
    const reopened: number[] = [];
    let refuse = false;
    let healthy = false;
    class Refusal extends Error {}
    const q = own.define({
      name: 'never-silent',
      payload: Payload,
      maxAttempts: 3,
      backoff: { baseMs: 1000, maxMs: 1000 },
      permanent: (err) => err instanceof Refusal,
      handle: async (t) => {
        if (healthy) return;
        throw t.payload.n === 1 ? new Refusal('recusado de vez') : new Error('fora do ar');
      },
      onDead: async (t, error) => void died.push({ n: t.payload.n, error }),
      onRetry: async (_tx, t) => {
        if (refuse) throw new DomainError('conflict', 'SAME_PENDING', 'Já existe outro igual');
        reopened.push(t.payload.n);
      },
    });
    await q.enqueue(database.db, { n: 1 });
    await q.enqueue(database.db, { n: 2 });
    await q.drain();
    // A refusal for good is dead on its first try; the other is retried up to its last.
    expect(died.map((d) => d.n)).toEqual([1]);
    expect(died[0]?.error).toBeInstanceOf(Refusal);
    for (let i = 0; i < 3; i++) {
      clock.advance(1000);
      await q.drain();
    }
    expect(died.map((d) => d.n)).toEqual([1, 2]);
    expect(own.deadCounts()).toEqual({ 'never-silent': 2 });
    expect(lines.filter((l) => l.msg === 'queued task dead').map((l) => l.error)).toEqual([
      'recusado de vez',
      'fora do ar',
    ]);
    const listed = await own.listDead({ queue: 'never-silent' });
    expect(listed.total).toBe(2);
    expect(listed.tasks.map((t) => [t.payload, t.attempts, t.lastError])).toEqual([
      [{ n: 2 }, 3, 'fora do ar'],
      [{ n: 1 }, 1, 'recusado de vez'],
    ]);
    const [second, first] = listed.tasks;
    if (!first || !second) throw new Error('not listed');
    // The queue may refuse a retry: the task stays dead.
    refuse = true;
    await expect(own.retryDead(first.id)).rejects.toMatchObject({ kind: 'conflict' });
    expect((await rowOf(first.id))?.status).toBe('DEAD');
    // A retry puts it back with all its tries, its queue reopening what it had ended, in the same transaction.
    refuse = false;
    healthy = true;
    const audited: string[] = [];
    expect(await own.retryDead(first.id, async (_tx, task) => void audited.push(task.id))).toMatchObject({
      id: first.id,
      queue: 'never-silent',
    });
    expect(audited).toEqual([first.id]);
    expect(reopened).toEqual([1]);
    expect(await rowOf(first.id)).toMatchObject({ status: 'PENDING', attempts: 0 });
    await q.drain();
    expect((await rowOf(first.id))?.status).toBe('DONE');
    expect((await own.listDead({ queue: 'never-silent' })).total).toBe(1);
    await expect(own.retryDead(first.id)).rejects.toMatchObject({ kind: 'not_found' });
    await expect(own.retryDead('nope')).rejects.toMatchObject({ kind: 'not_found' });
    expect(second.id).not.toBe(first.id);
  });
});

describe('a backlog', () => {
  it("one run of the queue's job drains batch after batch while they come back full", async () => {
    const seen: number[] = [];
    const q = queues.define({
      name: 'backlog-test',
      payload: Payload,
      batch: 20,
      handle: async (t) => void seen.push(t.payload.n),
    });
    for (let n = 0; n < 45; n++) await q.enqueue(database.db, { n });
    expect(await q.job(10_000).run()).toEqual({ ran: true, rows: 45 });
    expect(seen).toHaveLength(45);
    expect((await tasksOf('backlog-test')).every((r) => r.status === 'DONE')).toBe(true);
  });
});
