/**
 * The store catalogue (spec 3, 4, 5, 7): tags, categories with one level of subcategories, stores with their
 * categories, subcategories and tags, and the buckets of highlight stores the checkout shows. docs/catalogue.md.
 */
import type * as core from '@drip/core';
import { HIGHLIGHTS_BUCKET } from '@drip/core';
import { and, asc, count, eq, ilike, inArray, isNull, sql } from 'drizzle-orm';
import type * as v from 'valibot';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/index.ts';
import type { DbOrTx } from '../../db/types.ts';
import { DomainError, domainNotFound } from '../../errors.ts';
import type { AuditService } from '../audit/service.ts';
import type { ImageService } from '../images/service.ts';
import type { AdminActor } from '../merchants/service.ts';
import {
  catalogueCategories,
  catalogueCategoryTags,
  catalogueStoreCategories,
  catalogueStores,
  catalogueStoreTags,
  catalogueTags,
} from './tables.ts';

type In<S extends v.GenericSchema> = v.InferOutput<S>;
type CreateStore = In<typeof core.CreateStoreRequest>;
type UpdateStore = In<typeof core.UpdateStoreRequest>;
type StoreStatus = 'ACTIVE' | 'DISABLED' | 'ARCHIVED';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PPM = 1_000_000;
const toPpm = (fraction: number) => Math.round(fraction * PPM);
const fromPpm = (ppm: number) => ppm / PPM;

const storeNotFound = () => domainNotFound('Loja não encontrada', 'STORE_NOT_FOUND');
const categoryNotFound = () => domainNotFound('Categoria não encontrada', 'CATEGORY_NOT_FOUND');
const tagNotFound = () => domainNotFound('Tag não encontrada', 'TAG_NOT_FOUND');

/**
 * What a status change may do (spec 4): ACTIVE and DISABLED toggle, any store that is not archived may be
 * archived, and an archived store only comes back as ACTIVE.
 */
export function statusChangeAllowed(from: StoreStatus, to: StoreStatus): boolean {
  if (from === to) return true;
  if (from === 'ARCHIVED') return to === 'ACTIVE';
  return true;
}

export interface CatalogueDeps {
  db: Db;
  clock: Clock;
  images: ImageService;
  audit: AuditService;
}

/**
 * Who changes the catalogue: an administrator through the back office (audited, as every admin action), or
 * nobody named (a holder of the catalogue key, a system credential with no user behind it).
 */
export type CatalogueActor = AdminActor | undefined;

export class CatalogueService {
  constructor(private readonly deps: CatalogueDeps) {}

  private get db() {
    return this.deps.db;
  }

  /** An administrator's change leaves its audit entry in the change's transaction. */
  private async audit(
    tx: DbOrTx,
    actor: CatalogueActor,
    action: string,
    entityType: string,
    entityId: string,
  ) {
    if (!actor) return;
    await this.deps.audit.record(
      {
        actorType: 'ADMIN',
        actorId: actor.adminId,
        action,
        entityType,
        entityId,
        ...(actor.requestId ? { requestId: actor.requestId } : {}),
      },
      tx,
    );
  }

  // ---------------------------------------------------------------- tags

  private tagOut(row: typeof catalogueTags.$inferSelect): core.Tag {
    return {
      id: row.id,
      name: row.name,
      type: row.type,
      priority: row.priority,
      logoUrl: this.deps.images.urlOf(row.logo),
      status: row.status,
    };
  }

  async listTags(): Promise<core.Tag[]> {
    const rows = await this.db
      .select()
      .from(catalogueTags)
      .orderBy(asc(catalogueTags.priority), asc(catalogueTags.name));
    return rows.map((r) => this.tagOut(r));
  }

  async getTag(id: string): Promise<core.Tag> {
    if (!UUID.test(id)) throw tagNotFound();
    const [row] = await this.db.select().from(catalogueTags).where(eq(catalogueTags.id, id));
    if (!row) throw tagNotFound();
    return this.tagOut(row);
  }

  async createTag(body: In<typeof core.CreateTagRequest>, actor?: CatalogueActor): Promise<core.Tag> {
    const logo = await this.deps.images.accept(body.logo);
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(catalogueTags)
        .values({
          name: body.name,
          type: body.type,
          priority: body.priority,
          logo,
          status: 'ACTIVE',
          createdAt: this.deps.clock.now(),
        })
        .returning();
      if (!row) throw new Error('tag insert returned nothing');
      await this.audit(tx, actor, 'CATALOGUE_TAG_CREATED', 'catalogue_tag', row.id);
      return this.tagOut(row);
    });
  }

  async updateTag(
    id: string,
    body: In<typeof core.UpdateTagRequest>,
    actor?: CatalogueActor,
  ): Promise<core.Tag> {
    if (!UUID.test(id)) throw tagNotFound();
    const [current] = await this.db.select().from(catalogueTags).where(eq(catalogueTags.id, id));
    if (!current) throw tagNotFound();
    const logo = body.logo ? await this.deps.images.accept(body.logo, current.logo) : current.logo;
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(catalogueTags)
        .set({ name: body.name, type: body.type, priority: body.priority, status: body.status, logo })
        .where(eq(catalogueTags.id, id))
        .returning();
      if (!row) throw tagNotFound();
      await this.audit(tx, actor, 'CATALOGUE_TAG_UPDATED', 'catalogue_tag', id);
      return this.tagOut(row);
    });
  }

  /** 422 unless every id names a tag. */
  private async checkTags(tx: DbOrTx, ids: readonly string[]): Promise<string[]> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return [];
    const found = await tx
      .select({ id: catalogueTags.id })
      .from(catalogueTags)
      .where(inArray(catalogueTags.id, unique));
    if (found.length !== unique.length)
      throw new DomainError('unprocessable', 'TAG_NOT_FOUND', 'Tag não encontrada');
    return unique;
  }

  // ---------------------------------------------------------------- categories

  /** Categories with their subcategories and tags; `ids` null means every top-level one. */
  private async categoriesOut(
    tx: DbOrTx,
    rows: (typeof catalogueCategories.$inferSelect)[],
    onlyActiveSubcategories: boolean,
  ): Promise<core.Category[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const children = await tx
      .select()
      .from(catalogueCategories)
      .where(
        and(
          inArray(catalogueCategories.parentId, ids),
          onlyActiveSubcategories ? eq(catalogueCategories.status, 'ACTIVE') : undefined,
        ),
      )
      .orderBy(asc(catalogueCategories.name));
    const tags = await tx
      .select({
        categoryId: catalogueCategoryTags.categoryId,
        id: catalogueTags.id,
        name: catalogueTags.name,
      })
      .from(catalogueCategoryTags)
      .innerJoin(catalogueTags, eq(catalogueTags.id, catalogueCategoryTags.tagId))
      .where(inArray(catalogueCategoryTags.categoryId, ids))
      .orderBy(asc(catalogueTags.priority), asc(catalogueTags.name));
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      status: r.status,
      subCategory: children
        .filter((c) => c.parentId === r.id)
        .map((c) => ({ id: c.id, name: c.name, status: c.status })),
      tags: tags.filter((t) => t.categoryId === r.id).map((t) => ({ id: t.id, name: t.name })),
    }));
  }

  async listCategories(status: 'ACTIVE' | 'ALL'): Promise<core.Category[]> {
    const rows = await this.db
      .select()
      .from(catalogueCategories)
      .where(
        and(
          isNull(catalogueCategories.parentId),
          status === 'ACTIVE' ? eq(catalogueCategories.status, 'ACTIVE') : undefined,
        ),
      )
      .orderBy(asc(catalogueCategories.name));
    return this.categoriesOut(this.db, rows, status === 'ACTIVE');
  }

  async getCategory(id: string, tx: DbOrTx = this.db): Promise<core.Category> {
    if (!UUID.test(id)) throw categoryNotFound();
    const [row] = await tx.select().from(catalogueCategories).where(eq(catalogueCategories.id, id));
    if (!row) throw categoryNotFound();
    const [out] = await this.categoriesOut(tx, [row], false);
    if (!out) throw categoryNotFound();
    return out;
  }

  async createCategory(
    body: In<typeof core.CreateCategoryRequest>,
    actor?: CatalogueActor,
  ): Promise<core.Category> {
    const now = this.deps.clock.now();
    return this.db.transaction(async (tx) => {
      const tagIds = await this.checkTags(tx, body.tagsId);
      const [row] = await tx
        .insert(catalogueCategories)
        .values({ name: body.name, status: body.status, createdAt: now })
        .returning({ id: catalogueCategories.id });
      if (!row) throw new Error('category insert returned nothing');
      await this.insertSubcategories(tx, row.id, body.subCategory, now);
      if (tagIds.length)
        await tx.insert(catalogueCategoryTags).values(tagIds.map((tagId) => ({ categoryId: row.id, tagId })));
      await this.audit(tx, actor, 'CATALOGUE_CATEGORY_CREATED', 'catalogue_category', row.id);
      return this.getCategory(row.id, tx);
    });
  }

  /** Empty names are dropped (spec 5). */
  private async insertSubcategories(tx: DbOrTx, parentId: string, list: { name: string }[], now: Date) {
    const names = list.map((s) => s.name.trim()).filter((n) => n !== '');
    if (names.some((n) => n.length > 120))
      throw new DomainError(
        'invalid',
        'INVALID_NAME',
        'Nome da subcategoria deve ter no máximo 120 caracteres',
      );
    if (names.length === 0) return 0;
    await tx
      .insert(catalogueCategories)
      .values(names.map((name) => ({ parentId, name, status: 'ACTIVE' as const, createdAt: now })));
    return names.length;
  }

  async updateCategory(
    id: string,
    body: In<typeof core.UpdateCategoryRequest>,
    actor?: CatalogueActor,
  ): Promise<core.Category> {
    if (!UUID.test(id)) throw categoryNotFound();
    return this.db.transaction(async (tx) => {
      const [current] = await tx
        .select()
        .from(catalogueCategories)
        .where(eq(catalogueCategories.id, id))
        .for('update');
      if (!current) throw categoryNotFound();
      const set: Partial<typeof catalogueCategories.$inferInsert> = {};
      if (body.name !== undefined) set.name = body.name;
      if (body.status !== undefined) set.status = body.status;
      if (Object.keys(set).length)
        await tx.update(catalogueCategories).set(set).where(eq(catalogueCategories.id, id));
      if (body.tagsId !== undefined) {
        if (current.parentId !== null && body.tagsId.length > 0)
          throw new DomainError(
            'unprocessable',
            'SUBCATEGORY_TAGS',
            'Tags ficam na categoria, não na subcategoria',
          );
        const tagIds = await this.checkTags(tx, body.tagsId);
        await tx.delete(catalogueCategoryTags).where(eq(catalogueCategoryTags.categoryId, id));
        if (tagIds.length)
          await tx.insert(catalogueCategoryTags).values(tagIds.map((tagId) => ({ categoryId: id, tagId })));
      }
      await this.audit(tx, actor, 'CATALOGUE_CATEGORY_UPDATED', 'catalogue_category', id);
      return this.getCategory(id, tx);
    });
  }

  async addSubcategories(
    id: string,
    list: { name: string }[],
    actor?: CatalogueActor,
  ): Promise<core.Category> {
    if (!UUID.test(id)) throw categoryNotFound();
    return this.db.transaction(async (tx) => {
      const [current] = await tx.select().from(catalogueCategories).where(eq(catalogueCategories.id, id));
      if (!current) throw categoryNotFound();
      if (current.parentId !== null)
        throw new DomainError(
          'unprocessable',
          'NESTED_SUBCATEGORY',
          'Uma subcategoria não pode ter subcategorias',
        );
      const added = await this.insertSubcategories(tx, id, list, this.deps.clock.now());
      if (added === 0) throw new DomainError('invalid', 'NO_SUBCATEGORY', 'Informe o nome da subcategoria');
      await this.audit(tx, actor, 'CATALOGUE_SUBCATEGORIES_ADDED', 'catalogue_category', id);
      return this.getCategory(id, tx);
    });
  }

  // ---------------------------------------------------------------- stores

  private async storesOut(tx: DbOrTx, rows: (typeof catalogueStores.$inferSelect)[]): Promise<core.Store[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const links = await tx
      .select({
        storeId: catalogueStoreCategories.storeId,
        id: catalogueCategories.id,
        name: catalogueCategories.name,
        parentId: catalogueCategories.parentId,
      })
      .from(catalogueStoreCategories)
      .innerJoin(catalogueCategories, eq(catalogueCategories.id, catalogueStoreCategories.categoryId))
      .where(inArray(catalogueStoreCategories.storeId, ids))
      .orderBy(asc(catalogueCategories.name));
    const tags = await tx
      .select({ storeId: catalogueStoreTags.storeId, id: catalogueTags.id, name: catalogueTags.name })
      .from(catalogueStoreTags)
      .innerJoin(catalogueTags, eq(catalogueTags.id, catalogueStoreTags.tagId))
      .where(inArray(catalogueStoreTags.storeId, ids))
      .orderBy(asc(catalogueTags.priority), asc(catalogueTags.name));
    return rows.map((r) => {
      const own = links.filter((l) => l.storeId === r.id);
      return {
        id: r.id,
        name: r.name,
        url: r.url,
        origin: r.origin,
        platform: r.platform,
        minimumCashback: fromPpm(r.minimumCashbackPpm),
        customerCashback: fromPpm(r.customerCashbackPpm),
        tax: fromPpm(r.taxPpm),
        merchantInitials: r.merchantInitials,
        offerPixDiscount: r.offerPixDiscount,
        integrationType: r.integrationType,
        status: r.status,
        logoUrl: this.deps.images.urlOf(r.logo),
        categories: own
          .filter((l) => l.parentId === null)
          .map((c) => ({
            id: c.id,
            name: c.name,
            subCategory: own.filter((s) => s.parentId === c.id).map((s) => ({ id: s.id, name: s.name })),
          })),
        tags: tags.filter((t) => t.storeId === r.id).map((t) => ({ id: t.id, name: t.name })),
      };
    });
  }

  async getStore(id: string, tx: DbOrTx = this.db): Promise<core.Store> {
    if (!UUID.test(id)) throw storeNotFound();
    const [row] = await tx.select().from(catalogueStores).where(eq(catalogueStores.id, id));
    if (!row) throw storeNotFound();
    const [out] = await this.storesOut(tx, [row]);
    if (!out) throw storeNotFound();
    return out;
  }

  async listStores(query: In<typeof core.StoreListQuery>) {
    const where = and(
      query.status ? eq(catalogueStores.status, query.status) : undefined,
      query.storeName ? ilike(catalogueStores.name, `%${escapeLike(query.storeName)}%`) : undefined,
    );
    const byName = [sql`lower(${catalogueStores.name})`, asc(catalogueStores.id)] as const;
    // The page's ids first, from the (status,) lower(name), id, name indexes alone, then their rows: a page deep in
    // 10^5 stores skips its offset in the index instead of reading every skipped row (docs/benchmarks.md).
    const page = this.db
      .select({ id: catalogueStores.id })
      .from(catalogueStores)
      .where(where)
      .orderBy(...byName)
      .limit(query.size)
      .offset(query.page * query.size)
      .as('page');
    // The count and the page side by side: on PostgreSQL each takes a connection of the pool.
    const [[total], rows] = await Promise.all([
      this.db.select({ n: count() }).from(catalogueStores).where(where),
      this.db
        .select({
          id: catalogueStores.id,
          name: catalogueStores.name,
          origin: catalogueStores.origin,
          status: catalogueStores.status,
          logo: catalogueStores.logo,
        })
        .from(catalogueStores)
        .innerJoin(page, eq(page.id, catalogueStores.id))
        .orderBy(...byName),
    ]);
    const totalElements = total?.n ?? 0;
    return {
      content: rows.map(({ logo, ...r }) => ({ ...r, logoUrl: this.deps.images.urlOf(logo) })),
      number: query.page,
      size: query.size,
      totalPages: Math.ceil(totalElements / query.size),
      totalElements,
    };
  }

  /**
   * The category links of a store: every id must be a category or a subcategory; a subcategory brings its parent
   * (a store shows under the category it belongs to).
   */
  private async categoryLinks(tx: DbOrTx, ids: readonly string[]): Promise<string[]> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return [];
    const found = await tx
      .select({ id: catalogueCategories.id, parentId: catalogueCategories.parentId })
      .from(catalogueCategories)
      .where(inArray(catalogueCategories.id, unique));
    if (found.length !== unique.length)
      throw new DomainError('unprocessable', 'CATEGORY_NOT_FOUND', 'Categoria não encontrada');
    return [...new Set(found.flatMap((c) => (c.parentId ? [c.id, c.parentId] : [c.id])))];
  }

  private async link(tx: DbOrTx, storeId: string, categoryIds: string[], tagIds: string[]) {
    await tx.delete(catalogueStoreCategories).where(eq(catalogueStoreCategories.storeId, storeId));
    await tx.delete(catalogueStoreTags).where(eq(catalogueStoreTags.storeId, storeId));
    if (categoryIds.length)
      await tx
        .insert(catalogueStoreCategories)
        .values(categoryIds.map((categoryId) => ({ storeId, categoryId })));
    if (tagIds.length)
      await tx.insert(catalogueStoreTags).values(tagIds.map((tagId) => ({ storeId, tagId })));
  }

  private storeColumns(body: CreateStore | UpdateStore) {
    return {
      name: body.name,
      url: body.url,
      origin: body.origin,
      platform: body.platform,
      minimumCashbackPpm: toPpm(body.minimumCashback),
      customerCashbackPpm: toPpm(body.customerCashback),
      taxPpm: toPpm(body.tax),
      merchantInitials: body.merchantInitials,
      offerPixDiscount: body.offerPixDiscount,
      integrationType: body.integrationType,
    };
  }

  async createStore(body: CreateStore, actor?: CatalogueActor): Promise<core.Store> {
    // The image is checked and stored first: a refused image leaves no store behind.
    const logo = await this.deps.images.accept(body.logo);
    const now = this.deps.clock.now();
    return this.db.transaction(async (tx) => {
      const categoryIds = await this.categoryLinks(tx, body.categoriesIds);
      const tagIds = await this.checkTags(tx, body.tagsIds);
      const [row] = await tx
        .insert(catalogueStores)
        .values({ ...this.storeColumns(body), status: body.status, logo, createdAt: now, updatedAt: now })
        .returning({ id: catalogueStores.id });
      if (!row) throw new Error('store insert returned nothing');
      await this.link(tx, row.id, categoryIds, tagIds);
      await this.audit(tx, actor, 'CATALOGUE_STORE_CREATED', 'catalogue_store', row.id);
      return this.getStore(row.id, tx);
    });
  }

  async updateStore(id: string, body: UpdateStore, actor?: CatalogueActor): Promise<core.Store> {
    if (!UUID.test(id)) throw storeNotFound();
    const [current] = await this.db
      .select({ logo: catalogueStores.logo, status: catalogueStores.status })
      .from(catalogueStores)
      .where(eq(catalogueStores.id, id));
    if (!current) throw storeNotFound();
    if (body.status !== undefined && !statusChangeAllowed(current.status, body.status))
      throw archivedOnlyActive();
    const logo = body.logo ? await this.deps.images.accept(body.logo, current.logo) : current.logo;
    return this.db.transaction(async (tx) => {
      const categoryIds = await this.categoryLinks(tx, body.categoriesIds);
      const tagIds = await this.checkTags(tx, body.tagsIds);
      await tx
        .update(catalogueStores)
        .set({
          ...this.storeColumns(body),
          ...(body.status !== undefined ? { status: body.status } : {}),
          logo,
          updatedAt: this.deps.clock.now(),
        })
        .where(eq(catalogueStores.id, id));
      await this.link(tx, id, categoryIds, tagIds);
      await this.audit(tx, actor, 'CATALOGUE_STORE_UPDATED', 'catalogue_store', id);
      return this.getStore(id, tx);
    });
  }

  async updateStoreStatus(id: string, newStatus: StoreStatus, actor?: CatalogueActor): Promise<core.Store> {
    if (!UUID.test(id)) throw storeNotFound();
    return this.db.transaction(async (tx) => {
      const [current] = await tx
        .select({ status: catalogueStores.status })
        .from(catalogueStores)
        .where(eq(catalogueStores.id, id))
        .for('update');
      if (!current) throw storeNotFound();
      if (!statusChangeAllowed(current.status, newStatus)) throw archivedOnlyActive();
      if (current.status !== newStatus) {
        await tx
          .update(catalogueStores)
          .set({ status: newStatus, updatedAt: this.deps.clock.now() })
          .where(eq(catalogueStores.id, id));
        await this.audit(tx, actor, `CATALOGUE_STORE_${newStatus}`, 'catalogue_store', id);
      }
      return this.getStore(id, tx);
    });
  }

  // ---------------------------------------------------------------- a merchant's store (merchants module)

  /**
   * Checks the categories and tags the merchant form chose, in the caller's transaction: every category id names a
   * category or a subcategory (a subcategory brings its category), every tag id a tag of one of those categories.
   * Returns the ids to keep, or which list holds an unknown id. Ids that are not uuids are unknown, not an error.
   */
  async merchantSelection(
    tx: DbOrTx,
    categoryIds: readonly string[],
    tagIds: readonly string[],
  ): Promise<
    | { ok: true; categoryIds: string[]; tagIds: string[] }
    | { ok: false; unknown: 'categoriesIds' | 'tagsIds' }
  > {
    const wanted = [...new Set(categoryIds)];
    if (!wanted.every((id) => UUID.test(id))) return { ok: false, unknown: 'categoriesIds' };
    const found = wanted.length
      ? await tx
          .select({ id: catalogueCategories.id, parentId: catalogueCategories.parentId })
          .from(catalogueCategories)
          .where(inArray(catalogueCategories.id, wanted))
      : [];
    if (found.length !== wanted.length) return { ok: false, unknown: 'categoriesIds' };
    const kept = [...new Set(found.flatMap((c) => (c.parentId ? [c.parentId, c.id] : [c.id])))];
    const tops = [...new Set(found.map((c) => c.parentId ?? c.id))];
    const tags = [...new Set(tagIds)];
    if (tags.length === 0) return { ok: true, categoryIds: kept, tagIds: [] };
    if (!tags.every((id) => UUID.test(id)) || tops.length === 0) return { ok: false, unknown: 'tagsIds' };
    const offered = await tx
      .selectDistinct({ id: catalogueCategoryTags.tagId })
      .from(catalogueCategoryTags)
      .where(
        and(inArray(catalogueCategoryTags.categoryId, tops), inArray(catalogueCategoryTags.tagId, tags)),
      );
    if (offered.length !== tags.length) return { ok: false, unknown: 'tagsIds' };
    return { ok: true, categoryIds: kept, tagIds: tags };
  }

  /** Names of a merchant's categories (each with its chosen subcategories) and tags, for the details page. */
  async merchantSelectionNames(
    categoryIds: readonly string[],
    tagIds: readonly string[],
  ): Promise<{ categories: core.Store['categories']; tags: core.Store['tags'] }> {
    const cats = categoryIds.length
      ? await this.db
          .select({
            id: catalogueCategories.id,
            name: catalogueCategories.name,
            parentId: catalogueCategories.parentId,
          })
          .from(catalogueCategories)
          .where(inArray(catalogueCategories.id, [...categoryIds]))
          .orderBy(asc(catalogueCategories.name))
      : [];
    const tags = tagIds.length
      ? await this.db
          .select({ id: catalogueTags.id, name: catalogueTags.name })
          .from(catalogueTags)
          .where(inArray(catalogueTags.id, [...tagIds]))
          .orderBy(asc(catalogueTags.priority), asc(catalogueTags.name))
      : [];
    return {
      categories: cats
        .filter((c) => c.parentId === null)
        .map((c) => ({
          id: c.id,
          name: c.name,
          subCategory: cats.filter((s) => s.parentId === c.id).map((s) => ({ id: s.id, name: s.name })),
        })),
      tags,
    };
  }

  /**
   * The checkout's highlight stores: the head of the 'Highlights' bucket (ACTIVE stores by name), at most `limit`, read
   * with the (status, lower(name)) index. A shopper's page needs a handful; the bucket holds every active store,
   * which at catalogue scale (10^5) would be megabytes on every approved purchase.
   */
  async highlightStores(limit: number): Promise<core.HighlightStore[]> {
    const rows = await this.db
      .select({ id: catalogueStores.id, name: catalogueStores.name, logo: catalogueStores.logo })
      .from(catalogueStores)
      .where(eq(catalogueStores.status, 'ACTIVE'))
      .orderBy(sql`lower(${catalogueStores.name})`, asc(catalogueStores.id))
      .limit(limit);
    return rows.map((s) => ({ id: s.id, name: s.name, logoUrl: this.deps.images.urlOf(s.logo) }));
  }

  /**
   * The names of the stores `ids` names (unknown ids are left out): other modules that refer to stores (promotions)
   * show a name without reading this module's tables.
   */
  async storeNames(ids: readonly string[]): Promise<Map<string, string>> {
    const unique = [...new Set(ids)].filter((id) => UUID.test(id));
    if (unique.length === 0) return new Map();
    const rows = await this.db
      .select({ id: catalogueStores.id, name: catalogueStores.name })
      .from(catalogueStores)
      .where(inArray(catalogueStores.id, unique));
    return new Map(rows.map((r) => [r.id, r.name]));
  }

  /** Up to `limit` ACTIVE stores whose name contains `name` (any case), by name: a store picker's options. */
  async activeStoreOptions(name: string | undefined, limit: number): Promise<{ id: string; name: string }[]> {
    return this.db
      .select({ id: catalogueStores.id, name: catalogueStores.name })
      .from(catalogueStores)
      .where(
        and(
          eq(catalogueStores.status, 'ACTIVE'),
          name ? ilike(catalogueStores.name, `%${escapeLike(name)}%`) : undefined,
        ),
      )
      .orderBy(sql`lower(${catalogueStores.name})`, asc(catalogueStores.id))
      .limit(limit);
  }

  /**
   * The highlight buckets (docs/catalogue.md): 'Highlights' with every ACTIVE store by name, then one bucket per
   * ACTIVE tag (by priority) with its ACTIVE stores; a tag without active stores has no bucket.
   */
  async buckets(): Promise<core.StoreBuckets> {
    const stores = await this.db
      .select({ id: catalogueStores.id, name: catalogueStores.name, logo: catalogueStores.logo })
      .from(catalogueStores)
      .where(eq(catalogueStores.status, 'ACTIVE'))
      .orderBy(sql`lower(${catalogueStores.name})`, asc(catalogueStores.id));
    const tagged = await this.db
      .select({
        tagId: catalogueTags.id,
        tagName: catalogueTags.name,
        storeId: catalogueStoreTags.storeId,
      })
      .from(catalogueStoreTags)
      .innerJoin(catalogueTags, eq(catalogueTags.id, catalogueStoreTags.tagId))
      .where(eq(catalogueTags.status, 'ACTIVE'))
      .orderBy(asc(catalogueTags.priority), asc(catalogueTags.name));
    const out = (s: (typeof stores)[number]) => ({
      id: s.id,
      name: s.name,
      logoUrl: this.deps.images.urlOf(s.logo),
    });
    const buckets: core.StoreBuckets = [{ name: HIGHLIGHTS_BUCKET, stores: stores.map(out) }];
    const byTag = new Map<string, { name: string; ids: Set<string> }>();
    for (const t of tagged) {
      const entry = byTag.get(t.tagId) ?? { name: t.tagName, ids: new Set<string>() };
      entry.ids.add(t.storeId);
      byTag.set(t.tagId, entry);
    }
    for (const { name, ids } of byTag.values()) {
      const members = stores.filter((s) => ids.has(s.id));
      if (members.length) buckets.push({ name, stores: members.map(out) });
    }
    return buckets;
  }
}

const archivedOnlyActive = () =>
  new DomainError('conflict', 'STORE_ARCHIVED', 'Uma loja arquivada só pode ser habilitada');

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}
