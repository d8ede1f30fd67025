import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** An approved purchase financed in instalments (or paid in full, status CLOSED). Money in centavos. */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Short human code shown to people ('DRP-7K2M9Q'). */
    code: text('code').notNull(),
    checkoutId: uuid('checkout_id').notNull(),
    merchantId: uuid('merchant_id').notNull(),
    customerId: uuid('customer_id').notNull(),
    merchantOrderCode: text('merchant_order_code').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    canceledAmount: bigint('canceled_amount', { mode: 'number' }).notNull().default(0),
    /** The financed principal (amount minus what was paid at checkout). */
    financedAmount: bigint('financed_amount', { mode: 'number' }).notNull(),
    cashbackRate: doublePrecision('cashback_rate').notNull(),
    cashbackAmount: bigint('cashback_amount', { mode: 'number' }).notNull(),
    status: text('status', { enum: ['ACTIVE', 'CLOSED', 'CANCELED'] }).notNull(),
    type: text('type', { enum: ['INSTALMENTS', 'FULL_PAYMENT'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('orders_code_uq').on(t.code),
    uniqueIndex('orders_checkout_uq').on(t.checkoutId),
    index('orders_customer_idx').on(t.customerId, t.status),
    index('orders_merchant_idx').on(t.merchantId, t.createdAt),
    // The admin orders list pages newest first by status, by merchant and status, and finds the merchant's order
    // code, without reading the million orders it pages (docs/admin-orders.md).
    index('orders_status_created_idx').on(t.status, t.createdAt, t.id),
    index('orders_merchant_status_created_idx').on(t.merchantId, t.status, t.createdAt, t.id),
    index('orders_merchant_order_code_idx').on(t.merchantOrderCode),
    // The credit analysis sums the day's financed amount (Drip's daily cap) by creation time.
    index('orders_created_at_idx').on(t.createdAt),
    // The merchant's refunded orders (whole amount given back): the sales list's 'Aprovados' and 'Estornados'
    // toggles read them as one small set instead of one orders lookup per checkout (docs/merchant-sales.md).
    index('orders_merchant_refunded_idx')
      .on(t.merchantId, t.checkoutId)
      .where(sql`${t.status} <> 'ACTIVE' and ${t.canceledAmount} > 0 and ${t.canceledAmount} >= ${t.amount}`),
  ],
);

export const instalments = pgTable(
  'instalments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    number: integer('number').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    /** Principal share of the order (splitInstalments). */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** Cashback discounted on this instalment (only the last one carries it). */
    cashbackAmount: bigint('cashback_amount', { mode: 'number' }).notNull().default(0),
    feesAmount: bigint('fees_amount', { mode: 'number' }).notNull().default(0),
    canceledAmount: bigint('canceled_amount', { mode: 'number' }).notNull().default(0),
    /** Cashback of this instalment taken back by refunds (the order's cashback recomputed; docs/refunds.md). */
    canceledCashbackAmount: bigint('canceled_cashback_amount', { mode: 'number' }).notNull().default(0),
    status: text('status', { enum: ['PENDING', 'PAID'] }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** The Pix charge that paid it (payments module). */
    paymentChargeId: uuid('payment_charge_id'),
    /** Set when an admin removed the late fee: the late-fee job leaves the instalment alone from then on. */
    lateFeeWaivedAt: timestamp('late_fee_waived_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('instalments_order_number_uq').on(t.orderId, t.number),
    index('instalments_status_due_idx').on(t.status, t.dueDate),
  ],
);

export const orderProducts = pgTable(
  'order_products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    quantity: integer('quantity').notNull(),
    /** The unit price at purchase (kept as bought: an admin's amount update changes `amount` only). */
    unitAmount: bigint('unit_amount', { mode: 'number' }).notNull(),
    /** quantity × unit amount, or less once an admin lowered it (the refund engine's PRODUCT_AMOUNT). */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    status: text('status', { enum: ['ACTIVE', 'CANCELED'] })
      .notNull()
      .default('ACTIVE'),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
  },
  (t) => [index('order_products_order_idx').on(t.orderId)],
);

/** A product's share of an instalment: per product, the shares sum exactly to the product's amount. */
export const instalmentProducts = pgTable(
  'instalment_products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    instalmentId: uuid('instalment_id')
      .notNull()
      .references(() => instalments.id),
    orderProductId: uuid('order_product_id')
      .notNull()
      .references(() => orderProducts.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    status: text('status', { enum: ['ACTIVE', 'CANCELED'] })
      .notNull()
      .default('ACTIVE'),
  },
  (t) => [
    index('instalment_products_instalment_idx').on(t.instalmentId),
    index('instalment_products_product_idx').on(t.orderProductId),
  ],
);

/**
 * Append-only ledger (DESIGN.md 1): every state change that moves money writes its entries in the same transaction.
 * Amounts are signed centavos from Drip's point of view (positive: Drip receives or is owed; negative: Drip pays).
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    type: text('type').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    orderId: uuid('order_id'),
    instalmentId: uuid('instalment_id'),
    checkoutId: uuid('checkout_id'),
    chargeId: uuid('charge_id'),
    customerId: uuid('customer_id'),
    merchantId: uuid('merchant_id'),
    memo: text('memo'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('ledger_entries_order_idx').on(t.orderId),
    index('ledger_entries_checkout_idx').on(t.checkoutId),
  ],
);

/**
 * Merchant cashback rates (spec 3, Cashback: ratio as a fraction, optional expiration date). The active one is the
 * newest not expired. Lives here until the merchants module grows its fees/cashback screens (issue 3 note).
 */
export const merchantCashbacks = pgTable(
  'merchant_cashbacks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: uuid('merchant_id').notNull(),
    ratio: doublePrecision('ratio').notNull(),
    expirationDate: date('expiration_date', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('merchant_cashbacks_merchant_idx').on(t.merchantId, t.createdAt)],
);
