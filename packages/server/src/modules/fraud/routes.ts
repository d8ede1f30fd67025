import {
  adminFraudBlock,
  adminFraudReasons,
  adminFraudReport,
  adminFraudUnblock,
  adminNegotiationAdd,
  adminNegotiationRemove,
  adminNegotiationTypes,
  adminTrustAdd,
  adminTrustRemove,
} from '@drip/core';
import { claimsOf, type Services } from '../../http/context.ts';
import { type RouteDef, route } from '../../http/route-table.ts';
import type { AdminActor } from '../merchants/service.ts';

/** The back office's risk lists; `FraudService` decides, and audits each change in its transaction. */
export function fraudRoutes(s: Services): RouteDef[] {
  const actor = (c: Parameters<typeof claimsOf>[0]): AdminActor => {
    const requestId = c.get('requestId');
    return { adminId: claimsOf(c).sub, ...(requestId ? { requestId } : {}) };
  };
  const f = s.fraud;
  return [
    route(adminFraudReasons, async () => f.reasons()),
    route(adminFraudBlock, ({ c, body }) => f.block(body, actor(c))),
    route(adminFraudUnblock, ({ c, body }) => f.unblock(body, actor(c))),
    route(adminFraudReport, ({ params }) => f.reportOf(params.id)),
    route(adminTrustAdd, ({ c, body }) => f.trustAdd(body, actor(c))),
    route(adminTrustRemove, ({ c, body }) => f.trustRemove(body, actor(c))),
    route(adminNegotiationTypes, async () => f.negotiationTypes()),
    route(adminNegotiationAdd, ({ c, body }) => f.negotiationAdd(body, actor(c))),
    route(adminNegotiationRemove, ({ c, body }) => f.negotiationRemove(body, actor(c))),
  ];
}
