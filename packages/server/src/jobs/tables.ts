import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * The durable queue of work that must be retried until it succeeds (queue.ts): one row per task. PENDING tasks wait
 * for `run_at`; a claimed task is RUNNING until `locked_until` (its lease: a crashed worker's task is claimed again
 * after it); a task that failed `max_attempts` times is DEAD (kept for an operator), a finished one DONE.
 */
export const jobQueue = pgTable(
  'job_queue',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Which handler runs it (a queue name registered with the runner). */
    queue: text('queue').notNull(),
    payload: jsonb('payload').notNull(),
    /** Optional idempotency key: a second enqueue with the same queue and key is ignored. */
    dedupeKey: text('dedupe_key'),
    status: text('status', { enum: ['PENDING', 'RUNNING', 'DONE', 'DEAD'] })
      .notNull()
      .default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('job_queue_dedupe_idx').on(t.queue, t.dedupeKey),
    // Only the live rows are scanned by a claim.
    index('job_queue_due_idx').on(t.queue, t.runAt).where(sql`status in ('PENDING', 'RUNNING')`),
    // The dead tasks an operator lists, the latest death first.
    index('job_queue_dead_idx').on(t.updatedAt).where(sql`status = 'DEAD'`),
  ],
);

/**
 * The last period each periodic job was run in, by any instance (runner.ts): an instance's timer claims the job's
 * current period (epoch-aligned, one interval long) in one statement before it runs, so that N instances run a job
 * once per period between them rather than N times.
 */
export const jobPeriods = pgTable('job_periods', {
  job: text('job').primaryKey(),
  periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
  /** Which instance claimed it (host and process id), for an operator reading the table. */
  claimedBy: text('claimed_by').notNull(),
});
