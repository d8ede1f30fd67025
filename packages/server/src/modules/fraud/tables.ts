import { boolean, date, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * Blocked values: the credit analysis denies a checkout whose CPF, phone, CEP or verification-Pix bank is here and
 * active. An unblock clears `active` (the row, and the audit log, keep what it was).
 */
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

/** The trust list (whitelist): a CPF here skips the fraud rules through `expires_on` (São Paulo date, inclusive). */
export const trustList = pgTable('trust_list', {
  /** 11 digits, check digits valid. */
  cpf: text('cpf').primaryKey(),
  expiresOn: date('expires_on', { mode: 'string' }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/**
 * The debt-negotiation list: CPFs in collections. A CPF here is denied new credit (docs/risk-lists.md). Digits as
 * typed: an operator may confirm a CPF whose check digits are wrong (spec 5), which then matches no checkout.
 */
export const debtNegotiationList = pgTable('debt_negotiation_list', {
  cpf: text('cpf').primaryKey(),
  type: text('type'),
  description: text('description'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
