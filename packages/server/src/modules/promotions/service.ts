/**
 * Promotions (spec 3, 4, 5, 7): banners of the B2C app and the products of a PRODUCT_VIEW banner. Stores are the
 * catalogue's, reached through `CatalogueService`; the banner's image goes through `ImageService` (real PNGs only).
 * Every change commits with its audit entry. docs/promotions.md.
 */
import type * as core from '@drip/core';
import { centsToReais, cents as toCents } from '@drip/core';
import { asc, count, desc, eq } from 'drizzle-orm';
import type * as v from 'valibot';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/index.ts';
import type { DbOrTx } from '../../db/types.ts';
import { DomainError, domainNotFound } from '../../errors.ts';
import type { AuditService } from '../audit/service.ts';
import type { CatalogueService } from '../catalogue/service.ts';
import type { ImageService } from '../images/service.ts';
import type { AdminActor } from '../merchants/service.ts';
import { promotionBanners, promotionProducts } from './tables.ts';

type BannerRow = typeof promotionBanners.$inferSelect;
type ProductRow = typeof promotionProducts.$inferSelect;
type Store = { id: string; name: string };
/** What the routes answer: the wire shapes (reais), which the contract parses back into centavos. */
type PromotionOut = v.InferInput<typeof core.Promotion>;
type ProductOut = v.InferInput<typeof core.PromotionProduct>;
type PageOut = v.InferInput<typeof core.PromotionsPage>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const promotionNotFound = () => domainNotFound('Promoção não encontrada', 'PROMOTION_NOT_FOUND');
const productNotFound = () => domainNotFound('Produto não encontrado', 'PROMOTION_PRODUCT_NOT_FOUND');
const storeNotFound = () => new DomainError('unprocessable', 'STORE_NOT_FOUND', 'Loja não encontrada');
const notProductView = () =>
  new DomainError(
    'unprocessable',
    'PROMOTION_NOT_PRODUCT_VIEW',
    'Somente promoções do tipo Produtos (PRODUCT_VIEW) têm produtos',
  );

/** The store picker's page (spec 7: the dropdown asks for 50 active stores). */
export const STORE_OPTIONS_SIZE = 50;

export interface PromotionDeps {
  db: Db;
  clock: Clock;
  images: ImageService;
  catalogue: CatalogueService;
  audit: AuditService;
}

export class PromotionService {
  constructor(private readonly d: PromotionDeps) {}

  // ---------------------------------------------------------------- reads

  async list(page: number, size: number): Promise<PageOut> {
    const [total] = await this.d.db.select({ n: count() }).from(promotionBanners);
    const rows = await this.d.db
      .select()
      .from(promotionBanners)
      .orderBy(desc(promotionBanners.createdAt), desc(promotionBanners.id))
      .limit(size)
      .offset(page * size);
    const stores = await this.d.catalogue.storeNames(rows.flatMap((r) => (r.storeId ? [r.storeId] : [])));
    const totalElements = total?.n ?? 0;
    return {
      content: rows.map((r) => ({
        id: r.id,
        name: r.name,
        store: storeOf(r.storeId, stores),
        from: r.from,
        to: r.to,
        status: r.status,
        type: r.type,
        image: this.d.images.urlOf(r.image),
        createdAt: r.createdAt.toISOString(),
      })),
      number: page,
      size,
      totalPages: Math.ceil(totalElements / size),
      totalElements,
    };
  }

  async get(id: string): Promise<PromotionOut> {
    const row = await this.banner(this.d.db, id);
    if (!row) throw promotionNotFound();
    return this.promotionOut(row);
  }

  /** Active catalogue stores for the form's picker. */
  storeOptions(storeName: string | undefined): Promise<Store[]> {
    return this.d.catalogue.activeStoreOptions(storeName, STORE_OPTIONS_SIZE);
  }

  // ---------------------------------------------------------------- banners

  async create(
    body: v.InferOutput<typeof core.CreatePromotionRequest>,
    actor: AdminActor,
  ): Promise<PromotionOut> {
    await this.checkStores(body.storeId ? [body.storeId] : []);
    // The image is stored first (content-addressed: a failed insert leaves an unreferenced file, never a dangling
    // reference).
    const image = body.image ? await this.d.images.accept(body.image) : null;
    const now = this.d.clock.now();
    const row = await this.d.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(promotionBanners)
        .values({
          name: body.name,
          storeId: body.storeId,
          productsPageUrl: body.productsPageUrl,
          from: body.from,
          to: body.to,
          status: body.status,
          type: body.type,
          image,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!created) throw new Error('promotion insert returned nothing');
      await this.audit(tx, actor, 'PROMOTION_CREATED', 'PROMOTION', created.id, { name: body.name });
      return created;
    });
    return this.promotionOut(row);
  }

  async update(
    body: v.InferOutput<typeof core.UpdatePromotionRequest>,
    actor: AdminActor,
  ): Promise<PromotionOut> {
    if (!UUID.test(body.id)) throw promotionNotFound();
    await this.checkStores(body.storeId ? [body.storeId] : []);
    const row = await this.d.db.transaction(async (tx) => {
      const [updated] = await tx
        .update(promotionBanners)
        .set({
          name: body.name,
          storeId: body.storeId,
          productsPageUrl: body.productsPageUrl,
          from: body.from,
          to: body.to,
          status: body.status,
          type: body.type,
          updatedAt: this.d.clock.now(),
        })
        .where(eq(promotionBanners.id, body.id))
        .returning();
      if (!updated) throw promotionNotFound();
      await this.audit(tx, actor, 'PROMOTION_UPDATED', 'PROMOTION', updated.id);
      return updated;
    });
    return this.promotionOut(row);
  }

  async updateImage(id: string, image: string, actor: AdminActor): Promise<PromotionOut> {
    const current = await this.banner(this.d.db, id);
    if (!current) throw promotionNotFound();
    const name = await this.d.images.accept(image, current.image);
    const row = await this.d.db.transaction(async (tx) => {
      const [updated] = await tx
        .update(promotionBanners)
        .set({ image: name, updatedAt: this.d.clock.now() })
        .where(eq(promotionBanners.id, id))
        .returning();
      if (!updated) throw promotionNotFound();
      await this.audit(tx, actor, 'PROMOTION_IMAGE_UPDATED', 'PROMOTION', id);
      return updated;
    });
    return this.promotionOut(row);
  }

  // ---------------------------------------------------------------- products

  /** All the products or none: a list that fails on its third item leaves the promotion as it was. */
  async addProducts(
    promotionId: string,
    list: readonly core.PromotionProductRequest[],
    actor: AdminActor,
  ): Promise<ProductOut[]> {
    const stores = await this.checkStores(list.map((p) => p.storeId));
    const now = this.d.clock.now();
    const rows = await this.d.db.transaction(async (tx) => {
      // Locked so that a concurrent change of its type cannot slip products into a PAGE_VIEW promotion.
      const banner = await this.banner(tx, promotionId, true);
      if (!banner) throw promotionNotFound();
      if (banner.type !== 'PRODUCT_VIEW') throw notProductView();
      const created = await tx
        .insert(promotionProducts)
        .values(
          list.map((p) => ({
            promotionId,
            name: p.name,
            description: p.description,
            url: p.url,
            image: p.image,
            basePriceCents: p.basePrice,
            priceCents: p.price,
            storeId: p.storeId,
            createdAt: now,
            updatedAt: now,
          })),
        )
        .returning();
      await this.audit(tx, actor, 'PROMOTION_PRODUCTS_ADDED', 'PROMOTION', promotionId, {
        productIds: created.map((p) => p.id),
      });
      return created;
    });
    return rows.map((r) => productOut(r, stores));
  }

  /** The product's link stays as created (spec 5: disabled on edit). */
  async updateProduct(body: core.PromotionProductUpdateRequest, actor: AdminActor): Promise<ProductOut> {
    if (!UUID.test(body.id)) throw productNotFound();
    const stores = await this.checkStores([body.storeId]);
    const row = await this.d.db.transaction(async (tx) => {
      const [updated] = await tx
        .update(promotionProducts)
        .set({
          name: body.name,
          description: body.description,
          image: body.image,
          basePriceCents: body.basePrice,
          priceCents: body.price,
          storeId: body.storeId,
          updatedAt: this.d.clock.now(),
        })
        .where(eq(promotionProducts.id, body.id))
        .returning();
      if (!updated) throw productNotFound();
      await this.audit(tx, actor, 'PROMOTION_PRODUCT_UPDATED', 'PROMOTION_PRODUCT', updated.id);
      return updated;
    });
    return productOut(row, stores);
  }

  async deleteProduct(id: string, actor: AdminActor): Promise<{ id: string }> {
    if (!UUID.test(id)) throw productNotFound();
    return this.d.db.transaction(async (tx) => {
      const [deleted] = await tx
        .delete(promotionProducts)
        .where(eq(promotionProducts.id, id))
        .returning({ id: promotionProducts.id, promotionId: promotionProducts.promotionId });
      if (!deleted) throw productNotFound();
      await this.audit(tx, actor, 'PROMOTION_PRODUCT_REMOVED', 'PROMOTION_PRODUCT', id, {
        promotionId: deleted.promotionId,
      });
      return { id: deleted.id };
    });
  }

  // ---------------------------------------------------------------- helpers

  private async banner(tx: DbOrTx, id: string, lock = false): Promise<BannerRow | undefined> {
    if (!UUID.test(id)) return undefined;
    const query = tx.select().from(promotionBanners).where(eq(promotionBanners.id, id));
    const [row] = lock ? await query.for('update') : await query;
    return row;
  }

  /** 422 unless every id names a catalogue store; the names, for the answer. */
  private async checkStores(ids: readonly string[]): Promise<Map<string, string>> {
    const names = await this.d.catalogue.storeNames(ids);
    if (ids.some((id) => !names.has(id))) throw storeNotFound();
    return names;
  }

  private async promotionOut(row: BannerRow): Promise<PromotionOut> {
    const products = await this.d.db
      .select()
      .from(promotionProducts)
      .where(eq(promotionProducts.promotionId, row.id))
      .orderBy(asc(promotionProducts.createdAt), asc(promotionProducts.id));
    const stores = await this.d.catalogue.storeNames([
      ...(row.storeId ? [row.storeId] : []),
      ...products.map((p) => p.storeId),
    ]);
    return {
      id: row.id,
      name: row.name,
      store: storeOf(row.storeId, stores),
      storeId: row.storeId,
      productsPageUrl: row.productsPageUrl,
      from: row.from,
      to: row.to,
      status: row.status,
      type: row.type,
      image: this.d.images.urlOf(row.image),
      createdAt: row.createdAt.toISOString(),
      products: products.map((p) => productOut(p, stores)),
    };
  }

  private audit(
    tx: DbOrTx,
    actor: AdminActor,
    action: string,
    entityType: string,
    entityId: string,
    details?: Record<string, unknown>,
  ) {
    return this.d.audit.record(
      {
        actorType: 'ADMIN',
        actorId: actor.adminId,
        action,
        entityType,
        entityId,
        ...(details ? { details } : {}),
        ...(actor.requestId ? { requestId: actor.requestId } : {}),
      },
      tx,
    );
  }
}

function storeOf(id: string | null, names: Map<string, string>): Store | null {
  if (id === null) return null;
  const name = names.get(id);
  return name === undefined ? null : { id, name };
}

/** Centavos inside, reais on the wire (the contract's reais schema turns them back into centavos). */
function productOut(row: ProductRow, stores: Map<string, string>): ProductOut {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    url: row.url,
    image: row.image,
    basePrice: row.basePriceCents === null ? null : reais(row.basePriceCents),
    price: reais(row.priceCents),
    storeId: row.storeId,
    store: storeOf(row.storeId, stores),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const reais = (c: number) => centsToReais(toCents(c));
