import {
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
import { claimsOf, type Services } from '../../http/context.ts';
import { type RouteDef, route } from '../../http/route-table.ts';
import type { AdminActor } from './service.ts';

/** The back office's merchant calls; `MerchantAdminService` decides, and audits each change in its transaction. */
export function adminMerchantRoutes(s: Services): RouteDef[] {
  const actor = (c: Parameters<typeof claimsOf>[0]): AdminActor => {
    const requestId = c.get('requestId');
    return { adminId: claimsOf(c).sub, ...(requestId ? { requestId } : {}) };
  };
  const m = s.merchantAdmin;
  return [
    route(adminMerchants, ({ query }) => m.list(query)),
    route(adminCreateMerchant, ({ c, body }) => m.create(body, actor(c))),
    route(adminMerchant, ({ params }) => m.details(params.merchantId)),
    route(adminUpdateMerchant, ({ c, params, body }) => m.update(params.merchantId, body, actor(c))),
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
