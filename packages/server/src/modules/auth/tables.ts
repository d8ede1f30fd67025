import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** Opaque refresh tokens, stored as SHA-256 hashes; rotated on every use, reuse revokes the family. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    audience: text('audience', { enum: ['admin', 'merchant', 'customer'] }).notNull(),
    userId: uuid('user_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    familyId: uuid('family_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_uq').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_user_idx').on(t.audience, t.userId),
  ],
);

/** One-time codes sent by SMS / e-mail (merchant login second step, customer recovery, ...). */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purpose: text('purpose', { enum: ['MERCHANT_LOGIN', 'CUSTOMER_RECOVERY'] }).notNull(),
    /** The user the code belongs to (merchant user id, customer id). */
    subject: text('subject').notNull(),
    codeHash: text('code_hash').notNull(),
    /**
     * The client address that asked for the code (the merchant's password step, the customer's recovery request): the
     * code is checked only from there, so that nobody elsewhere can guess it or spend its attempts. Null: any address.
     */
    source: text('source'),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('verification_codes_subject_idx').on(t.purpose, t.subject, t.createdAt)],
);

/**
 * Failed sign-in attempts per key (docs/sessions.md, "Rate limits"): `pair:<purpose>:<account>:<source>` (one account
 * from one client address) and `source:<purpose>:<source>` (one address, every account). After `free_failures`
 * failures each new failure makes the key wait longer (doubling, capped): delays, not a lock, and no key that a
 * stranger elsewhere can move, so that the owner from their own address always gets in.
 */
export const loginThrottle = pgTable('login_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull(),
  freeFailures: integer('free_failures').notNull(),
  /** No attempt is looked at before this moment (null: none is held back). */
  blockedUntil: timestamp('blocked_until', { withTimezone: true }),
  /** Whether the key's last attempt was held back (how the counting statement tells a refusal from a failure). */
  held: boolean('held').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
