import { applyRate, type Cents, cents, planInstalments, spreadCashback } from '@drip/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocateProducts, allocateProportionally } from '../../src/modules/orders/plan.ts';

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

describe('order plan', () => {
  it('R$ 100,00 in 3x with 5 % cashback', () => {
    expect(
      planInstalments({
        total: cents(10_000),
        totalInstalments: 3,
        firstDueDate: '2026-03-25',
        cashbackRate: 0.05,
      }),
    ).toEqual([
      { number: 1, dueDate: '2026-03-25', amount: 3334, cashbackAmount: 0 },
      { number: 2, dueDate: '2026-04-24', amount: 3333, cashbackAmount: 0 },
      { number: 3, dueDate: '2026-05-24', amount: 3333, cashbackAmount: 500 },
    ]);
  });

  it('R$ 100,00 in 24x with 5 % cashback: the R$ 5,00 do not fit on the last instalment and go backwards', () => {
    const plan = planInstalments({
      total: cents(10_000),
      totalInstalments: 24,
      firstDueDate: '2026-03-25',
      cashbackRate: 0.05,
    });
    expect(plan[0]?.amount).toBe(432);
    expect(plan.slice(1).every((p) => p.amount === 416)).toBe(true);
    expect(plan.map((p) => p.cashbackAmount)).toEqual([...Array(22).fill(0), 85, 415]);
    expect(plan.map((p) => p.amount - p.cashbackAmount).slice(-2)).toEqual([331, 1]);
  });

  it('instalments sum to the total; the whole cashback, from the last backwards, each keeping R$ 0,01 (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000_000 }),
        fc.integer({ min: 1, max: 24 }),
        fc.integer({ min: 0, max: 10_000 }).map((bp) => bp / 10_000),
        (total, n, rate) => {
          const plan = planInstalments({
            total: cents(total),
            totalInstalments: n,
            firstDueDate: '2026-01-31',
            cashbackRate: rate,
          });
          expect(sum(plan.map((p) => p.amount))).toBe(total);
          expect(new Set(plan.map((p) => p.dueDate)).size).toBe(n);
          // Never a R$ 0,00 instalment made by the cashback, never a negative one.
          for (const p of plan) {
            expect(p.cashbackAmount).toBeGreaterThanOrEqual(0);
            expect(p.amount - p.cashbackAmount).toBeGreaterThanOrEqual(Math.min(1, p.amount));
          }
          // The whole cashback, unless it exceeds what one centavo per instalment leaves (a rate near 100 %).
          const room = sum(plan.map((p) => Math.max(0, p.amount - 1)));
          const cashback = applyRate(cents(total), rate);
          expect(sum(plan.map((p) => p.cashbackAmount))).toBe(Math.min(cashback, room));
          // From the last backwards: an instalment carries cashback only when every later one is full.
          plan.forEach((p, i) => {
            if (p.cashbackAmount === 0) return;
            for (const later of plan.slice(i + 1))
              expect(later.cashbackAmount).toBe(Math.max(0, later.amount - 1));
          });
          // What fits on the last instalment stays there alone, as before.
          const last = plan.at(-1);
          if (last && cashback <= last.amount - 1) {
            expect(last.cashbackAmount).toBe(cashback);
            expect(sum(plan.slice(0, -1).map((p) => p.cashbackAmount))).toBe(0);
          }
        },
      ),
    );
  });

  it('spreadCashback: nothing on an instalment of R$ 0,00, the rest not granted only beyond one centavo each', () => {
    expect(spreadCashback([cents(2), cents(0), cents(1)], cents(5))).toEqual([1, 0, 0]);
    expect(spreadCashback([cents(1000), cents(1000)], cents(2000))).toEqual([999, 999]);
    expect(spreadCashback([cents(1000), cents(1000)], cents(0))).toEqual([0, 0]);
  });

  it('instalment products sum to each product amount, and per instalment to at most the instalment (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 5_000_000 }), { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 1, max: 100_000_000 }),
        fc.integer({ min: 1, max: 12 }),
        (products, total, n) => {
          const plan = planInstalments({
            total: cents(total),
            totalInstalments: n,
            firstDueDate: '2026-01-01',
            cashbackRate: 0,
          });
          const shares = allocateProducts(
            products.map((p) => cents(p)),
            plan.map((p) => p.amount),
          );
          shares.forEach((row, i) => {
            expect(sum(row)).toBe(products[i]);
            expect(row.every((x) => x >= 0)).toBe(true);
          });
        },
      ),
    );
  });

  it('proportional allocation is exact and follows the weights', () => {
    const w: Cents[] = [cents(3334), cents(3333), cents(3333)];
    expect(allocateProportionally(cents(100), w)).toEqual([34, 33, 33]);
    expect(allocateProportionally(cents(5), [cents(0), cents(0)])).toEqual([5, 0]);
  });
});
