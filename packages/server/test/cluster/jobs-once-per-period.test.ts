/**
 * N instances each start every periodic job's timer. A job's advisory lock only keeps two runs from overlapping;
 * the period claim (`job_periods`) makes the instances run it once per period between them. A queue's workers run
 * on every instance (they share the tasks out).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/index.ts';
import { claimJobPeriod } from '../../src/jobs/lock.ts';
import { JobRunner } from '../../src/jobs/runner.ts';
import { createLogger } from '../../src/log.ts';
import { openTestDatabase } from '../helpers.ts';

let database: DatabaseHandle;
let dispose: () => Promise<void>;
beforeAll(async () => {
  ({ database, dispose } = await openTestDatabase());
});
afterAll(async () => {
  await dispose?.();
});

const INTERVAL = 100;
const INSTANCES = 3;

describe('periodic jobs on three instances of one database', () => {
  it('run once per period between them; queue workers on every instance', async () => {
    const runs = { sweep: 0, worker: 0 };
    const runners = Array.from({ length: INSTANCES }, (_, i) => {
      const claim = (name: string, intervalMs: number) =>
        claimJobPeriod(database.db, name, intervalMs, new Date(), `instance-${i}`);
      return new JobRunner(createLogger('silent'), undefined, claim)
        .register({
          name: 'sweep',
          intervalMs: INTERVAL,
          run: async () => {
            runs.sweep++;
            return 0;
          },
        })
        .register({
          name: 'queue-worker',
          intervalMs: INTERVAL,
          everyInstance: true,
          run: async () => {
            runs.worker++;
            return 0;
          },
        });
    });
    // Timers out of phase, as instances started at different moments.
    for (const [i, r] of runners.entries()) setTimeout(() => r.start(), (i * INTERVAL) / INSTANCES);
    const started = Date.now();
    await new Promise((r) => setTimeout(r, 20 * INTERVAL));
    await Promise.all(runners.map((r) => r.stop()));
    const periods = Math.ceil((Date.now() - started) / INTERVAL) + 1;

    // Each instance's timer fired about 20 times: 60 ticks, one run a period.
    expect(runs.sweep).toBeGreaterThanOrEqual(periods / 2);
    expect(runs.sweep).toBeLessThanOrEqual(periods);
    expect(runs.worker).toBeGreaterThan(periods * 1.5);
  });

  it('a claimed period is refused to the others, and the next period is claimed again', async () => {
    const t = new Date('2026-03-10T12:00:00.000Z');
    const later = new Date(t.getTime() + 60_000);
    expect(await claimJobPeriod(database.db, 'settle', 60_000, t, 'a')).toBe(true);
    expect(await claimJobPeriod(database.db, 'settle', 60_000, new Date(t.getTime() + 59_000), 'b')).toBe(
      false,
    );
    expect(await claimJobPeriod(database.db, 'settle', 60_000, later, 'b')).toBe(true);
    // A late instance whose clock is behind never moves the period back.
    expect(await claimJobPeriod(database.db, 'settle', 60_000, t, 'c')).toBe(false);
  });
});
