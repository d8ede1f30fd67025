import { parseWith, readJson } from '../../http/body.ts';
import type { AppContext, Services } from '../../http/context.ts';
import type { RouteDef } from '../../http/route-table.ts';
import { WebhookNotice } from './apipix.ts';
import { QR_BASE_PATH } from './service.ts';
import { checkWebhookToken } from './webhook.ts';

export const PIX_WEBHOOK_PATH = '/api/v1/webhooks/pix';

function webhookToken(c: AppContext): string {
  return c.req.query('token') ?? c.req.header('x-webhook-token') ?? '';
}

export function paymentRoutes(s: Services): RouteDef[] {
  return [
    {
      // The PSP's notice. Public audience, authenticated by PIX_WEBHOOK_SECRET (`?token=` or X-Webhook-Token).
      method: 'POST',
      path: PIX_WEBHOOK_PATH,
      audience: 'public',
      handler: async (c) => {
        const raw = await readJson(c);
        checkWebhookToken(s.pixSettings.webhookSecret, webhookToken(c));
        const notice = parseWith(WebhookNotice, raw);
        const results = await s.payments.handleNotice(notice);
        return c.json({ received: results.length, results }, 200);
      },
    },
    {
      method: 'GET',
      path: `${QR_BASE_PATH}/:file`,
      audience: 'public',
      handler: async (c) => {
        const png = await s.payments.qrImage(c.req.param('file') ?? '');
        // A txid's BR Code never changes: the image can be cached for as long as the charge lives.
        return c.body(png, 200, {
          'Content-Type': 'image/png',
          'Cache-Control': 'public, max-age=86400, immutable',
        });
      },
    },
  ];
}
