/** The PSP's webhook is authenticated by a shared secret (PIX_WEBHOOK_SECRET): `?token=` or X-Webhook-Token. */
import { createHash, timingSafeEqual } from 'node:crypto';
import { DomainError } from '../../errors.ts';

/** Same-length comparison of two secrets (hashed first, so lengths never leak). */
function sameSecret(a: string, b: string): boolean {
  const x = createHash('sha256').update(a).digest();
  const y = createHash('sha256').update(b).digest();
  return timingSafeEqual(x, y);
}

/** Refuses a notice whose token is not the webhook's secret. */
export function checkWebhookToken(secret: string, token: string): void {
  if (token === '' || !sameSecret(token, secret))
    throw new DomainError('unauthenticated', 'UNAUTHORIZED', 'Token do webhook Pix inválido');
}
