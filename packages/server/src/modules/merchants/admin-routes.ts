import {
  adminCatalogueOptions,
  adminCreateMerchant,
  adminCreateMerchantCashback,
  adminCreateMerchantFee,
  adminCreateMerchantUser,
  adminCreateSettlementConfiguration,
  adminMerchant,
  adminMerchantCashback,
  adminMerchantFee,
  adminMerchants,
  adminMerchantUser,
  adminResetMerchantApiKey,
  adminSettlementConfiguration,
  adminUpdateMerchant,
  adminUpdateMerchantCashback,
  adminUpdateMerchantFee,
  adminUpdateMerchantUser,
  adminUpdateSettlementConfiguration,
} from '@drip/core';
import { readJson } from '../../http/body.ts';
import { type AppContext, claimsOf, type Services } from '../../http/context.ts';
import { type RouteDef, route } from '../../http/route-table.ts';
import { imagesBodyBytes } from '../images/service.ts';
import type { AdminActor } from './service.ts';

/** The merchant form carries up to three logos (B2C, B2B, brand), each a PNG of up to 1 MB as base64. */
export const MERCHANT_FORM_BODY_BYTES = imagesBodyBytes(3);
/** The calls whose body may carry the three logos, so read up to MERCHANT_FORM_BODY_BYTES. */
export const MERCHANT_FORM_ENDPOINTS: ReadonlySet<string> = new Set([
  adminCreateMerchant.id,
  adminUpdateMerchant.id,
]);
const formBody = { readBody: (c: AppContext) => readJson(c, MERCHANT_FORM_BODY_BYTES) };

/** The back office's merchant calls; `MerchantAdminService` decides, and audits each change in its transaction. */
export function adminMerchantRoutes(s: Services): RouteDef[] {
  const actor = (c: Parameters<typeof claimsOf>[0]): AdminActor => {
    const requestId = c.get('requestId');
    return { adminId: claimsOf(c).sub, ...(requestId ? { requestId } : {}) };
  };
  const m = s.merchantAdmin;
  return [
    route(adminMerchants, ({ query }) => m.list(query)),
    route(adminCreateMerchant, ({ c, body }) => m.create(body, actor(c)), formBody),
    // The catalogue's own list takes the catalogue key; the form reads the same list with the admin session.
    route(adminCatalogueOptions, () => s.catalogue.listCategories('ACTIVE')),
    route(adminMerchant, ({ params }) => m.details(params.merchantId)),
    route(
      adminUpdateMerchant,
      ({ c, params, body }) => m.update(params.merchantId, body, actor(c)),
      formBody,
    ),
    route(adminResetMerchantApiKey, ({ c, params }) => m.resetApiKey(params.merchantId, actor(c))),
    route(adminCreateMerchantFee, ({ c, params, body }) => m.createFee(params.merchantId, body, actor(c))),
    route(adminMerchantFee, ({ params }) => m.fee(params.merchantId, params.feeId)),
    route(adminUpdateMerchantFee, ({ c, params, body }) =>
      m.updateFee(params.merchantId, params.feeId, body, actor(c)),
    ),
    route(adminCreateMerchantCashback, ({ c, params, body }) =>
      m.createCashback(params.merchantId, body, actor(c)),
    ),
    route(adminMerchantCashback, ({ params }) => m.cashback(params.merchantId, params.cashbackId)),
    route(adminUpdateMerchantCashback, ({ c, params, body }) =>
      m.updateCashback(params.merchantId, params.cashbackId, body, actor(c)),
    ),
    route(adminCreateSettlementConfiguration, ({ c, params, body }) =>
      m.createConfiguration(params.merchantId, body, actor(c)),
    ),
    route(adminSettlementConfiguration, ({ params }) => m.configuration(params.merchantId, params.configId)),
    route(adminUpdateSettlementConfiguration, ({ c, params, body }) =>
      m.updateConfiguration(params.merchantId, params.configId, body, actor(c)),
    ),
    route(adminCreateMerchantUser, ({ c, body }) => m.createUser(body, actor(c))),
    route(adminMerchantUser, ({ params }) => m.user(params.id)),
    route(adminUpdateMerchantUser, ({ c, params, body }) => m.updateUser(params.id, body, actor(c))),
  ];
}
