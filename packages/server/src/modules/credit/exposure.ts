/**
 * Drip's portfolio totals that the Drip-wide caps compare against (rules DRIP_MAX_VALUE_PER_DAY and
 * DRIP_MAX_VALUE_GLOBAL): the amount financed today (São Paulo) and the outstanding principal of every ACTIVE
 * order. Both are sums over the whole portfolio, so they are not read by every credit analysis: one read serves
 * every analysis of this process for `refreshMs` (docs/credit-analysis.md, "Portfolio totals"). `refreshMs` 0 reads
 * them for every analysis.
 */
import { type Cents, cents } from '@drip/core';
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import type { DbOrTx } from '../../db/types.ts';
import { instalments, orders } from '../orders/tables.ts';

export interface PortfolioTotals {
  financedToday: Cents;
  outstanding: Cents;
}

/** Midnight of `today` in America/Sao_Paulo (UTC-3, no daylight saving time since 2019). */
export function startOfDaySaoPaulo(today: string): Date {
  return new Date(`${today}T00:00:00-03:00`);
}

/** Sums come back as numeric: text on node-postgres, number or text on PGlite. */
const Sum = v.union([v.string(), v.number()]);
const TotalsRows = v.object({ rows: v.array(v.object({ financed_today: Sum, outstanding: Sum })) });

export class PortfolioExposure {
  private cached: { today: string; readAt: number; totals: PortfolioTotals } | undefined;
  private inFlight: { today: string; promise: Promise<PortfolioTotals> } | undefined;

  constructor(
    private readonly refreshMs: number,
    /** Monotonic milliseconds (injectable for tests). */
    private readonly nowMs: () => number = () => performance.now(),
  ) {}

  /**
   * The totals for `today`, read at most `refreshMs` ago; concurrent callers share one read. When a read is due it
   * goes through `db`, the caller's handle (its transaction, if it runs in one: PGlite has a single connection).
   */
  async totals(today: string, db: DbOrTx): Promise<PortfolioTotals> {
    const c = this.cached;
    if (c && c.today === today && this.nowMs() - c.readAt < this.refreshMs) return c.totals;
    if (this.inFlight?.today === today) return this.inFlight.promise;
    const startedAt = this.nowMs();
    const promise = this.read(today, db).then(
      (totals) => {
        this.cached = { today, readAt: startedAt, totals };
        if (this.inFlight?.promise === promise) this.inFlight = undefined;
        return totals;
      },
      (err: unknown) => {
        if (this.inFlight?.promise === promise) this.inFlight = undefined;
        throw err;
      },
    );
    this.inFlight = { today, promise };
    return promise;
  }

  /** Forgets the totals read (the next analysis reads them again). */
  invalidate(): void {
    this.cached = undefined;
    this.inFlight = undefined;
  }

  private async read(today: string, db: DbOrTx): Promise<PortfolioTotals> {
    const result = await db.execute(sql`
      select
        (select coalesce(sum(o.financed_amount), 0) from ${orders} o where o.created_at >= ${startOfDaySaoPaulo(today).toISOString()}) as financed_today,
        (select coalesce(sum(i.amount - i.canceled_amount), 0) from ${instalments} i join ${orders} o on o.id = i.order_id
          where o.status = 'ACTIVE' and i.status = 'PENDING') as outstanding`);
    const r = v.parse(TotalsRows, result).rows[0];
    if (!r) throw new Error('portfolio totals: no row');
    return { financedToday: cents(Number(r.financed_today)), outstanding: cents(Number(r.outstanding)) };
  }
}
