import { bigint, date, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Promotions of the B2C app (spec 3): banners, and the products of a PRODUCT_VIEW banner. A store is a catalogue
 * store named by id, checked through the catalogue's service (no foreign key into another module's table). The
 * banner's image is a name in the image store (modules/images); a product's image is a link (spec 5). Prices are
 * centavos.
 */
export const promotionBanners = pgTable(
  'promotion_banners',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    storeId: uuid('store_id'),
    productsPageUrl: text('products_page_url'),
    from: date('from', { mode: 'string' }).notNull(),
    to: date('to', { mode: 'string' }),
    status: text('status', { enum: ['ACTIVE', 'DISABLED'] }).notNull(),
    type: text('type', { enum: ['PAGE_VIEW', 'PRODUCT_VIEW'] }).notNull(),
    image: text('image'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('promotion_banners_created_idx').on(t.createdAt.desc(), t.id)],
);

export const promotionProducts = pgTable(
  'promotion_products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    promotionId: uuid('promotion_id')
      .notNull()
      .references(() => promotionBanners.id),
    name: text('name').notNull(),
    description: text('description').notNull(),
    url: text('url').notNull(),
    image: text('image').notNull(),
    basePriceCents: bigint('base_price_cents', { mode: 'number' }),
    priceCents: bigint('price_cents', { mode: 'number' }).notNull(),
    storeId: uuid('store_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('promotion_products_promotion_idx').on(t.promotionId, t.createdAt)],
);
