/**
 * The checkout's Pix payments (docs/pix.md, docs/instalment-payments.md): the Pix a checkout offers (asked of the
 * PSP on a poll, renewed once expired), and what a paid charge does — the R$ 1,00 verification refunded and the
 * checkout moved to ANALYSIS (in the booking's transaction, or inside the booking's one statement), the upfront
 * instalment or the full amount turned into an order, or the money given back.
 */
import { cents } from '@drip/core';
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import type { Tx } from '../../db/types.ts';
import { DomainError } from '../../errors.ts';
import type { CheckoutAnalysis } from './analysis.ts';
import type { CheckoutCore } from './core.ts';
import type { Charge } from './payments-port.ts';
import {
  defaultInstalments,
  isOpen,
  isUuid,
  type Loaded,
  type MerchantFacts,
  orderBase,
  UUID_RE,
  VERIFICATION_REFUND_REASON,
} from './rules.ts';
import { VerificationBookedRows, verificationMove } from './statements.ts';
import type { CheckoutRow, StoredPix } from './tables.ts';

export class CheckoutPayments {
  constructor(
    private readonly core: CheckoutCore,
    private readonly analysis: CheckoutAnalysis,
  ) {}

  /** Registers the paid-charge handlers of the checkout's purposes with the payments module. */
  register(): void {
    const { payments, clock } = this.core.d;
    payments.onPaid('VERIFICATION', (tx, charge, ctx) => this.onVerificationPaid(tx, charge, ctx));
    payments.onPaidInOneStatement('VERIFICATION', {
      refundReason: VERIFICATION_REFUND_REASON,
      fragment: () => ({
        key: 'verification-move',
        ctes: () =>
          sql`moved as (${verificationMove({
            // A uuid text as a uuid, else null (isUuid's pattern: a cast of anything else would fail the statement).
            checkoutId: sql`(case when paid.reference_id ~* ${sql.raw(`'${UUID_RE.source}'`)} then paid.reference_id::uuid end)`,
            chargeId: sql`paid.id::text`,
            payerCpf: sql`paid.payer_cpf`,
            payerBankCode: sql`paid.payer_bank_code`,
            now: sql`${sql.placeholder('booking_now')}`,
            fromClause: sql` from paid`,
          })})`,
        answer: () => sql`(select id::text from moved) as handled`,
        values: { booking_now: clock.now().toISOString() },
      }),
      after: (moved) => {
        if (moved !== null) this.analysis.analyses.enqueue(moved);
      },
    });
    payments.onPaid('FIRST_INSTALMENT', (tx, charge) => this.onFirstInstalmentPaid(tx, charge));
    payments.onPaid('FULL_AMOUNT', (tx, charge) => this.onFullAmountPaid(tx, charge));
  }

  /** Whether a `load` (PUT {}) of this row writes anything: first open, expiry, or an expired Pix to renew. */
  loadChanges(row: CheckoutRow): boolean {
    const now = this.core.d.clock.now().getTime();
    if (row.status === 'PRISTINE') return true;
    if (isOpen(row.status) && row.expiresAt.getTime() <= now) return true;
    const expired = (p: StoredPix | null) => p !== null && Date.parse(p.expiresAt) <= now;
    return expired(row.verificationPix) || expired(row.firstInstalmentPix) || expired(row.fullAmountPix);
  }

  /** The Pix the checkout offers (reconcileCharge; forced once it expired, as it is replaced then): true if booked now. */
  async offeredPixPaidAtPsp(row: CheckoutRow): Promise<boolean> {
    const pix =
      isOpen(row.status) && row.phase === 'VERIFICATION_PIX'
        ? row.verificationPix
        : isOpen(row.status) && row.phase === 'FIRST_INSTALMENT_PIX'
          ? row.firstInstalmentPix
          : row.status === 'KO' && !row.orderId
            ? row.fullAmountPix
            : null;
    if (!pix) return false;
    const force = Date.parse(pix.expiresAt) <= this.core.d.clock.now().getTime();
    return (await this.core.d.payments.reconcileCharge(pix.txid, { force })) > 0;
  }

  /** An expired QR code is replaced by a new charge on the next load, without losing the checkout. */
  async renewExpiredPix(tx: Tx, row: CheckoutRow, merchant: MerchantFacts): Promise<CheckoutRow> {
    const now = this.core.d.clock.now().getTime();
    const expired = (p: StoredPix | null): p is StoredPix => p !== null && Date.parse(p.expiresAt) <= now;
    const data = row.customerData;
    if (!data) return row;
    if (row.phase === 'VERIFICATION_PIX' && expired(row.verificationPix)) {
      const pix = await this.core.verificationPix(tx, row, data);
      return this.core.update(tx, row.id, { verificationPix: pix });
    }
    if (row.phase === 'FIRST_INSTALMENT_PIX' && expired(row.firstInstalmentPix)) {
      const pix = await this.core.firstInstalmentPix(
        tx,
        row,
        cents(row.firstInstalmentPix.amount),
        data,
        merchant,
      );
      return this.core.update(tx, row.id, { firstInstalmentPix: pix });
    }
    if (row.status === 'KO' && !row.orderId && expired(row.fullAmountPix)) {
      const pix = await this.core.fullAmountPix(tx, row, data, merchant);
      return this.core.update(tx, row.id, { fullAmountPix: pix });
    }
    return row;
  }

  /**
   * R$ 1,00 verification paid: record the payer, refund it, and move the checkout to phase ANALYSIS. The credit
   * analysis (payer CPF and bank) runs after the booking committed (the background queue, or the shopper's next
   * poll): the PSP's webhook is answered without waiting for the bureau and anti-fraud ports.
   */
  async onVerificationPaid(
    tx: Tx,
    charge: Charge,
    ctx: { afterCommit(fn: () => void): void },
  ): Promise<void> {
    const reason = VERIFICATION_REFUND_REASON;
    if (!isUuid(charge.referenceId)) {
      await this.core.d.payments.refundCharge(tx, charge.id, charge.amount, reason);
      return;
    }
    // One statement (in the booking's transaction): the R$ 1,00 given back, and the checkout moved on (see
    // verificationMove; the row locked until the booking commits). The one-statement booking (`register`) does the
    // same from its CTE `paid`.
    const now = this.core.d.clock.now();
    const refund = this.core.d.payments.refundChargeCtes(charge.id, charge.amount, reason, 'refund');
    const p = sql.placeholder;
    const [result] = v.parse(
      VerificationBookedRows,
      await this.core.shaped.execute(tx, {
        key: `verification-booked:${refund.key}`,
        build: () =>
          sql`with ${refund.build()}, moved as (${verificationMove({
            checkoutId: sql`${p('checkoutId')}`,
            chargeId: sql`${p('chargeId')}`,
            payerCpf: sql`${p('payerCpf')}`,
            payerBankCode: sql`${p('payerBankCode')}`,
            now: sql`${p('now')}`,
          })}) select (select count(*) from refund)::int as refunded, (select id::text from moved) as moved`,
        values: {
          ...refund.values,
          payerCpf: charge.payerCpf,
          payerBankCode: charge.payerBankCode,
          now: now.toISOString(),
          checkoutId: charge.referenceId,
          chargeId: charge.id,
        },
      }),
    ).rows;
    // The charge was paid in this very transaction: its full amount always fits; anything else rolls back.
    if (result?.refunded !== 1) throw new Error(`verification Pix ${charge.id}: the refund was refused`);
    const moved = result.moved === null ? [] : [{ id: result.moved }];
    for (const { id } of moved) ctx.afterCommit(() => this.analysis.analyses.enqueue(id));
  }

  /** First instalment paid upfront: the order is created with instalment 1 paid (else the Pix is given back). */
  async onFirstInstalmentPaid(tx: Tx, charge: Charge): Promise<void> {
    const loaded = await this.loadPaidCheckout(tx, charge);
    const row = loaded?.row;
    if (
      !loaded ||
      !row ||
      !isOpen(row.status) ||
      row.phase !== 'FIRST_INSTALMENT_PIX' ||
      row.firstInstalmentPix?.chargeId !== charge.id ||
      !row.customerId
    ) {
      await this.givePaymentBack(tx, charge, row ?? null, 'Pagamento recebido fora do checkout');
      return;
    }
    const { merchant } = loaded;
    const customerId = row.customerId;
    await this.orderOrGiveBack(tx, charge, row, async (sp, now) => {
      const order = await this.core.d.orders.createInstalmentOrder(sp, {
        ...orderBase(row, customerId),
        totalInstalments: row.totalInstalments ?? defaultInstalments(merchant),
        firstDueDate: row.firstDueDate ?? this.core.today(),
        cashbackRate: merchant.cashbackRate,
        upfrontPayment: { chargeId: charge.id, paidAt: charge.paidAt ?? now },
        now,
      });
      await this.core.update(sp, row.id, {
        status: 'OK',
        phase: 'DONE',
        orderId: order.id,
        payerCpf: charge.payerCpf,
        payerBankCode: charge.payerBankCode,
        ...(charge.payerCpf === row.customerData?.customerCpf ? { payerVerifiedAt: now } : {}),
      });
    });
  }

  /** Full amount paid after a KO: an order paid at once (CLOSED); the checkout answers OK (else the Pix is given back). */
  async onFullAmountPaid(tx: Tx, charge: Charge): Promise<void> {
    const row = (await this.loadPaidCheckout(tx, charge))?.row;
    if (row?.status !== 'KO' || row.orderId || row.fullAmountPix?.chargeId !== charge.id || !row.customerId) {
      await this.givePaymentBack(tx, charge, row ?? null, 'Pagamento recebido fora do checkout');
      return;
    }
    const customerId = row.customerId;
    await this.orderOrGiveBack(tx, charge, row, async (sp, now) => {
      const order = await this.core.d.orders.createFullPaymentOrder(sp, {
        ...orderBase(row, customerId),
        today: this.core.today(),
        payment: { chargeId: charge.id, paidAt: charge.paidAt ?? now },
        now,
      });
      await this.core.update(sp, row.id, {
        status: 'OK',
        phase: 'DONE',
        orderId: order.id,
        koReason: null,
        koVariables: null,
        totalInstalments: 1,
        firstDueDate: this.core.today(),
      });
    });
  }

  /** The checkout a paid charge refers to, locked; null when there is none (its Pix is then given back). */
  async loadPaidCheckout(tx: Tx, charge: Charge): Promise<Loaded | null> {
    if (!isUuid(charge.referenceId)) return null;
    try {
      return await this.core.load(tx, charge.referenceId, true);
    } catch (err) {
      if (err instanceof DomainError && err.kind === 'not_found') return null;
      throw err;
    }
  }

  /**
   * Creates the order of a paid checkout in a savepoint of the booking transaction. When that fails, for whatever
   * reason (rows the order's columns cannot hold, a bug), the savepoint is rolled back and the booking still commits:
   * the payment stays booked, the checkout ends KO (no further Pix is offered) and the money is given back — rather
   * than a booking that fails, and a webhook answered 500, on every delivery of the PSP.
   */
  async orderOrGiveBack(
    tx: Tx,
    charge: Charge,
    row: CheckoutRow,
    create: (sp: Tx, now: Date) => Promise<void>,
  ): Promise<void> {
    const now = this.core.d.clock.now();
    try {
      await tx.transaction((sp) => create(sp, now));
      return;
    } catch (err) {
      this.core.d.log.error('a paid checkout could not become an order: its Pix is given back', {
        checkoutId: row.id,
        chargeId: charge.id,
        error: err instanceof Error ? err.message : String(err),
      });
    }
    await this.core.update(tx, row.id, {
      status: 'KO',
      phase: 'DONE',
      koReason: row.status === 'KO' ? row.koReason : 'DEFAULT',
      fullAmountPix: null,
    });
    await this.givePaymentBack(tx, charge, row, 'Não foi possível criar o pedido do checkout');
  }

  /**
   * A checkout payment that does not become an order: the devolução of the whole amount is recorded (sent to the PSP
   * by the payments job), with its ledger entries, in the booking's transaction.
   */
  async givePaymentBack(tx: Tx, charge: Charge, row: CheckoutRow | null, reason: string): Promise<void> {
    await this.core.d.payments.refundCharge(tx, charge.id, charge.amount, reason);
    await this.core.d.orders.recordReturnedPayment(tx, {
      chargeId: charge.id,
      amount: charge.amount,
      checkoutId: row?.id ?? null,
      customerId: row?.customerId ?? null,
      merchantId: row?.merchantId ?? null,
      reason,
      now: this.core.d.clock.now(),
    });
  }
}
