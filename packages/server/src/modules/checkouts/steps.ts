/**
 * `PUT /api/v1/checkouts/{id}`: the shopper's steps. A poll that changes nothing is one plain read; the customer
 * data, the token of a first purchase and a confirmation without entry try an optimistic path first (one read, then
 * ONE conditional write `where xmin = version`); every other step, and any optimistic one that could not apply, runs
 * on the row locked in one transaction. Messages go out after the commit.
 */
import { timingSafeEqual } from 'node:crypto';
import type { CheckoutUpdateRequest } from '@drip/core';
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { DomainError } from '../../errors.ts';
import { CustomerService } from '../customers/service.ts';
import { AnalysisPending, type CheckoutAnalysis } from './analysis.ts';
import type { CheckoutCore } from './core.ts';
import type { IdentitySteps } from './identity-steps.ts';
import type { CheckoutPayments } from './payments.ts';
import type { PlanSteps } from './plan-steps.ts';
import { checkoutErrors, conflict } from './refusals.ts';
import { toStoredPix } from './respond.ts';
import {
  type CheckoutSet,
  cleanCustomerData,
  hashToken,
  isOpen,
  orderBase,
  type PendingMessage,
  TOKEN_MAX_ATTEMPTS,
  tokenText,
  VERIFICATION_AMOUNT,
  VERIFICATION_PIX_DESCRIPTION,
  type WireResponse,
} from './rules.ts';
import {
  type ComputedSet,
  conditionalCheckoutUpdate,
  IdRows,
  returningCustomerSet,
  VerifiedRows,
} from './statements.ts';
import type { CheckoutRow } from './tables.ts';

export class ShopperSteps {
  constructor(
    private readonly core: CheckoutCore,
    private readonly analysis: CheckoutAnalysis,
    private readonly identity: IdentitySteps,
    private readonly plans: PlanSteps,
    private readonly payments: CheckoutPayments,
  ) {}

  /** `PUT /api/v1/checkouts/{id}` with any body of the contract. */
  async handleUpdate(
    id: string,
    kind: string,
    body: CheckoutUpdateRequest,
    retried = false,
  ): Promise<WireResponse> {
    if (kind === 'load') {
      // The shopper's page polls with PUT {}: when it changes nothing, one plain read answers it (no transaction,
      // no row lock); otherwise the locked path below decides again on the locked row.
      let seen = await this.core.load(this.core.d.db, id, false);
      // The Pix it shows is asked of the PSP first: one the PSP has paid, whose notice never reached Drip, is booked
      // now (and the checkout read again) rather than offered again.
      if (await this.payments.offeredPixPaidAtPsp(seen.row))
        seen = await this.core.load(this.core.d.db, id, false);
      let { row, merchant } = seen;
      if (row.phase === 'ANALYSIS' && isOpen(row.status)) {
        // The verification Pix was booked and its analysis has not run yet (or is running): the poll runs it
        // itself unless another run holds the row, in which case it answers "still waiting" and polls again.
        const ran = await this.analysis.pollPendingAnalysis(id);
        if (ran.outcome === 'BUSY') return this.core.respond(row, merchant);
        if (ran.outcome === 'NOTHING')
          return retried ? this.core.respond(row, merchant) : this.handleUpdate(id, kind, body, true);
        ({ row, merchant } = ran);
      }
      if (!this.payments.loadChanges(row)) return this.core.respond(row, merchant);
      if (
        row === seen.row &&
        row.status === 'PRISTINE' &&
        !this.payments.loadChanges({ ...row, status: 'MORE_INFO' })
      ) {
        // First open: one conditional write on the row as read (no customer data yet, so no Pix to renew). A
        // concurrent write since the read (a first open that won the race) leaves nothing to update: the locked
        // path below answers then.
        const set = { status: 'MORE_INFO' as const, updatedAt: this.core.d.clock.now() };
        const opened = v.parse(
          IdRows,
          await this.core.shaped.execute(this.core.d.db, conditionalCheckoutUpdate(id, seen.version, set)),
        ).rows;
        if (opened.length > 0) return this.core.respond({ ...row, ...set }, merchant);
      }
    }
    const outbox: PendingMessage[] = [];
    if (kind === 'customerData' || kind === 'token' || kind === 'confirm') {
      // Optimistic fast path: one plain read, then ONE conditional write that applies only if the row did not
      // change since (`xmin`). When it cannot apply (a check fails, or a concurrent step won), the locked path
      // below decides again on the locked row and answers (or raises) exactly as before.
      const fast = await this.fastStep(id, kind, body, outbox);
      if (fast) {
        for (const m of outbox) await this.core.send(m);
        return fast;
      }
    }
    let response: WireResponse;
    try {
      response = await this.lockedStep(id, kind, body, outbox);
    } catch (err) {
      if (!(err instanceof AnalysisPending) || retried) throw err;
      // Any step on a checkout whose analysis is pending runs the analysis first (its own transaction), then
      // decides on the analysed row.
      await this.analysis.runPendingAnalysis(id);
      return this.handleUpdate(id, kind, body, true);
    }
    // Messages go out after the commit (a code is never sent for a step that rolled back).
    for (const m of outbox) await this.core.send(m);
    return response;
  }

  /** A step on the locked row (one transaction). */
  private lockedStep(
    id: string,
    kind: string,
    body: CheckoutUpdateRequest,
    outbox: PendingMessage[],
  ): Promise<WireResponse> {
    return this.core.d.db.transaction(async (tx) => {
      const loaded = await this.core.load(tx, id, true);
      let { row } = loaded;
      const { merchant } = loaded;
      const now = this.core.d.clock.now();
      if (row.phase === 'ANALYSIS' && isOpen(row.status)) throw new AnalysisPending();
      if (isOpen(row.status) && row.expiresAt.getTime() <= now.getTime()) {
        row = await this.core.update(tx, id, { status: 'EXPIRED', koReason: 'EXPIRED' });
        if (kind !== 'load') throw new DomainError('gone', 'CHECKOUT_EXPIRED', checkoutErrors.expired);
        return this.core.respond(row, merchant);
      }
      if (kind === 'load') {
        if (row.status === 'PRISTINE') row = await this.core.update(tx, id, { status: 'MORE_INFO' });
        row = await this.payments.renewExpiredPix(tx, row, merchant);
        return this.core.respond(row, merchant);
      }
      if (!isOpen(row.status)) {
        if (kind === 'token' && row.tokenVerifiedAt) throw conflict(checkoutErrors.tokenUsed, 'TOKEN_USED');
        throw conflict(
          row.status === 'REVOKED' ? checkoutErrors.revoked : checkoutErrors.finished,
          'CHECKOUT_FINISHED',
        );
      }
      if (row.status === 'PRISTINE') row = { ...row, status: 'MORE_INFO' };
      switch (kind) {
        case 'customerData':
          if (!('customerCpf' in body)) break;
          return this.identity.submitCustomerData(tx, row, merchant, body, outbox);
        case 'phone':
          if (!('customerPhone' in body) || 'customerCpf' in body) break;
          return this.identity.submitPhoneOnly(tx, row, merchant, body.customerPhone, outbox);
        case 'resendToken':
          if (!('phoneVerificationMethod' in body)) break;
          return this.identity.resendToken(tx, row, merchant, body.phoneVerificationMethod, outbox);
        case 'token':
          if (!('phoneVerificationCode' in body)) break;
          return this.identity.submitToken(tx, row, merchant, body.phoneVerificationCode);
        case 'instalmentSelection':
          if (!('totalInstalments' in body)) break;
          return this.plans.selectInstalments(tx, row, merchant, body.totalInstalments);
        case 'firstInstalmentDate':
          if (!('firstInstallmentsDate' in body)) break;
          return this.plans.changeFirstDate(tx, row, merchant, body.firstInstallmentsDate);
        case 'confirm':
          return this.plans.confirm(tx, row, merchant);
      }
      throw conflict(checkoutErrors.outOfOrder);
    });
  }

  /** The optimistic variant of a step (see handleUpdate); null when the locked path must decide. */
  private async fastStep(
    id: string,
    kind: 'customerData' | 'token' | 'confirm',
    body: CheckoutUpdateRequest,
    outbox: PendingMessage[],
  ): Promise<WireResponse | null> {
    const { row, merchant, version } = await this.core.load(this.core.d.db, id, false);
    const now = this.core.d.clock.now();
    if (!isOpen(row.status) || row.expiresAt.getTime() <= now.getTime()) return null;
    // The conditional write answers the row as written (read row + what was set), not the whole row again.
    const guard = async (set: CheckoutSet, computed?: ComputedSet): Promise<CheckoutRow[]> => {
      const written = v.parse(
        IdRows,
        await this.core.shaped.execute(
          this.core.d.db,
          conditionalCheckoutUpdate(id, version, { ...set, updatedAt: now }, '', computed),
        ),
      ).rows;
      return written.map(() => ({ ...row, ...set, updatedAt: now }));
    };
    if (kind === 'customerData') {
      if (!('customerCpf' in body) || (row.phase !== 'CUSTOMER_DATA' && row.phase !== 'TOKEN')) return null;
      const clean = cleanCustomerData(body);
      const { set, code } = this.identity.newTokenSet(row.id, 'SMS', { customerData: clean });
      const staging = this.core.d.notifications.outbox;
      if (!staging) {
        const [updated] = await guard(set, returningCustomerSet(clean.customerCpf, clean.customerPhone, ''));
        if (!updated) return null;
        this.identity.queueToken('SMS', clean, merchant.name, code, outbox);
        return this.core.respond(updated, merchant);
      }
      // Outbox delivery: the code's SMS is stored in the same statement as the write that makes it valid.
      const write = conditionalCheckoutUpdate(
        id,
        version,
        { ...set, updatedAt: now },
        'guard_',
        returningCustomerSet(clean.customerCpf, clean.customerPhone, 'guard_'),
      );
      const sms = staging.insertIf('guard', 'sms', {
        channel: 'SMS',
        to: clean.customerPhone,
        body: tokenText(code, merchant.name),
        code,
      });
      const written = v.parse(
        IdRows,
        await this.core.shaped.execute(this.core.d.db, {
          key: `customer-data:${write.key}:${sms.key}`,
          build: () => sql`with guard as (${write.build()}), sms as (${sms.build()}) select id from guard`,
          values: { ...write.values, ...sms.values },
        }),
      ).rows;
      if (written.length === 0) return null;
      return this.core.respond({ ...row, ...set, updatedAt: now }, merchant);
    }
    if (kind === 'token') {
      // Only the right code of a first purchase (the verification Pix comes next) is done here; a wrong, expired or
      // locked code, and the analysis of a returning customer, go to the locked path.
      if (!('phoneVerificationCode' in body)) return null;
      const data = row.customerData;
      if (row.phase !== 'TOKEN' || !row.tokenHash || !data) return null;
      if (row.tokenAttempts >= TOKEN_MAX_ATTEMPTS) return null;
      if (!row.tokenExpiresAt || row.tokenExpiresAt.getTime() <= now.getTime()) return null;
      const expected = Buffer.from(row.tokenHash, 'hex');
      const given = Buffer.from(hashToken(row.id, body.phoneVerificationCode), 'hex');
      if (!timingSafeEqual(expected, given)) return null;
      // A returning customer's analysis (and a checkout whose customer data did not look the CPF up) is the locked
      // path's. A first purchase's customer, checkout write and verification charge are ONE statement; its write
      // applies only if the customer, as upserted, has still no verified payer, and stores the charge only then.
      if (row.returningCustomer !== false) return null;
      const prepared = await this.core.d.payments.prepareCharge(
        this.core.pixInput(row, 'VERIFICATION', VERIFICATION_AMOUNT, data, VERIFICATION_PIX_DESCRIPTION),
      );
      const set = {
        tokenHash: null,
        tokenVerifiedAt: now,
        phase: 'VERIFICATION_PIX' as const,
        verificationPix: toStoredPix(prepared.charge),
      };
      const customer = CustomerService.checkoutUpsert(this.core.d.db, data, now, 'customer_');
      const write = conditionalCheckoutUpdate(id, version, { ...set, updatedAt: now }, 'guard_', {
        key: 'new-customer',
        assignments: () => sql`customer_id = (select id::uuid from customer)`,
        where: () => sql`not (select "phoneOnFile" from customer)`,
      });
      const charge = prepared.insertIf('guard', 'charge');
      const [written] = v.parse(
        VerifiedRows,
        await this.core.shaped.execute(this.core.d.db, {
          key: `token-verification:${customer.key}:${write.key}:${charge.key}`,
          build: () =>
            sql`with customer as (${customer.build()}), guard as (${write.build()}), charge as (${charge.build()}) select guard.id::text as id, customer.id as "customerId" from guard, customer`,
          values: { ...customer.values, ...write.values, ...charge.values },
        }),
      ).rows;
      if (!written) {
        // A concurrent step changed the checkout, or the customer verified a payer meanwhile: this charge was never
        // stored nor shown; the locked path answers.
        await prepared.abandon();
        return null;
      }
      const verified = { ...row, ...set, customerId: written.customerId, updatedAt: now };
      return { ...this.core.respond(verified, merchant), isValid: true };
    }
    if (row.phase !== 'CONFIRMATION' || !row.customerData || !row.customerId) return null;
    const plan = this.core.plan(row, merchant);
    if (plan.upfront) return null;
    const set = {
      status: 'OK' as const,
      phase: 'DONE' as const,
      totalInstalments: plan.totalInstalments,
      firstDueDate: plan.firstDueDate,
      upfront: 'NO' as const,
    };
    const guardFor = (orderId: string) =>
      conditionalCheckoutUpdate(id, version, { ...set, orderId, updatedAt: now }, 'guard_');
    const order = await this.core.d.orders.createInstalmentOrderIf(
      this.core.d.db,
      {
        ...orderBase(row, row.customerId),
        totalInstalments: plan.totalInstalments,
        firstDueDate: plan.firstDueDate,
        cashbackRate: merchant.cashbackRate,
        upfrontPayment: null,
        now,
      },
      guardFor,
    );
    if (!order) return null;
    return this.core.respond({ ...row, ...set, orderId: order.id, updatedAt: now }, merchant);
  }
}
