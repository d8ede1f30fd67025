import { randomUUID } from 'node:crypto';
import { paths } from '@drip/core';
import { type Context, Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { matchedRoutes } from 'hono/route';
import { Dependencies } from './circuit.ts';
import { type Clock, systemClock, wallClockOf } from './clock.ts';
import type { Config } from './config.ts';
import { withCorrelation } from './correlation.ts';
import type { DatabaseHandle } from './db/index.ts';
import { databaseUnreadiness } from './db/readiness.ts';
import { FaultInjector } from './faults.ts';
import { checkRequestText } from './http/body.ts';
import { clientAddress, TrustedProxies } from './http/client-ip.ts';
import { type AppEnv, peerAddress, type Services } from './http/context.ts';
import { ApiError, toApiError } from './http/errors.ts';
import { httpMetrics, metricsAccess, metricsHandler, STATIC, tagEndpoint } from './http/metrics.ts';
import { RateLimiter } from './http/rate-limit.ts';
import { mountRoutes, type RouteDef } from './http/route-table.ts';
import { TaskQueues } from './jobs/queue.ts';
import { Lifecycle } from './lifecycle.ts';
import { createLogger, errorFields, type Logger } from './log.ts';
import { Metrics } from './metrics.ts';
import { AdminService } from './modules/admins/service.ts';
import { AuditHistory } from './modules/audit/history.ts';
import { AuditService } from './modules/audit/service.ts';
import { PasswordHasher } from './modules/auth/passwords.ts';
import { AuthService } from './modules/auth/service.ts';
import { LoginThrottle } from './modules/auth/throttle.ts';
import { CatalogueService } from './modules/catalogue/service.ts';
import { cepPortFor } from './modules/cep/port.ts';
import { checkoutMerchantId } from './modules/checkouts/embed.ts';
import { checkoutModule } from './modules/checkouts/module.ts';
import { paymentsPortFor } from './modules/checkouts/payments-port.ts';
import { CustomerAdminService } from './modules/customers/admin-service.ts';
import { CustomerService } from './modules/customers/service.ts';
import { FraudService } from './modules/fraud/service.ts';
import { imageStoreFor } from './modules/images/module.ts';
import type { ImageStorePort } from './modules/images/port.ts';
import { ImageService } from './modules/images/service.ts';
import { MerchantAdminService } from './modules/merchants/admin-service.ts';
import { MerchantService } from './modules/merchants/service.ts';
import { WindowCounters } from './modules/notifications/counters.ts';
import { outboxNotifications } from './modules/notifications/outbox.ts';
import type { Notifications } from './modules/notifications/ports.ts';
import { SendCaps } from './modules/notifications/send-caps.ts';
import { SmsDelivery, type SmsGateway } from './modules/notifications/sms-delivery.ts';
import { instalmentModule } from './modules/orders/module.ts';
import { buildPayments, connectSandboxWebhook } from './modules/payments/module.ts';
import { buildPlugins } from './modules/plugins/module.ts';
import type { PlatformHttp } from './modules/plugins/nuvemshop-client.ts';
import { PromotionService } from './modules/promotions/service.ts';
import { buildSettlements } from './modules/settlements/module.ts';
import type { PayoutPort } from './modules/settlements/payout-port.ts';
import { VtexGateway } from './modules/vtex/emulator.ts';
import { VtexConnector } from './modules/vtex/service.ts';
import { WebhookService } from './modules/webhooks/service.ts';
import { OPS_BACKUP_PATH } from './ops/backup.ts';
import { backupHandler } from './ops/backup-route.ts';
import { outboundFetch, type Resolver } from './outbound.ts';
import { scrubText } from './redact.ts';
import { routeTable } from './routes.ts';
import { registerServerMetrics } from './server-metrics.ts';
import { cachedEmbedOrigins, staticApps } from './static.ts';

export interface AppDeps {
  config: Config;
  /** An open, migrated database. */
  database: DatabaseHandle;
  /**
   * Set by the server when it starts shutting down: `/readyz` answers 503 from then on, so that a proxy stops
   * sending new requests while the open ones finish; then the open streams end.
   */
  lifecycle?: Lifecycle;
  /** The business clock (due dates, fees, settlements, checkout expiry); the sandbox can move it. */
  clock?: Clock;
  /** Real time, for sessions, tokens, login codes and rate limits; default: the business clock's wall clock. */
  wallClock?: Clock;
  log?: Logger;
  /** SMS / e-mail adapters; default: the database outbox. */
  notifications?: Notifications;
  /** The `payout` port; default: chosen by `config.payout` (the sandbox bank). */
  payouts?: PayoutPort;
  /** DNS of the calls to URLs users typed (webhooks), whose every address is checked; default: the system's. */
  resolve?: Resolver;
  /** The `images` port; default: files under `config.dataDir`/images. */
  imageStore?: ImageStorePort;
  /** The platforms' HTTP (Nuvemshop); default: fetch, and in the sandbox the emulator in-process. */
  platformHttp?: PlatformHttp;
  /**
   * Faults injected in front of the dependencies (faults.ts): the tests' switches. Default: the sandbox's
   * `DRIP_FAULTS` (config.faults), none otherwise.
   */
  faults?: FaultInjector;
  /** The SMS gateway the outbox's PENDING SMS are sent through; default: the sandbox gateway. */
  smsGateway?: SmsGateway;
  /**
   * The token of `POST /ops/backup` (ops/backup-route.ts), set by the server on PGlite and written to the data
   * folder's ops.json for `npm run backup`; absent, the route answers 404.
   */
  opsToken?: string;
}

/** Path prefixes that always answer JSON (never the single-page apps). */
const SANDBOX_CLOCK_PATH = '/sandbox/clock';

export const API_PREFIXES = [
  '/admin_backoffice/',
  '/merchant_backoffice/',
  '/customer_backoffice/',
  '/api/',
  '/sandbox/',
  '/catalogue/',
  '/images/',
  '/ops/',
];

const isApiPath = (path: string) =>
  API_PREFIXES.some((p) => path.startsWith(p) || path === p.slice(0, -1)) ||
  path === paths.healthz ||
  path === paths.livez ||
  path === paths.readyz ||
  path === paths.metrics;

/** Path parameters that are secrets (a recovery link's id sets a password): logged as their name. */
const SECRET_PARAMS = new Set(['recoveryId']);

/** The request's path as the logs show it: no query string, and a secret path parameter replaced by its name. */
function loggedPath(c: Context<AppEnv>): string {
  const path = c.req.path;
  for (const route of matchedRoutes(c)) {
    if (!route.path.includes('/:')) continue;
    const pattern = route.path.split('/');
    const segments = path.split('/');
    if (pattern.length !== segments.length) continue;
    let hidden = false;
    const shown = segments.map((segment, i) => {
      const name = pattern[i]?.startsWith(':') ? pattern[i].slice(1) : '';
      if (!SECRET_PARAMS.has(name)) return segment;
      hidden = true;
      return `:${name}`;
    });
    if (hidden) return shown.join('/');
  }
  return path;
}

/** Paths whose answers carry session tokens (login, refresh, logout): never stored by a browser or a proxy. */
const SESSION_PATHS = new Set<string>([
  paths.admin.login,
  paths.merchant.login,
  paths.customer.login,
  paths.admin.logout,
  paths.merchant.logout,
  paths.customer.logout,
]);

export function buildServices(deps: AppDeps): Services {
  const { config, database } = deps;
  const db = database.db;
  const clock = deps.clock ?? systemClock;
  const wallClock = deps.wallClock ?? wallClockOf(clock);
  const log = deps.log ?? createLogger(config.logLevel);
  const metrics = new Metrics(log);
  const notifications = deps.notifications ?? outboxNotifications(db, clock, config.sandbox);
  const passwords = new PasswordHasher(config.passwordHashing);
  const auth = new AuthService({
    db,
    clock: wallClock,
    jwtSecret: config.jwtSecret,
    accessTokenTtlSeconds: config.accessTokenTtlSeconds,
    refreshTokenTtlDays: config.refreshTokenTtlDays,
    log,
    listen: (channel, onPayload, onReconnect) => database.listen(channel, onPayload, onReconnect),
  });
  const audit = new AuditService(db, clock);
  const counters = new WindowCounters(db, wallClock);
  const queues = new TaskQueues({ db, clock, log });
  const dependencies = new Dependencies({
    log,
    clock,
    policies: config.dependencies,
    faults: deps.faults ?? (config.sandbox && config.faults ? new FaultInjector(config.faults) : null),
  });
  const paymentsModule = buildPayments({ config, db, clock, log, queues, dependencies });
  const merchants = new MerchantService({
    db,
    clock,
    wallClock,
    passwords,
    auth,
    notifications,
    audit,
    publicUrl: config.publicUrl,
    log,
  });
  const webhooks = new WebhookService({
    db,
    clock,
    log,
    queues,
    sandbox: config.sandbox,
    email: notifications.email,
    subscribers: (merchantId, event) => merchants.eventSubscribers(merchantId, event),
    dependencies,
    ...(deps.resolve ? { resolve: deps.resolve } : {}),
  });
  const checkoutServices = checkoutModule({
    config,
    db,
    clock,
    log,
    notifications,
    payments: paymentsPortFor(paymentsModule.payments),
    webhooks,
    dependencies,
  });
  const settlementsModule = buildSettlements({
    config,
    db,
    clock,
    log,
    queues,
    webhooks,
    payouts: deps.payouts,
    dependencies,
  });
  const customers = new CustomerService({
    db,
    clock,
    passwords,
    auth,
    notifications,
    readRow: database.readRow,
    log,
  });
  const images = new ImageService(deps.imageStore ?? imageStoreFor(config), config.publicUrl);
  const catalogue = new CatalogueService({ db, clock, images, audit });
  const admins = new AdminService({ db, clock, passwords, audit, auth });
  const auditHistory = new AuditHistory({ audit, admins });
  const fraud = new FraudService({ db, clock, audit, customerById: (id) => customers.profile(id) });
  const instalments = instalmentModule({
    config,
    database,
    clock,
    log,
    notifications,
    payments: paymentsModule.payments,
    credit: checkoutServices.credit,
    queues,
    webhooks,
    audit,
  });
  const vtex = new VtexConnector({
    db,
    clock,
    log,
    queues,
    config: {
      publicUrl: config.publicUrl,
      sandbox: config.sandbox,
      callbackAppKey: config.vtex?.callbackAppKey ?? null,
      callbackAppToken: config.vtex?.callbackAppToken ?? null,
    },
    checkouts: checkoutServices.checkouts,
    refunds: instalments.orderRefunds,
    merchants,
    // A callbackUrl comes with each payment: checked like any URL a user typed (the sandbox's emulator is local).
    fetch: outboundFetch({
      allowInternal: config.sandbox,
      log,
      ...(deps.resolve ? { resolve: deps.resolve } : {}),
    }),
  });
  const vtexGateway = config.sandbox
    ? new VtexGateway({
        publicUrl: config.publicUrl,
        connector: vtex,
        credentials: (merchantId) => vtex.ensureDemoCredentials(merchantId),
      })
    : null;
  const plugins = buildPlugins({
    config,
    vtex,
    db,
    clock,
    log,
    queues,
    merchants,
    checkouts: checkoutServices.checkouts,
    refunds: instalments.orderRefunds,
    ...(deps.platformHttp ? { http: deps.platformHttp } : {}),
  });
  const services: Services = {
    vtex,
    vtexGateway,
    ...paymentsModule,
    ...checkoutServices,
    ...plugins,
    webhooks,
    images,
    catalogue,
    promotions: new PromotionService({ db, clock, images, catalogue, audit }),
    cep: cepPortFor(config, dependencies.circuit('cep')),
    dependencies,
    smsDelivery: new SmsDelivery({
      db,
      clock,
      queues,
      dependencies,
      ...(deps.smsGateway ? { gateway: deps.smsGateway } : {}),
    }),
    config,
    database,
    clock,
    log,
    metrics,
    notifications,
    limiter: new RateLimiter(config.rateLimit, counters),
    throttle: new LoginThrottle(db, wallClock, config.throttle),
    sendCaps: new SendCaps(counters, config.sendCaps),
    queues,
    auth,
    audit,
    admins,
    auditHistory,
    merchants,
    embedOrigins: cachedEmbedOrigins(
      {
        forCheckout: async (checkoutId) => {
          const merchantId = await checkoutMerchantId(db, checkoutId);
          return merchantId ? ((await merchants.embedDomains(merchantId)) ?? []) : [];
        },
        forWidgets: () => merchants.allEmbedDomains(),
      },
      30_000,
    ),
    customers,
    ...instalments,
    lifecycle: deps.lifecycle ?? new Lifecycle(),
    ...settlementsModule,
    merchantAdmin: new MerchantAdminService({
      db,
      clock,
      audit,
      passwords,
      auth,
      settlements: settlementsModule.settlements,
      catalogue,
      images,
      apiKeyPrefix: config.sandbox ? 'sk_sandbox_' : 'sk_live_',
    }),
    fraud,
    customerAdmin: new CustomerAdminService({
      db,
      clock,
      audit,
      auth,
      passwords,
      fraud,
      history: auditHistory,
      credit: checkoutServices.credit,
      orders: instalments.instalmentPayments,
      checkouts: checkoutServices.checkouts,
      sandbox: config.sandbox,
    }),
  };
  registerServerMetrics(metrics, services);
  return services;
}

/** The app, its route table and its services (tests walk the table). */
export function buildApp(deps: AppDeps): { app: Hono<AppEnv>; routes: RouteDef[]; services: Services } {
  const services = buildServices(deps);
  const { log } = services;
  const app = new Hono<AppEnv>();
  const trustedProxies = new TrustedProxies(services.config.trustedProxies ?? []);

  app.use('*', httpMetrics(services.metrics));

  app.use('*', async (c, next) => {
    c.set('clientIp', clientAddress(peerAddress(c), c.req.header('x-forwarded-for'), trustedProxies));
    const incoming = c.req.header('x-request-id');
    // A client's id is kept when it is plain and carries nothing the logs would have to hide (a CPF as an id).
    const requestId =
      incoming && /^[\w.-]{1,64}$/.test(incoming) && scrubText(incoming) === incoming
        ? incoming
        : randomUUID();
    c.set('requestId', requestId);
    // Set before the handler runs, so that they are part of the response it builds (setting headers on a
    // finished response makes the Node adapter copy it: a measurable cost on every request).
    c.header('X-Request-Id', requestId);
    c.header('X-Content-Type-Options', 'nosniff');
    const path = c.req.path;
    if (isApiPath(path)) {
      // No API answer is a page to frame (the API reference at /api/docs included); the hosted checkout and the
      // widgets are static pages with their own frame-ancestors (static.ts).
      c.header('X-Frame-Options', 'DENY');
      c.header('Content-Security-Policy', "frame-ancestors 'none'");
      if (SESSION_PATHS.has(path)) c.header('Cache-Control', 'no-store');
    }
    const started = performance.now();
    // The filters a list was asked with, for debugging; the logger hides what is personal or secret in them.
    if (c.req.url.includes('?')) log.debug('request query', { requestId, query: c.req.queries() });
    // Everything the request does (its log lines, the tasks it queues, its calls out) carries its id.
    await withCorrelation({ requestId }, next);
    log.info('request', {
      method: c.req.method,
      path: loggedPath(c),
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
      requestId,
    });
  });

  // NUL, unpaired surrogates and broken escapes in the path or the query string: 400 here, before any handler (the
  // body is checked where it is read, http/body.ts).
  app.use('*', async (c, next) => {
    checkRequestText(c.req.url);
    await next();
  });

  // Operations endpoints, outside the endpoint table (docs/metrics.md): their own label in the request metrics.
  for (const [name, path] of Object.entries({
    healthz: paths.healthz,
    livez: paths.livez,
    readyz: paths.readyz,
    metrics: paths.metrics,
  }))
    app.use(path, async (c, next) => {
      tagEndpoint(c, `ops.${name}`);
      await next();
    });
  app.get(paths.healthz, (c) => c.json({ status: 'ok' }, 200));
  app.get(paths.livez, (c) => c.json({ status: 'ok' }, 200));
  app.get(
    paths.metrics,
    metricsHandler(services.metrics, metricsAccess(services.config, 'main'), services.config.metrics?.token),
  );
  app.get(paths.readyz, async (c) => {
    const problem = services.lifecycle.draining ? 'draining' : await databaseUnreadiness(deps.database.db);
    return problem ? c.json({ status: 'unavailable', reason: problem }, 503) : c.json({ status: 'ok' }, 200);
  });

  if (deps.opsToken)
    app.post(OPS_BACKUP_PATH, backupHandler({ database: deps.database, token: deps.opsToken, log }));

  // After the sandbox clock moves, the late-fee and settlement jobs run at once, so that due dates, fees and the
  // day's settlements and payouts show immediately.
  app.use(SANDBOX_CLOCK_PATH, async (c, next) => {
    await next();
    if (c.req.method === 'POST' && c.res.status === 200) {
      await services.lateFees.run();
      await services.settlements.run();
      await services.settlements.payoutQueue.drain();
    }
  });

  const routes = routeTable(services);
  mountRoutes(app, services, routes);
  connectSandboxWebhook(services, (path, init) => app.request(path, init));
  services.vtexGateway?.connect(async (path, init) => app.request(path, init));
  services.connectNuvemshopEmulator((path, init) => app.request(path, init));

  const serveStatic = staticApps({ ...services.config, merchantOrigins: services.embedOrigins });
  app.notFound(async (c) => {
    if (!isApiPath(c.req.path) && (c.req.method === 'GET' || c.req.method === 'HEAD')) {
      tagEndpoint(c, STATIC);
      return serveStatic(c);
    }
    return c.json(new ApiError(404, 'NOT_FOUND', 'Rota não encontrada').body(), 404);
  });

  app.onError((err, c) => {
    const answer = toApiError(err);
    if (answer) return c.json(answer.body(), answer.status, answer.headers);
    if (err instanceof HTTPException) {
      const status = err.status;
      const message =
        status === 413 ? 'O corpo da requisição excede o limite de 64 KB' : 'Requisição inválida';
      return c.json(
        new ApiError(status, status === 413 ? 'PAYLOAD_TOO_LARGE' : 'BAD_REQUEST', message).body(),
        status,
      );
    }
    log.error('unhandled error', {
      requestId: c.get('requestId'),
      method: c.req.method,
      path: c.req.path,
      ...errorFields(err),
    });
    return c.json(
      new ApiError(500, 'INTERNAL_ERROR', 'Erro interno, tente novamente mais tarde').body(),
      500,
    );
  });

  return { app, routes, services };
}

export function createApp(deps: AppDeps): Hono<AppEnv> {
  return buildApp(deps).app;
}
