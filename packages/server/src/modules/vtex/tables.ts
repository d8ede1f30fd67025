import { bigint, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * A merchant's VTEX connector credentials (X-PROVIDER-API-AppKey / AppToken), issued by the configuration flow or
 * the sandbox seed. The token is kept as its SHA-256 (it is a 32-byte random value: a slow hash adds nothing), so
 * that a copy of the database cannot call the connector as the merchant.
 */
export const vtexCredentials = pgTable('vtex_credentials', {
  merchantId: uuid('merchant_id').primaryKey(),
  appKey: text('app_key').notNull().unique(),
  appTokenSha256: text('app_token_sha256').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/**
 * One VTEX payment (Create Payment), keyed by the merchant and VTEX's paymentId: the Drip checkout it opened and
 * the status VTEX was told. Money in centavos.
 */
export const vtexPayments = pgTable(
  'vtex_payments',
  {
    merchantId: uuid('merchant_id').notNull(),
    paymentId: text('payment_id').notNull(),
    transactionId: text('transaction_id').notNull(),
    vtexOrderId: text('vtex_order_id').notNull(),
    reference: text('reference').notNull(),
    /** null only while the checkout is being created (a crash there leaves it for the next retry). */
    checkoutId: uuid('checkout_id'),
    paymentUrl: text('payment_url'),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** undefined → approved | denied; canceled when VTEX cancelled it before a decision. */
    status: text('status', { enum: ['undefined', 'approved', 'denied', 'canceled'] }).notNull(),
    dripOrderId: uuid('drip_order_id'),
    callbackUrl: text('callback_url').notNull(),
    returnUrl: text('return_url'),
    /** Checkout expiry: VTEX cancels an undecided payment after it (delayToCancel). */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.paymentId] }),
    index('vtex_payments_undecided_idx').on(t.status, t.createdAt),
  ],
);

/**
 * Cancellations, settlements and refunds asked by VTEX, one row per requestId (the protocol's idempotency key):
 * the amount and the Drip refund that carries it (null when nothing had to be refunded).
 */
export const vtexOperations = pgTable(
  'vtex_operations',
  {
    merchantId: uuid('merchant_id').notNull(),
    paymentId: text('payment_id').notNull(),
    kind: text('kind', { enum: ['cancel', 'settle', 'refund'] }).notNull(),
    requestId: text('request_id').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    refundId: uuid('refund_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.paymentId, t.kind, t.requestId] })],
);

/**
 * The configuration flow: the token VTEX asked for (its SHA-256), then the authorisation code issued when the
 * merchant signed up; each used once, within 30 minutes.
 */
export const vtexAuthorizations = pgTable('vtex_authorizations', {
  tokenSha256: text('token_sha256').primaryKey(),
  applicationId: text('application_id').notNull(),
  returnUrl: text('return_url').notNull(),
  merchantId: uuid('merchant_id'),
  codeSha256: text('code_sha256').unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  signedUpAt: timestamp('signed_up_at', { withTimezone: true }),
  redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
