/**
 * The instalment plan of a purchase (DESIGN.md 3 "Instalments"), the one computation behind every amount Drip
 * shows or charges: the checkout's options and review, the banner, the simulator and the orders the server
 * creates. Exact split (remainder centavos on the first instalment), 30 days apart from the first due date,
 * cashback = rate × total discounted from the LAST instalment backwards (`spreadCashback`).
 *
 * Framework-free and without Node: the browser apps and the server import the same code, so that a figure on a
 * screen cannot drift from the charge.
 */
import { addDaysIso, type IsoDate } from './dates.ts';
import { applyRate, type Cents, cents, splitInstalments } from './money.ts';

export const DAYS_BETWEEN_INSTALMENTS = 30;

/** What an instalment still asks the customer to pay after its cashback: a Pix of at least one centavo. */
export const MIN_AMOUNT_TO_PAY: Cents = cents(1);

export interface PlannedAmount {
  /** 1-based. */
  number: number;
  /** The instalment's share of the total (before cashback and fees). */
  amount: Cents;
  /** Discounted from `amount` when it is paid. */
  cashbackAmount: Cents;
}

export interface PlannedInstalment extends PlannedAmount {
  dueDate: IsoDate;
}

export interface PlanAmountsInput {
  total: Cents;
  totalInstalments: number;
  cashbackRate: number;
}

export interface PlanInput extends PlanAmountsInput {
  firstDueDate: IsoDate;
}

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

/** The plan without its dates: what the screens that show no date (options, banner) label. */
export function planAmounts(input: PlanAmountsInput): PlannedAmount[] {
  const amounts = splitInstalments(input.total, input.totalInstalments);
  const cashbacks = spreadCashback(amounts, applyRate(input.total, input.cashbackRate));
  return amounts.map((amount, i) => ({ number: i + 1, amount, cashbackAmount: cashbacks[i] ?? cents(0) }));
}

/** The plan the server books: `planAmounts` plus a due date every DAYS_BETWEEN_INSTALMENTS from the first. */
export function planInstalments(input: PlanInput): PlannedInstalment[] {
  return planAmounts(input).map((p, i) => ({
    number: p.number,
    dueDate: addDaysIso(input.firstDueDate, i * DAYS_BETWEEN_INSTALMENTS),
    amount: p.amount,
    cashbackAmount: p.cashbackAmount,
  }));
}
