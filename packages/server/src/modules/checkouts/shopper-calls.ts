/**
 * The shopper's calls beside the steps: cancel, where a message goes (for the send caps), the Pix code by SMS, the
 * waitlist after a denial, and the feedback form.
 */
import {
  cents,
  formatBRL,
  type UpdateWaitlistRequest,
  type VerificationChannel,
  type WaitlistStatus,
} from '@drip/core';
import { eq } from 'drizzle-orm';
import type { CheckoutCore } from './core.ts';
import { checkoutErrors, checkoutNotFound, conflict } from './refusals.ts';
import { isOpen, isUuid } from './rules.ts';
import { type CheckoutRow, checkoutFeedback, checkouts } from './tables.ts';

export class ShopperCalls {
  constructor(private readonly core: CheckoutCore) {}

  /** Shopper cancel: an unfinished checkout becomes KO with reason EXPIRED ("abandoned"), see the docs. */
  async cancel(id: string): Promise<{ status: CheckoutRow['status']; cancelUrl: string | null }> {
    return this.core.d.db.transaction(async (tx) => {
      const { row } = await this.core.load(tx, id, true);
      if (row.status === 'OK') throw conflict(checkoutErrors.alreadyApproved, 'CHECKOUT_FINISHED');
      if (!isOpen(row.status)) return { status: row.status, cancelUrl: row.cancelUrl };
      const now = this.core.d.clock.now();
      const updated = await this.core.update(tx, id, {
        status: 'KO',
        phase: 'DONE',
        koReason: 'EXPIRED',
        canceledAt: now,
      });
      return { status: updated.status, cancelUrl: updated.cancelUrl };
    });
  }

  /**
   * Where a message of the checkout goes on `channel` (the phone for SMS and WhatsApp, the e-mail otherwise), as
   * stored; null before the customer data. Read by the route to count the send against the caps before the step.
   */
  async messageRecipient(id: string, channel: VerificationChannel): Promise<string | null> {
    const { row } = await this.core.load(this.core.d.db, id, false);
    const data = row.customerData;
    if (!data) return null;
    return channel === 'EMAIL' ? data.customerEmail : data.customerPhone;
  }

  /** Sends the copy-paste code of the checkout's pending Pix to the customer's phone by SMS. */
  async notifyPix(id: string): Promise<{ smsDelivered: boolean }> {
    const { row } = await this.core.load(this.core.d.db, id, false);
    const pix =
      row.phase === 'VERIFICATION_PIX'
        ? row.verificationPix
        : row.phase === 'FIRST_INSTALMENT_PIX'
          ? row.firstInstalmentPix
          : row.status === 'KO' && !row.orderId
            ? row.fullAmountPix
            : null;
    const phone = row.customerData?.customerPhone;
    if (!pix || !phone || !(isOpen(row.status) || row.status === 'KO'))
      throw conflict(checkoutErrors.noPix, 'NO_PENDING_PIX');
    const result = await this.core.d.notifications.sms.send({
      to: phone,
      body: `Drip: Pix copia e cola de ${formatBRL(cents(pix.amount))}: ${pix.brCode}`,
    });
    return { smsDelivered: result.delivered };
  }

  async updateWaitlist(id: string, body: UpdateWaitlistRequest): Promise<{ status: WaitlistStatus }> {
    return this.core.d.db.transaction(async (tx) => {
      const { row } = await this.core.load(tx, id, true);
      if (row.status !== 'KO' || row.waitlistStatus === null) {
        throw conflict(checkoutErrors.waitlistUnavailable, 'WAITLIST_UNAVAILABLE');
      }
      if (body.oldStatus !== null && body.oldStatus !== row.waitlistStatus) {
        throw conflict(checkoutErrors.waitlistChanged, 'WAITLIST_CHANGED');
      }
      // The shopper joins (CONFIRMED, again as often as they like); a list Drip DENIED stays denied.
      if (row.waitlistStatus === 'DENIED') {
        throw conflict(checkoutErrors.waitlistDenied, 'WAITLIST_DENIED');
      }
      const updated = await this.core.update(tx, id, { waitlistStatus: body.newStatus });
      return { status: updated.waitlistStatus ?? body.newStatus };
    });
  }

  async feedback(body: { checkoutID: string; feedback: string; comment: string }): Promise<void> {
    if (!isUuid(body.checkoutID)) throw checkoutNotFound();
    const [row] = await this.core.d.db
      .select({ id: checkouts.id })
      .from(checkouts)
      .where(eq(checkouts.id, body.checkoutID));
    if (!row) throw checkoutNotFound();
    await this.core.d.db.insert(checkoutFeedback).values({
      checkoutId: row.id,
      feedback: body.feedback,
      comment: body.comment,
      createdAt: this.core.d.clock.now(),
    });
  }
}
