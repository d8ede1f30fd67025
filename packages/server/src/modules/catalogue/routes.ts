import {
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
import type { AppContext, Services } from '../../http/context.ts';
import { type RouteDef, route } from '../../http/route-table.ts';
import { IMAGE_BODY_BYTES } from '../images/service.ts';

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
]);

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
