/** Builds the checkout, credit and orders services (and the idempotency store of the merchant API). */
import type { Dependencies } from '../../circuit.ts';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/index.ts';
import { createLogger, type Logger } from '../../log.ts';
import { PortfolioExposure } from '../credit/exposure.ts';
import { guardedBureau } from '../credit/guarded-bureau.ts';
import { sandboxAntifraud, sandboxBureau } from '../credit/sandbox.ts';
import { CreditService } from '../credit/service.ts';
import { combineStagings, firstAccessStaging } from '../customers/first-access.ts';
import { orderEmailStaging } from '../customers/order-email.ts';
import type { Notifications } from '../notifications/ports.ts';
import { OrderService } from '../orders/service.ts';
import type { WebhookService } from '../webhooks/service.ts';
import { DEFAULT_CHECKOUT_CONFIG } from './config.ts';
import { IdempotencyStore } from './idempotency.ts';
import type { PaymentsPort } from './payments-port.ts';
import { CheckoutService } from './service.ts';

export function checkoutModule(deps: {
  config: Config;
  db: Db;
  clock: Clock;
  notifications: Notifications;
  payments: PaymentsPort;
  /** Where background work (the pending credit analyses) logs failures; the configured level's logger otherwise. */
  log?: Logger;
  /** The merchant's webhooks: ORDER_CREATED in the order's statement, checkout status changes. */
  webhooks?: WebhookService;
  /** The bureau's circuit and time-out (credit/guarded-bureau.ts). */
  dependencies: Dependencies;
}) {
  const { config, db, clock } = deps;
  const checkoutConfig = config.checkout ?? DEFAULT_CHECKOUT_CONFIG;
  // Only sandbox adapters exist for the bureau and anti-fraud ports so far (docs/credit-analysis.md).
  const credit = new CreditService({
    bureau: guardedBureau(sandboxBureau, deps.dependencies.circuit('bureau')),
    antifraud: sandboxAntifraud,
    config: checkoutConfig.credit,
    blockedBankCodes: checkoutConfig.blockedBankCodes,
    sandbox: config.sandbox,
    exposure: new PortfolioExposure(checkoutConfig.exposureRefreshSeconds * 1000),
  });
  // A first-time shopper (no password yet) gets the portal's first-access link by SMS with the order.
  const orders = new OrderService(
    db,
    combineStagings(
      firstAccessStaging({ outbox: deps.notifications.outbox, publicUrl: config.publicUrl }),
      // The instalments' details by e-mail, as the approval screen promises.
      orderEmailStaging({ outbox: deps.notifications.outbox, publicUrl: config.publicUrl }),
      deps.webhooks?.orderCreatedStaging(),
    ),
  );
  const checkouts = new CheckoutService({
    db,
    clock,
    notifications: deps.notifications,
    payments: deps.payments,
    credit,
    orders,
    config: checkoutConfig,
    publicUrl: config.publicUrl,
    sandbox: config.sandbox,
    log: deps.log ?? createLogger(config.logLevel),
    webhooks: deps.webhooks,
  });
  return { checkouts, credit, orders, idempotency: new IdempotencyStore(db, clock) };
}
