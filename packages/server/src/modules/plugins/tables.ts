import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * Every plugin sign-up code Drip has seen, kept as a SHA-256 hash (never the code): a Nuvemshop code once it was
 * presented (so a replay is refused before any call to the platform), a VTEX code from the moment the connector's
 * configuration flow issues it (docs/nuvemshop.md "What the code is").
 */
export const pluginSignupCodes = pgTable(
  'plugin_signup_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    platform: text('platform', { enum: ['nuvemshop', 'vtex'] }).notNull(),
    codeHash: text('code_hash').notNull(),
    /** ISSUED (a VTEX code waiting for its merchant), USED, or FAILED (presented, refused by the platform). */
    status: text('status', { enum: ['ISSUED', 'USED', 'FAILED'] }).notNull(),
    merchantId: uuid('merchant_id'),
    /** VTEX: the store's account and VTEX's return URL; the one-time authorization code's hash once used. */
    data: jsonb('data').$type<Record<string, string>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('plugin_signup_codes_code_idx').on(t.platform, t.codeHash)],
);

/** A merchant's Nuvemshop store with Drip's payment app installed: the store's token, encrypted (tokens.ts). */
export const nuvemshopStores = pgTable(
  'nuvemshop_stores',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: uuid('merchant_id').notNull(),
    /** The platform's `user_id` (the store id). */
    storeId: text('store_id').notNull(),
    accessTokenEnc: text('access_token_enc').notNull(),
    scope: text('scope').notNull(),
    paymentProviderId: text('payment_provider_id').notNull(),
    /** The store's own URL (`url_with_protocol`): the shopper's return URLs must be on it. */
    storeUrl: text('store_url').notNull(),
    installedAt: timestamp('installed_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('nuvemshop_stores_store_idx').on(t.storeId),
    uniqueIndex('nuvemshop_stores_merchant_idx').on(t.merchantId),
  ],
);

/**
 * A Nuvemshop order paid through Drip: its Drip checkout, its transaction on the platform and what was last told
 * to the platform (`pushed*`) against what Drip's order says (`target*`); the sync job closes the gap.
 */
export const nuvemshopOrders = pgTable(
  'nuvemshop_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: uuid('merchant_id').notNull(),
    storeId: text('store_id').notNull(),
    orderId: text('order_id').notNull(),
    checkoutId: uuid('checkout_id').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    transactionId: text('transaction_id'),
    /** NONE (no transaction yet), PENDING (sale pending), PAID (sale success), VOIDED (expiration success). */
    pushedState: text('pushed_state', { enum: ['NONE', 'PENDING', 'PAID', 'VOIDED'] })
      .notNull()
      .default('NONE'),
    pushedRefunded: bigint('pushed_refunded', { mode: 'number' }).notNull().default(0),
    targetState: text('target_state', { enum: ['PENDING', 'PAID', 'VOIDED'] })
      .notNull()
      .default('PENDING'),
    targetRefunded: bigint('target_refunded', { mode: 'number' }).notNull().default(0),
    /** IN_SYNC, PENDING (a delivery is queued or retrying) or FAILED (given up; an operator retries it). */
    syncStatus: text('sync_status', { enum: ['IN_SYNC', 'PENDING', 'FAILED'] })
      .notNull()
      .default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('nuvemshop_orders_order_idx').on(t.storeId, t.orderId),
    uniqueIndex('nuvemshop_orders_checkout_idx').on(t.checkoutId),
    index('nuvemshop_orders_open_idx').on(t.checkedAt).where(sql`pushed_state <> 'VOIDED'`),
  ],
);

/**
 * The platform's webhooks Drip has acted on (webhook.md; the LGPD ones of the Partners Portal), one row per store,
 * event and resource: the platform retries a delivery up to 18 times over 48 hours, and a redelivery of an event
 * already handled is answered without acting again (a cancelled order is refunded once).
 */
export const nuvemshopWebhooks = pgTable(
  'nuvemshop_webhooks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: text('store_id').notNull(),
    event: text('event').notNull(),
    /** The order's or app's id the event is about ('' when it carries none, as store/redact). */
    resourceId: text('resource_id').notNull(),
    /** What Drip did (refund-requested, uninstalled, ignored…); null while it is being handled. */
    outcome: text('outcome'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('nuvemshop_webhooks_event_idx').on(t.storeId, t.event, t.resourceId)],
);
