/** The back office's promotion calls (spec 7, "Promotion banners" and "Affiliate products"). docs/promotions.md. */
import * as v from 'valibot';
import { ADMIN_API } from '../contract/paths.ts';
import {
  CreatePromotionRequest,
  Promotion,
  PromotionImageRequest,
  PromotionProduct,
  PromotionProductList,
  PromotionProductsRequest,
  PromotionProductUpdateRequest,
  PromotionStoreOptions,
  PromotionStoresQuery,
  PromotionsPage,
  PromotionsQuery,
  UpdatePromotionRequest,
} from '../contract/promotions.ts';
import { IdParam } from './common.ts';
import { endpoint } from './define.ts';

const tag = 'Admin promotions';
const BANNERS = `${ADMIN_API}/promotion-banner`;
const PRODUCTS = `${ADMIN_API}/affiliate-product`;
const notFound = 'Promoção não encontrada';

export const adminPromotions = endpoint('admin.promotions', {
  method: 'GET',
  path: `${BANNERS}/all`,
  audience: 'admin',
  tag,
  summary: 'Pages the promotions, newest first (page 0, size 20 unless asked)',
  query: PromotionsQuery,
  response: PromotionsPage,
});

export const adminPromotionStores = endpoint('admin.promotionStores', {
  method: 'GET',
  path: `${BANNERS}/stores`,
  audience: 'admin',
  tag,
  summary: "The promotion form's store picker: up to 50 active catalogue stores, searched by name",
  description:
    'The catalogue API needs the catalogue key, a server credential that a browser does not hold; this call asks ' +
    'the catalogue for the same list (size 50, status ACTIVE) on behalf of the signed-in admin.',
  query: PromotionStoresQuery,
  response: PromotionStoreOptions,
});

export const adminCreatePromotion = endpoint('admin.createPromotion', {
  method: 'POST',
  path: BANNERS,
  audience: 'admin',
  tag,
  summary: 'Creates a promotion; its image is a PNG as base64 without a prefix (audited)',
  description: 'A PRODUCT_VIEW promotion gets its products afterwards through POST /affiliate-product/{id}.',
  body: CreatePromotionRequest,
  response: Promotion,
  status: 201,
  errors: { 422: 'Dados inválidos, loja desconhecida ou imagem que não é um PNG válido' },
});

export const adminPromotion = endpoint('admin.promotion', {
  method: 'GET',
  path: `${BANNERS}/:id`,
  audience: 'admin',
  tag,
  summary: 'A promotion with its products',
  params: IdParam,
  response: Promotion,
  errors: { 404: notFound },
});

export const adminUpdatePromotion = endpoint('admin.updatePromotion', {
  method: 'PUT',
  path: BANNERS,
  audience: 'admin',
  tag,
  summary: "Replaces a promotion's data, the one named by `id` in the body; the image is kept (audited)",
  body: UpdatePromotionRequest,
  response: Promotion,
  errors: { 404: notFound, 422: 'Dados inválidos ou loja desconhecida' },
});

export const adminUpdatePromotionImage = endpoint('admin.updatePromotionImage', {
  method: 'PUT',
  path: `${BANNERS}/logo/:id`,
  audience: 'admin',
  tag,
  summary: "Replaces a promotion's image (a PNG as base64 without a prefix) (audited)",
  params: IdParam,
  body: PromotionImageRequest,
  response: Promotion,
  errors: { 404: notFound, 422: 'A imagem não é um PNG válido ou passa do limite' },
});

export const adminAddPromotionProducts = endpoint('admin.addPromotionProducts', {
  method: 'POST',
  path: `${PRODUCTS}/:id`,
  audience: 'admin',
  tag,
  summary: 'Adds products to the promotion `id`, all or none (audited)',
  params: IdParam,
  body: PromotionProductsRequest,
  response: PromotionProductList,
  status: 201,
  errors: { 404: notFound, 422: 'Dados inválidos ou loja desconhecida' },
});

export const adminUpdatePromotionProduct = endpoint('admin.updatePromotionProduct', {
  method: 'PUT',
  path: `${PRODUCTS}/`,
  audience: 'admin',
  tag,
  summary: 'Changes a product, the one named by `id` in the body; its link stays as created (audited)',
  body: PromotionProductUpdateRequest,
  response: PromotionProduct,
  errors: { 404: 'Produto não encontrado', 422: 'Dados inválidos ou loja desconhecida' },
});

export const adminDeletePromotionProduct = endpoint('admin.deletePromotionProduct', {
  method: 'DELETE',
  path: `${PRODUCTS}/:id`,
  audience: 'admin',
  tag,
  summary: 'Removes a product from its promotion (audited)',
  params: IdParam,
  response: v.object({ id: v.string() }),
  errors: { 404: 'Produto não encontrado' },
});

export const adminPromotionEndpoints = {
  adminPromotions,
  adminPromotionStores,
  adminCreatePromotion,
  adminPromotion,
  adminUpdatePromotion,
  adminUpdatePromotionImage,
  adminAddPromotionProducts,
  adminUpdatePromotionProduct,
  adminDeletePromotionProduct,
};
