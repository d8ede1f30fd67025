/** The merchant portal's sales calls (spec 7): reads for any merchant user, Drip link creation for ADMIN users. */
import {
  merchantCheckoutDetails,
  merchantCheckoutGraphic,
  merchantCheckoutLinks,
  merchantCheckoutStatistics,
  merchantCheckouts,
  merchantCreateCheckoutLink,
} from '@drip/core';
import { type AppContext, claimsOf, type Services } from '../../http/context.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { type RouteDef, route } from '../../http/route-table.ts';

/** The session's merchant (set in every merchant user's token). */
function merchantOf(c: AppContext): string {
  const { merchantId } = claimsOf(c);
  if (!merchantId) throw forbidden();
  return merchantId;
}

export function merchantSalesRoutes(s: Services): RouteDef[] {
  const views = s.checkouts.merchantViews;
  return [
    route(merchantCheckouts, async ({ c, query }) => await views.list(merchantOf(c), query)),
    // Before `v2/checkouts/:id`, which would otherwise take 'statistics' and 'graphic' for ids.
    route(
      merchantCheckoutStatistics,
      async ({ c, query }) => await views.statistics(merchantOf(c), query.period),
    ),
    route(merchantCheckoutGraphic, async ({ c, query }) => await views.graphic(merchantOf(c), query.period)),
    route(merchantCheckoutDetails, async ({ c, params }) => await views.details(merchantOf(c), params.id)),
    route(
      merchantCheckoutLinks,
      async ({ c, query }) => await views.links(merchantOf(c), query.page, query.size),
    ),
    route(merchantCreateCheckoutLink, async ({ c, body }) => {
      const merchantId = merchantOf(c);
      const user = await s.merchants.getUser(claimsOf(c).sub);
      if (!user) throw notFound('Usuário não encontrado');
      return await views.createLink(merchantId, user.email, body);
    }),
  ];
}
