/**
 * The instalment plan of an order (DESIGN.md 3 "Instalments"): exact split (remainder on the first instalment),
 * 30 days apart from the first due date, cashback = rate × total discounted from the LAST instalment backwards
 * (`spreadCashback`), and every product's amount spread across the instalments in proportion to them, exactly
 * (largest remainder).
 */
import { addDaysIso, applyRate, type Cents, cents, splitInstalments } from '@drip/core';

export const DAYS_BETWEEN_INSTALMENTS = 30;

export interface PlannedInstalment {
  number: number;
  dueDate: string;
  amount: Cents;
  cashbackAmount: Cents;
}

export interface PlanInput {
  total: Cents;
  totalInstalments: number;
  firstDueDate: string;
  cashbackRate: number;
}

/** What an instalment still asks the customer to pay after its cashback: a Pix of at least one centavo. */
export const MIN_AMOUNT_TO_PAY: Cents = cents(1);

/**
 * The cashback of each instalment: all of it on the last one when it fits, else what does not fit on the one
 * before, and so on backwards. Each instalment keeps at least MIN_AMOUNT_TO_PAY to pay, so that none is left at
 * R$ 0,00 (a charge of nothing cannot be paid, and unpaid it would turn late). The whole cashback is granted
 * unless it exceeds the total less one centavo per instalment (a rate close to 100 %): the rest is not granted.
 */
export function spreadCashback(amounts: readonly Cents[], cashback: Cents): Cents[] {
  const spread = amounts.map(() => cents(0));
  let left: number = cashback;
  for (let i = amounts.length - 1; i >= 0 && left > 0; i--) {
    const room = Math.max(0, (amounts[i] ?? 0) - MIN_AMOUNT_TO_PAY);
    const take = Math.min(left, room);
    spread[i] = cents(take);
    left -= take;
  }
  return spread;
}

export function planInstalments(input: PlanInput): PlannedInstalment[] {
  const amounts = splitInstalments(input.total, input.totalInstalments);
  const cashbacks = spreadCashback(amounts, applyRate(input.total, input.cashbackRate));
  return amounts.map((amount, i) => ({
    number: i + 1,
    dueDate: addDaysIso(input.firstDueDate, i * DAYS_BETWEEN_INSTALMENTS),
    amount,
    cashbackAmount: cashbacks[i] ?? cents(0),
  }));
}

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
