import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, seededApp, type TestApp } from '../helpers.ts';

let t: TestApp & { dispose(): Promise<void> };
let adminToken: string;
let merchantId: string;
let apiKey: string;

beforeAll(async () => {
  t = await seededApp();
  const login = await t.request('POST', '/admin_backoffice/api/v1/login', {
    username: 'admin@drip.dev',
    password: DEMO_PASSWORD,
  });
  adminToken = login.body.token;
  const demo = await t.request('GET', '/sandbox/demo');
  merchantId = demo.body.merchants[0].id;
  apiKey = demo.body.merchants[0].apiKey;
});
afterAll(() => t.dispose());

const auth = () => ({ authorization: `Bearer ${adminToken}` });

describe('admin: disable and enable a merchant', () => {
  it('archives the merchant, whose API key then stops working, and enables it again', async () => {
    const off = await t.request(
      'PUT',
      `/admin_backoffice/api/v1/merchants/${merchantId}/disable`,
      undefined,
      auth(),
    );
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ id: merchantId, status: 'ARCHIVED' });
    const create = await t.request(
      'POST',
      '/api/v1/merchant/checkouts',
      {
        amount: 10,
        merchantOrderCode: 'X-1',
        products: [],
        resolveUrl: 'https://a.b/ok',
        cancelUrl: 'https://a.b/c',
      },
      { authorization: `Bearer ${apiKey}`, 'idempotency-key': 'k-1' },
    );
    expect(create.status).toBe(401);
    const on = await t.request(
      'PUT',
      `/admin_backoffice/api/v1/merchants/${merchantId}/enable`,
      undefined,
      auth(),
    );
    expect(on.body).toEqual({ id: merchantId, status: 'ENABLED' });
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      const res = await t.request(
        'PUT',
        `/admin_backoffice/api/v1/merchants/${id}/disable`,
        undefined,
        auth(),
      );
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe('Parceiro não encontrado');
    }
  });
});

describe("admin: a merchant's embed domains decide who may frame its hosted pages", () => {
  const path = () => `/admin_backoffice/api/v1/merchants/${merchantId}/embed_domains`;

  async function checkoutOf(key: string, code: string): Promise<string> {
    const res = await t.request(
      'POST',
      '/api/v1/merchant/checkouts',
      {
        amount: 100,
        merchantOrderCode: code,
        products: [{ name: 'Caneca', quantity: 1, amount: 100 }],
        resolveUrl: 'https://a.b/ok',
        cancelUrl: 'https://a.b/c',
      },
      { authorization: `Bearer ${key}`, 'idempotency-key': `embed-${code}` },
    );
    expect(res.status).toBe(201);
    return res.body.id;
  }

  const csp = async (url: string) =>
    (await t.request('GET', url)).headers.get('content-security-policy') ?? '';

  it('stores normalised origins, and the merchant’s checkout page allows them (not another merchant’s)', async () => {
    const put = await t.request(
      'PUT',
      path(),
      { domains: ['https://loja-um.example/', 'https://LOJA-UM.example', 'http://localhost:4444'] },
      auth(),
    );
    expect(put.status).toBe(200);
    expect(put.body).toEqual({
      merchantId,
      domains: ['https://loja-um.example', 'http://localhost:4444'],
    });
    expect((await t.request('GET', path(), undefined, auth())).body.domains).toEqual([
      'https://loja-um.example',
      'http://localhost:4444',
    ]);

    const demo = await t.request('GET', '/sandbox/demo');
    const other = demo.body.merchants.find((m: { id: string }) => m.id !== merchantId);
    const own = await checkoutOf(apiKey, 'EMB-1');
    const foreign = await checkoutOf(other.apiKey, 'EMB-2');
    expect(await csp(`/checkouts/${own}?transparent=true`)).toContain('https://loja-um.example');
    expect(await csp(`/checkout-feedback/${own}`)).toContain('http://localhost:4444');
    expect(await csp(`/checkouts/${foreign}`)).not.toContain('https://loja-um.example');
    expect(await csp('/checkouts/not-a-checkout')).not.toContain('https://loja-um.example');
    // The widgets carry no checkout: every enabled merchant's origins may frame them.
    expect(await csp('/drip_banner?amount=100')).toContain('https://loja-um.example');
    // Pages that are never framed stay closed.
    expect(await csp('/pagamento/x')).toBe("frame-ancestors 'none'");

    const cleared = await t.request('PUT', path(), { domains: [] }, auth());
    expect(cleared.body.domains).toEqual([]);
    expect(await csp(`/checkouts/${own}`)).not.toContain('https://loja-um.example');
  });

  it('rejects what is not a bare http(s) origin, and unknown merchants', async () => {
    for (const domains of [['loja.example'], ['https://loja.example/checkout'], ['ftp://x.example'], 'x']) {
      const res = await t.request('PUT', path(), { domains }, auth());
      expect(res.status).toBe(400);
    }
    const tooMany = Array.from({ length: 21 }, (_, i) => `https://l${i}.example`);
    expect((await t.request('PUT', path(), { domains: tooMany }, auth())).status).toBe(400);
    const unknown = await t.request(
      'PUT',
      '/admin_backoffice/api/v1/merchants/00000000-0000-4000-8000-000000000000/embed_domains',
      { domains: [] },
      auth(),
    );
    expect(unknown.status).toBe(404);
    expect((await t.request('GET', path())).status).toBe(401);
  });
});
