import {
  merchantCreateWebhook,
  merchantDeleteWebhook,
  merchantListWebhooks,
  merchantReplayWebhookDelivery,
  merchantWebhookDeliveries,
} from '@drip/core';
import { merchantIdOf, type Services } from '../../http/context.ts';
import { type RouteDef, route } from '../../http/route-table.ts';

/** The merchant of the session (a merchant token always carries it). */
export function webhookRoutes(s: Services): RouteDef[] {
  const w = s.webhooks;
  return [
    route(merchantCreateWebhook, ({ c, body }) => w.register(merchantIdOf(c), body)),
    route(merchantListWebhooks, ({ c }) => w.list(merchantIdOf(c))),
    route(merchantDeleteWebhook, ({ c, params }) => w.remove(merchantIdOf(c), params.id)),
    route(merchantWebhookDeliveries, ({ c, params, query }) =>
      w.deliveries(merchantIdOf(c), params.id, query.page, query.size),
    ),
    route(merchantReplayWebhookDelivery, ({ c, params }) =>
      w.replay(merchantIdOf(c), params.id, params.deliveryId),
    ),
  ];
}
