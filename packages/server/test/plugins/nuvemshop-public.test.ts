/**
 * The two Nuvemshop endpoints that the store's checkout page (another origin) calls from the shopper's browser: a
 * CORS preflight is answered for them (and only them), and the redirect, public and anonymous, has a per-IP limit.
 */
import { fillPath, merchantPluginSignUp, nuvemshopCheckoutScript, nuvemshopRedirect } from '@drip/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededApp } from '../helpers.ts';

const PER_IP = 4;
let t: Awaited<ReturnType<typeof seededApp>>;

beforeAll(async () => {
  t = await seededApp({ rateLimit: { windowSeconds: 60, perIp: PER_IP, perSubject: PER_IP } });
});
afterAll(async () => {
  t.built.services.sandboxPsp?.close();
  await t.built.services.instalmentEvents.close();
  await t.dispose();
});

/** What a browser sends before a cross-origin request that is not "simple" (here: JSON posted from the store). */
const preflight = (path: string, method: string, headers?: string) =>
  t.raw(path, {
    method: 'OPTIONS',
    headers: {
      Origin: 'https://minhaloja.lojavirtualnuvem.com.br',
      'Access-Control-Request-Method': method,
      ...(headers ? { 'Access-Control-Request-Headers': headers } : {}),
    },
  });

describe('CORS preflight', () => {
  it("answers the redirect's preflight from the store's origin: POST with a JSON body, no credentials", async () => {
    const res = await preflight(nuvemshopRedirect.path, 'POST', 'content-type');
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-methods')).toBe('POST');
    expect(res.headers.get('access-control-allow-headers')?.toLowerCase()).toBe('content-type');
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    expect(Number(res.headers.get('access-control-max-age'))).toBeGreaterThan(0);
  });

  it("answers the checkout script's preflight with GET and no extra header", async () => {
    const res = await preflight(nuvemshopCheckoutScript.path, 'GET');
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-methods')).toBe('GET');
    expect(res.headers.get('access-control-allow-headers')).toBeNull();
  });

  it('answers no preflight for the endpoints of the signed-in merchant', async () => {
    const res = await preflight(fillPath(merchantPluginSignUp.path, { platform: 'nuvemshop' }), 'POST');
    expect(res.status).not.toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('redirect rate limit per client IP', () => {
  it('a burst over the limit gets 429 in Portuguese (readable by the store page); another IP is not affected', async () => {
    const body = { storeId: 999_999, orderId: 1, callbackUrls: { success: 'https://x.example/' } };
    const burst = t.from('203.0.113.7');
    for (let i = 0; i < PER_IP; i++) {
      const res = await burst('POST', nuvemshopRedirect.path, body);
      expect(res.status, res.text).toBe(404);
    }
    const limited = await burst('POST', nuvemshopRedirect.path, body);
    expect(limited.status).toBe(429);
    expect(limited.body.error.message).toMatch(
      /^Muitas tentativas\. Aguarde \d+ segundos e tente novamente\.$/,
    );
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.headers.get('access-control-allow-origin')).toBe('*');
    // Malformed bodies count too: the limit is taken before the body is read.
    expect((await burst('POST', nuvemshopRedirect.path, 'not json')).status).toBe(429);

    const other = await t.from('198.51.100.9')('POST', nuvemshopRedirect.path, body);
    expect(other.status, other.text).toBe(404);
  });
});
