import { bigint, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** One credit analysis: the decision and every rule evaluated (for the admin). */
export const creditDecisions = pgTable(
  'credit_decisions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    checkoutId: uuid('checkout_id').notNull(),
    customerId: uuid('customer_id'),
    merchantId: uuid('merchant_id').notNull(),
    decision: text('decision', { enum: ['APPROVED', 'DENIED'] }).notNull(),
    reason: text('reason'),
    /** centavos */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    limit: bigint('limit', { mode: 'number' }).notNull(),
    available: bigint('available', { mode: 'number' }).notNull(),
    bureauScore: integer('bureau_score').notNull(),
    antifraudScore: integer('antifraud_score').notNull(),
    rules: jsonb('rules')
      .$type<
        {
          rule: string;
          group: string;
          passed: boolean | null;
          skipped: boolean;
          details: Record<string, unknown>;
        }[]
      >()
      .notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('credit_decisions_checkout_idx').on(t.checkoutId),
    index('credit_decisions_customer_idx').on(t.customerId),
  ],
);
