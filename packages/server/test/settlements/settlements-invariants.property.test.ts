/**
 * Property: whatever the sales, cancellations, instalment payments, fee and settlement configuration, a day's rows
 * sum to its sales − fees − cancellations (net of the fee given back), every row's transfer shares sum to the row,
 * nothing is lost between the rows, the transfers, the shares still waiting and the debt, and no payout is made
 * twice. The expected amounts are computed here, from the scenario, not read back from the engine. The daily
 * summary (`settlement_days`) always equals the sums of the rows and of their shares still waiting, and the big
 * numbers and the extract's days read from it answer what the rows themselves say.
 */
import {
  addDaysIso,
  cents,
  centsToReais,
  SETTLEMENT_PERIODS,
  type SettlementPeriod,
  settlementPeriodRange,
  todayInSaoPaulo,
} from '@drip/core';
import { eq, inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settlementDays, settlementParts } from '../../src/modules/settlements/tables.ts';
import { seededApp } from '../helpers.ts';
import {
  cancel,
  dayAt,
  entriesOf,
  markPaid,
  newMerchant,
  payoutsOf,
  sell,
  transfersOf,
} from '../settlements-helpers.ts';

const Action = fc.oneof(
  fc.record({
    kind: fc.constant('sale' as const),
    total: fc.integer({ min: 1, max: 200_000 }),
    instalments: fc.integer({ min: 1, max: 4 }),
    upfront: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('cancel' as const),
    pick: fc.nat(),
    share: fc.integer({ min: 1, max: 100 }),
  }),
  fc.record({ kind: fc.constant('pay' as const), pick: fc.nat() }),
);

const Scenario = fc.record({
  rateBps: fc.integer({ min: 0, max: 1_500 }),
  delay: fc.constantFrom(0, 5, 7, 15, 30, 45),
  allInOne: fc.boolean(),
  whenPaid: fc.boolean(),
  paymentType: fc.constantFrom('EVERY_DAY', 'WEEKDAYS_ONLY', 'BUSINESS_DAYS_ONLY') as fc.Arbitrary<
    'EVERY_DAY' | 'WEEKDAYS_ONLY' | 'BUSINESS_DAYS_ONLY'
  >,
  days: fc.array(fc.array(Action, { maxLength: 3 }), { minLength: 1, maxLength: 8 }),
  step: fc.integer({ min: 1, max: 9 }),
});

const feeOf = (amount: number, bps: number) => Math.floor((amount * bps + 5_000) / 10_000);
const reais = (x: unknown) => centsToReais(cents(Number(x ?? 0)));
type T = Awaited<ReturnType<typeof seededApp>>;
const rowsOf = (r: unknown) => (r as { rows: Record<string, unknown>[] }).rows;

/** The debt at the end of `day` from the rows themselves (the statement before the daily summary). */
const debtFromRows = (m: string, day: ReturnType<typeof sql>) => sql`least(0,
  coalesce((select sum(e2.payout_amount) from settlement_entries e2 where e2.merchant_id = ${m}::uuid and e2.day <= ${day}), 0)
  - coalesce((select sum(s2.amount) from settlement_payouts s2 where s2.merchant_id = ${m}::uuid
    and s2.transfer_date <= ${day}), 0))::bigint`;

/** The big numbers as the rows say them: every row of the period summed (the statement before the summary). */
async function bigNumbersFromRows(t: T, m: string, period: SettlementPeriod) {
  const today = todayInSaoPaulo(t.clock);
  const { from, to } = settlementPeriodRange(period, today);
  const [r] = rowsOf(
    await t.built.services.database.db.execute(sql`
      select
        coalesce(sum(e.amount) filter (where e.kind = 'SALE'), 0)::bigint as sales,
        coalesce(sum(e.fee_amount), 0)::bigint as fees,
        coalesce(sum(e.payout_amount) filter (where e.kind = 'CANCELLATION'), 0)::bigint as cancellations,
        coalesce(sum(e.payout_amount), 0)::bigint as settlement,
        (select coalesce(sum(s.amount), 0) from settlement_payouts s where s.merchant_id = ${m}::uuid
          and s.status in ('PAID', 'EXTERNAL') and s.transfer_date between ${from}::date and ${to}::date)::bigint
          as transferred,
        (select coalesce(sum(p.amount), 0) from settlement_parts p join settlement_entries x on x.id = p.entry_id
          where x.merchant_id = ${m}::uuid and x.day between ${from}::date and ${to}::date
          and p.payout_id is null)::bigint as scheduled,
        ${debtFromRows(m, sql`${today}::date`)} as debt
      from settlement_entries e
      where e.merchant_id = ${m}::uuid and e.day between ${from}::date and ${to}::date`),
  );
  return {
    period,
    from,
    to,
    salesAmount: reais(r?.sales),
    feeAmount: reais(r?.fees),
    cancellationAmount: reais(r?.cancellations),
    settlementAmount: reais(r?.settlement),
    transferredAmount: reais(r?.transferred),
    scheduledAmount: reais(r?.scheduled),
    outstandingBalance: reais(r?.debt),
  };
}

/** The extract's days (date, amount, debt) as the rows say them, newest first. */
async function extractDaysFromRows(t: T, m: string, period: SettlementPeriod) {
  const { from, to } = settlementPeriodRange(period, todayInSaoPaulo(t.clock));
  return rowsOf(
    await t.built.services.database.db.execute(sql`
      select e.day::text as day, sum(e.payout_amount)::bigint as amount, ${debtFromRows(m, sql`e.day`)} as debt
      from settlement_entries e
      where e.merchant_id = ${m}::uuid and e.day between ${from}::date and ${to}::date
      group by e.day order by e.day desc`),
  ).map((d) => ({ date: String(d.day), amount: reais(d.amount), outstandingBalance: reais(d.debt) }));
}

describe('settlement invariants', () => {
  let t: Awaited<ReturnType<typeof seededApp>>;
  beforeAll(async () => {
    t = await seededApp();
  });
  afterAll(async () => {
    await t.dispose();
  });

  it('a day sums to sales − fees − cancellations; nothing is lost; no payout twice', async () => {
    // Each scenario starts after the previous one ended: the job settles every merchant at the clock's day.
    let start = '2027-03-01';
    await fc.assert(
      fc.asyncProperty(Scenario, async (sc) => {
        const s = t.built.services.settlements;
        const m = await newMerchant(t, {
          settlementPaymentType: sc.paymentType,
          settlementWhenInstalmentPaid: sc.whenPaid,
        });
        await s.addFee(m, { rateBps: sc.rateBps, at: new Date(`${addDaysIso(start, -1)}T12:00:00Z`) });
        await s.addConfiguration(m, {
          transferDelayInDays: sc.delay,
          payAllInOneSettlement: sc.allInOne,
          at: new Date(`${addDaysIso(start, -1)}T12:00:00Z`),
        });
        const sold: { orderId: string; total: number; canceled: number; instalmentIds: string[] }[] = [];
        const expected = new Map<string, number>();
        const add = (day: string, n: number) => expected.set(day, (expected.get(day) ?? 0) + n);
        let day = start;
        for (const actions of sc.days) {
          t.clock.set(new Date(`${day}T13:00:00Z`));
          const cancelsToday = new Map<number, { before: number; after: number }>();
          for (const a of actions) {
            if (a.kind === 'sale') {
              const o = await sell(t, m, {
                total: a.total,
                instalments: a.instalments,
                upfront: a.upfront,
                firstDueDate: addDaysIso(day, 10),
              });
              sold.push({ ...o, total: a.total, canceled: 0 });
              add(day, a.total - feeOf(a.total, sc.rateBps));
            } else if (sold.length > 0) {
              const k = a.pick % sold.length;
              const o = sold[k] as (typeof sold)[number];
              if (a.kind === 'pay') {
                await markPaid(t, o.instalmentIds[a.pick % o.instalmentIds.length] as string);
              } else if (o.canceled < o.total) {
                const amount = Math.max(1, Math.floor(((o.total - o.canceled) * a.share) / 100));
                // The job sees the growth of the day at once (one Cancelamento of the day's total).
                const c = cancelsToday.get(k) ?? { before: o.canceled, after: o.canceled };
                c.after += amount;
                cancelsToday.set(k, c);
                o.canceled += amount;
                await cancel(t, o.orderId, amount);
              }
            }
          }
          for (const [k, c] of cancelsToday) {
            const o = sold[k] as (typeof sold)[number];
            const saleFee = feeOf(o.total, sc.rateBps);
            const back = (x: number) => (x >= o.total ? saleFee : Math.min(saleFee, feeOf(x, sc.rateBps)));
            add(day, -(c.after - c.before) + (back(c.after) - back(c.before)));
          }
          await dayAt(t, day);
          day = addDaysIso(day, sc.step);
        }
        start = addDaysIso(day, 60);

        // A day's rows sum to sales − fees − cancellations.
        const entries = await entriesOf(t, m);
        const byDay = new Map<string, number>();
        for (const e of entries) {
          expect(e.payoutAmount).toBe(e.amount - e.feeAmount);
          byDay.set(e.day, (byDay.get(e.day) ?? 0) + e.payoutAmount);
        }
        for (const [d, n] of expected) expect(byDay.get(d) ?? 0).toBe(n);

        // Each row's shares sum to the row.
        const parts =
          entries.length === 0
            ? []
            : await t.built.services.database.db
                .select()
                .from(settlementParts)
                .where(
                  inArray(
                    settlementParts.entryId,
                    entries.map((e) => e.id),
                  ),
                );
        for (const e of entries) {
          const sum = parts.filter((p) => p.entryId === e.id).reduce((a, p) => a + p.amount, 0);
          expect(sum).toBe(e.payoutAmount);
        }

        // Rows = transferred + still waiting + debt; the debt chain holds.
        const payouts = await payoutsOf(t, m);
        let debt = 0;
        for (const p of payouts) {
          expect(p.debtIn).toBe(debt);
          expect(p.amount + p.debtOut).toBe(p.partsAmount + p.debtIn);
          expect(p.amount === 0 || p.debtOut === 0).toBe(true);
          const assigned = parts.filter((x) => x.payoutId === p.id).reduce((a, x) => a + x.amount, 0);
          expect(assigned).toBe(p.partsAmount);
          debt = p.debtOut;
        }
        const waiting = parts.filter((p) => p.payoutId === null).reduce((a, p) => a + p.amount, 0);
        const transferred = payouts.reduce((a, p) => a + p.amount, 0);
        const rows = entries.reduce((a, e) => a + e.payoutAmount, 0);
        expect(transferred + waiting + debt).toBe(rows);

        // No payout twice: one bank transfer per payout with an amount, for exactly that amount.
        const transfers = await transfersOf(t, m);
        const paid = payouts.filter((p) => p.amount > 0);
        expect(paid.every((p) => p.status === 'PAID')).toBe(true);
        expect(transfers.map((x) => [x.externalId, x.amount]).sort()).toEqual(
          paid.map((p) => [p.externalId, p.amount]).sort(),
        );
        expect(new Set(payouts.map((p) => p.transferDate)).size).toBe(payouts.length);

        // The daily summary is the sums of the rows, and of their shares not taken by a settlement yet.
        const db = t.built.services.database.db;
        const summary = await db
          .select()
          .from(settlementDays)
          .where(eq(settlementDays.merchantId, m))
          .orderBy(settlementDays.day);
        const want = new Map<string, Omit<(typeof summary)[number], 'merchantId'>>();
        const dayOf = new Map(entries.map((e) => [e.id, e.day]));
        for (const e of entries) {
          const d = want.get(e.day) ?? {
            day: e.day,
            entries: 0,
            sales: 0,
            fees: 0,
            cancellations: 0,
            payout: 0,
            scheduled: 0,
          };
          d.entries++;
          if (e.kind === 'SALE') d.sales += e.amount;
          else d.cancellations += e.payoutAmount;
          d.fees += e.feeAmount;
          d.payout += e.payoutAmount;
          want.set(e.day, d);
        }
        for (const p of parts) {
          const d = want.get(dayOf.get(p.entryId) ?? '');
          if (d && p.payoutId === null) d.scheduled += p.amount;
        }
        expect(summary.map(({ merchantId: _, ...d }) => d)).toEqual(
          [...want.values()].sort((a, b) => a.day.localeCompare(b.day)),
        );

        // What is read from the summary is what the rows say, for every period.
        for (const period of SETTLEMENT_PERIODS) {
          expect(await s.bigNumbers(m, period)).toEqual(await bigNumbersFromRows(t, m, period));
          const page = await s.extract(m, { page: 0, size: 100, period });
          const days = await extractDaysFromRows(t, m, period);
          expect(page.totalElements).toBe(days.length);
          expect(
            page.content.map((d) => ({
              date: d.date,
              amount: d.amount,
              outstandingBalance: d.outstandingBalance,
            })),
          ).toEqual(days);
        }
      }),
      { numRuns: 25 },
    );
  }, 180_000);
});
