/**
 * The payments routes only respond: their refusals are the payments module's DomainErrors, answered with the same
 * status, code and message as when the routes built them.
 */
import { cents } from '@drip/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededApp } from '../helpers.ts';

let t: Awaited<ReturnType<typeof seededApp>>;
beforeAll(async () => {
  t = await seededApp();
});
afterAll(async () => {
  t.built.services.sandboxPsp?.close();
  await t.dispose();
});

describe('payments refusals', () => {
  it('a webhook notice without the secret: 401 UNAUTHORIZED, whatever its body', async () => {
    for (const path of ['/api/v1/webhooks/pix', '/api/v1/webhooks/pix?token=wrong']) {
      const res = await t.request('POST', path, { pix: [] });
      expect(res.status).toBe(401);
      expect(res.body.error).toEqual({ code: 'UNAUTHORIZED', message: 'Token do webhook Pix inválido' });
    }
  });

  it('a QR image of no charge: 404 NOT_FOUND; of a charge: its PNG, cached', async () => {
    for (const file of [
      'nope.png',
      'abcdefabcdefabcdefabcdefabcdef12.png',
      'abcdefabcdefabcdefabcdefabcdef12.gif',
    ]) {
      const res = await t.request('GET', `/api/v1/pix/qr/${file}`);
      expect(res.status).toBe(404);
      expect(res.body.error).toEqual({ code: 'NOT_FOUND', message: 'QR Code não encontrado' });
    }
    const c = await t.built.services.payments.createCharge(null, {
      purpose: 'UNIQUE_PAYMENT',
      referenceId: 'qr-test',
      amount: cents(1234),
      description: 'QR',
    });
    const res = await t.raw(c.qrCodeUrl, { method: 'GET' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400, immutable');
    const png = new Uint8Array(await res.arrayBuffer());
    expect([...png.slice(1, 4)].map((b) => String.fromCharCode(b)).join('')).toBe('PNG');
  });
});
