import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import type { DbOrTx } from '../db/types.ts';
import { jobPeriods } from './tables.ts';

/**
 * First key of every job's advisory lock (the two-int form of pg_try_advisory_xact_lock, whose key space does not
 * overlap the one-bigint form of the migration lock): the jobs of Drip, as opposed to anything else sharing the
 * database.
 */
export const JOB_LOCK_NAMESPACE = 720_450;

/**
 * The second key of a job's advisory lock: FNV-1a (32 bits, signed) of its name. Derived, not chosen by hand, so that
 * two jobs cannot share a lock by a copied constant (one would then silently skip while the other runs). The
 * registry refuses two names whose keys collide.
 */
export function jobLockKey(name: string): number {
  let h = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(name)) {
    h ^= byte;
    h = Math.imul(h, 0x01000193);
  }
  return h | 0;
}

const LockRows = v.object({ rows: v.array(v.object({ locked: v.boolean() })) });

/**
 * Takes the job's transaction-scoped advisory lock inside `tx`, without waiting: false when another instance (or
 * another run in this one) holds it. Released when the transaction ends.
 */
export async function tryJobLock(tx: DbOrTx, name: string): Promise<boolean> {
  const rows = v.parse(
    LockRows,
    await tx.execute(
      sql`select pg_try_advisory_xact_lock(${JOB_LOCK_NAMESPACE}::int, ${jobLockKey(name)}::int) as locked`,
    ),
  );
  return rows.rows[0]?.locked === true;
}

const ClaimRows = v.object({ rows: v.array(v.object({ job: v.string() })) });

/**
 * Claims the job's current period for the caller, in one statement: periods are `intervalMs` long and aligned to the
 * epoch (wall time), and the row of `job_periods` moves forward only. True for the first instance to claim the period,
 * false for every other (another instance ran, or is running, the job in it). Unlike the advisory lock, which only
 * keeps two runs from overlapping, this keeps N instances' timers from running a job N times a period.
 */
export async function claimJobPeriod(
  db: DbOrTx,
  name: string,
  intervalMs: number,
  now: Date,
  claimedBy: string,
): Promise<boolean> {
  const periodStart = new Date(Math.floor(now.getTime() / intervalMs) * intervalMs).toISOString();
  const rows = v.parse(
    ClaimRows,
    await db.execute(sql`
      insert into ${jobPeriods} (job, period_start, claimed_by)
      values (${name}, ${periodStart}::timestamptz, ${claimedBy})
      on conflict (job) do update set period_start = excluded.period_start, claimed_by = excluded.claimed_by
        where ${jobPeriods.periodStart} < excluded.period_start
      returning job`),
  );
  return rows.rows.length === 1;
}
