/**
 * The back office's access to the store catalogue (spec 2.2 stores, categories and tags; spec 7 "Stores"): the
 * same calls as the catalogue API, with the same schemas and the same service, for a portal session of audience
 * `admin`. The catalogue key is a management credential that must never reach a browser, so the admin portal
 * cannot call `/catalogue/api/v1` itself. Paths sit under the spec's `merchants/stores-service` of the admin API
 * (it prints `stores/{id}/update-status` there). docs/catalogue.md.
 */
import type * as v from 'valibot';
import { ADMIN_API } from '../contract/paths.ts';
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
  catalogueUpdateCategory,
  catalogueUpdateStore,
  catalogueUpdateStoreStatus,
  catalogueUpdateTag,
} from './catalogue.ts';
import { type Endpoint, endpoint } from './define.ts';

/** Base of the admin's catalogue calls (spec 7: `merchants/stores-service/stores/{id}/update-status`). */
export const ADMIN_STORES_SERVICE = `${ADMIN_API}/merchants/stores-service`;

type Schema = v.GenericSchema;

/**
 * The admin twin of a catalogue call: its method, schemas, status and errors, under the admin path with the admin
 * audience (no key header). Deriving it keeps one declaration of each shape.
 */
/* @__NO_SIDE_EFFECTS__ */
function adminTwin<
  P extends Schema | undefined,
  Q extends Schema | undefined,
  B extends Schema | undefined,
  R extends Schema,
>(id: string, of: Endpoint<P, Q, B, R>, path: string): Endpoint<P, Q, B, R> {
  const { id: _catalogueId, headers: _keyHeader, ...spec } = of;
  return endpoint(id, {
    ...spec,
    path: `${ADMIN_STORES_SERVICE}${path}`,
    audience: 'admin',
    tag: 'Admin store catalogue',
    description: `${spec.description ? `${spec.description} ` : ''}O mesmo que ${of.method} ${of.path} (chave do catálogo), com a sessão de um administrador; as alterações ficam no registro de auditoria.`,
  });
}

export const adminListCategories = adminTwin('admin.listCategories', catalogueListCategories, '/categories');
export const adminGetCategory = adminTwin('admin.getCategory', catalogueGetCategory, '/categories/:id');
export const adminCreateCategory = adminTwin('admin.createCategory', catalogueCreateCategory, '/categories');
export const adminUpdateCategory = adminTwin(
  'admin.updateCategory',
  catalogueUpdateCategory,
  '/categories/:id',
);
export const adminAddSubcategories = adminTwin(
  'admin.addSubcategories',
  catalogueAddSubcategories,
  '/categories/:id/subcategories',
);
export const adminListTags = adminTwin('admin.listTags', catalogueListTags, '/tags');
export const adminCreateTag = adminTwin('admin.createTag', catalogueCreateTag, '/tags');
export const adminGetTag = adminTwin('admin.getTag', catalogueGetTag, '/tags/:id');
export const adminUpdateTag = adminTwin('admin.updateTag', catalogueUpdateTag, '/tags/:id');
export const adminListStores = adminTwin('admin.listStores', catalogueListStores, '/stores');
export const adminCreateStore = adminTwin('admin.createStore', catalogueCreateStore, '/stores');
export const adminGetStore = adminTwin('admin.getStore', catalogueGetStore, '/stores/:id');
export const adminUpdateStore = adminTwin('admin.updateStore', catalogueUpdateStore, '/stores/:id');
export const adminUpdateStoreStatus = adminTwin(
  'admin.updateStoreStatus',
  catalogueUpdateStoreStatus,
  '/stores/:id/update-status',
);

export const adminCatalogueEndpoints = {
  adminListCategories,
  adminGetCategory,
  adminCreateCategory,
  adminUpdateCategory,
  adminAddSubcategories,
  adminListTags,
  adminCreateTag,
  adminGetTag,
  adminUpdateTag,
  adminListStores,
  adminCreateStore,
  adminGetStore,
  adminUpdateStore,
  adminUpdateStoreStatus,
} as const;
