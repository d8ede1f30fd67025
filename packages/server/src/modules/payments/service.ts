/**
 * Payments: Pix charges through the `pix` port, webhook booking (confirmed with the PSP, idempotent by
 * endToEndId), reconciliation, expiry and devoluções. Other modules use only `PaymentsService` (this facade); each
 * responsibility lives in its own file:
 *
 * - txids.ts: a txid names its charge's purpose;
 * - charges.ts: charges created, prepared, read, canceled and expired;
 * - refunds.ts: devoluções, recorded with their task on the durable queue that sends them to the PSP;
 * - booking.ts: a received Pix applied to what it pays (or recorded for a devolução);
 * - reconciliation.ts: what the PSP received and Drip never heard of, booked.
 *
 * See docs/pix.md and docs/jobs.md.
 */
import type { Cents } from '@drip/core';
import type { Shaped } from '../../db/shaped.ts';
import type { Tx } from '../../db/types.ts';
import type { Queue } from '../../jobs/queue.ts';
import type { WebhookNotice } from './apipix.ts';
import { Booking } from './booking.ts';
import { Charges } from './charges.ts';
import type { PaymentsOptions } from './options.ts';
import type { PixPort } from './pix-port.ts';
import { qrPng, txidOfQrFile } from './qr.ts';
import { Reconciliation } from './reconciliation.ts';
import { Refunds } from './refunds.ts';
import { QR_BASE_PATH } from './rows.ts';
import type {
  Charge,
  ChargePurpose,
  CreateChargeInput,
  NoticeResult,
  OneStatementBooking,
  PaidHandler,
  PaymentsService,
  PreparedCharge,
  ReconcileRun,
} from './types.ts';

export { QR_BASE_PATH } from './rows.ts';
export { newTxid, purposeOfTxid } from './txids.ts';
export * from './types.ts';
export type { Tx };

export type PaymentsServiceOptions = Omit<PaymentsOptions, 'qrBasePath'> & { qrBasePath?: string };

export class Payments implements PaymentsService {
  private readonly charges: Charges;
  private readonly refunds: Refunds;
  private readonly booking: Booking;
  private readonly reconciliation: Reconciliation;

  constructor(private readonly o: PaymentsServiceOptions) {
    const options: PaymentsOptions = { ...o, qrBasePath: o.qrBasePath ?? QR_BASE_PATH };
    this.charges = new Charges(options);
    this.refunds = new Refunds(options);
    this.booking = new Booking(options, this.charges, this.refunds);
    this.reconciliation = new Reconciliation(options, this.booking);
  }

  get pix(): PixPort {
    return this.o.pix;
  }

  /** The durable queue that sends the devoluções to the PSP; its drain job is registered in jobs/registry.ts. */
  get refundQueue(): Queue<{ refundId: string }> {
    return this.refunds.queue;
  }

  // ------------------------------------------------------------------------------------------ charges

  createCharge(tx: Tx | null, input: CreateChargeInput): Promise<Charge> {
    return this.charges.createCharge(tx, input);
  }

  prepareCharge(input: CreateChargeInput): Promise<PreparedCharge> {
    return this.charges.prepareCharge(input);
  }

  getCharge(id: string): Promise<Charge | null> {
    return this.charges.getCharge(id);
  }

  getChargeByTxid(txid: string): Promise<Charge | null> {
    return this.charges.getChargeByTxid(txid);
  }

  /** The QR image of a charge, by its file name `<txid>.png`; refused (not found) when it names no charge. */
  async qrImage(file: string): Promise<Uint8Array<ArrayBuffer>> {
    return qrPng(await this.charges.getChargeByTxid(txidOfQrFile(file)));
  }

  activeChargeFor(purpose: ChargePurpose, referenceId: string): Promise<Charge | null> {
    return this.charges.activeChargeFor(purpose, referenceId);
  }

  /** Several charges by id in one read (charges.ts). */
  chargesByIds(ids: readonly string[]): Promise<Map<string, Charge>> {
    return this.charges.chargesByIds(ids);
  }

  /** Each reference's newest active, unexpired charge, in one read (charges.ts). */
  activeChargesFor(purpose: ChargePurpose, referenceIds: readonly string[]): Promise<Map<string, Charge>> {
    return this.charges.activeChargesFor(purpose, referenceIds);
  }

  cancelCharge(id: string): Promise<void> {
    return this.charges.cancelCharge(id);
  }

  /** Set-based, idempotent; one instance at a time (advisory lock). Returns how many charges expired. */
  expireCharges(now?: Date): Promise<number> {
    return this.charges.expireCharges(now);
  }

  /** ACTIVE charges past their expiry, per purpose (the metrics; charges.ts). */
  pendingPastExpiry(now?: Date): Promise<{ purpose: ChargePurpose; count: number }[]> {
    return this.charges.pendingPastExpiry(now);
  }

  // ------------------------------------------------------------------------------------------ devoluções

  refundChargeCtes(chargeId: string, amount: Cents, reason: string, name: string): Shaped {
    return this.refunds.refundChargeCtes(chargeId, amount, reason, name);
  }

  refundCharge(tx: Tx | null, chargeId: string, amount: Cents, reason: string): Promise<void> {
    return this.refunds.refundCharge(tx, chargeId, amount, reason);
  }

  confirmRefundable(tx: Tx | null, chargeId: string, amount: Cents): Promise<void> {
    return this.refunds.confirmRefundable(tx, chargeId, amount);
  }

  /** Drains the devoluções' queue once: answers how many tasks ran (see Refunds.processPendingRefunds). */
  processPendingRefunds(): Promise<number> {
    return this.refunds.processPendingRefunds();
  }

  refundsOf(chargeId: string) {
    return this.refunds.refundsOf(chargeId);
  }

  // ------------------------------------------------------------------------------------------ booking

  onPaid(purpose: ChargePurpose, handler: PaidHandler): void {
    this.booking.onPaid(purpose, handler);
  }

  onPaidInOneStatement(purpose: ChargePurpose, booking: OneStatementBooking): void {
    this.booking.onPaidInOneStatement(purpose, booking);
  }

  handleNotice(notice: WebhookNotice): Promise<NoticeResult[]> {
    return this.booking.handleNotice(notice);
  }

  // ------------------------------------------------------------------------------------------ reconciliation

  reconcilePending(o?: { limit?: number; now?: Date }): Promise<ReconcileRun> {
    return this.reconciliation.reconcilePending(o);
  }

  reconcileCharge(txid: string, o?: { force?: boolean; rethrow?: boolean }): Promise<number> {
    return this.reconciliation.reconcileCharge(txid, o);
  }

  reconcileFor(refs: { purpose: ChargePurpose; referenceIds: string[] }[]): Promise<number> {
    return this.reconciliation.reconcileFor(refs);
  }
}
