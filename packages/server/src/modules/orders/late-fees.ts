/**
 * Late fees (DESIGN.md 3): once an instalment is past its due date (São Paulo calendar), it owes a fine plus
 * interest pro rata per day late, on its outstanding principal. The rule is one pure function (`lateFee`) and one
 * set-based SQL statement that computes exactly the same integers (`applyLateFees`). See
 * docs/instalment-payments.md.
 */
import { type Cents, cents, daysBetweenIso, isoDateInSaoPaulo } from '@drip/core';
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/index.ts';
import { tryJobLock } from '../../jobs/lock.ts';
import { JOB } from '../../jobs/names.ts';
import type { Logger } from '../../log.ts';

export interface LateFeeConfig {
  /** One-off fine on the outstanding principal, as a fraction (0.02 = 2 %). */
  fineRate: number;
  /** Interest per month (30 days), pro rata per day late, as a fraction (0.01 = 1 % a month). */
  monthlyInterestRate: number;
  /** How often the job runs, in seconds (it also runs at start-up and after POST /sandbox/clock). */
  jobIntervalSeconds: number;
}

export const DEFAULT_LATE_FEE_CONFIG: LateFeeConfig = {
  fineRate: 0.02,
  monthlyInterestRate: 0.01,
  jobIntervalSeconds: 300,
};

/** Rates are applied in basis points (hundredths of a percent): 0.02 → 200. */
export function basisPoints(fraction: number): number {
  return Math.round(fraction * 10_000);
}

const DAYS_PER_MONTH = 30;
/** 10 000 basis points × 30 days: the denominator of the fee fraction. */
const DENOMINATOR = 10_000 * DAYS_PER_MONTH;

/**
 * The late fee of an instalment: principal × (fine + monthly interest × daysLate / 30), rounded half up to the
 * centavo once (not per component). Zero when not late or nothing is outstanding.
 */
export function lateFee(
  principal: Cents,
  daysLate: number,
  rates: Pick<LateFeeConfig, 'fineRate' | 'monthlyInterestRate'>,
): Cents {
  if (daysLate <= 0 || principal <= 0) return cents(0);
  const factor =
    BigInt(basisPoints(rates.fineRate)) * BigInt(DAYS_PER_MONTH) +
    BigInt(basisPoints(rates.monthlyInterestRate)) * BigInt(daysLate);
  const numerator = BigInt(principal) * factor;
  const d = BigInt(DENOMINATOR);
  return cents(Number((numerator * 2n + d) / (2n * d)));
}

/** Days an instalment due on `dueDate` is late on `today` (both YYYY-MM-DD); 0 when not yet late. */
export function daysLate(dueDate: string, today: string): number {
  return Math.max(0, daysBetweenIso(dueDate, today));
}

/** Reads the late-fee settings from the environment (docs/configuration.md), collecting problems. */
export function loadLateFeeConfig(
  env: Record<string, string | undefined>,
  problems: string[],
): LateFeeConfig {
  const rate = (name: string, fallback: number) => {
    const raw = env[name]?.trim();
    if (raw === undefined || raw === '') return fallback;
    const n = Number(raw);
    if (!Number.isFinite(n) || n < 0 || n > 1) {
      problems.push(`${name} must be a fraction between 0 and 1, e.g. 0.02 for 2 % (got "${raw}")`);
      return fallback;
    }
    return n;
  };
  const rawInterval = env.LATE_FEE_JOB_SECONDS?.trim();
  let jobIntervalSeconds = DEFAULT_LATE_FEE_CONFIG.jobIntervalSeconds;
  if (rawInterval !== undefined && rawInterval !== '') {
    const n = Number(rawInterval);
    if (!Number.isInteger(n) || n < 1 || n > 86_400)
      problems.push(`LATE_FEE_JOB_SECONDS must be an integer between 1 and 86400 (got "${rawInterval}")`);
    else jobIntervalSeconds = n;
  }
  return {
    fineRate: rate('LATE_FEE_FINE_RATE', DEFAULT_LATE_FEE_CONFIG.fineRate),
    monthlyInterestRate: rate('LATE_FEE_MONTHLY_INTEREST_RATE', DEFAULT_LATE_FEE_CONFIG.monthlyInterestRate),
    jobIntervalSeconds,
  };
}

const ChangedRows = v.object({ rows: v.array(v.object({ instalment_id: v.string() })) });

export interface LateFeeRun {
  /** false when another instance held the lock (this run did nothing). */
  ran: boolean;
  /** Instalments whose fee changed (one ledger entry each). */
  changed: number;
}

export class LateFees {
  constructor(private readonly o: { db: Db; clock: Clock; log: Logger; config: LateFeeConfig }) {}

  get config(): LateFeeConfig {
    return this.o.config;
  }

  /**
   * Recomputes the fee of every PENDING instalment of an ACTIVE order past its due date, in one statement, and
   * writes a LATE_FEE ledger entry for each change. Idempotent (same day, same values, no entry); one instance at
   * a time (transaction-scoped advisory lock); rows locked by a payment being booked are skipped until next run.
   */
  async run(now: Date = this.o.clock.now()): Promise<LateFeeRun> {
    const today = isoDateInSaoPaulo(now);
    const fineBp = basisPoints(this.o.config.fineRate);
    const monthlyBp = basisPoints(this.o.config.monthlyInterestRate);
    return this.o.db.transaction(async (tx) => {
      if (!(await tryJobLock(tx, JOB.lateFees))) return { ran: false, changed: 0 };
      // The same integer arithmetic as lateFee(): round half up of principal × factor / DENOMINATOR.
      const factor = sql.raw(
        `(${fineBp * DAYS_PER_MONTH}::bigint + ${monthlyBp}::bigint * (calc_today - i.due_date))`,
      );
      const result = await tx.execute(sql`
        with params as (select ${today}::date as calc_today),
        calc as (
          select i.id, i.order_id, o.customer_id, o.merchant_id, i.fees_amount as old_fees,
            case when i.amount - i.canceled_amount <= 0 then 0::bigint
              else ((i.amount - i.canceled_amount) * ${factor} * 2 + ${DENOMINATOR}) / ${sql.raw(String(2 * DENOMINATOR))}
            end as new_fees
          from instalments i
          join orders o on o.id = i.order_id
          cross join params
          where i.status = 'PENDING' and o.status = 'ACTIVE' and i.due_date < calc_today
            and i.late_fee_waived_at is null
          for update of i skip locked
        ),
        changed as (
          update instalments i set fees_amount = calc.new_fees
          from calc
          where i.id = calc.id and calc.new_fees <> calc.old_fees
          returning i.id, calc.order_id, calc.customer_id, calc.merchant_id, calc.old_fees, calc.new_fees
        )
        insert into ledger_entries (type, amount, order_id, instalment_id, customer_id, merchant_id, memo, created_at)
        select 'LATE_FEE', new_fees - old_fees, order_id, id, customer_id, merchant_id,
          'Multa e juros por atraso (' || ${today} || ')', ${now.toISOString()}::timestamptz
        from changed
        returning instalment_id`);
      const changed = v.parse(ChangedRows, result).rows.length;
      return { ran: true, changed };
    });
  }
}
