import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, seededApp, type TestApp } from './helpers.ts';

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
