import { hostname } from 'node:os';
import type { Services } from '../http/context.ts';
import type { Logger } from '../log.ts';
import { DEFAULT_LATE_FEE_CONFIG } from '../modules/orders/late-fees.ts';
import { claimJobPeriod } from './lock.ts';
import { JOB } from './names.ts';
import { JobRunner } from './runner.ts';

/** Every periodic job of the server, with its interval (docs/jobs.md). */
export function registerServerJobs(runner: JobRunner, s: Services): JobRunner {
  const lateFeeSeconds = (s.config.lateFees ?? DEFAULT_LATE_FEE_CONFIG).jobIntervalSeconds;
  return runner
    .register({
      name: JOB.checkoutExpiry,
      intervalMs: 60_000,
      run: () => s.checkouts.expireCheckouts(),
    })
    .register({
      name: JOB.pixChargeExpiry,
      intervalMs: 30_000,
      runAtStart: true,
      run: () => s.payments.expireCharges(),
    })
    .register({
      // At start-up too: a Pix paid while the server was down is booked at once.
      name: JOB.pixReconciliation,
      intervalMs: 30_000,
      runAtStart: true,
      run: async () => {
        const r = await s.payments.reconcilePending();
        return { ran: r.ran, rows: r.checked };
      },
    })
    .register(
      // JOB.pixRefunds: the devoluções, tasks of a durable queue retried with back-off until the PSP took them.
      s.payments.refundQueue.job(30_000),
    )
    .register(
      // JOB.orderRefunds: merchant refunds asked of the portal, carried out within seconds (docs/refunds.md).
      s.orderRefunds.queue.job(5_000),
    )
    .register({
      // Daily work, checked every minute: a day's settlement is closed once (one per merchant and day), and after
      // the sandbox clock moves it runs at once (app.ts).
      name: JOB.settlements,
      intervalMs: 60_000,
      runAtStart: true,
      run: () => s.settlements.run(),
    })
    .register(
      // JOB.settlementPayouts: the transfers, retried with back-off until the payout provider took them.
      s.settlements.payoutQueue.job(30_000),
    )
    .register(
      // JOB.smsOutbox: the outbox's SMS sent through the gateway, retried with back-off while it is down.
      s.smsDelivery.job(5_000),
    )
    .register(
      // JOB.merchantWebhooks: the signed webhook deliveries, retried with back-off for 3 days.
      s.webhooks.deliveryQueue.job(10_000),
    )
    .register(
      // JOB.merchantEventEmails: the merchant users' e-mails of the events they subscribed to.
      s.webhooks.emailQueue.job(30_000),
    )
    .register({
      // The shopper finishes the Drip checkout within minutes: VTEX hears the outcome within seconds.
      name: JOB.vtexPaymentSync,
      intervalMs: 3_000,
      run: () => s.vtex.syncUndecided(),
    })
    .register(
      // JOB.vtexCallbacks: the final status POSTed to VTEX, retried with back-off until it answers 2xx.
      s.vtex.callbacks.job(3_000),
    )
    .register({
      // JOB.nuvemshopCheck: Drip's state of the Nuvemshop orders read, a delivery queued for each lagging one.
      name: JOB.nuvemshopCheck,
      intervalMs: 5_000,
      run: () => s.nuvemshop.check(),
    })
    .register(
      // JOB.nuvemshopTransactions: the transactions and events sent to Nuvemshop, retried with back-off.
      s.nuvemshop.queue.job(5_000),
    )
    .register({
      name: JOB.lateFees,
      intervalMs: lateFeeSeconds * 1000,
      runAtStart: true,
      run: async () => {
        const r = await s.lateFees.run();
        return { ran: r.ran, rows: r.changed };
      },
    });
}

/** The server's runner with every job registered (not started); each run is reported to the metrics. */
export function serverJobs(s: Services, log: Logger): JobRunner {
  // Periods on wall time: the sandbox clock's travel runs its jobs directly (app.ts), not through the timers.
  const instance = `${hostname()}:${process.pid}`;
  const claim = (name: string, intervalMs: number) =>
    claimJobPeriod(s.database.db, name, intervalMs, new Date(), instance);
  return registerServerJobs(new JobRunner(log, s.metrics.jobObserver, claim), s);
}
