/**
 * The shopper checkout lifecycle (DESIGN.md 3, docs/checkout-lifecycle.md): PRISTINE → MORE_INFO → OK | KO |
 * EXPIRED | REVOKED. Each step runs in ONE transaction that locks the checkout row (joined with its merchant) and
 * answers the `{result, fields}` of the contract, built from the row.
 *
 * `CheckoutService` is the module's one entry point (routes, jobs, other modules, tests): a facade over its parts,
 * one file per responsibility (docs/modules.md):
 * - core.ts: the dependencies, the load, the updates, the plan and the answer (respond.ts) every part uses;
 * - steps.ts: `PUT /checkouts/{id}`, optimistic and locked; identity-steps.ts (customer data, Drip Token) and
 *   plan-steps.ts (instalments, first date, confirmation) are its steps;
 * - analysis.ts: the credit analysis, in a step or pending after the verification Pix;
 * - payments.ts: the Pix a checkout offers and what a paid charge does (refund, order, devolução);
 * - merchant-api.ts: create, view and revoke; merchant-views.ts: the merchant portal's sales views; terms.ts: the public simulator; shopper-calls.ts: cancel, Pix by SMS,
 *   waitlist, feedback; expiry.ts: the expiry job;
 * - rules.ts, refusals.ts, statements.ts: the fixed rules, the refusals (DomainError) and the shared SQL.
 */
import type {
  Cents,
  CheckoutUpdateRequest,
  CreateCheckoutRequest,
  CreateCheckoutResponse,
  MerchantCheckoutView,
  UpdateWaitlistRequest,
  VerificationChannel,
  WaitlistStatus,
} from '@drip/core';
import type * as v from 'valibot';
import type { Tx } from '../../db/types.ts';
import {
  type CheckoutAdminFacts,
  type CustomerRefusalFacts,
  checkoutAdminFacts,
  customerRefusals,
} from './admin-facts.ts';
import { CheckoutAnalysis, type PendingAnalysisRun } from './analysis.ts';
import type { AnalysisQueue } from './analysis-queue.ts';
import { CheckoutCore, type CheckoutServiceDeps } from './core.ts';
import { expireCheckouts } from './expiry.ts';
import type { AnswerSql } from './idempotency.ts';
import { IdentitySteps } from './identity-steps.ts';
import { MerchantApi } from './merchant-api.ts';
import { MerchantViews } from './merchant-views.ts';
import { CheckoutPayments } from './payments.ts';
import type { Charge } from './payments-port.ts';
import { PlanSteps } from './plan-steps.ts';
import type { MerchantFacts, WireResponse } from './rules.ts';
import { ShopperCalls } from './shopper-calls.ts';
import { ShopperSteps } from './steps.ts';
import type { CheckoutRow } from './tables.ts';
import { MerchantTerms } from './terms.ts';

export type { PendingAnalysisRun } from './analysis.ts';
export type { CheckoutServiceDeps } from './core.ts';
export { checkoutErrors } from './refusals.ts';
export {
  DEFAULT_FIRST_DUE_DAYS,
  DEFAULT_INSTALMENTS,
  FIRST_DUE_MAX_DAYS,
  FIRST_DUE_MIN_DAYS,
  instalmentRange,
  isUuid,
  maxInstalmentsOf,
  POLL_ANALYSIS_WAIT_MS,
  TOKEN_MAX_ATTEMPTS,
  TOKEN_RESEND_COOLDOWN_MS,
  TOKEN_TTL_MS,
  VERIFICATION_AMOUNT,
} from './rules.ts';

export class CheckoutService {
  /** The pending credit analyses, run after the verification Pix's booking committed. */
  readonly analyses: AnalysisQueue<PendingAnalysisRun>;
  /** The merchant portal's sales views: list, details, big numbers, chart, Drip links (merchant-views.ts). */
  readonly merchantViews: MerchantViews;
  private readonly core: CheckoutCore;
  private readonly analysis: CheckoutAnalysis;
  private readonly merchantApi: MerchantApi;
  private readonly payments: CheckoutPayments;
  private readonly steps: ShopperSteps;
  private readonly calls: ShopperCalls;
  private readonly terms: MerchantTerms;

  constructor(d: CheckoutServiceDeps) {
    this.core = new CheckoutCore(d);
    this.merchantApi = new MerchantApi(this.core);
    this.merchantViews = new MerchantViews(this.core, this.merchantApi);
    this.analysis = new CheckoutAnalysis(this.core);
    this.analyses = this.analysis.analyses;
    this.payments = new CheckoutPayments(this.core, this.analysis);
    this.payments.register();
    this.steps = new ShopperSteps(
      this.core,
      this.analysis,
      new IdentitySteps(this.core, this.analysis),
      new PlanSteps(this.core),
      this.payments,
    );
    this.calls = new ShopperCalls(this.core);
    this.terms = new MerchantTerms(this.core);
  }

  // ------------------------------------------------------------ merchant API (merchant-api.ts)

  /** The merchant an API key belongs to (null for an unknown key or an archived merchant). */
  merchantIdForApiKey(key: string): Promise<string | null> {
    return this.merchantApi.merchantIdForApiKey(key);
  }

  /**
   * Creates a checkout for the merchant (DESIGN.md 2). 409 when the merchant order code was used. With
   * `storeAnswer` (the idempotency key's UPDATE, see IdempotencyStore.answerSql) the insert and the stored answer —
   * 201 and the checkout, or the 409 — are one statement.
   */
  create(
    merchantId: string,
    body: CreateCheckoutRequest,
    storeAnswer?: AnswerSql,
  ): Promise<CreateCheckoutResponse> {
    return this.merchantApi.create(merchantId, body, storeAnswer);
  }

  /** The checkout the merchant created with this order code (as `create` answered), or null. */
  byOrderCode(merchantId: string, merchantOrderCode: string): Promise<CreateCheckoutResponse | null> {
    return this.merchantApi.byOrderCode(merchantId, merchantOrderCode);
  }

  /** The merchant's view of one of its checkouts (404 for another merchant's). */
  merchantView(merchantId: string, id: string): Promise<v.InferInput<typeof MerchantCheckoutView>> {
    return this.merchantApi.merchantView(merchantId, id);
  }

  /** Merchant revocation (merchant back office, ADMIN): an unfinished checkout becomes REVOKED. */
  revoke(merchantId: string, id: string): Promise<{ id: string; status: CheckoutRow['status'] }> {
    return this.merchantApi.revoke(merchantId, id);
  }

  /** The back office's order details: the checkout an order came from and the Pix paid in it (admin-facts.ts). */
  adminFacts(id: string): Promise<CheckoutAdminFacts | null> {
    return checkoutAdminFacts(this.core.d.db, id);
  }

  /** The back office's customer details: the customer's latest refused and expired checkouts (admin-facts.ts). */
  refusalsOf(customerId: string, limit: number): Promise<CustomerRefusalFacts[]> {
    return customerRefusals(this.core.d.db, customerId, limit);
  }

  // ------------------------------------------------------------ shopper steps (steps.ts)

  /** `PUT /api/v1/checkouts/{id}` with any body of the contract. */
  handleUpdate(
    id: string,
    kind: string,
    body: CheckoutUpdateRequest,
    retried = false,
  ): Promise<WireResponse> {
    return this.steps.handleUpdate(id, kind, body, retried);
  }

  /**
   * Runs the credit analysis of a checkout in phase ANALYSIS (the verification Pix booked) and answers what it did
   * (analysis.ts). Concurrent runs produce one decision.
   */
  runPendingAnalysis(checkoutId: string): Promise<PendingAnalysisRun> {
    return this.analysis.runPendingAnalysis(checkoutId);
  }

  // ------------------------------------------------------------ paid charges (payments.ts)

  /** R$ 1,00 verification paid: refunded, and the checkout moved to phase ANALYSIS. */
  onVerificationPaid(tx: Tx, charge: Charge, ctx: { afterCommit(fn: () => void): void }): Promise<void> {
    return this.payments.onVerificationPaid(tx, charge, ctx);
  }

  /** First instalment paid upfront: the order is created with instalment 1 paid (else the Pix is given back). */
  onFirstInstalmentPaid(tx: Tx, charge: Charge): Promise<void> {
    return this.payments.onFirstInstalmentPaid(tx, charge);
  }

  /** Full amount paid after a KO: an order paid at once (CLOSED) (else the Pix is given back). */
  onFullAmountPaid(tx: Tx, charge: Charge): Promise<void> {
    return this.payments.onFullAmountPaid(tx, charge);
  }

  // ------------------------------------------------------------ other shopper calls (shopper-calls.ts)

  /** Shopper cancel: an unfinished checkout becomes KO with reason EXPIRED ("abandoned"), see the docs. */
  cancel(id: string): Promise<{ status: CheckoutRow['status']; cancelUrl: string | null }> {
    return this.calls.cancel(id);
  }

  /** Where a message of the checkout goes on `channel`, as stored; null before the customer data. */
  messageRecipient(id: string, channel: VerificationChannel): Promise<string | null> {
    return this.calls.messageRecipient(id, channel);
  }

  /** Sends the copy-paste code of the checkout's pending Pix to the customer's phone by SMS. */
  notifyPix(id: string): Promise<{ smsDelivered: boolean }> {
    return this.calls.notifyPix(id);
  }

  updateWaitlist(id: string, body: UpdateWaitlistRequest): Promise<{ status: WaitlistStatus }> {
    return this.calls.updateWaitlist(id, body);
  }

  feedback(body: { checkoutID: string; feedback: string; comment: string }): Promise<void> {
    return this.calls.feedback(body);
  }

  // ------------------------------------------------------------ merchant terms (terms.ts)

  /** `GET /instalments_simulator?checkoutId=`. */
  simulateForCheckout(id: string) {
    return this.terms.simulateForCheckout(id);
  }

  /** `GET /instalments_simulator?amount=&date=&cnpj=&merchantId=`: first due date = date + 30 days. */
  simulate(q: {
    amount: Cents;
    date?: string | undefined;
    cnpj?: string | undefined;
    merchantId?: string | undefined;
  }) {
    return this.terms.simulate(q);
  }

  // ------------------------------------------------------------ expiry job (expiry.ts)

  /** Turns unfinished checkouts past their expiry into EXPIRED; returns how many expired. */
  expireCheckouts(now: Date = this.core.d.clock.now()): Promise<number> {
    return expireCheckouts(this.core.d.db, now, (tx, row) => this.core.statusChanged(tx, row));
  }

  /** The `{result, fields}` answer for a checkout row (wire shape, reais). */
  respond(row: CheckoutRow, merchant: MerchantFacts): WireResponse {
    return this.core.respond(row, merchant);
  }
}
