import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_LOCK_NAMESPACE, jobLockKey, tryJobLock } from '../../src/jobs/lock.ts';
import { JOB } from '../../src/jobs/names.ts';
import { serverJobs } from '../../src/jobs/registry.ts';
import { JobRunner } from '../../src/jobs/runner.ts';
import { createLogger } from '../../src/log.ts';
import { seededApp } from '../helpers.ts';

function capture() {
  const lines: Record<string, unknown>[] = [];
  return { lines, log: createLogger('debug', (l) => lines.push(JSON.parse(l))) };
}

let t: Awaited<ReturnType<typeof seededApp>>;
beforeAll(async () => {
  t = await seededApp();
});
afterAll(async () => {
  await t.dispose();
});

describe('the jobs runner', () => {
  it('the server registers every periodic job once, each with its own lock key', () => {
    const jobs = serverJobs(t.built.services, createLogger('silent')).list();
    expect(jobs.map((j) => j.name).sort()).toEqual(Object.values(JOB).sort());
    const keys = jobs.map((j) => jobLockKey(j.name));
    expect(new Set(keys).size).toBe(jobs.length);
    for (const k of keys) expect(Number.isInteger(k) && k >= -(2 ** 31) && k < 2 ** 31).toBe(true);
  });

  it('each job takes the lock of its own name', async () => {
    // The lock is taken in the job's transaction; pg_locks shows it there.
    const held = await t.database.db.transaction(async (tx) => {
      expect(await tryJobLock(tx, JOB.pixChargeExpiry)).toBe(true);
      const locks = await tx.execute(
        "select classid::int as ns, objid::int as key from pg_locks where locktype = 'advisory' and objsubid = 2",
      );
      return v.parse(v.object({ rows: v.array(v.object({ ns: v.number(), key: v.number() })) }), locks).rows;
    });
    expect(held).toContainEqual({ ns: JOB_LOCK_NAMESPACE, key: jobLockKey(JOB.pixChargeExpiry) });
  });

  it('refuses a name registered twice', () => {
    const runner = new JobRunner(createLogger('silent'));
    runner.register({ name: 'a-job', intervalMs: 1000, run: async () => 0 });
    expect(() => runner.register({ name: 'a-job', intervalMs: 1000, run: async () => 0 })).toThrow(/twice/);
  });

  it('logs one line per run with the job, its duration and the rows touched; a failure is logged, not thrown', async () => {
    const { lines, log } = capture();
    const runner = new JobRunner(log)
      .register({ name: 'touches', intervalMs: 60_000, run: async () => 3 })
      .register({ name: 'skipped', intervalMs: 60_000, run: async () => ({ ran: false, rows: 0 }) })
      .register({
        name: 'breaks',
        intervalMs: 60_000,
        run: async () => {
          throw new Error('boom');
        },
      });
    expect(await runner.runNow('touches')).toEqual({ ran: true, rows: 3 });
    expect(await runner.runNow('skipped')).toEqual({ ran: false, rows: 0 });
    expect(await runner.runNow('breaks')).toBeNull();
    expect(lines).toEqual([
      expect.objectContaining({
        level: 'info',
        msg: 'job run',
        job: 'touches',
        rows: 3,
        ms: expect.any(Number),
      }),
      expect.objectContaining({ level: 'debug', msg: 'job run', job: 'skipped', rows: 0, skipped: true }),
      expect.objectContaining({ level: 'error', msg: 'job failed', job: 'breaks', error: 'boom' }),
    ]);
  });

  it('never overlaps a job with itself, and stop() waits for the run in progress', async () => {
    let release!: () => void;
    let runs = 0;
    let finished = false;
    const runner = new JobRunner(createLogger('silent')).register({
      name: 'slow',
      intervalMs: 60_000,
      run: async () => {
        runs += 1;
        await new Promise<void>((r) => {
          release = r;
        });
        finished = true;
        return 1;
      },
    });
    const first = runner.runNow('slow');
    const second = runner.runNow('slow');
    expect(second).toBe(first);
    const stopped = runner.stop().then(() => finished);
    await Promise.resolve();
    release();
    expect(await stopped).toBe(true);
    expect(runs).toBe(1);
    expect(await runner.runNow('slow')).toBeNull();
  });

  it('start() runs the start-up jobs at once and the others only after their interval', async () => {
    const ran: string[] = [];
    const runner = new JobRunner(createLogger('silent'))
      .register({
        name: 'at-start',
        intervalMs: 3_600_000,
        runAtStart: true,
        run: async () => ran.push('at-start'),
      })
      .register({ name: 'later', intervalMs: 3_600_000, run: async () => ran.push('later') });
    runner.start();
    await runner.stop();
    expect(ran).toEqual(['at-start']);
  });
});
