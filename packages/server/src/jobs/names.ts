/**
 * The name of every periodic job. A job's advisory lock key is derived from its name (lock.ts), so the service that
 * takes the lock and the registry that schedules the job must use the same constant.
 */
export const JOB = {
  checkoutExpiry: 'checkout-expiry',
  pixChargeExpiry: 'pix-charge-expiry',
  pixReconciliation: 'pix-reconciliation',
  /** The drain of the durable queue `pix-refunds` (the devoluções, payments/refunds.ts): `queue-<name>`. */
  pixRefunds: 'queue-pix-refunds',
  lateFees: 'late-fees',
  /** The drain of the durable queue `order-refunds` (merchant refunds, orders/refunds.ts). */
  orderRefunds: 'queue-order-refunds',
  /** Sales and cancellations into the extract, and each merchant's settlement of the day (settlements module). */
  settlements: 'settlements',
  /** The drain of the durable queue `settlement-payouts` (the transfers to the merchants). */
  settlementPayouts: 'queue-settlement-payouts',
  /** The drains of the webhooks module's queues (modules/webhooks/service.ts). */
  merchantWebhooks: 'queue-merchant-webhooks',
  merchantEventEmails: 'queue-merchant-event-emails',
  /** VTEX payments whose checkout reached a final status: decision recorded, callback queued (modules/vtex). */
  vtexPaymentSync: 'vtex-payment-sync',
  /** The drain of the durable queue `vtex-callbacks` (the final status POSTed to VTEX's callbackUrl). */
  vtexCallbacks: 'queue-vtex-callbacks',
  /** Nuvemshop orders whose platform transaction lags behind Drip's order (plugins/nuvemshop.ts). */
  nuvemshopCheck: 'nuvemshop-check',
  /** The drain of the durable queue `nuvemshop-transactions`: the deliveries to the platform. */
  nuvemshopTransactions: 'queue-nuvemshop-transactions',
  /** The outbox's PENDING SMS handed to the SMS gateway through the durable queue `sms-outbox`. */
  smsOutbox: 'queue-sms-outbox',
} as const;

export type JobName = (typeof JOB)[keyof typeof JOB];
