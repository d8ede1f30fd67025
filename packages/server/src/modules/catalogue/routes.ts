import {
  adminAddSubcategories,
  adminCreateCategory,
  adminCreateStore,
  adminCreateTag,
  adminGetCategory,
  adminGetStore,
  adminGetTag,
  adminListCategories,
  adminListStores,
  adminListTags,
  adminUpdateCategory,
  adminUpdateStore,
  adminUpdateStoreStatus,
  adminUpdateTag,
  catalogueAddSubcategories,
  catalogueCreateCategory,
  catalogueCreateStore,
  catalogueCreateTag,
  catalogueGetCategory,
  catalogueGetStore,
  catalogueGetTag,
  catalogueListCategories,
  catalogueListStores,
  catalogueListTags,
  catalogueStoreBuckets,
  catalogueUpdateCategory,
  catalogueUpdateStore,
  catalogueUpdateStoreStatus,
  catalogueUpdateTag,
  shopperHighlightStores,
} from '@drip/core';
import { readJson } from '../../http/body.ts';
import { type AppContext, claimsOf, type Services } from '../../http/context.ts';
import { type RouteDef, route } from '../../http/route-table.ts';
import { IMAGE_BODY_BYTES } from '../images/service.ts';
import type { CatalogueActor } from './service.ts';

/** How many highlight stores the checkout gets (it shows fewer): the head of the 'Highlights' bucket. */
export const HIGHLIGHT_STORES_RELAYED = 24;

/** A body that carries an image (base64): the image's limit decides, not the 64 KB of the other calls. */
const imageBody = { readBody: (c: AppContext) => readJson(c, IMAGE_BODY_BYTES) };

/** The calls whose body may carry an image, so read up to IMAGE_BODY_BYTES (the input tests send them more). */
export const IMAGE_BODY_ENDPOINTS: ReadonlySet<string> = new Set([
  catalogueCreateTag.id,
  catalogueUpdateTag.id,
  catalogueCreateStore.id,
  catalogueUpdateStore.id,
  adminCreateTag.id,
  adminUpdateTag.id,
  adminCreateStore.id,
  adminUpdateStore.id,
]);

/** The administrator behind a back-office call, for the audit trail. */
function adminActor(c: AppContext): CatalogueActor {
  const requestId = c.get('requestId');
  return { adminId: claimsOf(c).sub, ...(requestId ? { requestId } : {}) };
}

/**
 * The admin portal's catalogue calls (docs/catalogue.md, "The admin's calls"): each the twin of a catalogue call,
 * answered by the same service method with the administrator as the actor (the catalogue key names nobody).
 */
export function adminCatalogueRoutes(s: Services): RouteDef[] {
  const k = s.catalogue;
  return [
    route(adminListCategories, ({ query }) => k.listCategories(query.status)),
    route(adminGetCategory, ({ params }) => k.getCategory(params.id)),
    route(adminCreateCategory, ({ c, body }) => k.createCategory(body, adminActor(c))),
    route(adminUpdateCategory, ({ c, params, body }) => k.updateCategory(params.id, body, adminActor(c))),
    route(adminAddSubcategories, ({ c, params, body }) => k.addSubcategories(params.id, body, adminActor(c))),
    route(adminListTags, () => k.listTags()),
    route(adminCreateTag, ({ c, body }) => k.createTag(body, adminActor(c)), imageBody),
    route(adminGetTag, ({ params }) => k.getTag(params.id)),
    route(adminUpdateTag, ({ c, params, body }) => k.updateTag(params.id, body, adminActor(c)), imageBody),
    route(adminCreateStore, ({ c, body }) => k.createStore(body, adminActor(c)), imageBody),
    route(
      adminUpdateStore,
      ({ c, params, body }) => k.updateStore(params.id, body, adminActor(c)),
      imageBody,
    ),
    route(adminListStores, ({ query }) => k.listStores(query)),
    route(adminGetStore, ({ params }) => k.getStore(params.id)),
    route(adminUpdateStoreStatus, ({ c, params, query }) =>
      k.updateStoreStatus(params.id, query.newStatus, adminActor(c)),
    ),
  ];
}

export function catalogueRoutes(s: Services): RouteDef[] {
  const k = s.catalogue;
  return [
    route(catalogueListCategories, ({ query }) => k.listCategories(query.status)),
    route(catalogueGetCategory, ({ params }) => k.getCategory(params.id)),
    route(catalogueCreateCategory, ({ body }) => k.createCategory(body)),
    route(catalogueUpdateCategory, ({ params, body }) => k.updateCategory(params.id, body)),
    route(catalogueAddSubcategories, ({ params, body }) => k.addSubcategories(params.id, body)),
    route(catalogueListTags, () => k.listTags()),
    route(catalogueCreateTag, ({ body }) => k.createTag(body), imageBody),
    route(catalogueGetTag, ({ params }) => k.getTag(params.id)),
    route(catalogueUpdateTag, ({ params, body }) => k.updateTag(params.id, body), imageBody),
    // Before `management/stores/:id`: the router must not read "buckets" as a store id.
    route(catalogueStoreBuckets, () => k.buckets()),
    route(catalogueCreateStore, ({ body }) => k.createStore(body), imageBody),
    route(catalogueUpdateStore, ({ params, body }) => k.updateStore(params.id, body), imageBody),
    route(catalogueListStores, ({ query }) => k.listStores(query)),
    route(catalogueGetStore, ({ params }) => k.getStore(params.id)),
    route(catalogueUpdateStoreStatus, ({ params, query }) => k.updateStoreStatus(params.id, query.newStatus)),
    route(shopperHighlightStores, async ({ c }) => {
      // Public and the same for every shopper: a short shared cache spares the database on every checkout load.
      c.header('Cache-Control', 'public, max-age=60');
      return k.highlightStores(HIGHLIGHT_STORES_RELAYED);
    }),
  ];
}
