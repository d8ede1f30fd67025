/**
 * Property: whatever the sales, cancellations, instalment payments, debts, clock moves, fee and settlement
 * configuration, a day's rows sum to its sales − fees − cancellations (net of the fee given back), every row's
 * transfer shares sum to the row, nothing is lost between the rows, the transfers, the shares still waiting and the
 * debt, and no payout is made twice. The expected amounts are computed here, from the scenario, not read back from
 * the engine. The daily summary (`settlement_days`) always equals the sums of the rows and of their shares still
 * waiting. And money shown is money moved: for every day, what the extract, the big numbers and the CSV say was
 * transferred is what the sandbox bank (the payout provider) received that day, the debt they show is what the
 * settlements carried, and the cards add up.
 */
import {
  addDaysIso,
  isoDateInSaoPaulo,
  monthRange,
  SETTLEMENT_PERIODS,
  settlementPeriodRange,
  todayInSaoPaulo,
} from '@drip/core';
import { eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cellText } from '../../src/csv.ts';
import { csvRecord } from '../../src/modules/settlements/routes.ts';
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
  {
    arbitrary: fc.record({
      kind: fc.constant('sale' as const),
      total: fc.integer({ min: 1, max: 200_000 }),
      instalments: fc.integer({ min: 1, max: 4 }),
      upfront: fc.boolean(),
    }),
    weight: 2,
  },
  {
    // Refunds as often as sales, half of them in full: after the sale was transferred, a debt.
    arbitrary: fc.record({
      kind: fc.constant('cancel' as const),
      pick: fc.nat(),
      share: fc.oneof(fc.constant(100), fc.integer({ min: 1, max: 100 })),
    }),
    weight: 2,
  },
  { arbitrary: fc.record({ kind: fc.constant('pay' as const), pick: fc.nat() }), weight: 1 },
  // Every order refunded in full: the transferred ones leave a debt for the next transfers to net.
  { arbitrary: fc.record({ kind: fc.constant('refundAll' as const) }), weight: 2 },
);

const Scenario = fc.record({
  rateBps: fc.integer({ min: 0, max: 1_500 }),
  // No delay and no wait half of the time: sales transferred before their refunds, the debts.
  delay: fc.oneof(fc.constant(0), fc.constantFrom(0, 5, 7, 15, 30, 45)),
  allInOne: fc.boolean(),
  whenPaid: fc.oneof(fc.constant(false), fc.boolean()),
  paymentType: fc.constantFrom('EVERY_DAY', 'WEEKDAYS_ONLY', 'BUSINESS_DAYS_ONLY') as fc.Arbitrary<
    'EVERY_DAY' | 'WEEKDAYS_ONLY' | 'BUSINESS_DAYS_ONLY'
  >,
  days: fc.array(fc.array(Action, { maxLength: 3 }), { minLength: 3, maxLength: 8, size: 'max' }),
  // Clock moves: the job runs on the scenario's days only; the days between are caught up on the next run.
  steps: fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 8, maxLength: 8 }),
  catchUp: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 50 })),
  // Days the bank refuses transfers: the payout stays PENDING and is retried on a later run.
  down: fc.array(
    fc.integer({ min: 0, max: 2 }).map((n) => n === 0),
    { minLength: 8, maxLength: 8 },
  ),
});

const feeOf = (amount: number, bps: number) => Math.floor((amount * bps + 5_000) / 10_000);
/** Reais on the wire → centavos. */
const c = (reais: number) => Math.round(reais * 100);
/** A CSV amount ('-1234,56') → centavos. */
const csvCents = (x: string) => {
  const [whole = '0', frac = '00'] = x.replace('-', '').split(',');
  return (x.startsWith('-') ? -1 : 1) * (Number(whole) * 100 + Number(frac));
};
const sum = (xs: number[]) => xs.reduce((a, x) => a + x, 0);
const brDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

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
        // The bank of the payout port, refusing on the scenario's down days.
        const port = (s as unknown as { o: { payouts: { transfer: (r: unknown) => Promise<unknown> } } }).o
          .payouts;
        const real = port.transfer;
        let day = start;
        for (const [n, actions] of sc.days.entries()) {
          t.clock.set(new Date(`${day}T13:00:00Z`));
          const cancelsToday = new Map<number, { before: number; after: number }>();
          const refund = async (k: number, share: number) => {
            const o = sold[k] as (typeof sold)[number];
            if (o.canceled >= o.total) return;
            const amount = Math.max(1, Math.floor(((o.total - o.canceled) * share) / 100));
            // The job sees the growth of the day at once (one Cancelamento of the day's total).
            const c = cancelsToday.get(k) ?? { before: o.canceled, after: o.canceled };
            c.after += amount;
            cancelsToday.set(k, c);
            o.canceled += amount;
            await cancel(t, o.orderId, amount);
          };
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
            } else if (a.kind === 'refundAll') {
              for (const k of sold.keys()) await refund(k, 100);
            } else if (sold.length > 0) {
              const k = a.pick % sold.length;
              const o = sold[k] as (typeof sold)[number];
              if (a.kind === 'pay') {
                await markPaid(t, o.instalmentIds[a.pick % o.instalmentIds.length] as string);
              } else await refund(k, a.share);
            }
          }
          for (const [k, c] of cancelsToday) {
            const o = sold[k] as (typeof sold)[number];
            const saleFee = feeOf(o.total, sc.rateBps);
            const back = (x: number) => (x >= o.total ? saleFee : Math.min(saleFee, feeOf(x, sc.rateBps)));
            add(day, -(c.after - c.before) + (back(c.after) - back(c.before)));
          }
          if (sc.down[n]) {
            port.transfer = async () => {
              throw new Error('bank unavailable');
            };
          }
          try {
            await dayAt(t, day);
          } finally {
            port.transfer = real;
          }
          day = addDaysIso(day, sc.steps[n] ?? 1);
        }
        // A last clock move without new sales: the shares due by then are transferred, netted with the debts.
        if (sc.catchUp > 0) await dayAt(t, addDaysIso(day, sc.catchUp));
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
        // A row's transfer dates (the CSV's 'Datas de repasse'): the day of the settlement that took each share, the
        // planned day of a share still waiting.
        const dayOfPayout = new Map(payouts.map((p) => [p.id, p.transferDate]));
        for (const e of entries) {
          const mine = parts.filter((p) => p.entryId === e.id).sort((a, b) => a.seq - b.seq);
          expect(e.transferDates).toBe(
            mine.map((p) => (p.payoutId ? dayOfPayout.get(p.payoutId) : p.dueDate)).join(' '),
          );
        }
        const waiting = parts.filter((p) => p.payoutId === null).reduce((a, p) => a + p.amount, 0);
        const transferred = payouts.reduce((a, p) => a + p.amount, 0);
        const rows = entries.reduce((a, e) => a + e.payoutAmount, 0);
        expect(transferred + waiting + debt).toBe(rows);

        // No payout twice: one bank transfer per paid payout, for exactly its amount; one the bank refused on the
        // last day is still on its way, and the bank has nothing of it.
        const transfers = await transfersOf(t, m);
        const paid = payouts.filter((p) => p.status === 'PAID');
        expect(payouts.every((p) => (p.amount > 0 ? p.status !== 'NONE' : p.status === 'NONE'))).toBe(true);
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

        // Money shown is money moved. The provider's record: what the sandbox bank received, under the day of the
        // settlement that ordered it (the bank records a refused one on the day of the retry that went through).
        const bankByDay = new Map<string, number>();
        for (const x of transfers) {
          const ordered = payouts.find((p) => p.externalId === x.externalId);
          const d = ordered?.transferDate ?? '';
          bankByDay.set(d, (bankByDay.get(d) ?? 0) + x.amount);
          expect(isoDateInSaoPaulo(x.createdAt) >= d).toBe(true);
        }
        const pendingByDay = new Map(
          payouts.filter((p) => p.status === 'PENDING').map((p) => [p.transferDate, p.amount]),
        );
        // The debt carried at the end of a day: the shares the settlements took by then less what they transferred
        // (what the bank received, or is being sent).
        const debtAt = (d: string) =>
          sum(payouts.filter((p) => p.transferDate <= d).map((p) => p.partsAmount)) -
          sum([...bankByDay, ...pendingByDay].filter(([x]) => x <= d).map(([, a]) => a));
        const today = todayInSaoPaulo(t.clock);
        for (const period of SETTLEMENT_PERIODS) {
          const { from, to } = settlementPeriodRange(period, today);
          const inPeriod = (d: string) => d >= from && d <= to;
          const content: Awaited<ReturnType<typeof s.extract>>['content'] = [];
          for (let page = 0; ; page++) {
            const p = await s.extract(m, { page, size: 10, period });
            content.push(...p.content);
            if (page + 1 >= p.totalPages) break;
          }
          // Every day with rows or a settlement, newest first; a row on the day of its sale or refund.
          const wantDays = new Set([
            ...entries.map((e) => e.day).filter(inPeriod),
            ...payouts.map((p) => p.transferDate).filter(inPeriod),
          ]);
          expect(content.map((d) => d.date)).toEqual([...wantDays].sort().reverse());
          for (const d of content) {
            // The day's amount is its rows', and what the scenario made of that day.
            expect(c(d.amount)).toBe(sum(d.orders.map((o) => c(o.settlementAmount))));
            expect(c(d.amount)).toBe(expected.get(d.date) ?? 0);
            for (const o of d.orders)
              expect(c(o.amount) - c(o.merchantFee.totalAmount)).toBe(c(o.settlementAmount));
            // The transfer of the day is the bank's, and the debt the one carried at the end of the day.
            expect(c(d.transfer?.amount ?? 0)).toBe(bankByDay.get(d.date) ?? pendingByDay.get(d.date) ?? 0);
            expect(d.transfer?.status === 'PENDING').toBe(pendingByDay.has(d.date));
            if (d.transfer)
              expect(c(d.transfer.partsAmount) + c(d.transfer.debtIn)).toBe(
                c(d.transfer.amount) + c(d.transfer.debtOut),
              );
            expect(c(d.outstandingBalance)).toBe(debtAt(d.date));
            // A transfer column that says paid shows that day's bank transfer; one still planned is in the future of
            // no settlement (nothing took it).
            for (const col of d.transferDates) {
              if (col.status === 'PAID') expect(c(col.amount)).toBe(bankByDay.get(col.transferDate));
              if (col.status === 'NONE') expect(bankByDay.has(col.transferDate)).toBe(false);
              if (col.status === 'PENDING') expect(bankByDay.has(col.transferDate)).toBe(false);
            }
          }
          // The cards add up and say what the extract and the bank say.
          const n = await s.bigNumbers(m, period);
          expect(c(n.salesAmount) - c(n.feeAmount) + c(n.cancellationAmount)).toBe(c(n.settlementAmount));
          expect(c(n.settlementAmount)).toBe(sum(content.map((d) => c(d.amount))));
          expect(c(n.salesAmount)).toBe(
            sum(content.flatMap((d) => d.orders.filter((o) => o.type === 'Venda').map((o) => c(o.amount)))),
          );
          expect(c(n.transferredAmount)).toBe(
            sum([...bankByDay].filter(([d]) => inPeriod(d)).map(([, a]) => a)),
          );
          expect(c(n.transferredAmount)).toBe(
            sum(content.filter((d) => d.transfer?.status === 'PAID').map((d) => c(d.transfer?.amount ?? 0))),
          );
          expect(c(n.scheduledAmount)).toBe(
            sum(
              content.flatMap((d) =>
                d.transferDates.filter((x) => x.status === 'SCHEDULED').map((x) => c(x.amount)),
              ),
            ),
          );
          expect(c(n.outstandingBalance)).toBe(debtAt(today));
        }

        // The CSV of every month touched: the rows of each day, and each transfer as the bank received it.
        const months = new Set(
          [...entries.map((e) => e.day), ...payouts.map((p) => p.transferDate)].map((d) => d.slice(0, 7)),
        );
        for (const ym of months) {
          const [year, month] = ym.split('-').map(Number) as [number, number];
          expect(await s.hasMonth(m, month, year)).toBe(true);
          const lines: string[][] = [];
          for await (const r of s.exportRows(m, month, year, 3)) lines.push(csvRecord(r).map(cellText));
          const { from, to } = monthRange(month, year);
          for (let d = from; d <= to; d = addDaysIso(d, 1)) {
            const ofDay = lines.filter((l) => l[0] === brDate(d));
            const rowsOfDay = ofDay.filter((l) => l[1] === 'Venda' || l[1] === 'Cancelamento');
            expect(sum(rowsOfDay.map((l) => csvCents(l[8] ?? '')))).toBe(expected.get(d) ?? 0);
            for (const l of rowsOfDay)
              expect(csvCents(l[6] ?? '') - csvCents(l[7] ?? '')).toBe(csvCents(l[8] ?? ''));
            const moved = ofDay.filter((l) => l[1] === 'Repasse');
            expect(sum(moved.map((l) => csvCents(l[8] ?? '')))).toBe(bankByDay.get(d) ?? 0);
            for (const l of moved) {
              expect(csvCents(l[6] ?? '') + csvCents(l[10] ?? '')).toBe(
                csvCents(l[8] ?? '') + csvCents(l[11] ?? ''),
              );
              expect(csvCents(l[11] ?? '')).toBe(debtAt(d));
            }
          }
        }
      }),
      { numRuns: 40 },
    );
  }, 180_000);
});
