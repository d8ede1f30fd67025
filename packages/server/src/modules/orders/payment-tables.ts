import { bigint, index, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { orders } from './tables.ts';

/**
 * One Pix for every pending instalment of an order (spec 3 "Unique payment"): the instalments it covers and the
 * amount they added up to when it was created. Its status is its Pix charge's (payments module).
 */
export const uniquePayments = pgTable(
  'unique_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    chargeId: uuid('charge_id').notNull(),
    /** The covered instalments, ordered by number. */
    instalmentIds: uuid('instalment_ids').array().notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('unique_payments_order_idx').on(t.orderId, t.createdAt)],
);
