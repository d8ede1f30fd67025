/**
 * The checkout's port to payments: the slice of the payments service that the checkout calls (an interface, so that
 * the checkout depends on nothing else), and its adapter over the payments module's service (`paymentsPortFor`).
 * No statement of the payments tables is written here: the fragments the checkout sends in its own statements
 * (`refundChargeCtes`, `prepareCharge(…).insertIf`, the one-statement booking) are built by the payments module.
 */
import type { Cents } from '@drip/core';
import type { Shaped } from '../../db/shaped.ts';
import type { Tx } from '../../db/types.ts';
import type {
  ChargePurpose,
  CreateChargeInput,
  OneStatementBooking,
  Charge as PaymentsCharge,
  PaymentsService,
} from '../payments/types.ts';

export type { ChargePurpose };

/** A charge as the checkout reads it: the payments module's, without what only payments itself reads. */
export type Charge = Omit<PaymentsCharge, 'payerName' | 'endToEndId' | 'refundReason' | 'refundedAmount'>;

/** What a charge is asked with. */
export type ChargeInput = CreateChargeInput;

export interface PaymentsPort {
  createCharge(tx: Tx | null, input: ChargeInput): Promise<Charge>;
  /**
   * A charge asked of the PSP and not stored yet: `insertIf(guard, name)` stores it in the caller's statement
   * (a shaped fragment, placeholders `<name>_…`) only when the caller's CTE `guard` returned a row; `abandon()`
   * removes the cob when that write did not apply.
   */
  prepareCharge(
    input: ChargeInput,
  ): Promise<{ charge: Charge; insertIf(guard: string, name: string): Shaped; abandon(): Promise<void> }>;
  getCharge(id: string): Promise<Charge | null>;
  activeChargeFor(purpose: ChargePurpose, referenceId: string): Promise<Charge | null>;
  cancelCharge(id: string): Promise<void>;
  /**
   * Asks the PSP for an unpaid charge before it is offered again, and books what the PSP says was paid (as the
   * webhook would); answers how many Pix were booked now. Never throws.
   */
  reconcileCharge(txid: string, o?: { force?: boolean }): Promise<number>;
  refundCharge(tx: Tx, chargeId: string, amount: Cents, reason: string): Promise<void>;
  /**
   * The devolução as CTEs `<name>_charge`, `<name>` (returning the devolução's id) and `<name>_task` (its task on
   * the devoluções' queue), for one statement: a shaped fragment (db/shaped.ts) whose placeholders start with
   * `<name>_`.
   */
  refundChargeCtes(chargeId: string, amount: Cents, reason: string, name: string): Shaped;
  /**
   * The booking of a purpose refunded in full as it is booked, as one statement (payments' OneStatementBooking): the
   * fragment's CTEs read the booked charge from the CTE `paid`; `after` gets its `handled` answer.
   */
  onPaidInOneStatement(purpose: ChargePurpose, booking: OneStatementBooking): void;
  /** `ctx.afterCommit(fn)` runs `fn` once the booking committed (to start slow work outside the webhook). */
  onPaid(
    purpose: ChargePurpose,
    handler: (tx: Tx, charge: Charge, ctx: { afterCommit(fn: () => void): void }) => Promise<void>,
  ): void;
}

/** The port over the payments module's service: each call goes to the service as is. */
export function paymentsPortFor(payments: PaymentsService): PaymentsPort {
  return {
    createCharge: (tx, input) => payments.createCharge(tx, input),
    prepareCharge: (input) => payments.prepareCharge(input),
    getCharge: (id) => payments.getCharge(id),
    activeChargeFor: (purpose, referenceId) => payments.activeChargeFor(purpose, referenceId),
    cancelCharge: (id) => payments.cancelCharge(id),
    reconcileCharge: (txid, o) => payments.reconcileCharge(txid, o),
    refundCharge: (tx, chargeId, amount, reason) => payments.refundCharge(tx, chargeId, amount, reason),
    refundChargeCtes: (chargeId, amount, reason, name) =>
      payments.refundChargeCtes(chargeId, amount, reason, name),
    onPaidInOneStatement: (purpose, booking) => payments.onPaidInOneStatement(purpose, booking),
    onPaid: (purpose, handler) => payments.onPaid(purpose, handler),
  };
}
