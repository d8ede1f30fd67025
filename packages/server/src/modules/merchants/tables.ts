import { PLATFORMS } from '@drip/core';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** Merchant of spec section 3, every field. Money in bigint centavos. */
export const merchants = pgTable(
  'merchants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    legalName: text('legal_name'),
    cnpj: text('cnpj'),
    malgaClientId: text('malga_client_id'),
    initials: text('initials').notNull(),
    settlementPlatform: text('settlement_platform'),
    integrationType: text('integration_type', { enum: PLATFORMS }),
    ecommPlatform: text('ecomm_platform', { enum: PLATFORMS }),
    upfrontPaymentStatus: text('upfront_payment_status', { enum: ['DISABLED', 'OPTIONAL', 'MANDATORY'] })
      .notNull()
      .default('DISABLED'),
    ordersPhone: text('orders_phone'),
    /** The API key itself (the admin portal shows it); unique. See docs/sessions.md. */
    apiKey: text('api_key').notNull(),
    status: text('status', { enum: ['ENABLED', 'ARCHIVED'] })
      .notNull()
      .default('ENABLED'),
    settlementPaymentType: text('settlement_payment_type', {
      enum: ['EVERY_DAY', 'WEEKDAYS_ONLY', 'BUSINESS_DAYS_ONLY'],
    })
      .notNull()
      .default('BUSINESS_DAYS_ONLY'),
    paymentPlatform: text('payment_platform', { enum: ['DRIP_STARKBANK', 'MALGA_STARKBANK'] })
      .notNull()
      .default('DRIP_STARKBANK'),
    /** centavos */
    customerLimit: bigint('customer_limit', { mode: 'number' }),
    settlementWhenInstalmentPaid: boolean('settlement_when_instalment_paid').notNull().default(false),
    /** null: no limit ('Sem limite'). */
    cancelMaxDays: integer('cancel_max_days'),
    representativeName: text('representative_name'),
    representativeBirthdate: date('representative_birthdate', { mode: 'string' }),
    representativeCpf: text('representative_cpf'),
    representativeEmail: text('representative_email'),
    addressStreet: text('address_street'),
    addressNumber: text('address_number'),
    addressCep: text('address_cep'),
    addressComplement: text('address_complement'),
    addressNeighborhood: text('address_neighborhood'),
    addressCity: text('address_city'),
    addressState: text('address_state'),
    pixKey: text('pix_key'),
    pixKeyType: text('pix_key_type', { enum: ['EMAIL', 'PHONE', 'CPF', 'CNPJ', 'OTHER'] }),
    bankLegalName: text('bank_legal_name'),
    bankCode: text('bank_code'),
    bankAccountTypeCode: text('bank_account_type_code'),
    bankAccountAgencyNumber: text('bank_account_agency_number'),
    bankAccountNumber: text('bank_account_number'),
    bankAccountNumberDigit: text('bank_account_number_digit'),
    /** centavos; null: no limit */
    maxAmountPerOrder: bigint('max_amount_per_order', { mode: 'number' }),
    vtexAppKey: text('vtex_app_key'),
    vtexAppToken: text('vtex_app_token'),
    skipAntifraud: boolean('skip_antifraud').notNull().default(false),
    skipProtectedScore: boolean('skip_protected_score').notNull().default(false),
    skipFraudulentPhone: boolean('skip_fraudulent_phone').notNull().default(false),
    skipFraudulentCpf: boolean('skip_fraudulent_cpf').notNull().default(false),
    skipFraudulentAddressCep: boolean('skip_fraudulent_address_cep').notNull().default(false),
    skipFraudulentBankCode: boolean('skip_fraudulent_bank_code').notNull().default(false),
    skipOrderAmountRule: boolean('skip_order_amount_rule').notNull().default(false),
    /** Spec 3: flexible by default (the shopper chooses up to maxInstalments). */
    flexibleInstallments: boolean('flexible_installments').notNull().default(true),
    limitInstalmentsByCheckout: boolean('limit_instalments_by_checkout').notNull().default(false),
    maxInstalments: integer('max_instalments').notNull().default(3),
    /** Image names in the image store (modules/images), served as `PUBLIC_URL/images/<name>`. */
    logo: text('logo'),
    logoB2b: text('logo_b2b'),
    logoBrand: text('logo_brand'),
    /**
     * The store's catalogue categories and subcategories (each subcategory's category included) and tags. Ids of
     * the catalogue module's rows, checked through CatalogueService on every save (docs/merchants-admin.md).
     */
    categoryIds: uuid('category_ids').array().notNull().default(sql`'{}'::uuid[]`),
    tagIds: uuid('tag_ids').array().notNull().default(sql`'{}'::uuid[]`),
    storeUrl: text('store_url'),
    /** Spec 4: the merchant's store shows in the app (B2C) when true; `storeUrl` and `integrationType` are then required. */
    enableInApp: boolean('enable_in_app').notNull().default(false),
    /** Origins allowed to embed the hosted checkout (https://loja.example). */
    allowedEmbedDomains: text('allowed_embed_domains').array().notNull().default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The admin list pages by name, id and searches a part of the name or of the document (pg_trgm): docs/benchmarks.md.
  (t) => [
    uniqueIndex('merchants_api_key_uq').on(t.apiKey),
    index('merchants_name_idx').on(t.name, t.id),
    index('merchants_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('merchants_cnpj_trgm_idx').using('gin', t.cnpj.op('gin_trgm_ops')),
  ],
);

export type MerchantRow = typeof merchants.$inferSelect;

export const merchantUsers = pgTable(
  'merchant_users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id),
    /** Login e-mail, lower case, unique across merchants. */
    email: text('email').notNull(),
    /** E.164 (+5511987654321). */
    phone: text('phone').notNull(),
    name: text('name').notNull(),
    post: text('post'),
    passwordHash: text('password_hash').notNull(),
    authenticationPreference: text('authentication_preference', { enum: ['SMS', 'EMAIL', 'WHATSAPP'] })
      .notNull()
      .default('SMS'),
    communications: jsonb('communications')
      .$type<{ communicationType: string; notify: boolean }[]>()
      .notNull()
      .default([]),
    permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
    status: text('status', { enum: ['ACTIVE', 'DISABLED'] })
      .notNull()
      .default('ACTIVE'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('merchant_users_email_uq').on(t.email),
    index('merchant_users_phone_idx').on(t.phone),
    index('merchant_users_merchant_idx').on(t.merchantId),
  ],
);

export type MerchantUserRow = typeof merchantUsers.$inferSelect;

/** Password recovery links e-mailed to merchant users: random id, 1 hour, single use. */
export const merchantRecoveryLinks = pgTable('merchant_recovery_links', {
  recoveryId: text('recovery_id').primaryKey(),
  /**
   * null for the dead link written when the e-mail matches nobody (created used): a request costs the same work
   * whether or not the account exists (docs/sessions.md, "Recovery").
   */
  merchantUserId: uuid('merchant_user_id').references(() => merchantUsers.id),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
