/**
 * A product's shares re-split for a lower amount (refund-plan.ts `resplitShares`, the back office's product amount
 * update): exact to the centavo, no share grows, none goes negative, in proportion within a centavo.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resplitShares } from '../../src/modules/orders/refund-plan.ts';

const sum = (xs: readonly number[]) => xs.reduce((a, x) => a + x, 0);

describe('resplitShares', () => {
  it.each([
    // shares, new total, re-split (remainder centavos on the first shares)
    [[5_000, 5_000, 5_000], 10_000, [3_334, 3_333, 3_333]],
    [[3_334, 3_333, 3_333], 9_999, [3_334, 3_333, 3_332]],
    [[10_001, 10_000, 10_000], 1, [1, 0, 0]],
    [[7_000, 0, 3_000], 5_000, [3_500, 0, 1_500]],
    [[1, 1], 1, [1, 0]],
    // Nothing to lower: the shares as they are.
    [[5_000, 5_000], 10_000, [5_000, 5_000]],
    [[5_000, 5_000], 12_000, [5_000, 5_000]],
  ])('%j to %i is %j', (shares, total, expected) => {
    expect(resplitShares(shares, total)).toEqual(expected);
  });

  it('sums exactly to a lower total, never raises a share, stays in proportion within a centavo', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 5_000_000 }), { minLength: 1, maxLength: 24 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (shares, ratio) => {
          const before = sum(shares);
          fc.pre(before > 0);
          const total = Math.floor(before * ratio);
          const next = resplitShares(shares, total);
          expect(next).toHaveLength(shares.length);
          expect(sum(next)).toBe(total);
          next.forEach((s, i) => {
            const was = shares[i] ?? 0;
            expect(s).toBeGreaterThanOrEqual(0);
            expect(s).toBeLessThanOrEqual(was);
            expect(Math.abs(s - (was * total) / before)).toBeLessThan(1);
          });
        },
      ),
      { numRuns: 500 },
    );
  });
});
