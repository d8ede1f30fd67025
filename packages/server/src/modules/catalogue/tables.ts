import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * The B2C store catalogue (spec 3): tags, categories (a subcategory is a category with a parent, one level deep),
 * stores and their links. Images are names in the image store (modules/images). Percentages are kept as integer
 * parts per million (0.05 = 50 000), so that a fraction typed as 3.5 % comes back as exactly 0.035.
 */
export const catalogueTags = pgTable('catalogue_tags', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  type: text('type', { enum: ['STYLE', 'MOMENT', 'OTHER'] }).notNull(),
  priority: integer('priority').notNull(),
  logo: text('logo'),
  status: text('status', { enum: ['ACTIVE', 'DISABLED'] })
    .notNull()
    .default('ACTIVE'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

export const catalogueCategories = pgTable(
  'catalogue_categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    parentId: uuid('parent_id').references((): AnyPgColumn => catalogueCategories.id),
    name: text('name').notNull(),
    status: text('status', { enum: ['ACTIVE', 'DISABLE'] })
      .notNull()
      .default('ACTIVE'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('catalogue_categories_parent_idx').on(t.parentId)],
);

export const catalogueCategoryTags = pgTable(
  'catalogue_category_tags',
  {
    categoryId: uuid('category_id')
      .notNull()
      .references(() => catalogueCategories.id),
    tagId: uuid('tag_id')
      .notNull()
      .references(() => catalogueTags.id),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.tagId] })],
);

export const catalogueStores = pgTable(
  'catalogue_stores',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    url: text('url').notNull(),
    origin: text('origin', { enum: ['INTERNAL', 'AWIN', 'AFILIO'] }).notNull(),
    platform: text('platform', { enum: ['IOS', 'ANDROID', 'WEB'] }).notNull(),
    minimumCashbackPpm: integer('minimum_cashback_ppm').notNull(),
    customerCashbackPpm: integer('customer_cashback_ppm').notNull(),
    taxPpm: integer('tax_ppm').notNull(),
    merchantInitials: text('merchant_initials').notNull(),
    offerPixDiscount: boolean('offer_pix_discount').notNull().default(false),
    integrationType: text('integration_type', { enum: ['VTEX', 'MAGENTO', 'WOOCOMMERCE', 'MALGA'] }),
    status: text('status', { enum: ['ACTIVE', 'DISABLED', 'ARCHIVED'] })
      .notNull()
      .default('ACTIVE'),
    logo: text('logo'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  // The admin list pages by lower(name), id, with or without a status (docs/benchmarks.md, admin lists): the page's
  // ids come from these indexes alone (name is a key column so that an index-only scan can read it), and storeName
  // searches anywhere in the name through the trigram index (pg_trgm).
  (t) => [
    index('catalogue_stores_status_name_idx').on(t.status, sql`lower(${t.name})`, t.id, t.name),
    index('catalogue_stores_name_idx').on(sql`lower(${t.name})`, t.id, t.name),
    index('catalogue_stores_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    // The lists' counts (10^5 stores, 7 in 10 ACTIVE) read this small deduplicated index alone.
    index('catalogue_stores_status_idx').on(t.status),
  ],
);

export const catalogueStoreCategories = pgTable(
  'catalogue_store_categories',
  {
    storeId: uuid('store_id')
      .notNull()
      .references(() => catalogueStores.id),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => catalogueCategories.id),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.categoryId] })],
);

export const catalogueStoreTags = pgTable(
  'catalogue_store_tags',
  {
    storeId: uuid('store_id')
      .notNull()
      .references(() => catalogueStores.id),
    tagId: uuid('tag_id')
      .notNull()
      .references(() => catalogueTags.id),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.tagId] })],
);
