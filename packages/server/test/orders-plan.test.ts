import { applyRate, type Cents, cents } from '@drip/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocateProducts, allocateProportionally, planInstalments } from '../src/modules/orders/plan.ts';

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

  it('instalments sum to the total; cashback = applyRate(total, rate) on the last one (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000_000 }),
        fc.integer({ min: 1, max: 24 }),
        fc.integer({ min: 0, max: 2000 }).map((bp) => bp / 10_000),
        (total, n, rate) => {
          const plan = planInstalments({
            total: cents(total),
            totalInstalments: n,
            firstDueDate: '2026-01-31',
            cashbackRate: rate,
          });
          expect(sum(plan.map((p) => p.amount))).toBe(total);
          expect(plan.at(-1)?.cashbackAmount).toBe(applyRate(cents(total), rate));
          expect(sum(plan.slice(0, -1).map((p) => p.cashbackAmount))).toBe(0);
          expect(new Set(plan.map((p) => p.dueDate)).size).toBe(n);
        },
      ),
    );
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
