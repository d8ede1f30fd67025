/**
 * The arithmetic of a refund, pure (docs/refunds.md): which principal each instalment loses, the cashback left and
 * where it sits, and the money each paid instalment gives back. refunds.ts loads the locked rows, calls it, writes.
 */
import { applyRate, MIN_AMOUNT_TO_PAY } from '@drip/core';

export interface PlanInstalment {
  id: string;
  number: number;
  status: 'PENDING' | 'PAID';
  amount: number;
  canceledAmount: number;
  cashbackAmount: number;
  canceledCashbackAmount: number;
  feesAmount: number;
  /** Money received for it less money already given back (ledger). */
  paidNet: number;
}

export interface PlanInput {
  orderAmount: number;
  cashbackRate: number;
  instalments: PlanInstalment[];
  /**
   * Principal to cancel on given instalments first (a product's shares), each capped by the instalment's open
   * principal; what does not fit is cancelled like an amount.
   */
  targeted: { instalmentId: string; amount: number }[];
  /** Principal to cancel from the unpaid instalments, the last first, then from the paid ones, the last first. */
  amount: number;
}

export interface PlannedInstalmentChange {
  id: string;
  canceledAmount: number;
  cashbackAmount: number;
  canceledCashbackAmount: number;
  feesAmount: number;
  /** Money to give back for it (from the charge that paid it). */
  returned: number;
}

export interface RefundPlan {
  /** Principal cancelled by this refund. */
  canceled: number;
  canceledCashback: number;
  returned: number;
  changes: PlannedInstalmentChange[];
  /** No unpaid instalment keeps principal: the order closes. */
  closes: boolean;
}

const open = (i: { amount: number; canceledAmount: number }) => i.amount - i.canceledAmount;

/** Sorts a copy by number, the last first. */
const lastFirst = <T extends { number: number }>(rows: readonly T[]) =>
  [...rows].sort((a, b) => b.number - a.number);

export function planRefund(input: PlanInput): RefundPlan {
  const rows = input.instalments.map((i) => ({ ...i }));
  const byId = new Map(rows.map((r) => [r.id, r]));
  let canceled = 0;
  let leftover = 0;
  for (const t of input.targeted) {
    const r = byId.get(t.instalmentId);
    const take = r ? Math.min(Math.max(0, t.amount), open(r)) : 0;
    if (r) r.canceledAmount += take;
    canceled += take;
    leftover += Math.max(0, t.amount) - take;
  }
  let rest = Math.max(0, input.amount) + leftover;
  for (const group of [rows.filter((r) => r.status === 'PENDING'), rows.filter((r) => r.status === 'PAID')]) {
    for (const r of lastFirst(group)) {
      if (rest <= 0) break;
      const take = Math.min(rest, open(r));
      r.canceledAmount += take;
      canceled += take;
      rest -= take;
    }
  }

  // Cashback: rate × the principal left, never more than what was granted, placed from the last instalment
  // backwards within each one's open principal (an unpaid one keeps at least one centavo to pay).
  const principal = rows.reduce((a, r) => a + open(r), 0);
  const granted = rows.reduce((a, r) => a + (r.cashbackAmount - r.canceledCashbackAmount), 0);
  const target = principal > 0 ? Math.min(granted, applyRate(principal as never, input.cashbackRate)) : 0;
  let left = target;
  const placed = new Map<string, number>();
  for (const r of lastFirst(rows)) {
    const o = open(r);
    const room = r.status === 'PENDING' && o > 0 ? Math.max(0, o - MIN_AMOUNT_TO_PAY) : o;
    const take = Math.min(left, room);
    placed.set(r.id, take);
    left -= take;
  }
  const kept = target - left;

  const changes: PlannedInstalmentChange[] = [];
  let returned = 0;
  for (const r of rows) {
    const before = input.instalments.find((i) => i.id === r.id);
    if (!before) continue;
    const e = placed.get(r.id) ?? 0;
    const cashbackAmount = Math.max(r.cashbackAmount, e);
    const canceledCashbackAmount = cashbackAmount - e;
    // A wholly cancelled unpaid instalment owes no late fee either (the late-fee job would say the same).
    const feesAmount = r.status === 'PENDING' && open(r) === 0 ? 0 : r.feesAmount;
    // A paid instalment keeps what it now owes; the rest of what it received goes back. Cashback already
    // discounted on it is never charged back.
    const owed = Math.max(0, open(r) + feesAmount - e);
    const back = r.status === 'PAID' ? Math.max(0, r.paidNet - owed) : 0;
    returned += back;
    if (
      r.canceledAmount !== before.canceledAmount ||
      cashbackAmount !== before.cashbackAmount ||
      canceledCashbackAmount !== before.canceledCashbackAmount ||
      feesAmount !== before.feesAmount ||
      back > 0
    ) {
      changes.push({
        id: r.id,
        canceledAmount: r.canceledAmount,
        cashbackAmount,
        canceledCashbackAmount,
        feesAmount,
        returned: back,
      });
    }
  }
  return {
    canceled,
    canceledCashback: granted - kept,
    returned,
    changes,
    closes: rows.every((r) => r.status === 'PAID' || open(r) === 0),
  };
}

/**
 * A product's shares of its instalments re-split for a lower total (an admin lowering the product's amount): each
 * share `floor(share × total / before)`, the centavos left over added to the first shares (as `splitInstalments`
 * places its remainder), so that they sum exactly to `total` and no share grows.
 */
export function resplitShares(shares: readonly number[], total: number): number[] {
  const before = shares.reduce((a, s) => a + s, 0);
  if (total >= before || before <= 0) return [...shares];
  const target = Math.max(0, total);
  const next = shares.map((s) => Math.floor((s * target) / before));
  let rest = target - next.reduce((a, s) => a + s, 0);
  for (let i = 0; i < next.length && rest > 0; i++) {
    if ((next[i] ?? 0) < (shares[i] ?? 0)) {
      next[i] = (next[i] ?? 0) + 1;
      rest -= 1;
    }
  }
  return next;
}
