import { lt, sql } from 'drizzle-orm';
import * as v from 'valibot';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/index.ts';
import { sendCounters } from './tables.ts';

/** One counter to move by one: its key, and its window (epoch-aligned fixed, or one window for the key's life). */
export interface CounterHit {
  key: string;
  windowSeconds: number;
  /** One window for the key's whole life, forgotten `windowSeconds` after its last hit. */
  lifetime?: boolean;
}

export interface CounterValue {
  key: string;
  /** The count after this hit. */
  count: number;
  /** Seconds until this counter's window ends (at least 1). */
  retryAfter: number;
}

/**
 * Counters of another budget to move in the same statement as a call's own (a request's rate limit beside its send
 * caps), and what to do once they are counted (throw when over).
 */
export interface CounterCheck {
  hits: CounterHit[];
  check(counted: readonly CounterValue[]): void;
}

const CountRows = v.object({
  rows: v.array(v.object({ key: v.string(), count: v.number(), retry: v.number() })),
});

/** How often (in calls, per instance) the counters whose window ended are deleted. */
const SWEEP_EVERY = 500;

/**
 * Fixed-window counters in the database (rows of `send_counters`), shared by every server instance: the send caps
 * (send-caps.ts) and the login and recovery rate limits (http/rate-limit.ts) count with them. One
 * `insert … on conflict do update … returning` statement moves every counter of a request, so that concurrent
 * requests on any instances cannot both take the last unit.
 */
export class WindowCounters {
  private calls = 0;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async hit(hits: CounterHit[]): Promise<CounterValue[]> {
    if (hits.length === 0) return [];
    const now = this.clock.now();
    const rows = hits.map(({ key, windowSeconds, lifetime }) => {
      const windowMs = windowSeconds * 1000;
      if (lifetime) return { key, windowStart: new Date(0), expiresAt: new Date(now.getTime() + windowMs) };
      const start = Math.floor(now.getTime() / windowMs) * windowMs;
      return { key, windowStart: new Date(start), expiresAt: new Date(start + windowMs) };
    });
    const counted = v.parse(
      CountRows,
      await this.db.execute(sql`
        insert into ${sendCounters} (key, window_start, count, expires_at)
        values ${sql.join(
          rows.map(
            (r) =>
              sql`(${r.key}, ${r.windowStart.toISOString()}::timestamptz, 1, ${r.expiresAt.toISOString()}::timestamptz)`,
          ),
          sql`, `,
        )}
        on conflict (key, window_start) do update
          set count = case when ${sendCounters.expiresAt} <= ${now.toISOString()}::timestamptz then 1
              else ${sendCounters.count} + 1 end,
            expires_at = greatest(${sendCounters.expiresAt}, excluded.expires_at)
        returning key, count,
          greatest(1, ceil(extract(epoch from (expires_at - ${now.toISOString()}::timestamptz))))::int as retry`),
    ).rows;
    this.calls += 1;
    if (this.calls % SWEEP_EVERY === 0) {
      await this.db.delete(sendCounters).where(lt(sendCounters.expiresAt, now));
    }
    return counted.map((r) => ({ key: r.key, count: r.count, retryAfter: r.retry }));
  }
}
