import type { AccessClaims } from '@drip/core';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { Dependencies } from '../circuit.ts';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { DatabaseHandle } from '../db/index.ts';
import type { TaskQueues } from '../jobs/queue.ts';
import type { Lifecycle } from '../lifecycle.ts';
import type { Logger } from '../log.ts';
import type { Metrics } from '../metrics.ts';
import type { AdminService } from '../modules/admins/service.ts';
import type { AuditHistory } from '../modules/audit/history.ts';
import type { AuditService } from '../modules/audit/service.ts';
import type { AuthService } from '../modules/auth/service.ts';
import type { LoginThrottle } from '../modules/auth/throttle.ts';
import type { CatalogueService } from '../modules/catalogue/service.ts';
import type { CepPort } from '../modules/cep/port.ts';
import type { IdempotencyStore } from '../modules/checkouts/idempotency.ts';
import type { CheckoutService } from '../modules/checkouts/service.ts';
import type { CreditService } from '../modules/credit/service.ts';
import type { CustomerAdminService } from '../modules/customers/admin-service.ts';
import type { CustomerService } from '../modules/customers/service.ts';
import type { DebtService } from '../modules/debts/service.ts';
import type { FraudService } from '../modules/fraud/service.ts';
import type { ImageService } from '../modules/images/service.ts';
import type { MerchantAdminService } from '../modules/merchants/admin-service.ts';
import type { MerchantService } from '../modules/merchants/service.ts';
import type { Notifications } from '../modules/notifications/ports.ts';
import type { SendCaps } from '../modules/notifications/send-caps.ts';
import type { SmsDelivery } from '../modules/notifications/sms-delivery.ts';
import type { InstalmentEvents } from '../modules/orders/events.ts';
import type { InstalmentPayments } from '../modules/orders/instalment-payments.ts';
import type { LateFees } from '../modules/orders/late-fees.ts';
import type { DebtSettlements } from '../modules/orders/pgf.ts';
import type { OrderRefunds } from '../modules/orders/refunds.ts';
import type { OrderService } from '../modules/orders/service.ts';
import type { PixSettings } from '../modules/payments/module.ts';
import type { SandboxPsp } from '../modules/payments/sandbox-psp.ts';
import type { Payments } from '../modules/payments/service.ts';
import type { NuvemshopEmulator } from '../modules/plugins/emulator.ts';
import type { PluginServices } from '../modules/plugins/module.ts';
import type { NuvemshopService } from '../modules/plugins/nuvemshop.ts';
import type { PluginSignupService } from '../modules/plugins/signup.ts';
import type { PromotionService } from '../modules/promotions/service.ts';
import type { SandboxPayouts } from '../modules/settlements/payout-port.ts';
import type { SettlementService } from '../modules/settlements/service.ts';
import type { VtexGateway } from '../modules/vtex/emulator.ts';
import type { VtexConnector } from '../modules/vtex/service.ts';
import type { WebhookService } from '../modules/webhooks/service.ts';
import type { EmbedOriginsSource } from '../static.ts';
import { forbidden, unauthorized } from './errors.ts';
import type { RateLimiter } from './rate-limit.ts';

export interface AppEnv {
  Variables: {
    requestId: string;
    /** Set by the audience middleware on protected routes. */
    claims: AccessClaims | undefined;
    /** Set by the `merchantApiKey` audience guard: the merchant whose API key authenticated the request. */
    apiMerchantId: string | undefined;
    /** Set by the `vtexProvider` audience guard: the merchant whose VTEX AppKey/AppToken came with the call. */
    vtexMerchantId: string | undefined;
    /** The client's address, set once per request (http/client-ip.ts: a trusted proxy's X-Forwarded-For, else the peer). */
    clientIp: string | undefined;
    /** The endpoint the request matched, for the metrics (http/metrics.ts): an endpoint id, `ops.<name>`, `static`. */
    endpointId: string | undefined;
  };
}

export type AppContext = Context<AppEnv>;

/** Everything the route handlers call. Built once per app by createApp. */
export interface Services {
  config: Config;
  /** The circuits of the dependencies (circuit.ts): their states are read by the metrics (`circuitStates`). */
  dependencies: Dependencies;
  /** The outbox's SMS handed to the SMS gateway (notifications/sms-delivery.ts). */
  smsDelivery: SmsDelivery;
  database: DatabaseHandle;
  clock: Clock;
  log: Logger;
  /** This instance's Prometheus registry (src/metrics.ts); another module adds a figure with `metrics.gauge`. */
  metrics: Metrics;
  notifications: Notifications;
  limiter: RateLimiter;
  /** Growing delays on failed sign-ins, per account and client address (modules/auth/throttle.ts). */
  throttle: LoginThrottle;
  /** Caps on the SMS / WhatsApp / e-mail sends per checkout, recipient and IP, shared by every instance. */
  sendCaps: SendCaps;
  auth: AuthService;
  audit: AuditService;
  /** A record's admin history (order and customer details). */
  auditHistory: AuditHistory;
  admins: AdminService;
  merchants: MerchantService;
  /** The back office's merchants, users and terms (audited). */
  merchantAdmin: MerchantAdminService;
  /** The risk lists: blocks, trust list, debt negotiation (audited). */
  fraud: FraudService;
  customers: CustomerService;
  /** The back office's customers: search, details, edit, archive, password reset, limit review (audited). */
  customerAdmin: CustomerAdminService;
  /** Shopper checkout lifecycle and merchant checkout API. */
  checkouts: CheckoutService;
  idempotency: IdempotencyStore;
  credit: CreditService;
  orders: OrderService;
  /** Pix charges and webhooks (implements PaymentsService). */
  payments: Payments;
  /** The in-process sandbox PSP; null when the sandbox is off and the provider is a real PSP. */
  sandboxPsp: SandboxPsp | null;
  pixSettings: PixSettings;
  cep: CepPort;
  /** Customer portal orders, instalment and unique payments, the public instalment page (issue 5). */
  instalmentPayments: InstalmentPayments;
  /** Instalment status fan-out through LISTEN/NOTIFY (SSE). */
  instalmentEvents: InstalmentEvents;
  /** The server's shutdown as the app sees it: draining, then the open streams ended. */
  lifecycle: Lifecycle;
  /** Merchant refunds of orders, carried out by the queue `order-refunds` (docs/refunds.md). */
  orderRefunds: OrderRefunds;
  /** Debts settled outside Drip's Pix ('Baixa Parcela/Pedido (PGF)'), audited (docs/pgf.md). */
  debtSettlements: DebtSettlements;
  /** The late-fee job. */
  lateFees: LateFees;
  /** The durable queues of work retried until done (jobs/queue.ts); their drain jobs are in jobs/registry.ts. */
  queues: TaskQueues;
  /** Debt renegotiation requests. */
  debts: DebtService;
  /** The merchants' extract, settlements and payouts (the `payout` port). */
  settlements: SettlementService;
  /** The sandbox bank's record of payouts; null when payouts go to a real provider. */
  sandboxPayouts: SandboxPayouts | null;
  /** Signed merchant webhooks: `publish(tx, merchantId, event, data)` inside the caller's transaction. */
  webhooks: WebhookService;
  /** Accepted images (real PNGs within the limit) and where they are kept (the `images` port). */
  images: ImageService;
  /** The store catalogue: stores, categories, tags, highlight buckets (its own API, catalogue key). */
  catalogue: CatalogueService;
  /** Promotions of the B2C app and their products (admin, audited). */
  promotions: PromotionService;
  /** Platform plugins: Nuvemshop's app, the sign-up of both platforms, the sandbox's Nuvemshop emulator. */
  nuvemshop: NuvemshopService;
  pluginSignup: PluginSignupService;
  nuvemshopEmulator: NuvemshopEmulator | null;
  connectNuvemshopEmulator: PluginServices['connectNuvemshopEmulator'];
  /** The merchants' registered embed origins, cached (static.ts); `clear()` after a change. */
  embedOrigins: EmbedOriginsSource & { clear(): void };
  /** The VTEX Payment Provider Protocol connector (docs/vtex.md). */
  vtex: VtexConnector;
  /** The sandbox's emulated VTEX gateway; null outside the sandbox. */
  vtexGateway: VtexGateway | null;
}

export function claimsOf(c: AppContext): AccessClaims {
  const claims = c.get('claims');
  if (!claims) throw unauthorized();
  return claims;
}

/** The merchant of a merchant portal session (every merchant token carries one). */
export function merchantIdOf(c: AppContext): string {
  const claims = claimsOf(c);
  if (!claims.merchantId) throw forbidden();
  return claims.merchantId;
}

/** The client's address (set by the app from the TCP peer and, behind a trusted proxy, X-Forwarded-For). */
export function clientIp(c: AppContext): string {
  return c.get('clientIp') ?? peerAddress(c);
}

/** The address of the TCP connection; 'local' under app.request() without a socket. */
export function peerAddress(c: AppContext): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'local';
  }
}
