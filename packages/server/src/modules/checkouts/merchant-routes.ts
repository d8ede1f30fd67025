/** The merchant portal's sales calls (spec 7): reads for any merchant user, Drip link creation for ADMIN users. */
import {
  merchantCheckoutDetails,
  merchantCheckoutGraphic,
  merchantCheckoutLinks,
  merchantCheckoutStatistics,
  merchantCheckouts,
  merchantCreateCheckoutLink,
} from '@drip/core';
import { claimsOf, merchantIdOf, type Services } from '../../http/context.ts';
import { type RouteDef, route } from '../../http/route-table.ts';

export function merchantSalesRoutes(s: Services): RouteDef[] {
  const views = s.checkouts.merchantViews;
  return [
    route(merchantCheckouts, async ({ c, query }) => await views.list(merchantIdOf(c), query)),
    // Before `v2/checkouts/:id`, which would otherwise take 'statistics' and 'graphic' for ids.
    route(
      merchantCheckoutStatistics,
      async ({ c, query }) => await views.statistics(merchantIdOf(c), query.period),
    ),
    route(
      merchantCheckoutGraphic,
      async ({ c, query }) => await views.graphic(merchantIdOf(c), query.period),
    ),
    route(merchantCheckoutDetails, async ({ c, params }) => {
      const merchantId = merchantIdOf(c);
      return await views.details(merchantId, params.id, (orderId) =>
        s.settlements.saleFee(merchantId, orderId),
      );
    }),
    route(
      merchantCheckoutLinks,
      async ({ c, query }) => await views.links(merchantIdOf(c), query.page, query.size),
    ),
    route(merchantCreateCheckoutLink, async ({ c, body }) => {
      const merchantId = merchantIdOf(c);
      const user = await s.merchants.getUser(claimsOf(c).sub);
      return await views.createLink(merchantId, user.email, body);
    }),
  ];
}
