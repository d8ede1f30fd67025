/**
 * Builds the after-checkout services: instalment payments (and their booking), refunds, late fees, SSE fan-out,
 * debts.
 */
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import type { DatabaseHandle } from '../../db/index.ts';
import type { TaskQueues } from '../../jobs/queue.ts';
import type { Logger } from '../../log.ts';
import type { AuditService } from '../audit/service.ts';
import type { CreditService } from '../credit/service.ts';
import { sendInstalmentPaidEmail } from '../customers/order-email.ts';
import { DebtService } from '../debts/service.ts';
import type { Notifications } from '../notifications/ports.ts';
import type { Payments } from '../payments/service.ts';
import type { WebhookService } from '../webhooks/service.ts';
import { InstalmentEvents } from './events.ts';
import { InstalmentPayments } from './instalment-payments.ts';
import { DEFAULT_LATE_FEE_CONFIG, LateFees } from './late-fees.ts';
import { DebtSettlements } from './pgf.ts';
import { OrderRefunds } from './refunds.ts';

export function instalmentModule(deps: {
  config: Config;
  database: DatabaseHandle;
  clock: Clock;
  log: Logger;
  notifications: Notifications;
  payments: Payments;
  credit: CreditService;
  queues: TaskQueues;
  webhooks: WebhookService;
  audit: AuditService;
}) {
  const { config, database, clock, log } = deps;
  const db = database.db;
  const instalmentPayments = new InstalmentPayments({
    db,
    clock,
    log,
    payments: deps.payments,
    // The instalment page promises the next charges by e-mail: the confirmation carries the next one.
    onPaid: (tx, facts) =>
      sendInstalmentPaidEmail(tx, facts, {
        publicUrl: config.publicUrl,
        sandbox: config.sandbox,
        now: clock.now(),
      }),
  });
  instalmentPayments.register();
  return {
    instalmentPayments,
    instalmentEvents: new InstalmentEvents(database, log),
    orderRefunds: new OrderRefunds({
      db,
      clock,
      log,
      payments: deps.payments,
      credit: deps.credit,
      queues: deps.queues,
      webhooks: deps.webhooks,
    }),
    debtSettlements: new DebtSettlements({
      db,
      clock,
      log,
      audit: deps.audit,
      payments: deps.payments,
      credit: deps.credit,
    }),
    lateFees: new LateFees({ db, clock, log, config: config.lateFees ?? DEFAULT_LATE_FEE_CONFIG }),
    debts: new DebtService({
      db,
      clock,
      log,
      notifications: deps.notifications,
      publicUrl: config.publicUrl,
    }),
  };
}
