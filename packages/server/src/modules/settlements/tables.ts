import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * Merchant fees (spec 3, Fee: amount in percent, optional expiration date). Stored as basis points (2,99 % = 299):
 * the admin types the percent with two decimals, so an integer holds it exactly and no float reaches the money.
 * The fee of an order is the newest one created before the order and not expired on the order's day.
 */
export const merchantFees = pgTable(
  'merchant_fees',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: uuid('merchant_id').notNull(),
    rateBps: integer('rate_bps').notNull(),
    expirationDate: date('expiration_date', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('merchant_fees_merchant_idx').on(t.merchantId, t.createdAt),
    check('merchant_fees_rate_ck', sql`${t.rateBps} between 0 and 10000`),
  ],
);

/** Settlement configurations (spec 3): the active one is the newest not expired, as for fees (docs/settlements.md). */
export const merchantSettlementConfigurations = pgTable(
  'merchant_settlement_configurations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: uuid('merchant_id').notNull(),
    transferDelayInDays: integer('transfer_delay_in_days').notNull(),
    payAllInOneSettlement: boolean('pay_all_in_one_settlement').notNull(),
    expirationDate: date('expiration_date', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('merchant_settlement_configurations_merchant_idx').on(t.merchantId, t.createdAt),
    check(
      'merchant_settlement_configurations_delay_ck',
      sql`${t.transferDelayInDays} in (0, 5, 7, 15, 30, 45)`,
    ),
  ],
);

/**
 * The extract's rows: per merchant and day, a `Venda` (SALE, positive) per order and a `Cancelamento`
 * (CANCELLATION, negative) per cancellation seen. Centavos, signed: payout = amount − fee.
 */
export const settlementEntries = pgTable(
  'settlement_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: uuid('merchant_id').notNull(),
    orderId: uuid('order_id').notNull(),
    kind: text('kind', { enum: ['SALE', 'CANCELLATION'] }).notNull(),
    /** The São Paulo day of the sale or of the cancellation. */
    day: date('day', { mode: 'string' }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    feeAmount: bigint('fee_amount', { mode: 'number' }).notNull(),
    payoutAmount: bigint('payout_amount', { mode: 'number' }).notNull(),
    feeRateBps: integer('fee_rate_bps').notNull(),
    /** The settlement configuration that planned the sale's transfers (null: the default one). */
    configurationId: uuid('configuration_id'),
    /** `sale:<orderId>` or `cancel:<orderId>:<canceled total after it>`: running the job twice adds nothing. */
    key: text('key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    // Facts of the sale copied when the row is written (a `Cancelamento` copies its `Venda`'s), so that the extract
    // and the CSV export read the row alone: at 10^6 orders, one orders lookup per exported row was most of the
    // export's time (docs/settlements.md, "What the rows carry").
    orderCode: text('order_code').notNull(),
    merchantOrderCode: text('merchant_order_code').notNull(),
    orderCreatedAt: timestamp('order_created_at', { withTimezone: true }).notNull(),
    /** The buyer's name when the sale was booked (null: the order has no customer). */
    customerName: text('customer_name'),
    /** The due dates of the row's transfer shares, in share order ('YYYY-MM-DD YYYY-MM-DD'); fixed when written. */
    transferDates: text('transfer_dates').notNull(),
  },
  (t) => [
    uniqueIndex('settlement_entries_key_uq').on(t.key),
    // (merchant, day, id): the extract's days and the CSV export's keyset batches `(day, id) > (…)`, which read
    // only their batch from it (with (merchant, day) alone, each batch re-read the month from its first day).
    index('settlement_entries_merchant_day_id_idx').on(t.merchantId, t.day, t.id),
    index('settlement_entries_order_idx').on(t.orderId),
  ],
);

/**
 * Per merchant and day of the extract, the sums of its `settlement_entries` rows and of their shares not taken by a
 * settlement yet: the big numbers, the extract's days and the debt read these (a few hundred rows a merchant)
 * instead of the rows (10^6 at a large store). Written by the settlements service only, in the statement or the
 * transaction that writes the rows or takes their shares; equal to the rows' sums at every commit
 * (test/settlements/settlements-invariants.property.test.ts, docs/settlements.md "The daily summary").
 */
export const settlementDays = pgTable(
  'settlement_days',
  {
    merchantId: uuid('merchant_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    /** How many rows (`Venda` and `Cancelamento`) the day has. */
    entries: integer('entries').notNull(),
    /** Sum of the `Venda` rows' amounts. */
    sales: bigint('sales', { mode: 'number' }).notNull(),
    /** Sum of every row's fee (a `Cancelamento`'s is negative: the fee given back). */
    fees: bigint('fees', { mode: 'number' }).notNull(),
    /** Sum of the `Cancelamento` rows' payouts (≤ 0). */
    cancellations: bigint('cancellations', { mode: 'number' }).notNull(),
    /** Sum of every row's payout: what the day is worth to the merchant. */
    payout: bigint('payout', { mode: 'number' }).notNull(),
    /** Sum of the day's rows' transfer shares not taken by a settlement yet (still scheduled). */
    scheduled: bigint('scheduled', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.day] })],
);

/**
 * A transfer share of an entry: a sale has one (all in one) or one per instalment; a cancellation first offsets the
 * order's shares not transferred yet (same date, same wait), the rest is due on the next transfer day.
 */
export const settlementParts = pgTable(
  'settlement_parts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => settlementEntries.id),
    merchantId: uuid('merchant_id').notNull(),
    orderId: uuid('order_id').notNull(),
    seq: integer('seq').notNull(),
    /** Earliest transfer day. */
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** NONE; INSTALMENT: until `instalmentId` is paid; ORDER: until every instalment of the order is paid. */
    waitFor: text('wait_for', { enum: ['NONE', 'INSTALMENT', 'ORDER'] }).notNull(),
    instalmentId: uuid('instalment_id'),
    /** A cancellation's share that offsets this sale share (same date and wait). */
    offsetsPartId: uuid('offsets_part_id'),
    /** The payout that took it; null while waiting. */
    payoutId: uuid('payout_id'),
  },
  (t) => [
    index('settlement_parts_open_idx').on(t.merchantId, t.dueDate).where(sql`${t.payoutId} is null`),
    index('settlement_parts_entry_idx').on(t.entryId),
    index('settlement_parts_order_idx').on(t.orderId),
    index('settlement_parts_payout_idx').on(t.payoutId),
  ],
);

/**
 * One settlement per merchant and transfer day: the shares due (`partsAmount`), the debt carried in (≤ 0), the
 * transfer (`amount`, ≥ 0) and the debt carried out (≤ 0). `externalId` is the provider's idempotency key.
 */
export const settlementPayouts = pgTable(
  'settlement_payouts',
  {
    id: uuid('id').primaryKey(),
    merchantId: uuid('merchant_id').notNull(),
    transferDate: date('transfer_date', { mode: 'string' }).notNull(),
    partsAmount: bigint('parts_amount', { mode: 'number' }).notNull(),
    debtIn: bigint('debt_in', { mode: 'number' }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    debtOut: bigint('debt_out', { mode: 'number' }).notNull(),
    /** NONE: nothing to transfer (a debt); PENDING: on the queue; PAID: the provider took it; EXTERNAL: paid by Malga (MALGA_STARKBANK). */
    status: text('status', { enum: ['NONE', 'PENDING', 'PAID', 'EXTERNAL'] }).notNull(),
    platform: text('platform').notNull(),
    externalId: text('external_id').notNull(),
    providerId: text('provider_id'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('settlement_payouts_merchant_day_uq').on(t.merchantId, t.transferDate),
    uniqueIndex('settlement_payouts_external_uq').on(t.externalId),
    // The payouts not yet made (few at any time, whatever the history): what the metrics' failed-payouts read scans.
    index('settlement_payouts_pending_idx').on(t.transferDate).where(sql`${t.status} = 'PENDING'`),
    check('settlement_payouts_amounts_ck', sql`${t.amount} >= 0 and ${t.debtIn} <= 0 and ${t.debtOut} <= 0`),
  ],
);

/** The sandbox bank's record of the payouts it received (the `payout` port's sandbox adapter). */
export const sandboxTransfers = pgTable(
  'sandbox_transfers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    externalId: text('external_id').notNull(),
    merchantId: uuid('merchant_id').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    destination: text('destination').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('sandbox_transfers_external_uq').on(t.externalId)],
);
