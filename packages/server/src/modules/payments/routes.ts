import { pixQrImage, pixWebhook } from '@drip/core';
import { parseWith } from '../../http/body.ts';
import type { AppContext, Services } from '../../http/context.ts';
import { type RouteDef, route } from '../../http/route-table.ts';
import { WebhookNotice } from './apipix.ts';
import { checkWebhookToken } from './webhook.ts';

export const PIX_WEBHOOK_PATH = pixWebhook.path;

function webhookToken(c: AppContext): string {
  return c.req.query('token') ?? c.req.header('x-webhook-token') ?? '';
}

export function paymentRoutes(s: Services): RouteDef[] {
  return [
    // The provider's notice, authenticated by PIX_WEBHOOK_SECRET (`?token=` or X-Webhook-Token).
    route(pixWebhook, async ({ c, body }) => {
      checkWebhookToken(s.pixSettings.webhookSecret, webhookToken(c));
      const notice = parseWith(WebhookNotice, body);
      const results = await s.payments.handleNotice(notice);
      return { received: results.length, results };
    }),
    route(pixQrImage, async ({ c, params }) => {
      const png = await s.payments.qrImage(params.file);
      // A txid's BR Code never changes: the image can be cached for as long as the charge lives.
      return c.body(png, 200, {
        'Content-Type': 'image/png',
        'Cache-Control': 'public, max-age=86400, immutable',
      });
    }),
  ];
}
