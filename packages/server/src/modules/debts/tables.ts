import { pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * A customer's request to renegotiate overdue instalments (public page `/renegociacao`). One per customer: a second
 * request answers 409 until the collections team handles it (status changes are a back-office matter).
 */
export const negotiationRequests = pgTable(
  'negotiation_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id').notNull(),
    /** 11 digits, as sent. */
    cpf: text('cpf').notNull(),
    /** E.164, as sent. */
    phone: text('phone').notNull(),
    status: text('status', { enum: ['REQUESTED', 'IN_PROGRESS', 'DONE'] })
      .notNull()
      .default('REQUESTED'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('negotiation_requests_customer_uq').on(t.customerId)],
);
