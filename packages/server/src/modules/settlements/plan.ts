/**
 * The arithmetic of settlements, pure (docs/settlements.md): the fee of a sale, the fee given back by a
 * cancellation, and the transfer shares of a sale. Integer centavos; rates in basis points (1 % = 100).
 */
import { addDaysIso, type IsoDate } from '@drip/core';
import { nextTransferDay, type SettlementPaymentType } from './calendar.ts';

/** The later of two ISO dates (they compare as text). */
function later(a: IsoDate, b: IsoDate): IsoDate {
  if (a > b) return a;
  return b;
}

export const TRANSFER_DELAYS = [0, 5, 7, 15, 30, 45] as const;

export interface SettlementConfiguration {
  id: string | null;
  transferDelayInDays: number;
  payAllInOneSettlement: boolean;
}

/** When a merchant has no active configuration: everything in one transfer on the sale's next transfer day. */
export const DEFAULT_CONFIGURATION: SettlementConfiguration = {
  id: null,
  transferDelayInDays: 0,
  payAllInOneSettlement: true,
};

/** amount × bps / 10 000, rounded half up, exact for any bigint-sized amount. */
export function feeOf(amount: number, rateBps: number): number {
  if (amount < 0) throw new Error('feeOf: negative amount');
  return Number((BigInt(amount) * BigInt(rateBps) + 5000n) / 10000n);
}

/**
 * The fee given back when an order's canceled total goes from `before` to `after` (of `amount`, whose fee was
 * `saleFee`): the fee of the canceled total so far minus what was already given back, so that a full cancellation
 * gives back exactly the sale's fee, whatever the steps.
 */
export function feeGivenBack(o: {
  amount: number;
  saleFee: number;
  rateBps: number;
  before: number;
  after: number;
}) {
  const returned = (canceled: number) =>
    canceled >= o.amount ? o.saleFee : Math.min(o.saleFee, feeOf(canceled, o.rateBps));
  return returned(o.after) - returned(o.before);
}

export interface PlanInstalment {
  id: string;
  number: number;
  dueDate: IsoDate;
  amount: number;
}

export interface PlannedPart {
  seq: number;
  dueDate: IsoDate;
  amount: number;
  waitFor: 'NONE' | 'INSTALMENT' | 'ORDER';
  instalmentId: string | null;
}

/** Splits `total` in proportion to `weights` (largest-remainder free: floors, the rest on the last share). */
export function splitProportionally(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, w) => a + w, 0);
  if (weights.length === 0) return [];
  if (sum <= 0) return weights.map((_, i) => (i === weights.length - 1 ? total : 0));
  const shares = weights.map((w) => Number((BigInt(total) * BigInt(w)) / BigInt(sum)));
  const rest = total - shares.reduce((a, s) => a + s, 0);
  shares[shares.length - 1] = (shares[shares.length - 1] ?? 0) + rest;
  return shares;
}

/**
 * The transfer shares of a sale of `payout` centavos made on `day`:
 * - all in one: one share on the first transfer day on or after day + delay; with `whenInstalmentPaid` it waits
 *   for every instalment of the order (the whole amount is only then paid by the shopper);
 * - per instalment: one share per instalment, in proportion to its amount, on the first transfer day on or after
 *   max(day, its due date) + delay; with `whenInstalmentPaid` each waits for its own instalment.
 * An instalment already paid (at checkout) does not make a share wait.
 */
export function planSale(o: {
  day: IsoDate;
  payout: number;
  instalments: (PlanInstalment & { paid: boolean })[];
  configuration: SettlementConfiguration;
  paymentType: SettlementPaymentType;
  whenInstalmentPaid: boolean;
}): PlannedPart[] {
  const delay = o.configuration.transferDelayInDays;
  const sorted = [...o.instalments].sort((a, b) => a.number - b.number);
  if (o.configuration.payAllInOneSettlement || sorted.length <= 1) {
    const allPaid = sorted.every((i) => i.paid);
    const only = sorted.length === 1 ? sorted[0] : undefined;
    const base =
      only && !o.configuration.payAllInOneSettlement && only.dueDate > o.day ? only.dueDate : o.day;
    return [
      {
        seq: 1,
        dueDate: nextTransferDay(o.paymentType, addDaysIso(base, delay)),
        amount: o.payout,
        waitFor: o.whenInstalmentPaid && !allPaid ? 'ORDER' : 'NONE',
        instalmentId: null,
      },
    ];
  }
  const shares = splitProportionally(
    o.payout,
    sorted.map((i) => i.amount),
  );
  return sorted.map((i, k) => ({
    seq: k + 1,
    dueDate: nextTransferDay(o.paymentType, addDaysIso(later(i.dueDate, o.day), delay)),
    amount: shares[k] ?? 0,
    waitFor: o.whenInstalmentPaid && !i.paid ? 'INSTALMENT' : 'NONE',
    instalmentId: o.whenInstalmentPaid && !i.paid ? i.id : null,
  }));
}

export interface OpenShare {
  id: string;
  /** What is still to transfer of the share (its amount plus the offsets already against it), > 0. */
  remaining: number;
  dueDate: IsoDate;
  waitFor: PlannedPart['waitFor'];
  instalmentId: string | null;
  seq: number;
}

/**
 * The shares of a cancellation of `amount` (> 0, what the merchant gives back): first against the order's shares
 * not transferred yet, from the last backwards (a partial refund reduces instalments from the last), then the rest
 * on `dueNow` (the next transfer day), where it nets against the merchant's other transfers or becomes a debt.
 */
export function planCancellation(
  amount: number,
  open: OpenShare[],
  dueNow: IsoDate,
): (PlannedPart & { offsetsPartId: string | null })[] {
  let left = amount;
  const out: (PlannedPart & { offsetsPartId: string | null })[] = [];
  const sorted = [...open].sort((a, b) => b.seq - a.seq);
  for (const share of sorted) {
    if (left <= 0) break;
    const take = Math.min(left, share.remaining);
    if (take <= 0) continue;
    out.push({
      seq: out.length + 1,
      dueDate: share.dueDate,
      amount: -take,
      waitFor: share.waitFor,
      instalmentId: share.instalmentId,
      offsetsPartId: share.id,
    });
    left -= take;
  }
  if (left > 0 || out.length === 0) {
    out.push({
      seq: out.length + 1,
      dueDate: dueNow,
      amount: left === 0 ? 0 : -left,
      waitFor: 'NONE',
      instalmentId: null,
      offsetsPartId: null,
    });
  }
  return out;
}
