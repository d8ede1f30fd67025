import { sql } from 'drizzle-orm';
import { boolean, date, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** Customer of spec section 3. */
export const customers = pgTable(
  'customers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email'),
    /** 11 digits, check digits valid. */
    cpf: text('cpf').notNull(),
    /** E.164 (+5511987654321). */
    phone: text('phone').notNull(),
    /**
     * When the phone on file was bound to this CPF after a proof of the CPF (a Drip Token to this phone in a
     * checkout whose payer-CPF Pix matched, or staff). Null: the contact data is what a checkout typed, unproven
     * (docs/identity.md): it proves nothing, and recovery codes never go to it.
     */
    phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true }),
    birthDate: date('birth_date', { mode: 'string' }),
    addressCep: text('address_cep'),
    addressStreet: text('address_street'),
    addressNumber: text('address_number'),
    addressComplement: text('address_complement'),
    addressNeighborhood: text('address_neighborhood'),
    addressCity: text('address_city'),
    addressState: text('address_state'),
    isOnDebtNegotiation: boolean('is_on_debt_negotiation').notNull().default(false),
    status: text('status', { enum: ['ACTIVE', 'ARCHIVED'] })
      .notNull()
      .default('ACTIVE'),
    /** null until the customer sets a password (customers are created at checkout). */
    passwordHash: text('password_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The admin list pages by name, id and searches a part of the name, e-mail, CPF or phone (pg_trgm):
  // docs/admin-customers.md and docs/benchmarks.md.
  (t) => [
    uniqueIndex('customers_cpf_uq').on(t.cpf),
    index('customers_phone_idx').on(t.phone),
    // The admin orders list finds a customer's orders by e-mail, any case (docs/admin-orders.md).
    index('customers_email_lower_idx').on(sql`lower(${t.email})`),
    index('customers_name_id_idx').on(t.name, t.id),
    index('customers_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('customers_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
    index('customers_cpf_trgm_idx').using('gin', t.cpf.op('gin_trgm_ops')),
    index('customers_phone_trgm_idx').using('gin', t.phone.op('gin_trgm_ops')),
  ],
);

export type CustomerRow = typeof customers.$inferSelect;

/**
 * First-access links: sent by SMS when an order is created for a customer without a password, so that a first-time
 * shopper can reach the customer portal. Only the SHA-256 of the token is stored; single use, expiring, bound to the
 * phone it was sent to (docs/identity.md, "Recovery").
 */
export const customerAccessLinks = pgTable(
  'customer_access_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    /** E.164 phone the link was sent to: the link works only while it is still the verified phone on file. */
    phone: text('phone').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('customer_access_links_customer_idx').on(t.customerId)],
);

export type CustomerAccessLinkRow = typeof customerAccessLinks.$inferSelect;
