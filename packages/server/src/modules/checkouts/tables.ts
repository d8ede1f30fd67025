import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { CheckoutCustomerData } from '../customers/service.ts';

export interface StoredProduct {
  name: string;
  quantity: number;
  /** unit price, centavos */
  amount: number;
}

/** The customer data a checkout collects, stored as the customers module takes it (one shape for both). */
export type StoredCustomerData = CheckoutCustomerData;

/** A Pix charge as the checkout shows it (copied from the payments module when created). */
export interface StoredPix {
  chargeId: string;
  txid: string;
  brCode: string;
  qrCodeUrl: string;
  amount: number;
  expiresAt: string;
}

export interface StoredKoVariables {
  allowedAmount?: number;
  blockedLimit?: number;
  waitlistStatus?: 'CONFIRMED' | 'WAITING_RESPONSE' | 'DENIED';
}

export const CHECKOUT_PHASES = [
  'CUSTOMER_DATA',
  'TOKEN',
  'VERIFICATION_PIX',
  /** The verification Pix was booked: the credit analysis runs after the booking (runPendingAnalysis). */
  'ANALYSIS',
  'SELECTION',
  'CONFIRMATION',
  'FIRST_INSTALMENT_PIX',
  'DONE',
] as const;
export type CheckoutPhase = (typeof CHECKOUT_PHASES)[number];

/** A shopper checkout created by a merchant (DESIGN.md 2 and 3). Money in centavos. */
export const checkouts = pgTable(
  'checkouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: uuid('merchant_id').notNull(),
    merchantOrderCode: text('merchant_order_code').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    products: jsonb('products').$type<StoredProduct[]>().notNull(),
    prefill: jsonb('prefill').$type<{ cpf?: string; phone?: string; email?: string; name?: string }>(),
    resolveUrl: text('resolve_url').notNull(),
    cancelUrl: text('cancel_url').notNull(),
    status: text('status', { enum: ['PRISTINE', 'MORE_INFO', 'OK', 'KO', 'EXPIRED', 'REVOKED'] }).notNull(),
    phase: text('phase', { enum: CHECKOUT_PHASES }).notNull(),
    koReason: text('ko_reason'),
    koVariables: jsonb('ko_variables').$type<StoredKoVariables>(),
    customerData: jsonb('customer_data').$type<StoredCustomerData>(),
    customerId: uuid('customer_id'),
    /**
     * Whether, at the last customer data, the CPF's verified phone on file was the typed phone: its token step then
     * skips the verification Pix. Null before the customer data (and on checkouts from before the column). A hint
     * for the token step's one-statement path only; the customer upsert's own answer decides (docs/identity.md).
     */
    returningCustomer: boolean('returning_customer'),
    /**
     * The merchant prefilled the CPF of a customer whose phone is verified: the shopper is asked for the phone only
     * (spec 4, step derivation (2)); the rest of the data is the customer's on file. Set at creation.
     */
    phoneOnly: boolean('phone_only').notNull().default(false),
    // phone verification code (one active code per checkout)
    tokenHash: text('token_hash'),
    tokenChannel: text('token_channel', { enum: ['SMS', 'WHATSAPP', 'EMAIL'] }),
    tokenSentAt: timestamp('token_sent_at', { withTimezone: true }),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
    tokenAttempts: integer('token_attempts').notNull().default(0),
    tokenVerifiedAt: timestamp('token_verified_at', { withTimezone: true }),
    // Pix charges shown by the checkout
    verificationPix: jsonb('verification_pix').$type<StoredPix>(),
    payerCpf: text('payer_cpf'),
    payerBankCode: text('payer_bank_code'),
    /** The payer identity was verified (R$ 1,00 Pix or a paid first instalment): later purchases skip it. */
    payerVerifiedAt: timestamp('payer_verified_at', { withTimezone: true }),
    firstInstalmentPix: jsonb('first_instalment_pix').$type<StoredPix>(),
    fullAmountPix: jsonb('full_amount_pix').$type<StoredPix>(),
    // plan
    creditDecisionId: uuid('credit_decision_id'),
    availableLimit: bigint('available_limit', { mode: 'number' }),
    totalInstalments: integer('total_instalments'),
    firstDueDate: date('first_due_date', { mode: 'string' }),
    upfront: text('upfront', { enum: ['YES', 'NO'] }),
    waitlistStatus: text('waitlist_status', { enum: ['CONFIRMED', 'WAITING_RESPONSE', 'DENIED'] }),
    orderId: uuid('order_id'),
    /**
     * The merchant user who created the checkout as a Drip link in the portal ('Criar Drip Link'); null for the
     * merchant API's checkouts. 'Gerenciar Links' lists the rows that have one.
     */
    creatorEmail: text('creator_email'),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('checkouts_merchant_code_uq').on(t.merchantId, t.merchantOrderCode),
    index('checkouts_status_expires_idx').on(t.status, t.expiresAt),
    index('checkouts_customer_idx').on(t.customerId),
    // The merchant portal's sales views (docs/merchant-sales.md): newest first, a date range, the status toggles,
    // the amount, an order code prefix and a customer name prefix, each within one merchant.
    index('checkouts_merchant_created_idx').on(t.merchantId, t.createdAt),
    // amount and ko_reason as trailing keys: the big numbers and the chart (two months of one merchant) read only
    // the index (docs/benchmarks.md, merchant-volume); expires_at too: the sales list's capped count of the
    // 'Negados'/'Abandonados' toggles (an open checkout past its expiry is abandoned) reads only the index.
    index('checkouts_merchant_status_created_idx').on(
      t.merchantId,
      t.status,
      t.createdAt,
      t.amount,
      t.koReason,
      t.expiresAt,
    ),
    index('checkouts_merchant_amount_idx').on(t.merchantId, t.amount),
    index('checkouts_merchant_code_prefix_idx').on(t.merchantId, t.merchantOrderCode.op('text_pattern_ops')),
    index('checkouts_merchant_customer_name_idx').on(
      t.merchantId,
      sql`lower(${t.customerData}->>'customerName') text_pattern_ops`,
    ),
    index('checkouts_merchant_links_idx')
      .on(t.merchantId, t.createdAt)
      .where(sql`${t.creatorEmail} is not null`),
  ],
);

export type CheckoutRow = typeof checkouts.$inferSelect;

/** Idempotency keys of the merchant API (24 h), scoped to the merchant. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    merchantId: uuid('merchant_id').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    state: text('state', { enum: ['RUNNING', 'DONE'] }).notNull(),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.key] })],
);

/** Abandonment feedback (spec 2.5, Feedback). */
export const checkoutFeedback = pgTable('checkout_feedback', {
  id: uuid('id').primaryKey().defaultRandom(),
  checkoutId: uuid('checkout_id').notNull(),
  feedback: text('feedback').notNull(),
  comment: text('comment').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
