/**
 * Drip's Nuvemshop payment app (docs/nuvemshop.md): the sign-up's OAuth code exchange and provider registration,
 * the redirect the checkout script asks for, and the order transactions kept in step with Drip's order through the
 * durable queue `nuvemshop-transactions`.
 */

import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  CreateCheckoutRequest,
  centsToReais,
  checkoutPaths,
  DRIP_HELP_CENTRE_URL,
  type NuvemshopRedirectRequest,
  nuvemshopCheckoutScript,
  nuvemshopRedirect,
  nuvemshopWebhook,
  type PluginSignUpResponse,
  reaisToCents,
} from '@drip/core';
import { and, eq, isNull, lt, ne, or, sql } from 'drizzle-orm';
import * as v from 'valibot';
import type { Clock } from '../../clock.ts';
import type { NuvemshopConfig } from '../../config.ts';
import type { Db } from '../../db/index.ts';
import { DomainError } from '../../errors.ts';
import type { Queue, TaskQueues } from '../../jobs/queue.ts';
import type { JobResult } from '../../jobs/runner.ts';
import { errorFields, type Logger } from '../../log.ts';
import { sha256 } from '../auth/crypto.ts';
import type { CheckoutService } from '../checkouts/service.ts';
import type { MerchantService } from '../merchants/service.ts';
import type { OrderRefunds } from '../orders/refunds.ts';
import { NuvemshopClient, type PlatformHttp, type TransactionEvent } from './nuvemshop-client.ts';
import { nuvemshopOrders, nuvemshopStores, nuvemshopWebhooks, pluginSignupCodes } from './tables.ts';
import type { TokenBox } from './tokens.ts';

export const NUVEMSHOP_QUEUE = 'nuvemshop-transactions';
/** The checkout option's id (checkout.md: it must match the one the script registers). */
export const DRIP_OPTION_ID = 'drip_pix_parcelado';
/** The webhooks the app registers at installation (webhook.md); the LGPD ones are set in the Partners Portal. */
export const NUVEMSHOP_WEBHOOK_EVENTS = ['order/cancelled', 'app/uninstalled'] as const;
/** A paid order is checked for refunds at most this often; an open one on every run. */
const PAID_CHECK_MS = 60_000;

type State = 'PENDING' | 'PAID' | 'VOIDED';
type LinkRow = typeof nuvemshopOrders.$inferSelect;

export const codeRefused = () =>
  new DomainError(
    'unprocessable',
    'PLUGIN_CODE_INVALID',
    'Código de instalação inválido, expirado ou já usado. Instale o aplicativo de novo para receber um novo código.',
  );

export interface NuvemshopDeps {
  db: Db;
  clock: Clock;
  log: Logger;
  queues: TaskQueues;
  publicUrl: string;
  /** Null: no app configured (production without NUVEMSHOP_APP_ID): sign-ups are refused. */
  config: NuvemshopConfig | null;
  http: PlatformHttp;
  tokens: TokenBox;
  merchants: Pick<MerchantService, 'setPluginPlatform' | 'clearPluginPlatform'>;
  checkouts: Pick<CheckoutService, 'create' | 'byOrderCode' | 'merchantView' | 'cancel'>;
  refunds: Pick<OrderRefunds, 'merchantOrder' | 'request'>;
}

export class NuvemshopService {
  readonly queue: Queue<{ linkId: string }>;
  private readonly client: NuvemshopClient | null;

  constructor(private readonly d: NuvemshopDeps) {
    this.client = d.config ? new NuvemshopClient(d.config, (url, init) => d.http(url, init)) : null;
    this.queue = d.queues.define({
      name: NUVEMSHOP_QUEUE,
      payload: v.object({ linkId: v.string() }),
      handle: (task) => this.push(task.payload.linkId),
      maxAttempts: 8,
      backoff: { baseMs: 10_000, maxMs: 1_800_000 },
      onDead: async (task, error) => {
        await d.db
          .update(nuvemshopOrders)
          .set({ syncStatus: 'FAILED', lastError: message(error), updatedAt: d.clock.now() })
          .where(eq(nuvemshopOrders.id, task.payload.linkId));
      },
      onRetry: async (tx, task) => {
        await tx
          .update(nuvemshopOrders)
          .set({ syncStatus: 'PENDING', updatedAt: d.clock.now() })
          .where(eq(nuvemshopOrders.id, task.payload.linkId));
      },
    });
  }

  private platform(): NuvemshopClient {
    if (!this.client)
      throw new DomainError(
        'unavailable',
        'PLUGIN_NOT_CONFIGURED',
        'O aplicativo Nuvemshop da Drip não está configurado.',
      );
    return this.client;
  }

  // ---------------------------------------------------------------- sign-up

  /**
   * authentication.md: the code the platform gave the app's redirection URL, exchanged once for the store's token;
   * then Drip registers itself as the store's payment provider (payment_provider.md) with a redirect option.
   * The code's hash is claimed first, in its own statement: a replay (or a second tab) is refused without calling
   * the platform, and nothing of the merchant changes.
   */
  async signUp(merchantId: string, code: string): Promise<PluginSignUpResponse> {
    const client = this.platform();
    const now = this.d.clock.now();
    const claimed = await this.d.db
      .insert(pluginSignupCodes)
      .values({
        platform: 'nuvemshop',
        codeHash: sha256(code),
        status: 'USED',
        merchantId,
        createdAt: now,
        usedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: pluginSignupCodes.id });
    const claim = claimed[0];
    if (!claim) throw codeRefused();
    const failed = async (err: unknown) => {
      await this.d.db
        .update(pluginSignupCodes)
        .set({ status: 'FAILED' })
        .where(eq(pluginSignupCodes.id, claim.id));
      this.d.log.warn('nuvemshop sign-up failed', { merchantId, ...errorFields(err) });
      return err;
    };
    let token: Awaited<ReturnType<NuvemshopClient['exchangeCode']>>;
    try {
      token = await client.exchangeCode(code);
    } catch (err) {
      throw await failed(err);
    }
    if (!token) throw await failed(codeRefused());
    const storeId = token.user_id;
    const [owner] = await this.d.db
      .select({ merchantId: nuvemshopStores.merchantId })
      .from(nuvemshopStores)
      .where(eq(nuvemshopStores.storeId, storeId));
    if (owner && owner.merchantId !== merchantId)
      throw await failed(
        new DomainError(
          'conflict',
          'PLUGIN_STORE_TAKEN',
          'Esta loja Nuvemshop já está vinculada a outra parceira Drip.',
        ),
      );
    let storeUrl: string;
    let providerId: string;
    try {
      storeUrl = (await client.store(storeId, token.access_token)).url;
      providerId = await client.createPaymentProvider(storeId, token.access_token, this.providerObject());
      // The platform tells Drip of an order cancelled in its admin and of the app's removal (webhook.md).
      const hook = `${this.d.publicUrl}${nuvemshopWebhook.path}`;
      for (const event of NUVEMSHOP_WEBHOOK_EVENTS)
        await client.createWebhook(storeId, token.access_token, event, hook);
    } catch {
      throw await failed(
        new DomainError(
          'unavailable',
          'PLATFORM_UNAVAILABLE',
          'A Nuvemshop não respondeu. Tente de novo em instantes.',
        ),
      );
    }
    const sealed = this.d.tokens.seal(token.access_token);
    await this.d.db.transaction(async (tx) => {
      const at = this.d.clock.now();
      // A merchant has one store: a reinstall (or another store) replaces the row.
      await tx.delete(nuvemshopStores).where(eq(nuvemshopStores.merchantId, merchantId));
      await tx.insert(nuvemshopStores).values({
        merchantId,
        storeId,
        accessTokenEnc: sealed,
        scope: token.scope,
        paymentProviderId: providerId,
        storeUrl,
        installedAt: at,
        updatedAt: at,
      });
      await this.d.merchants.setPluginPlatform(tx, merchantId, 'NUVEMSHOP');
    });
    this.d.log.info('nuvemshop installed', { merchantId, storeId });
    return { platform: 'nuvemshop', successUrl: `${storeUrl}/admin` };
  }

  /** payment_provider.md's object: Pix (parcelado) with one redirect option, whose script is Drip's. */
  providerObject(): object {
    const base = this.d.publicUrl;
    const logo = `${base}/favicon.svg`;
    return {
      name: 'Drip',
      public_name: 'Pix parcelado Drip',
      description: 'Pix parcelado: o cliente paga em parcelas no Pix e a loja recebe pela Drip.',
      logo_urls: { '400x120': logo, '160x100': logo },
      configuration_url: `${base}/parceira`,
      support_url: DRIP_HELP_CENTRE_URL,
      checkout_js_url: `${base}${nuvemshopCheckoutScript.path}`,
      supported_currencies: ['BRL'],
      supported_payment_methods: [{ payment_method_type: 'pix', payment_methods: ['pix'] }],
      checkout_payment_options: [
        {
          id: DRIP_OPTION_ID,
          name: 'Pix parcelado Drip',
          description: 'Pague em parcelas no Pix',
          logo_url: logo,
          supported_billing_countries: ['BR'],
          supported_payment_method_types: ['pix'],
          integration_type: 'redirect',
        },
      ],
      enabled: true,
    };
  }

  /** checkout.md's ExternalPayment: asks Drip for the redirect URL and hands it to the platform's callback. */
  checkoutScript(): string {
    const endpoint = JSON.stringify(`${this.d.publicUrl}${nuvemshopRedirect.path}`);
    return `/* Drip: opção de pagamento Pix parcelado (redirect) para o checkout Nuvemshop. */
LoadCheckoutPaymentContext(function (Checkout, PaymentOptions) {
  var option = PaymentOptions.ExternalPayment({
    id: ${JSON.stringify(DRIP_OPTION_ID)},
    onSubmit: function (callback) {
      Checkout.http
        .post(${endpoint}, {
          data: {
            storeId: Checkout.getData('storeId'),
            orderId: Checkout.getData('order.cart.id'),
            callbackUrls: Checkout.getData('callbackUrls')
          }
        })
        .then(function (response) {
          var data = response.data || {};
          if (data.success && data.redirect_url) {
            callback({ success: true, redirect: data.redirect_url, extraAuthorize: true });
          } else {
            callback({ success: false, error_code: 'payment_processing_error' });
          }
        })
        .catch(function () {
          callback({ success: false, error_code: 'server_error' });
        });
    }
  });
  Checkout.addPaymentOption(option);
});
`;
  }

  // ---------------------------------------------------------------- redirect

  /**
   * The Drip checkout of a Nuvemshop order, created once: the amount and products come from the platform's order
   * (read with the store's token), never from the browser; the return URLs must be the store's own.
   */
  async redirect(
    input: v.InferOutput<typeof NuvemshopRedirectRequest>,
  ): Promise<{ success: boolean; redirect_url: string }> {
    const client = this.platform();
    const store = await this.storeRow(input.storeId);
    if (!store)
      throw new DomainError('not_found', 'PLUGIN_STORE_NOT_FOUND', 'Loja sem o aplicativo Drip instalado.');
    const urls = [input.callbackUrls.success, input.callbackUrls.cancel, input.callbackUrls.failure];
    if (urls.some((u) => u !== undefined && !onStore(u, store.storeUrl)))
      throw new DomainError('unprocessable', 'PLUGIN_RETURN_URL', 'A URL de retorno deve ser da loja.');
    const existing = await this.linkFor(input.storeId, input.orderId);
    if (existing) return { success: true, redirect_url: this.hostedUrl(existing.checkoutId) };
    const order = await client.order(input.storeId, this.d.tokens.open(store.accessTokenEnc), input.orderId);
    if (!order)
      throw new DomainError('not_found', 'PLUGIN_ORDER_NOT_FOUND', 'Pedido não encontrado na Nuvemshop.');
    if (order.currency !== 'BRL')
      throw new DomainError('unprocessable', 'PLUGIN_CURRENCY', 'A Drip aceita apenas pedidos em reais.');
    const amount = reaisToCents(order.total);
    const request = v.parse(CreateCheckoutRequest, {
      amount: centsToReais(amount),
      merchantOrderCode: `NS-${order.id}`,
      products: (order.products.length > 0
        ? order.products
        : [{ name: `Pedido ${order.id}`, price: order.total, quantity: 1 }]
      ).map((p) => ({
        name: p.name.slice(0, 200),
        quantity: p.quantity,
        amount: centsToReais(reaisToCents(p.price)),
      })),
      resolveUrl: input.callbackUrls.success,
      cancelUrl: input.callbackUrls.cancel ?? input.callbackUrls.failure ?? input.callbackUrls.success,
    });
    let created: { id: string; url: string };
    try {
      created = await this.d.checkouts.create(store.merchantId, request);
    } catch (err) {
      // The order code comes from the platform's order id, so a conflict means this order's checkout exists: opened
      // by a concurrent redirect, or by an earlier one that stopped (crash, lost connection) before the link below
      // was written. It is adopted: the shopper's retry reaches the same checkout, and no second one is opened.
      const earlier =
        err instanceof DomainError && err.kind === 'conflict'
          ? await this.d.checkouts.byOrderCode(store.merchantId, request.merchantOrderCode)
          : null;
      if (!earlier) throw err;
      created = earlier;
    }
    const now = this.d.clock.now();
    await this.d.db
      .insert(nuvemshopOrders)
      .values({
        merchantId: store.merchantId,
        storeId: input.storeId,
        orderId: order.id,
        checkoutId: created.id,
        amount,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing();
    return { success: true, redirect_url: created.url };
  }

  private hostedUrl(checkoutId: string): string {
    return `${this.d.publicUrl}${checkoutPaths.hostedPage(checkoutId)}`;
  }

  // ---------------------------------------------------------------- keeping transactions in step

  /**
   * The sync job: reads Drip's state of the orders not yet final (open ones every run, paid ones for refunds at most
   * once a minute) and queues a delivery for each whose platform transaction lags behind.
   */
  async check(): Promise<JobResult> {
    const now = this.d.clock.now();
    const rows = await this.d.db
      .select()
      .from(nuvemshopOrders)
      .where(
        and(
          ne(nuvemshopOrders.targetState, 'VOIDED'),
          ne(nuvemshopOrders.syncStatus, 'FAILED'),
          // A wholly refunded order that the platform has in full is final too.
          or(
            ne(nuvemshopOrders.targetState, 'PAID'),
            lt(nuvemshopOrders.targetRefunded, nuvemshopOrders.amount),
            ne(nuvemshopOrders.syncStatus, 'IN_SYNC'),
          ),
          or(
            isNull(nuvemshopOrders.checkedAt),
            ne(nuvemshopOrders.targetState, 'PAID'),
            lt(nuvemshopOrders.checkedAt, new Date(now.getTime() - PAID_CHECK_MS)),
          ),
        ),
      )
      .limit(200);
    let queued = 0;
    for (const row of rows) {
      try {
        if (await this.checkOne(row)) queued++;
      } catch (err) {
        this.d.log.warn('nuvemshop check failed', { linkId: row.id, ...errorFields(err) });
      }
    }
    // Final VOIDED rows still owed a delivery are queued by checkOne when they become VOIDED.
    return { ran: true, rows: queued };
  }

  /** Reads Drip's state of one order; queues a delivery when the platform lags. True when one was queued. */
  async checkOne(row: LinkRow): Promise<boolean> {
    const target = await this.dripState(row);
    const now = this.d.clock.now();
    const lagging = target.state !== row.pushedState || target.refunded !== row.pushedRefunded;
    return this.d.db.transaction(async (tx) => {
      await tx
        .update(nuvemshopOrders)
        .set({
          targetState: target.state,
          targetRefunded: target.refunded,
          checkedAt: now,
          syncStatus: lagging ? 'PENDING' : 'IN_SYNC',
          updatedAt: now,
        })
        .where(eq(nuvemshopOrders.id, row.id));
      if (!lagging) return false;
      return this.queue.enqueue(
        tx,
        { linkId: row.id },
        { key: `${row.id}:${target.state}:${target.refunded}` },
      );
    });
  }

  /** Drip's side: the checkout's status and, once it became an order, what was refunded of it. */
  private async dripState(row: LinkRow): Promise<{ state: State; refunded: number }> {
    const view = await this.d.checkouts.merchantView(row.merchantId, row.checkoutId);
    if (view.status === 'KO' || view.status === 'EXPIRED' || view.status === 'REVOKED')
      return { state: 'VOIDED', refunded: 0 };
    if (view.status !== 'OK' || !view.order) return { state: 'PENDING', refunded: 0 };
    const order = await this.d.refunds.merchantOrder(row.merchantId, view.order.id);
    return { state: 'PAID', refunded: Math.min(row.amount, reaisToCents(order.canceledAmount)) };
  }

  /**
   * The queue's handler: brings the platform's transaction to Drip's state, one protocol step at a time (each step
   * recorded as it succeeds, so a retry resumes where the last try stopped). The transaction is found by its
   * `external_id` (the checkout) before one is created, and refunds are computed from the platform's own
   * `refunded_amount`, so a try that died after the platform answered does not repeat a step.
   */
  async push(linkId: string): Promise<void> {
    const [row] = await this.d.db.select().from(nuvemshopOrders).where(eq(nuvemshopOrders.id, linkId));
    if (!row) return;
    const store = await this.storeRow(row.storeId);
    if (!store) throw new Error(`store ${row.storeId} has no installation`);
    const client = this.platform();
    const token = this.d.tokens.open(store.accessTokenEnc);
    const now = () => this.d.clock.now();
    const money = (c: number) => ({ value: (c / 100).toFixed(2), currency: 'BRL' as const });
    const save = (set: Partial<LinkRow>) =>
      this.d.db
        .update(nuvemshopOrders)
        .set({ ...set, updatedAt: now() })
        .where(eq(nuvemshopOrders.id, linkId));
    try {
      let transactionId = row.transactionId;
      let pushed = row.pushedState;
      let platformRefunded = row.pushedRefunded;
      if (!transactionId) {
        const found = (await client.transactions(row.storeId, token, row.orderId)).find(
          (t) => t.info?.external_id === row.checkoutId,
        );
        if (found) {
          transactionId = found.id;
          pushed =
            found.status === 'paid' || found.status.endsWith('refunded')
              ? 'PAID'
              : found.status === 'expired'
                ? 'VOIDED'
                : 'PENDING';
        } else {
          const created = await client.createTransaction(row.storeId, token, row.orderId, {
            payment_provider_id: store.paymentProviderId,
            payment_method: { type: 'pix' },
            info: {
              external_id: row.checkoutId,
              external_url: `${this.d.publicUrl}/parceira/pedidos/${row.checkoutId}`,
            },
            first_event: {
              type: 'sale',
              status: 'pending',
              amount: money(row.amount),
              happened_at: now().toISOString(),
            },
          });
          transactionId = created.id;
          pushed = 'PENDING';
        }
        await save({ transactionId, pushedState: pushed });
      }
      const step = async (event: TransactionEvent, next: State) => {
        await client.addEvent(row.storeId, token, row.orderId, transactionId as string, event);
        pushed = next;
        await save({ pushedState: next });
      };
      if (pushed === 'PENDING' && row.targetState === 'PAID')
        await step(
          { type: 'sale', status: 'success', amount: money(row.amount), happened_at: now().toISOString() },
          'PAID',
        );
      if (pushed === 'PENDING' && row.targetState === 'VOIDED')
        await step(
          {
            type: 'expiration',
            status: 'success',
            happened_at: now().toISOString(),
            info: { message: 'Checkout Drip não concluído' },
          },
          'VOIDED',
        );
      if (pushed === 'PAID' && row.targetRefunded > row.pushedRefunded) {
        const current = (await client.transactions(row.storeId, token, row.orderId)).find(
          (t) => t.id === transactionId,
        );
        platformRefunded = current?.refunded_amount
          ? reaisToCents(current.refunded_amount.value)
          : row.pushedRefunded;
        const owed = row.targetRefunded - platformRefunded;
        if (owed > 0)
          await client.addEvent(row.storeId, token, row.orderId, transactionId, {
            type: 'refund',
            status: 'success',
            amount: money(owed),
            happened_at: now().toISOString(),
          });
        platformRefunded = row.targetRefunded;
      }
      await save({
        pushedRefunded: Math.max(platformRefunded, row.pushedRefunded),
        syncStatus: pushed === row.targetState ? 'IN_SYNC' : 'PENDING',
        attempts: 0,
        lastError: null,
      });
    } catch (err) {
      await save({
        attempts: sql`${nuvemshopOrders.attempts} + 1` as unknown as number,
        lastError: message(err),
      });
      throw err;
    }
  }

  // ---------------------------------------------------------------- the platform's webhooks

  /**
   * webhook.md "Verifying a webhook": `X-Linkedstore-HMAC-SHA256` is the hex HMAC-SHA256 of the raw body with the
   * app's secret. Compared in constant time; no app configured means no webhook is genuine.
   */
  webhookSigned(raw: string, signature: string | undefined): boolean {
    const secret = this.d.config?.clientSecret;
    const sent = signature?.trim() ?? '';
    if (!secret || !/^[0-9a-f]{64}$/i.test(sent)) return false;
    return timingSafeEqual(createHmac('sha256', secret).update(raw).digest(), Buffer.from(sent, 'hex'));
  }

  /**
   * A signed webhook, handled once per store, event and resource: the claim is inserted first, so that the
   * platform's redeliveries (up to 18 over 48 hours) and a concurrent copy find it and do nothing. When handling
   * fails the claim is removed and the error answered (5xx), so that the platform's next try handles it.
   */
  async webhook(storeId: string, event: string, resource: string): Promise<string> {
    // An installation ends once, but a store may install and uninstall again: those events are keyed by the
    // installation they end (none left: a redelivery, harmless), not by the app's id, which never changes.
    const resourceId =
      event === 'app/uninstalled' || event === 'store/redact'
        ? ((await this.storeRow(storeId))?.id ?? 'not installed')
        : resource;
    const [claim] = await this.d.db
      .insert(nuvemshopWebhooks)
      .values({ storeId, event, resourceId, receivedAt: this.d.clock.now() })
      .onConflictDoNothing()
      .returning({ id: nuvemshopWebhooks.id });
    if (!claim) return 'duplicate';
    let outcome: string;
    try {
      outcome = await this.handleWebhook(storeId, event, resourceId);
    } catch (err) {
      await this.d.db.delete(nuvemshopWebhooks).where(eq(nuvemshopWebhooks.id, claim.id));
      throw err;
    }
    await this.d.db.update(nuvemshopWebhooks).set({ outcome }).where(eq(nuvemshopWebhooks.id, claim.id));
    this.d.log.info('nuvemshop webhook', { storeId, event, resourceId, outcome });
    return outcome;
  }

  private handleWebhook(storeId: string, event: string, resourceId: string): Promise<string> {
    switch (event) {
      case 'order/cancelled':
        return this.orderCancelled(storeId, resourceId);
      case 'app/uninstalled':
      case 'store/redact':
        return this.uninstall(storeId);
      case 'customers/redact':
      case 'customers/data_request':
        // The app keeps no data of the store's customers (a link holds order and checkout ids and an amount); what
        // Drip knows of a shopper is Drip's own, under its credit contract, and answered through Drip's channels.
        return Promise.resolve('acknowledged');
      default:
        return Promise.resolve('ignored');
    }
  }

  /**
   * order/cancelled: the store's merchant cancelled the order on the platform. The platform's order is read with
   * the store's token and must say `cancelled` (the webhook only says which order to look at). A Drip order is
   * refunded in full through the refund engine (its refund then reaches the platform as a `refund` event, like any
   * other); a checkout still open is closed, so that the shopper cannot pay a cancelled order (the transaction then
   * expires). Anything else is left alone.
   */
  private async orderCancelled(storeId: string, orderId: string): Promise<string> {
    const link = await this.linkFor(storeId, orderId);
    if (!link) return 'ignored: not a Drip order';
    const store = await this.storeRow(storeId);
    if (!store) return 'ignored: app not installed';
    const order = await this.platform().order(storeId, this.d.tokens.open(store.accessTokenEnc), orderId);
    if (order?.status !== 'cancelled') return 'ignored: order not cancelled on the platform';
    const view = await this.d.checkouts.merchantView(link.merchantId, link.checkoutId);
    if (view.status === 'OK' && view.order) {
      try {
        const asked = await this.d.refunds.request(link.merchantId, view.order.id, { type: 'FULL' }, null);
        return `refund requested: ${asked.refund.id}`;
      } catch (err) {
        // Already refunded, settled by other means, or outside the refund rules: nothing to do, and said so.
        if (err instanceof DomainError && (err.kind === 'unprocessable' || err.kind === 'conflict'))
          return `not refunded: ${err.code}`;
        throw err;
      }
    }
    if (view.status === 'PRISTINE' || view.status === 'MORE_INFO') {
      try {
        await this.d.checkouts.cancel(link.checkoutId);
      } catch (err) {
        // The shopper finished meanwhile: the platform retries the webhook, which then refunds the new order.
        if (err instanceof DomainError && err.kind === 'conflict')
          throw new Error('checkout finished while the order was cancelled');
        throw err;
      }
      return 'checkout closed';
    }
    return 'ignored: checkout already closed';
  }

  /**
   * app/uninstalled (and the LGPD store/redact): the installation is deleted — the encrypted token with it — in one
   * transaction with the merchant's platform (no longer Nuvemshop); the redirect then answers 404 for the store.
   * Deliveries the store's orders still owe cannot be made without a token: they are marked FAILED, visible to an
   * operator, who retries them after a reinstall. The order links stay: they are Drip's record of its sales.
   */
  private async uninstall(storeId: string): Promise<string> {
    return this.d.db.transaction(async (tx) => {
      const [gone] = await tx
        .delete(nuvemshopStores)
        .where(eq(nuvemshopStores.storeId, storeId))
        .returning({ merchantId: nuvemshopStores.merchantId });
      if (!gone) return 'not installed';
      await this.d.merchants.clearPluginPlatform(tx, gone.merchantId, 'NUVEMSHOP');
      await tx
        .update(nuvemshopOrders)
        .set({
          syncStatus: 'FAILED',
          lastError: 'Aplicativo desinstalado da loja',
          updatedAt: this.d.clock.now(),
        })
        .where(and(eq(nuvemshopOrders.storeId, storeId), ne(nuvemshopOrders.syncStatus, 'IN_SYNC')));
      this.d.log.info('nuvemshop uninstalled', { merchantId: gone.merchantId, storeId });
      return 'uninstalled';
    });
  }

  // ---------------------------------------------------------------- reads

  private async storeRow(storeId: string) {
    const [row] = await this.d.db.select().from(nuvemshopStores).where(eq(nuvemshopStores.storeId, storeId));
    return row ?? null;
  }

  async linkFor(storeId: string, orderId: string): Promise<LinkRow | null> {
    const [row] = await this.d.db
      .select()
      .from(nuvemshopOrders)
      .where(and(eq(nuvemshopOrders.storeId, storeId), eq(nuvemshopOrders.orderId, orderId)));
    return row ?? null;
  }

  /** The merchant's installation (store id and provider), without its token. */
  async installation(merchantId: string) {
    const [row] = await this.d.db
      .select({
        storeId: nuvemshopStores.storeId,
        paymentProviderId: nuvemshopStores.paymentProviderId,
        storeUrl: nuvemshopStores.storeUrl,
        accessTokenEnc: nuvemshopStores.accessTokenEnc,
      })
      .from(nuvemshopStores)
      .where(eq(nuvemshopStores.merchantId, merchantId));
    return row ?? null;
  }
}

/** Same origin as the store's URL, and under its path. */
function onStore(url: string, storeUrl: string): boolean {
  try {
    const u = new URL(url);
    const s = new URL(storeUrl);
    return (
      u.origin === s.origin &&
      (u.pathname === s.pathname ||
        u.pathname.startsWith(`${s.pathname.replace(/\/$/, '')}/`) ||
        s.pathname === '/')
    );
  } catch {
    return false;
  }
}

const message = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 500);
