/**
 * The VTEX Payment Provider Protocol connector (docs/vtex.md). A VTEX payment opens a Drip checkout (the shopper is
 * sent there by `paymentUrl`); its outcome is told to VTEX by a POST to `callbackUrl` from the durable queue
 * `vtex-callbacks`. Cancellations, settlements and refunds go through Drip's refund engine (orders/refunds.ts): the
 * connector moves no money of its own.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import {
  type Cents,
  CreateCheckoutRequest,
  type CreateCheckoutResponse,
  cents,
  centsToReais,
  VTEX_PAYMENT_METHOD,
  type VtexCreatePaymentRequest,
  type VtexPaymentResponse,
} from '@drip/core';
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import * as v from 'valibot';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/index.ts';
import type { DbOrTx } from '../../db/types.ts';
import { DomainError } from '../../errors.ts';
import type { Queue, TaskQueues } from '../../jobs/queue.ts';
import { errorFields, type Logger } from '../../log.ts';
import { errorChain, type OutboundFetch } from '../../outbound.ts';
import { randomToken } from '../auth/crypto.ts';
import type { CheckoutService } from '../checkouts/service.ts';
import type { MerchantService } from '../merchants/service.ts';
import type { OrderRefunds } from '../orders/refunds.ts';
import { vtexAuthorizations, vtexCredentials, vtexOperations, vtexPayments } from './tables.ts';

export const VTEX_CALLBACK_QUEUE = 'vtex-callbacks';
/** The configuration flow's token and code live this long. */
const AUTHORIZATION_TTL_MS = 30 * 60_000;
/** What VTEX waits before it settles an approved payment on its own (seconds; the protocol's fields). */
const AUTO_SETTLE_SECONDS = 7 * 24 * 3600;
const AUTO_SETTLE_AFTER_ANTIFRAUD_SECONDS = 120;

const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

/** Constant-time comparison of two secrets of any length (their digests are compared). */
export function sameSecret(a: string, b: string): boolean {
  return timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());
}

/** The merchant order code of a VTEX payment's checkout: one checkout per paymentId, found again by it. */
export const vtexOrderCode = (paymentId: string): string => `vtex-${paymentId}`;

/** Reais as VTEX sends them → centavos, exactly (a value with more than 2 decimals is refused). */
export function vtexCents(value: number): Cents | null {
  if (!Number.isFinite(value) || value <= 0) return null;
  const c = Math.round(value * 100);
  if (Math.abs(c - value * 100) > 1e-6 || c > 100_000_000) return null;
  return cents(c);
}

export interface VtexConfig {
  /** PUBLIC_URL: where shoppers and VTEX reach Drip. */
  publicUrl: string;
  sandbox: boolean;
  /** Drip's own VTEX key for the callbacks (`X-VTEX-API-AppKey` / `AppToken`); see docs/vtex.md. */
  callbackAppKey: string | null;
  callbackAppToken: string | null;
}

export interface VtexDeps {
  db: Db;
  clock: Clock;
  log: Logger;
  queues: TaskQueues;
  config: VtexConfig;
  checkouts: Pick<CheckoutService, 'create' | 'byOrderCode' | 'merchantView' | 'cancel'>;
  refunds: Pick<OrderRefunds, 'request' | 'carryOut' | 'refundState'>;
  merchants: Pick<MerchantService, 'vtexKeyOwner'>;
  fetch: OutboundFetch;
}

type PaymentRow = typeof vtexPayments.$inferSelect;

/** An answer of the protocol with its HTTP status (the cancellation, settlement and refund calls use 500/501). */
export interface ProtocolAnswer<T> {
  status: 200 | 400 | 500 | 501;
  body: T;
}

export type CreatePaymentAnswer =
  | { status: 200; body: VtexPaymentResponse }
  | { status: 400 | 500; body: { status: 'error'; code: string; message: string } };

const paymentNotFound = () =>
  new DomainError('not_found', 'VTEX_PAYMENT_NOT_FOUND', 'Pagamento VTEX desconhecido desta parceira');

export class VtexConnector {
  readonly callbacks: Queue<{ merchantId: string; paymentId: string; status: 'approved' | 'denied' }>;

  constructor(private readonly d: VtexDeps) {
    this.callbacks = d.queues.define({
      name: VTEX_CALLBACK_QUEUE,
      payload: v.object({
        merchantId: v.string(),
        paymentId: v.string(),
        status: v.picklist(['approved', 'denied']),
      }),
      // VTEX cancels an undecided payment after delayToCancel; the callbacks keep trying for about a day.
      maxAttempts: 15,
      backoff: { baseMs: 5_000, maxMs: 3_600_000 },
      handle: ({ payload }) => this.deliverCallback(payload.merchantId, payload.paymentId),
    });
  }

  // ------------------------------------------------------------------ authentication

  /**
   * The merchant whose VTEX credentials these are, or null. The connector's own credentials (configuration flow,
   * sandbox) are looked up by key and their token compared by SHA-256 in constant time; a key typed in the back
   * office's merchant form is compared the same way.
   */
  async authenticate(appKey: string, appToken: string): Promise<string | null> {
    if (appKey === '' || appToken === '' || appKey.length > 200 || appToken.length > 500) return null;
    const [own] = await this.d.db
      .select()
      .from(vtexCredentials)
      .where(eq(vtexCredentials.appKey, appKey))
      .limit(1);
    if (own) {
      const sent = Buffer.from(sha256(appToken), 'hex');
      const stored = Buffer.from(own.appTokenSha256, 'hex');
      return sent.length === stored.length && timingSafeEqual(sent, stored) ? own.merchantId : null;
    }
    const typed = await this.d.merchants.vtexKeyOwner(appKey);
    if (!typed?.appToken) {
      // The same work as a comparison, so that an unknown key answers in the time of a wrong token.
      sameSecret(appToken, appKey);
      return null;
    }
    return sameSecret(appToken, typed.appToken) ? typed.merchantId : null;
  }

  /** Issues (or replaces) a merchant's connector credentials; the token is shown once, here. */
  async issueCredentials(merchantId: string): Promise<{ appKey: string; appToken: string }> {
    const appKey = `vtexappkey-drip-${randomToken(12)}`;
    const appToken = randomToken(32);
    await this.storeCredentials(merchantId, appKey, appToken);
    return { appKey, appToken };
  }

  private async storeCredentials(merchantId: string, appKey: string, appToken: string): Promise<void> {
    const now = this.d.clock.now();
    await this.d.db
      .insert(vtexCredentials)
      .values({ merchantId, appKey, appTokenSha256: sha256(appToken), createdAt: now })
      .onConflictDoUpdate({
        target: vtexCredentials.merchantId,
        set: { appKey, appTokenSha256: sha256(appToken), createdAt: now },
      });
  }

  /**
   * The sandbox's demo credentials: public on purpose like the demo passwords (shown by /sandbox/demo), stored
   * hashed like any other. Idempotent.
   */
  async ensureDemoCredentials(merchantId: string): Promise<{ appKey: string; appToken: string }> {
    const demo = demoVtexCredentials(merchantId);
    const [row] = await this.d.db
      .select()
      .from(vtexCredentials)
      .where(eq(vtexCredentials.merchantId, merchantId));
    if (!row || row.appKey !== demo.appKey)
      await this.storeCredentials(merchantId, demo.appKey, demo.appToken);
    return demo;
  }

  // ------------------------------------------------------------------ payment flow

  manifest() {
    return {
      paymentMethods: [{ name: VTEX_PAYMENT_METHOD, allowsSplit: 'disabled' as const }],
      customFields: [],
      autoSettleDelay: { minimum: '0', maximum: '720' },
    };
  }

  /**
   * Create Payment: idempotent per paymentId (the merchant's), asynchronous. The first call opens a Drip checkout
   * for the amount and answers `undefined` with its URL; a later call answers the payment's current status.
   */
  async createPayment(merchantId: string, req: VtexCreatePaymentRequest): Promise<CreatePaymentAnswer> {
    const existing = await this.payment(merchantId, req.paymentId);
    if (existing?.checkoutId) return { status: 200, body: this.answer(await this.refresh(existing)) };
    if (req.currency !== 'BRL')
      return refusal(400, 'currency', `A moeda ${req.currency} não é aceita: a Drip recebe apenas BRL`);
    const amount = vtexCents(req.value);
    if (amount === null)
      return refusal(400, 'value', 'O valor deve ser positivo, em reais com até 2 casas decimais');
    const now = this.d.clock.now();
    if (!existing)
      await this.d.db
        .insert(vtexPayments)
        .values({
          merchantId,
          paymentId: req.paymentId,
          transactionId: req.transactionId,
          vtexOrderId: req.orderId,
          reference: req.reference,
          amount,
          status: 'undefined',
          callbackUrl: req.callbackUrl,
          returnUrl: req.returnUrl ?? null,
          expiresAt: now,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing();
    const returnUrl = httpUrl(req.returnUrl) ?? httpUrl(req.url) ?? `${this.d.config.publicUrl}/`;
    const buyer = req.miniCart?.buyer;
    const cpf = buyer?.document && /^\d{11}$/.test(buyer.document) ? buyer.document : undefined;
    const merchantOrderCode = vtexOrderCode(req.paymentId);
    let created: CreateCheckoutResponse;
    let adopted = false;
    try {
      created = await this.d.checkouts.create(
        merchantId,
        v.parse(CreateCheckoutRequest, {
          amount: centsToReais(amount),
          merchantOrderCode,
          products: productsOf(req, amount),
          ...(cpf || buyer?.email
            ? {
                customer: {
                  prefill: { ...(cpf ? { cpf } : {}), ...(buyer?.email ? { email: buyer.email } : {}) },
                },
              }
            : {}),
          resolveUrl: returnUrl,
          cancelUrl: returnUrl,
        }),
      );
    } catch (err) {
      // The order code is derived from the paymentId, so a conflict means this payment's checkout exists: made by a
      // concurrent call, or by an earlier one that stopped (crash, lost connection) before recording it below. The
      // checkout is adopted, so that VTEX's retry gets the same paymentUrl and no second checkout is opened.
      const earlier =
        err instanceof DomainError && err.kind === 'conflict'
          ? await this.d.checkouts.byOrderCode(merchantId, merchantOrderCode)
          : null;
      if (!earlier) {
        this.d.log.error('vtex create payment failed', {
          merchantId,
          paymentId: req.paymentId,
          ...errorFields(err),
        });
        return refusal(500, 'checkout', 'Não foi possível abrir o checkout Drip, tente de novo');
      }
      created = earlier;
      adopted = true;
    }
    const [row] = await this.d.db
      .update(vtexPayments)
      .set({
        checkoutId: created.id,
        paymentUrl: created.url,
        expiresAt: new Date(created.expiresAt),
        updatedAt: now,
      })
      .where(and(eq(vtexPayments.merchantId, merchantId), eq(vtexPayments.paymentId, req.paymentId)))
      .returning();
    if (!row) throw new Error('vtex payment not recorded');
    return { status: 200, body: this.answer(adopted ? await this.refresh(row) : row) };
  }

  private payment(merchantId: string, paymentId: string): Promise<PaymentRow | undefined> {
    return this.d.db
      .select()
      .from(vtexPayments)
      .where(and(eq(vtexPayments.merchantId, merchantId), eq(vtexPayments.paymentId, paymentId)))
      .limit(1)
      .then((rows) => rows[0]);
  }

  /** The payment's answer (`Success-Approved` of the protocol). */
  answer(row: PaymentRow): VtexPaymentResponse {
    const now = this.d.clock.now().getTime();
    const decided = row.status === 'approved' || row.status === 'denied';
    return {
      paymentId: row.paymentId,
      status: decided ? (row.status as 'approved' | 'denied') : 'undefined',
      authorizationId: row.dripOrderId ?? row.checkoutId ?? row.paymentId,
      paymentUrl: row.status === 'undefined' ? row.paymentUrl : null,
      tid: row.checkoutId ?? row.paymentId,
      nsu: row.dripOrderId,
      acquirer: 'Drip',
      code: row.status === 'approved' ? 'APPROVED' : row.status === 'denied' ? 'DENIED' : 'PENDING',
      message:
        row.status === 'approved'
          ? 'Compra aprovada no Pix parcelado Drip'
          : row.status === 'denied'
            ? 'Compra não aprovada pela Drip'
            : row.status === 'canceled'
              ? 'Pagamento cancelado'
              : 'A cliente termina a compra no checkout Drip',
      delayToAutoSettle: AUTO_SETTLE_SECONDS,
      delayToAutoSettleAfterAntifraud: AUTO_SETTLE_AFTER_ANTIFRAUD_SECONDS,
      // An undecided payment is cancelled by VTEX when its checkout expires (a few minutes later, to be safe).
      delayToCancel: Math.max(60, Math.ceil((row.expiresAt.getTime() - now) / 1000) + 300),
    };
  }

  /**
   * Reads the checkout of an undecided payment and, when it reached a final status, records the decision and
   * queues its callback in ONE transaction (the row changes once: a second reader finds it decided).
   */
  async refresh(row: PaymentRow): Promise<PaymentRow> {
    if (row.status !== 'undefined' || !row.checkoutId) return row;
    const view = await this.d.checkouts.merchantView(row.merchantId, row.checkoutId);
    const status =
      view.status === 'OK'
        ? 'approved'
        : ['KO', 'EXPIRED', 'REVOKED'].includes(view.status)
          ? 'denied'
          : null;
    if (!status) return row;
    const now = this.d.clock.now();
    return this.d.db.transaction(async (tx) => {
      const [updated] = await tx
        .update(vtexPayments)
        .set({ status, dripOrderId: view.order?.id ?? null, decidedAt: now, updatedAt: now })
        .where(
          and(
            eq(vtexPayments.merchantId, row.merchantId),
            eq(vtexPayments.paymentId, row.paymentId),
            eq(vtexPayments.status, 'undefined'),
          ),
        )
        .returning();
      if (!updated) {
        const [current] = await tx
          .select()
          .from(vtexPayments)
          .where(and(eq(vtexPayments.merchantId, row.merchantId), eq(vtexPayments.paymentId, row.paymentId)));
        return current ?? row;
      }
      await this.callbacks.enqueue(
        tx,
        { merchantId: row.merchantId, paymentId: row.paymentId, status },
        { key: `${row.merchantId}:${row.paymentId}:${status}` },
      );
      return updated;
    });
  }

  /**
   * The job `vtex-payment-sync`: the undecided payments whose checkout reached a final status get their decision and
   * callback. Oldest first, a bounded batch per run.
   */
  async syncUndecided(limit = 100): Promise<{ ran: boolean; rows: number }> {
    const rows = await this.d.db
      .select()
      .from(vtexPayments)
      .where(and(eq(vtexPayments.status, 'undefined'), sql`${vtexPayments.checkoutId} is not null`))
      .orderBy(asc(vtexPayments.createdAt))
      .limit(limit);
    let decided = 0;
    for (const row of rows) {
      try {
        const after = await this.refresh(row);
        if (after.status !== 'undefined') decided += 1;
      } catch (err) {
        this.d.log.warn('vtex payment sync failed', { paymentId: row.paymentId, ...errorFields(err) });
      }
    }
    return { ran: true, rows: decided };
  }

  /** POSTs the payment's answer to its callbackUrl (the queue's handler): a non-2xx answer is retried. */
  private async deliverCallback(merchantId: string, paymentId: string): Promise<void> {
    const row = await this.payment(merchantId, paymentId);
    if (!row || (row.status !== 'approved' && row.status !== 'denied')) return;
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      accept: 'application/json',
    };
    if (this.d.config.callbackAppKey && this.d.config.callbackAppToken) {
      headers['X-VTEX-API-AppKey'] = this.d.config.callbackAppKey;
      headers['X-VTEX-API-AppToken'] = this.d.config.callbackAppToken;
    }
    let status: number;
    try {
      ({ status } = await this.d.fetch(row.callbackUrl, {
        method: 'POST',
        headers,
        body: JSON.stringify(this.answer(row)),
        signal: AbortSignal.timeout(10_000),
      }));
    } catch (err) {
      throw new Error(`callback VTEX falhou: ${errorChain(err)}`);
    }
    if (status < 200 || status > 299) throw new Error(`callback VTEX respondeu ${status}`);
    this.d.log.info('vtex callback delivered', { merchantId, paymentId, status: row.status });
  }

  // ------------------------------------------------------------------ cancellation, settlement, refund

  /**
   * Cancellation: an undecided payment's checkout is closed (no callback follows); an approved one is refunded in
   * full through the refund engine. Idempotent per requestId.
   */
  async cancel(merchantId: string, paymentId: string, requestId: string) {
    const answer = (
      status: 200 | 500 | 501,
      cancellationId: string | null,
      code: string | null,
      message: string,
    ) => ({
      status,
      body: { paymentId, cancellationId, code, message, requestId },
    });
    let row = await this.payment(merchantId, paymentId);
    if (!row) throw paymentNotFound();
    if (row.status === 'undefined' && row.checkoutId) {
      try {
        await this.d.checkouts.cancel(row.checkoutId);
      } catch (err) {
        // The shopper finished meanwhile: the payment is decided now; an approved one is refunded below.
        if (!(err instanceof DomainError && err.kind === 'conflict')) throw err;
      }
      row = await this.refresh(row);
      if (row.status === 'denied' || row.status === 'undefined') {
        await this.d.db
          .update(vtexPayments)
          .set({ status: 'canceled', updatedAt: this.d.clock.now() })
          .where(
            and(
              eq(vtexPayments.merchantId, merchantId),
              eq(vtexPayments.paymentId, paymentId),
              sql`${vtexPayments.status} in ('undefined', 'denied')`,
            ),
          );
        return answer(200, row.checkoutId, null, 'Pagamento cancelado');
      }
    }
    if (row.status === 'canceled' || row.status === 'denied' || !row.checkoutId)
      return answer(200, row.checkoutId ?? paymentId, null, 'Pagamento cancelado');
    const refund = await this.refundThrough(row, 'cancel', requestId, null);
    if (refund.state === 'done') return answer(200, refund.refundId, null, 'Pagamento cancelado e estornado');
    if (refund.state === 'pending')
      return answer(500, null, 'pending', 'Estorno em andamento, tente de novo');
    return answer(501, null, 'cancel-manually', refund.message);
  }

  /** Settlement of an approved payment; a smaller value refunds the difference (refund engine). */
  async settle(merchantId: string, paymentId: string, requestId: string, value: number) {
    const answer = (
      status: 200 | 500,
      settleId: string | null,
      settled: number,
      code: string | null,
      message: string,
    ) => ({
      status,
      body: { paymentId, settleId, value: settled, code, message, requestId },
    });
    let row = await this.payment(merchantId, paymentId);
    if (!row) throw paymentNotFound();
    row = await this.refresh(row);
    const asked = vtexCents(value);
    if (row.status !== 'approved')
      return answer(500, null, 0, 'not-approved', 'O pagamento não está aprovado');
    if (asked === null || asked > row.amount)
      return answer(500, null, 0, 'invalid-value', 'Valor acima do aprovado ou inválido');
    if (asked < row.amount) {
      const difference = await this.refundThrough(row, 'settle', requestId, cents(row.amount - asked));
      if (difference.state === 'pending')
        return answer(500, null, 0, 'pending', 'Estorno da diferença em andamento, tente de novo');
      if (difference.state === 'refused') return answer(500, null, 0, 'settle-manually', difference.message);
    } else {
      await this.record(row, 'settle', requestId, asked, null);
    }
    return answer(200, `${row.paymentId}-${requestId}`, centsToReais(asked), null, 'Pagamento liquidado');
  }

  /** Refund (whole or part) through the refund engine; 200 only once it is done (the protocol's rule). */
  async refund(merchantId: string, paymentId: string, requestId: string, value: number) {
    const answer = (
      status: 200 | 500 | 501,
      refundId: string | null,
      refunded: number,
      code: string | null,
      message: string,
    ) => ({
      status,
      body: { paymentId, refundId, value: refunded, code, message, requestId },
    });
    const row = await this.payment(merchantId, paymentId);
    if (!row) throw paymentNotFound();
    const asked = vtexCents(value);
    if (row.status !== 'approved')
      return answer(501, null, 0, 'refund-manually', 'O pagamento não está aprovado');
    if (asked === null || asked > row.amount)
      return answer(501, null, 0, 'refund-manually', 'Valor acima do pago ou inválido');
    const refund = await this.refundThrough(row, 'refund', requestId, asked);
    if (refund.state === 'done')
      return answer(200, refund.refundId, centsToReais(asked), null, 'Estorno realizado');
    if (refund.state === 'pending')
      return answer(500, null, 0, 'pending', 'Estorno em andamento, tente de novo');
    return answer(501, null, 0, 'refund-manually', refund.message);
  }

  private async record(
    row: PaymentRow,
    kind: 'cancel' | 'settle' | 'refund',
    requestId: string,
    amount: number,
    refundId: string | null,
  ) {
    await this.d.db
      .insert(vtexOperations)
      .values({
        merchantId: row.merchantId,
        paymentId: row.paymentId,
        kind,
        requestId,
        amount,
        refundId,
        createdAt: this.d.clock.now(),
      })
      .onConflictDoNothing();
  }

  /**
   * One refund of the payment's order per (kind, requestId): asked of the refund engine once (a repeated request
   * reads the one it started), carried out at once when the engine's queue has not yet, and answered by its state.
   * `amount` null: the whole order (FULL).
   */
  private async refundThrough(
    row: PaymentRow,
    kind: 'cancel' | 'settle' | 'refund',
    requestId: string,
    amount: Cents | null,
  ): Promise<
    { state: 'done'; refundId: string } | { state: 'pending' } | { state: 'refused'; message: string }
  > {
    if (!row.dripOrderId) return { state: 'refused', message: 'Pagamento sem pedido Drip' };
    const [known] = await this.d.db
      .select()
      .from(vtexOperations)
      .where(
        and(
          eq(vtexOperations.merchantId, row.merchantId),
          eq(vtexOperations.paymentId, row.paymentId),
          eq(vtexOperations.kind, kind),
          eq(vtexOperations.requestId, requestId),
        ),
      );
    let refundId = known?.refundId ?? null;
    if (!known) {
      try {
        const ask =
          amount === null || amount >= row.amount
            ? ({ type: 'FULL' } as const)
            : ({ type: 'AMOUNT', amount } as const);
        const requested = await this.d.refunds.request(row.merchantId, row.dripOrderId, ask, null);
        refundId = requested.refund.id;
      } catch (err) {
        if (err instanceof DomainError) return { state: 'refused', message: err.message };
        throw err;
      }
      await this.record(row, kind, requestId, amount ?? row.amount, refundId);
    }
    if (!refundId) return { state: 'refused', message: 'Estorno não registrado' };
    let state = await this.d.refunds.refundState(row.merchantId, refundId);
    if (state?.status === 'PENDING') {
      // The engine's queue carries it out within seconds; doing it now answers VTEX in this call.
      await this.d.refunds
        .carryOut(refundId)
        .catch((err) =>
          this.d.log.warn('vtex refund not carried out now', { refundId, ...errorFields(err) }),
        );
      state = await this.d.refunds.refundState(row.merchantId, refundId);
    }
    if (state?.status === 'DONE') return { state: 'done', refundId };
    if (state?.status === 'PENDING') return { state: 'pending' };
    return {
      state: 'refused',
      message:
        state?.rejectionReason ?? state?.failureReason ?? 'O estorno foi recusado pelas regras da Drip',
    };
  }

  // ------------------------------------------------------------------ configuration flow

  async authorizationToken(applicationId: string, returnUrl: string) {
    const token = randomToken(24);
    const now = this.d.clock.now();
    await this.d.db.insert(vtexAuthorizations).values({
      tokenSha256: sha256(token),
      applicationId,
      returnUrl,
      expiresAt: new Date(now.getTime() + AUTHORIZATION_TTL_MS),
      createdAt: now,
    });
    return { applicationId, token };
  }

  /** Where the merchant signs the plugin up (the partner portal's page reads `code`). */
  signUpUrl(token: string): string {
    return `${this.d.config.publicUrl}/parceira/plugin_sign_up/vtex?code=${encodeURIComponent(token)}`;
  }

  /**
   * The sign-up of the plugin by a logged-in merchant (`POST v1/plugin_sign_up/vtex {code}`): the configuration
   * flow's token becomes an authorisation code for that merchant, once; answers VTEX's return URL with the code,
   * where the merchant's browser goes next. An unknown, expired or used code is a 422 and changes nothing.
   */
  async completeSignUp(
    merchantId: string,
    code: string,
    exec: DbOrTx = this.d.db,
  ): Promise<{ successUrl: string }> {
    const now = this.d.clock.now();
    const authorizationCode = randomToken(24);
    const [row] = await exec
      .update(vtexAuthorizations)
      .set({ merchantId, codeSha256: sha256(authorizationCode), signedUpAt: now })
      .where(
        and(
          eq(vtexAuthorizations.tokenSha256, sha256(code)),
          isNull(vtexAuthorizations.signedUpAt),
          gt(vtexAuthorizations.expiresAt, now),
        ),
      )
      .returning();
    if (!row)
      throw new DomainError(
        'unprocessable',
        'VTEX_CODE_INVALID',
        'Código de instalação VTEX inválido ou expirado',
      );
    return { successUrl: `${row.returnUrl}${encodeURIComponent(authorizationCode)}` };
  }

  /** VTEX redeems the authorisation code (once) for the merchant's fresh connector credentials. */
  async credentials(applicationId: string, authorizationCode: string) {
    const now = this.d.clock.now();
    const [row] = await this.d.db
      .update(vtexAuthorizations)
      .set({ redeemedAt: now })
      .where(
        and(
          eq(vtexAuthorizations.codeSha256, sha256(authorizationCode)),
          eq(vtexAuthorizations.applicationId, applicationId),
          isNull(vtexAuthorizations.redeemedAt),
          gt(vtexAuthorizations.expiresAt, now),
        ),
      )
      .returning();
    if (!row?.merchantId)
      throw new DomainError(
        'unauthenticated',
        'VTEX_CODE_INVALID',
        'Código de autorização inválido, expirado ou já usado',
      );
    const issued = await this.issueCredentials(row.merchantId);
    return { applicationId, ...issued };
  }
}

/** The sandbox's demo credentials of a merchant: fixed, public (shown by /sandbox/demo), derived from its id. */
export function demoVtexCredentials(merchantId: string): { appKey: string; appToken: string } {
  const tag = merchantId.toLowerCase().replace(/[^a-z0-9]/g, '');
  return { appKey: `vtexappkey-sandbox-${tag.slice(0, 12)}`, appToken: `vtex-sandbox-token-${tag}` };
}

function refusal(status: 400 | 500, code: string, message: string): CreatePaymentAnswer {
  return { status, body: { status: 'error', code, message } };
}

function httpUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const u = new URL(value);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.toString() : null;
  } catch {
    return null;
  }
}

/** The cart's items as the checkout's products (informative), or one line for the whole amount. */
function productsOf(req: VtexCreatePaymentRequest, amount: Cents) {
  const items = (req.miniCart?.items ?? [])
    .filter(
      (i) =>
        i.name &&
        typeof i.price === 'number' &&
        i.price >= 0 &&
        Number.isInteger(i.quantity) &&
        (i.quantity ?? 0) >= 1,
    )
    .slice(0, 100)
    .map((i) => ({
      name: String(i.name).slice(0, 200),
      quantity: i.quantity as number,
      amount: Math.round((i.price as number) * 100) / 100,
    }));
  return items.length > 0
    ? items
    : [{ name: `Pedido VTEX ${req.reference}`.slice(0, 200), quantity: 1, amount: centsToReais(amount) }];
}
