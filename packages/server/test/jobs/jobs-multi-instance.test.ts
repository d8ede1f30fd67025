/**
 * Two server instances on one PostgreSQL (DRIP_TEST_DATABASE_URL): each periodic job has its own advisory lock, so
 * a job running (or stuck) on one instance never makes another job skip on the other.
 */
import { cents } from '@drip/core';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { manualClock } from '../../src/clock.ts';
import { type DatabaseHandle, openDatabase } from '../../src/db/index.ts';
import { JOB_LOCK_NAMESPACE, jobLockKey } from '../../src/jobs/lock.ts';
import { JOB } from '../../src/jobs/names.ts';
import { TaskQueues } from '../../src/jobs/queue.ts';
import { createLogger } from '../../src/log.ts';
import { PasswordHasher } from '../../src/modules/auth/passwords.ts';
import { checkouts } from '../../src/modules/checkouts/tables.ts';
import { pixCharges } from '../../src/modules/payments/tables.ts';
import { seed } from '../../src/seed.ts';
import { AURORA, apiKeyOf, createCheckout } from '../checkout-helpers.ts';
import { appOn, createPgDatabase, PG_ADMIN_URL, TEST_HASHING, type TestApp } from '../helpers.ts';

describe.skipIf(!PG_ADMIN_URL)('periodic jobs on two instances of one PostgreSQL', () => {
  let fresh: { url: string; drop(): Promise<void> };
  let handles: DatabaseHandle[];
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    fresh = await createPgDatabase(PG_ADMIN_URL ?? '');
    handles = [
      await openDatabase({ databaseUrl: fresh.url }),
      await openDatabase({ databaseUrl: fresh.url }),
    ];
    await Promise.all(handles.map((h) => h.migrate()));
    await seed(handles[0]!.db, new PasswordHasher(TEST_HASHING));
    const clock = manualClock(new Date('2026-03-10T12:00:00Z'));
    a = appOn(handles[0]!, { clock });
    b = appOn(handles[1]!, { clock });
  });
  afterAll(async () => {
    for (const t of [a, b]) {
      await t?.built.services.instalmentEvents.close();
      t?.built.services.sandboxPsp?.close();
    }
    for (const h of handles ?? []) await h.close();
    await fresh?.drop();
  });

  it('Pix-charge expiry runs on B while checkout expiry holds its lock on A', async () => {
    const checkoutId = await createCheckout(a, await apiKeyOf(a, AURORA));
    const charge = await b.built.services.payments.createCharge(null, {
      purpose: 'UNIQUE_PAYMENT',
      referenceId: `ref-${Math.random()}`,
      amount: cents(500),
      description: 'x',
    });
    a.clock.advance(24 * 3600_000 + 1000);

    // A third session holds the expired checkout's row: A's checkout expiry takes its job lock, then waits on it.
    const blocker = new pg.Client({ connectionString: fresh.url });
    await blocker.connect();
    try {
      await blocker.query('begin');
      await blocker.query('select id from checkouts where id = $1 for update', [checkoutId]);
      const expiringCheckouts = a.built.services.checkouts.expireCheckouts();
      await vi.waitFor(
        async () => {
          const held = await blocker.query(
            "select count(*)::int as n from pg_locks where locktype = 'advisory' and granted",
          );
          expect(held.rows[0].n).toBeGreaterThan(0);
        },
        { timeout: 5_000, interval: 20 },
      );

      // Another job, on the other instance, while the checkout job is in progress: it runs.
      expect(await b.built.services.payments.expireCharges()).toBe(1);
      const [row] = await b.database.db.select().from(pixCharges).where(eq(pixCharges.id, charge.id));
      expect(row?.status).toBe('EXPIRED');

      await blocker.query('rollback');
      expect(await expiringCheckouts).toBe(1);
      const [c] = await a.database.db.select().from(checkouts).where(eq(checkouts.id, checkoutId));
      expect(c?.status).toBe('EXPIRED');
    } finally {
      await blocker.end();
    }
  });

  it('each job skips only while its own lock is held elsewhere', async () => {
    const s = b.built.services;
    const holder = new pg.Client({ connectionString: fresh.url });
    await holder.connect();
    const hold = (name: string) =>
      holder.query('select pg_advisory_lock($1::int, $2::int)', [JOB_LOCK_NAMESPACE, jobLockKey(name)]);
    const release = () => holder.query('select pg_advisory_unlock_all()');
    try {
      await hold(JOB.lateFees);
      expect((await s.lateFees.run()).ran).toBe(false);
      expect((await s.payments.reconcilePending()).ran).toBe(true);
      await release();
      await hold(JOB.pixReconciliation);
      expect((await s.payments.reconcilePending()).ran).toBe(false);
      expect((await s.lateFees.run()).ran).toBe(true);
      await release();

      await s.payments.createCharge(null, {
        purpose: 'UNIQUE_PAYMENT',
        referenceId: `ref-${Math.random()}`,
        amount: cents(500),
        description: 'x',
      });
      b.clock.advance(3600_000);
      await hold(JOB.pixChargeExpiry);
      expect(await s.payments.expireCharges()).toBe(0);
      await release();
      expect(await s.payments.expireCharges()).toBe(1);

      await createCheckout(a, await apiKeyOf(a, AURORA));
      b.clock.advance(25 * 3600_000);
      await hold(JOB.checkoutExpiry);
      expect(await s.checkouts.expireCheckouts()).toBe(0);
      await release();
      expect(await s.checkouts.expireCheckouts()).toBe(1);
    } finally {
      await holder.end();
    }
  });

  it('two instances draining one queue at once run each task exactly once', async () => {
    const handled: number[] = [];
    const Payload = v.object({ n: v.number() });
    const [qa, qb] = handles.map((h) =>
      new TaskQueues({ db: h.db, clock: a.clock, log: createLogger('silent') }).define({
        name: 'multi-instance-test',
        payload: Payload,
        batch: 5,
        handle: async (t) => {
          await new Promise((r) => setTimeout(r, 2));
          handled.push(t.payload.n);
        },
      }),
    );
    for (let n = 0; n < 40; n++) await qa!.enqueue(handles[0]!.db, { n });
    const drainAll = async (q: NonNullable<typeof qa>) => {
      while ((await q.drain()).rows > 0) {}
    };
    await Promise.all([drainAll(qa!), drainAll(qb!), drainAll(qa!), drainAll(qb!)]);
    expect(handled.slice().sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, n) => n));
  });
});
