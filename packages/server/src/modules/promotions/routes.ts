import {
  adminAddPromotionProducts,
  adminCreatePromotion,
  adminDeletePromotionProduct,
  adminPromotion,
  adminPromotionStores,
  adminPromotions,
  adminUpdatePromotion,
  adminUpdatePromotionImage,
  adminUpdatePromotionProduct,
} from '@drip/core';
import { readJson } from '../../http/body.ts';
import { type AppContext, claimsOf, type Services } from '../../http/context.ts';
import { type RouteDef, route } from '../../http/route-table.ts';
import { IMAGE_BODY_BYTES } from '../images/service.ts';
import type { AdminActor } from '../merchants/service.ts';

/** A body that carries an image (base64): the image's limit decides, not the 64 KB of the other calls. */
const imageBody = { readBody: (c: AppContext) => readJson(c, IMAGE_BODY_BYTES) };

/** The promotion calls whose body may carry an image (read up to IMAGE_BODY_BYTES). */
export const PROMOTION_IMAGE_BODY_ENDPOINTS: ReadonlySet<string> = new Set([
  adminCreatePromotion.id,
  adminUpdatePromotionImage.id,
]);

/** The back office's promotion calls; `PromotionService` decides and audits each change. */
export function promotionRoutes(s: Services): RouteDef[] {
  const actor = (c: AppContext): AdminActor => {
    const requestId = c.get('requestId');
    return { adminId: claimsOf(c).sub, ...(requestId ? { requestId } : {}) };
  };
  const p = s.promotions;
  return [
    // Before `promotion-banner/:id`: the router must not read "all" or "stores" as a promotion id.
    route(adminPromotions, ({ query }) => p.list(query.page, query.size)),
    route(adminPromotionStores, ({ query }) => p.storeOptions(query.storeName)),
    route(adminCreatePromotion, ({ c, body }) => p.create(body, actor(c)), imageBody),
    route(adminPromotion, ({ params }) => p.get(params.id)),
    route(adminUpdatePromotion, ({ c, body }) => p.update(body, actor(c))),
    route(
      adminUpdatePromotionImage,
      ({ c, params, body }) => p.updateImage(params.id, body.image, actor(c)),
      imageBody,
    ),
    route(adminAddPromotionProducts, ({ c, params, body }) => p.addProducts(params.id, body, actor(c))),
    route(adminUpdatePromotionProduct, ({ c, body }) => p.updateProduct(body, actor(c))),
    route(adminDeletePromotionProduct, ({ c, params }) => p.deleteProduct(params.id, actor(c))),
  ];
}
