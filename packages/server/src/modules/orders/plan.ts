/**
 * How an order's products are spread across its instalments: every product's amount in proportion to the
 * instalments, exactly (largest remainder). The instalments themselves come from core's `planInstalments` (the
 * same plan the checkout, the banner and the simulator show).
 */
import { type Cents, cents } from '@drip/core';

/**
 * Splits `amount` across `weights` in proportion, exactly: floor shares, then the remaining centavos go one by one
 * to the largest fractional remainders (ties: the earliest). Zero total weight: everything on the first.
 */
export function allocateProportionally(amount: Cents, weights: readonly Cents[]): Cents[] {
  const totalWeight = weights.reduce((a, w) => a + w, 0);
  if (weights.length === 0) return [];
  if (totalWeight <= 0) return weights.map((_, i) => cents(i === 0 ? amount : 0));
  const big = BigInt(amount);
  const tw = BigInt(totalWeight);
  const shares = weights.map((w) => (big * BigInt(w)) / tw);
  const remainders = weights.map((w, i) => ({ i, r: (big * BigInt(w)) % tw }));
  let left = big - shares.reduce((a, s) => a + s, 0n);
  remainders.sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  for (const { i } of remainders) {
    if (left <= 0n) break;
    shares[i] = (shares[i] ?? 0n) + 1n;
    left -= 1n;
  }
  return shares.map((s) => cents(Number(s)));
}

/** For each product (line amount), its share of each instalment (rows: products, columns: instalments). */
export function allocateProducts(
  productAmounts: readonly Cents[],
  instalmentAmounts: readonly Cents[],
): Cents[][] {
  return productAmounts.map((p) => allocateProportionally(p, instalmentAmounts));
}
