/**
 * The payments module's public types: what other modules and the service's parts speak (docs/pix.md).
 */
import type { Cents } from '@drip/core';
import type { SQL } from 'drizzle-orm';
import type { Shaped } from '../../db/shaped.ts';
import type { Tx } from '../../db/types.ts';
import { DomainError } from '../../errors.ts';

export type ChargePurpose =
  | 'VERIFICATION'
  | 'FIRST_INSTALMENT'
  | 'FULL_AMOUNT'
  | 'INSTALMENT'
  | 'UNIQUE_PAYMENT';
export type ChargeStatus = 'ACTIVE' | 'PAID' | 'EXPIRED' | 'CANCELED' | 'REFUNDED';

export interface Charge {
  id: string;
  txid: string;
  purpose: ChargePurpose;
  referenceId: string;
  amount: Cents;
  brCode: string;
  qrCodeUrl: string;
  expiresAt: Date;
  status: ChargeStatus;
  paidAt: Date | null;
  payerCpf: string | null;
  payerBankCode: string | null;
  /** Added: the payer's name as the PSP reported it. */
  payerName: string | null;
  /** Added: the Pix that paid it. */
  endToEndId: string | null;
  /** Added: set when money arrived that could not be booked (a devolução is asked for). */
  refundReason: string | null;
  /** Added: centavos refunded through `refundCharge`. */
  refundedAmount: Cents;
}

export interface CreateChargeInput {
  purpose: ChargePurpose;
  referenceId: string;
  amount: Cents;
  expiresInSeconds?: number;
  payer?: { cpf: string; name: string };
  description: string;
}

/** See PaymentsService.prepareCharge. */
export interface PreparedCharge {
  /** The charge as it is once stored (ACTIVE, its id already chosen). */
  charge: Charge;
  /**
   * `insert into pix_charges … select … from <guard>`: stores the charge only when the caller's CTE `guard`
   * returned a row. A shaped fragment (db/shaped.ts) whose placeholders start with `<name>_`.
   */
  insertIf(guard: string, name: string): Shaped;
  /** The write did not apply: the cob is removed at the PSP, so that it cannot be paid. */
  abandon(): Promise<void>;
}

/**
 * The booking of a purpose whose payment is given back in full as it is booked (the R$ 1,00 verification), as ONE
 * statement without a transaction: the charge paid and refunded, the payment stored, the devolução REQUESTED, and
 * the purpose's own CTEs, which read the booked charge from the CTE `paid` (pix_charges' columns).
 */
export interface OneStatementBooking {
  /** The devolução's reason. */
  refundReason: string;
  /**
   * The purpose's CTEs (`name as (…)`, comma separated) and `answer`, one select-list item named `handled` (text or
   * null); a shaped fragment (db/shaped.ts) whose placeholders start with `booking_`.
   */
  fragment(): { key: string; ctes: () => SQL; answer: () => SQL; values: Record<string, unknown> };
  /** Runs once the statement is done, with `handled`. */
  after(handled: string | null): void;
}

/** What a paid handler may ask of the booking besides its transaction. */
export interface PaidContext {
  /**
   * Runs `fn` once the booking transaction committed (never when it rolled back), before the webhook is answered;
   * `fn` should only start work (e.g. enqueue it), not wait for it. A throw is logged, never answered to the PSP.
   */
  afterCommit(fn: () => void): void;
}

export type PaidHandler = (tx: Tx, charge: Charge, ctx: PaidContext) => Promise<void>;

export interface PaymentsService {
  createCharge(tx: Tx | null, input: CreateChargeInput): Promise<Charge>;
  /**
   * A charge asked of the PSP (its cob exists) and not stored yet: the caller stores it in one statement with its
   * own conditional write (`insertIf`), or calls `abandon` when that write did not apply.
   */
  prepareCharge(input: CreateChargeInput): Promise<PreparedCharge>;
  getCharge(id: string): Promise<Charge | null>;
  /** Newest ACTIVE and not expired charge of a purpose and reference. */
  activeChargeFor(purpose: ChargePurpose, referenceId: string): Promise<Charge | null>;
  cancelCharge(id: string): Promise<void>;
  /**
   * Before an unpaid charge is offered to pay again: asks the PSP for it (GET /cob/{txid}) and books what the PSP
   * says was paid, as the webhook would. Answers how many Pix were booked now (0 as well when the PSP could not be
   * asked: logged, never thrown). Asked at most every few seconds per charge and process unless `force`.
   */
  reconcileCharge(txid: string, o?: { force?: boolean; rethrow?: boolean }): Promise<number>;
  /**
   * The same for every unpaid charge of these purposes and references that the PSP may still have seen paid (an
   * expired one always: it is about to be replaced).
   */
  reconcileFor(refs: { purpose: ChargePurpose; referenceIds: string[] }[]): Promise<number>;
  /**
   * Records a devolução of `amount` of a paid charge, with its task on the queue `pix-refunds` that sends it to the
   * PSP (docs/jobs.md). Refused (RefundError) when the charge is not paid or the amount exceeds what is left.
   */
  refundCharge(tx: Tx | null, chargeId: string, amount: Cents, reason: string): Promise<void>;
  /**
   * Asks the PSP whether the Pix that paid the charge can still give back `amount` (before a merchant's refund
   * records its devolução): RefundError when it cannot, ever; the PSP's own error when it cannot answer now.
   */
  confirmRefundable(tx: Tx | null, chargeId: string, amount: Cents): Promise<void>;
  /**
   * The same devolução as CTEs `<name>_charge`, `<name>` (returning its id) and `<name>_task` (a shaped fragment,
   * db/shaped.ts: placeholders start with `<name>_`), to send in one statement with the caller's own write.
   */
  refundChargeCtes(chargeId: string, amount: Cents, reason: string, name: string): Shaped;
  /**
   * Registers the handler that books a paid charge of a purpose. Called INSIDE the booking transaction; slow work
   * (third-party calls) goes to `ctx.afterCommit`.
   */
  onPaid(purpose: ChargePurpose, handler: PaidHandler): void;
  /**
   * The same booking as one statement, for a charge whose txid names this purpose (see OneStatementBooking); the
   * `onPaid` handler still books what this cannot (a txid without a prefix, a payment the statement did not book).
   */
  onPaidInOneStatement(purpose: ChargePurpose, booking: OneStatementBooking): void;
}

export type NoticeOutcome =
  | 'BOOKED'
  | 'DUPLICATE'
  | 'NOT_CONFIRMED'
  | 'UNKNOWN_TXID'
  | 'AMOUNT_MISMATCH'
  | 'REFUND';

export interface NoticeResult {
  endToEndId: string;
  outcome: NoticeOutcome;
}

/**
 * A devolução refused (not paid, or more than what is left to give back): a refusal of the service, 422 if it ever
 * reaches an answer (every caller today books it inside a transaction that rolls back).
 */
export class RefundError extends DomainError {
  constructor(message: string) {
    super('unprocessable', 'REFUND_REFUSED', message);
    this.name = 'RefundError';
  }
}

/** The result of a reconciliation run. */
export interface ReconcileRun {
  /** false when another instance held the lock (this run did nothing). */
  ran: boolean;
  /** Charges asked of the PSP. */
  checked: number;
  /** Pix the PSP had received that were booked now (any outcome but DUPLICATE: booked, or recorded for refund). */
  booked: number;
  /** Charges whose PSP call or booking failed (asked again at the next run). */
  failed: number;
}
