import { createHash, timingSafeEqual } from 'node:crypto';
import { pixQrImage, pixWebhook } from '@drip/core';
import QRCode from 'qrcode';
import { parseWith } from '../../http/body.ts';
import type { AppContext, Services } from '../../http/context.ts';
import { ApiError, notFound, unauthorized } from '../../http/errors.ts';
import { type RouteDef, route } from '../../http/route-table.ts';
import { WebhookNotice } from './apipix.ts';

export const PIX_WEBHOOK_PATH = pixWebhook.path;

/** Same-length comparison of two secrets (hashed first, so lengths never leak). */
function sameSecret(a: string, b: string): boolean {
  const x = createHash('sha256').update(a).digest();
  const y = createHash('sha256').update(b).digest();
  return timingSafeEqual(x, y);
}

function webhookToken(c: AppContext): string {
  return c.req.query('token') ?? c.req.header('x-webhook-token') ?? '';
}

export function paymentRoutes(s: Services): RouteDef[] {
  return [
    // The provider's notice, authenticated by PIX_WEBHOOK_SECRET (`?token=` or X-Webhook-Token).
    route(pixWebhook, async ({ c, body }) => {
      const token = webhookToken(c);
      if (token === '' || !sameSecret(token, s.pixSettings.webhookSecret)) {
        throw unauthorized('Token do webhook Pix inválido');
      }
      const notice = parseWith(WebhookNotice, body);
      const results = await s.payments.handleNotice(notice);
      return { received: results.length, results };
    }),
    route(pixQrImage, async ({ c, params }) => {
      const match = /^([a-zA-Z0-9]{26,35})\.png$/.exec(params.file);
      if (!match?.[1]) throw notFound('QR Code não encontrado');
      const charge = await s.payments.getChargeByTxid(match[1]);
      if (!charge) throw notFound('QR Code não encontrado');
      let png: Buffer;
      try {
        png = await QRCode.toBuffer(charge.brCode, {
          type: 'png',
          errorCorrectionLevel: 'M',
          margin: 2,
          width: 320,
        });
      } catch {
        throw new ApiError(500, 'QR_FAILED', 'Não foi possível gerar o QR Code');
      }
      // A txid's BR Code never changes: the image can be cached for as long as the charge lives.
      return c.body(new Uint8Array(png), 200, {
        'Content-Type': 'image/png',
        'Cache-Control': 'public, max-age=86400, immutable',
      });
    }),
  ];
}
