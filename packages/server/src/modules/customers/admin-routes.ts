import {
  adminArchiveCustomer,
  adminCustomer,
  adminCustomers,
  adminEnableCustomer,
  adminResetCustomerPassword,
  adminReviewCustomerLimit,
  adminUpdateCustomer,
} from '@drip/core';
import { claimsOf, type Services } from '../../http/context.ts';
import { type RouteDef, route } from '../../http/route-table.ts';
import type { AdminActor } from '../merchants/service.ts';

/** The back office's customer calls; `CustomerAdminService` decides, and audits each change in its transaction. */
export function adminCustomerRoutes(s: Services): RouteDef[] {
  const actor = (c: Parameters<typeof claimsOf>[0]): AdminActor => {
    const requestId = c.get('requestId');
    return { adminId: claimsOf(c).sub, ...(requestId ? { requestId } : {}) };
  };
  const a = s.customerAdmin;
  return [
    route(adminCustomers, ({ query }) => a.list(query)),
    route(adminCustomer, ({ params }) => a.details(params.id)),
    route(adminUpdateCustomer, ({ c, params, body }) => a.update(params.id, body, actor(c))),
    route(adminArchiveCustomer, ({ c, params }) => a.archive(params.id, actor(c))),
    route(adminEnableCustomer, ({ c, params }) => a.enable(params.id, actor(c))),
    route(adminResetCustomerPassword, ({ c, params }) => a.resetPassword(params.id, actor(c))),
    route(adminReviewCustomerLimit, ({ c, params }) => a.reviewLimit(params.id, actor(c))),
  ];
}
