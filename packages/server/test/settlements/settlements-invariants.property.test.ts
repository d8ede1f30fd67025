/**
 * Property: whatever the sales, cancellations, instalment payments, fee and settlement configuration, a day's rows
 * sum to its sales − fees − cancellations (net of the fee given back), every row's transfer shares sum to the row,
 * nothing is lost between the rows, the transfers, the shares still waiting and the debt, and no payout is made
 * twice. The expected amounts are computed here, from the scenario, not read back from the engine.
 */
import { addDaysIso } from '@drip/core';
import { inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settlementParts } from '../../src/modules/settlements/tables.ts';
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
      }),
      { numRuns: 25 },
    );
  }, 180_000);
});
