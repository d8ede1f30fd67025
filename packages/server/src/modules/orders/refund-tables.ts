import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { orders } from './tables.ts';

/**
 * A merchant's refund of an order (docs/refunds.md): recorded PENDING when asked, carried out by the queue
 * `order-refunds` in one transaction with its ledger entries (DONE), REJECTED when its rules no longer hold then, or
 * FAILED when it could not be carried out (the PSP refused the devolução for good, or its task died): nothing
 * changed, the order stays refundable, `failure_reason` says why. Money in centavos.
 */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    merchantId: uuid('merchant_id').notNull(),
    /**
     * FULL: all that is left; AMOUNT: `requestedAmount`; PRODUCTS: the `productIds`; PRODUCT_AMOUNT: `requestedAmount`
     * off the one product of `productIds` (an admin lowering its amount).
     */
    type: text('type', { enum: ['FULL', 'AMOUNT', 'PRODUCTS', 'PRODUCT_AMOUNT'] }).notNull(),
    /** Reserved when asked (what it may cancel at most); the amount cancelled is `amount` once DONE. */
    requestedAmount: bigint('requested_amount', { mode: 'number' }).notNull(),
    productIds: uuid('product_ids').array().notNull().default(sql`'{}'::uuid[]`),
    /**
     * FULL, AMOUNT:<centavos>, PRODUCTS:<sorted ids> or PRODUCT_AMOUNT:<id>:<new centavos>: one PENDING refund per
     * order and key.
     */
    dedupeKey: text('dedupe_key').notNull(),
    status: text('status', { enum: ['PENDING', 'DONE', 'REJECTED', 'FAILED'] }).notNull(),
    /** Principal cancelled (centavos), set when DONE. */
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
    /** Money given back to the payer by devolução, set when DONE. */
    returnedAmount: bigint('returned_amount', { mode: 'number' }).notNull().default(0),
    canceledCashbackAmount: bigint('canceled_cashback_amount', { mode: 'number' }).notNull().default(0),
    rejectionReason: text('rejection_reason'),
    /** Why a FAILED refund could not be carried out (pt-BR, shown to the merchant and sent in the webhook). */
    failureReason: text('failure_reason'),
    requestedBy: uuid('requested_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [
    index('order_refunds_order_idx').on(t.orderId, t.createdAt),
    // The settlements' read: a merchant's refunds done per day.
    index('order_refunds_merchant_processed_idx').on(t.merchantId, t.processedAt),
    // The failures an admin lists, the latest first.
    index('order_refunds_failed_idx').on(t.processedAt).where(sql`status = 'FAILED'`),
    uniqueIndex('order_refunds_pending_uq').on(t.orderId, t.dedupeKey).where(sql`status = 'PENDING'`),
  ],
);
