import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

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

/** Blocked values (fraud area, owned by the credit module until the admin screens exist). */
export const fraudBlocks = pgTable(
  'fraud_blocks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** CPF: 11 digits; PHONE: E.164; CEP: 8 digits; BANK_CODE: 3 digits (COMPE). */
    kind: text('kind', { enum: ['CPF', 'PHONE', 'CEP', 'BANK_CODE'] }).notNull(),
    value: text('value').notNull(),
    reason: text('reason').notNull().default('DEFAULT'),
    description: text('description'),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('fraud_blocks_kind_value_uq').on(t.kind, t.value)],
);
