/**
 * The store catalogue API (spec 7 "Store catalogue API"): its own base path and its own credential, the catalogue
 * key in the X-Api-Key header. The admin screens and the shopper checkout's highlight stores read it.
 */
import * as v from 'valibot';
import {
  AddSubcategoriesRequest,
  CATALOGUE_API,
  Category,
  CategoryList,
  CategoryListQuery,
  CreateCategoryRequest,
  CreateStoreRequest,
  CreateTagRequest,
  Store,
  StoreBuckets,
  StoreListQuery,
  StorePage,
  StoreStatusQuery,
  Tag,
  TagList,
  UpdateCategoryRequest,
  UpdateStoreRequest,
  UpdateTagRequest,
} from '../contract/catalogue.ts';
import { IdParam } from './common.ts';
import { endpoint } from './define.ts';
import { shopperHighlightStores } from './highlight-stores.ts';

export * from '../contract/catalogue.ts';
export { shopperHighlightStores };

const tag = 'Store catalogue';
const KEY_HEADER = { 'X-Api-Key': 'A chave do catálogo' };
const IMAGE_422 = 'Imagem que não é um PNG válido ou maior que o limite';

export const catalogueListCategories = endpoint('catalogue.listCategories', {
  method: 'GET',
  path: `${CATALOGUE_API}/categories`,
  audience: 'catalogueApiKey',
  tag,
  summary: 'As categorias com suas subcategorias e tags (status ACTIVE por padrão, ou ALL)',
  headers: KEY_HEADER,
  query: CategoryListQuery,
  response: CategoryList,
});

export const catalogueGetCategory = endpoint('catalogue.getCategory', {
  method: 'GET',
  path: `${CATALOGUE_API}/categories/:id`,
  audience: 'catalogueApiKey',
  tag,
  summary: 'Uma categoria (ou subcategoria) com suas subcategorias e tags',
  headers: KEY_HEADER,
  errors: { 404: 'Categoria inexistente' },
  params: IdParam,
  response: Category,
});

export const catalogueCreateCategory = endpoint('catalogue.createCategory', {
  method: 'POST',
  path: `${CATALOGUE_API}/categories`,
  audience: 'catalogueApiKey',
  tag,
  summary: 'Cria uma categoria com suas subcategorias (nomes vazios são ignorados) e tags',
  headers: KEY_HEADER,
  errors: { 422: 'Tag inexistente' },
  body: CreateCategoryRequest,
  response: Category,
  status: 201,
});

export const catalogueUpdateCategory = endpoint('catalogue.updateCategory', {
  method: 'PATCH',
  path: `${CATALOGUE_API}/categories/:id`,
  audience: 'catalogueApiKey',
  tag,
  summary: 'Altera nome, status e tags de uma categoria, ou nome e status de uma subcategoria (pelo seu id)',
  headers: KEY_HEADER,
  errors: { 404: 'Categoria inexistente', 422: 'Tag inexistente' },
  params: IdParam,
  body: UpdateCategoryRequest,
  response: Category,
});

export const catalogueAddSubcategories = endpoint('catalogue.addSubcategories', {
  method: 'POST',
  path: `${CATALOGUE_API}/categories/:id/subcategories`,
  audience: 'catalogueApiKey',
  tag,
  summary: 'Acrescenta subcategorias a uma categoria; a resposta traz a categoria com subCategory',
  headers: KEY_HEADER,
  errors: { 404: 'Categoria inexistente', 422: 'Uma subcategoria não tem subcategorias' },
  params: IdParam,
  body: AddSubcategoriesRequest,
  response: Category,
  status: 201,
});

export const catalogueListTags = endpoint('catalogue.listTags', {
  method: 'GET',
  path: `${CATALOGUE_API}/management/tags`,
  audience: 'catalogueApiKey',
  tag,
  summary: 'Todas as tags, por prioridade',
  headers: KEY_HEADER,
  response: TagList,
});

export const catalogueCreateTag = endpoint('catalogue.createTag', {
  method: 'POST',
  path: `${CATALOGUE_API}/management/tags`,
  audience: 'catalogueApiKey',
  tag,
  summary: 'Cria uma tag com sua imagem (PNG em base64, sem prefixo)',
  headers: KEY_HEADER,
  errors: { 422: IMAGE_422 },
  body: CreateTagRequest,
  response: Tag,
  status: 201,
});

export const catalogueGetTag = endpoint('catalogue.getTag', {
  method: 'GET',
  path: `${CATALOGUE_API}/management/tags/:id`,
  audience: 'catalogueApiKey',
  tag,
  summary: 'Uma tag',
  headers: KEY_HEADER,
  errors: { 404: 'Tag inexistente' },
  params: IdParam,
  response: Tag,
});

export const catalogueUpdateTag = endpoint('catalogue.updateTag', {
  method: 'PUT',
  path: `${CATALOGUE_API}/management/tags/:id`,
  audience: 'catalogueApiKey',
  tag,
  summary: 'Altera uma tag; sem imagem nova, a atual fica',
  headers: KEY_HEADER,
  errors: { 404: 'Tag inexistente', 422: IMAGE_422 },
  params: IdParam,
  body: UpdateTagRequest,
  response: Tag,
});

export const catalogueStoreBuckets = endpoint('catalogue.storeBuckets', {
  method: 'GET',
  path: `${CATALOGUE_API}/management/stores/buckets`,
  audience: 'catalogueApiKey',
  tag,
  summary: "As lojas em destaque, agrupadas ('Highlights' e uma por tag ativa)",
  description:
    "Só lojas ACTIVE. 'Highlights' traz as lojas ativas por nome; cada tag ativa (por prioridade) traz as suas. Ver docs/catalogue.md.",
  headers: KEY_HEADER,
  response: StoreBuckets,
});

export const catalogueCreateStore = endpoint('catalogue.createStore', {
  method: 'POST',
  path: `${CATALOGUE_API}/management/stores`,
  audience: 'catalogueApiKey',
  tag,
  summary: 'Cria uma loja com categorias, subcategorias, tags e logo (PNG em base64, sem prefixo)',
  headers: KEY_HEADER,
  errors: { 422: `${IMAGE_422}, ou categoria/tag inexistente` },
  body: CreateStoreRequest,
  response: Store,
  status: 201,
});

export const catalogueUpdateStore = endpoint('catalogue.updateStore', {
  method: 'PUT',
  path: `${CATALOGUE_API}/management/stores/:id`,
  audience: 'catalogueApiKey',
  tag,
  summary: 'Altera uma loja; sem logo novo (ou com a URL atual), o atual fica',
  headers: KEY_HEADER,
  errors: { 404: 'Loja inexistente', 422: `${IMAGE_422}, ou categoria/tag inexistente` },
  params: IdParam,
  body: UpdateStoreRequest,
  response: Store,
});

export const catalogueListStores = endpoint('catalogue.listStores', {
  method: 'GET',
  path: `${CATALOGUE_API}/management/stores`,
  audience: 'catalogueApiKey',
  tag,
  summary: 'As lojas, por nome, paginadas (page 0, size 20 por padrão), filtradas por status e nome',
  headers: KEY_HEADER,
  query: StoreListQuery,
  response: StorePage,
});

export const catalogueGetStore = endpoint('catalogue.getStore', {
  method: 'GET',
  path: `${CATALOGUE_API}/management/stores/:id`,
  audience: 'catalogueApiKey',
  tag,
  summary: 'Uma loja com categorias, subcategorias e tags',
  headers: KEY_HEADER,
  errors: { 404: 'Loja inexistente' },
  params: IdParam,
  response: Store,
});

export const catalogueUpdateStoreStatus = endpoint('catalogue.updateStoreStatus', {
  method: 'PUT',
  path: `${CATALOGUE_API}/management/stores/:id/update-status`,
  audience: 'catalogueApiKey',
  tag,
  summary: 'Habilita, desabilita ou arquiva uma loja (newStatus=ACTIVE por padrão, DISABLED ou ARCHIVED)',
  description:
    'ACTIVE e DISABLED alternam; qualquer loja não arquivada pode ser arquivada; uma loja arquivada só volta para ACTIVE.',
  headers: KEY_HEADER,
  errors: { 404: 'Loja inexistente', 409: 'Uma loja arquivada só pode ser habilitada' },
  params: IdParam,
  query: StoreStatusQuery,
  response: Store,
});

/** The images the catalogue (and later merchants and promotions) stored: content-addressed, cached for a year. */
export const imagesGet = endpoint('images.get', {
  method: 'GET',
  path: '/images/:name',
  audience: 'anonymous',
  tag: 'Images',
  summary: 'Uma imagem guardada (PNG), por nome (o SHA-256 do conteúdo); imutável',
  errors: { 404: 'Imagem inexistente' },
  params: v.object({ name: v.string() }),
  response: v.string(),
  responseKind: 'binary',
});

export const catalogueEndpoints = {
  catalogueListCategories,
  catalogueGetCategory,
  catalogueCreateCategory,
  catalogueUpdateCategory,
  catalogueAddSubcategories,
  catalogueListTags,
  catalogueCreateTag,
  catalogueGetTag,
  catalogueUpdateTag,
  // Before `management/stores/:id`, so that the router never reads "buckets" as a store id.
  catalogueStoreBuckets,
  catalogueCreateStore,
  catalogueUpdateStore,
  catalogueListStores,
  catalogueGetStore,
  catalogueUpdateStoreStatus,
  shopperHighlightStores,
  imagesGet,
} as const;
