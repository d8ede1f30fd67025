import { type AnyEndpoint, paths } from '@drip/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_BODY_ENDPOINTS } from '../../src/modules/catalogue/routes.ts';
import { IMAGE_BODY_BYTES } from '../../src/modules/images/service.ts';
import {
  MERCHANT_FORM_BODY_BYTES,
  MERCHANT_FORM_ENDPOINTS,
} from '../../src/modules/merchants/admin-routes.ts';
import { PROMOTION_IMAGE_BODY_ENDPOINTS } from '../../src/modules/promotions/routes.ts';
import { customerData } from '../checkout-helpers.ts';
import { audienceHeaders, bearer, seededApp, type TestResponse } from '../helpers.ts';

let t: Awaited<ReturnType<typeof seededApp>>;
let auth: Awaited<ReturnType<typeof audienceHeaders>>;

beforeAll(async () => {
  t = await seededApp();
  auth = await audienceHeaders(t, 'bad-input');
});
afterAll(async () => {
  await t.dispose();
});

function expectClientError(res: TestResponse, label: string) {
  expect(res.status, `${label}: ${res.text}`).toBeGreaterThanOrEqual(400);
  expect(res.status, `${label}: ${res.text}`).toBeLessThan(500);
  expect(typeof res.body?.error?.code, label).toBe('string');
  expect(res.body.error.message.length, label).toBeGreaterThan(0);
}

const concrete = (route: AnyEndpoint) => route.path.replace(/:(\w+)/g, 'x');

const BAD_BODIES: [string, string][] = [
  ['empty object', '{}'],
  ['null', 'null'],
  ['array', '[1,2]'],
  ['string', '"texto"'],
  ['number', '42'],
  [
    'wrong types',
    JSON.stringify({
      username: 1,
      password: true,
      smsCode: 5,
      email: [],
      currentPassword: {},
      newPassword: 1,
      phone: 9,
      merchantUserEmail: 1,
      merchantUserPhone: false,
      customerCpf: 5,
      token: 1,
      type: 'x',
      name: 3,
      birthDate: 4,
    }),
  ],
  [
    'malformed CPF',
    JSON.stringify({
      username: '123.456.789-00',
      customerCpf: 'abc',
      password: 'x',
      token: '12',
      type: 'password',
    }),
  ],
  ['malformed JSON', '{"username": "a",'],
  ['empty body', ''],
];

describe('bad input on every endpoint that takes a body', () => {
  const bodyRoutes = () => t.built.routes.map((r) => r.endpoint).filter((r) => r.method !== 'GET');

  it('answers 4xx with a message, never 500', async () => {
    for (const route of bodyRoutes()) {
      for (const [label, body] of BAD_BODIES) {
        // Every field of the profile PATCH is optional: {} is a valid no-op update.
        if (route.method === 'PATCH' && label === 'empty object') continue;
        const res = await t.request(route.method, concrete(route), body, {
          'content-type': 'application/json',
          ...auth[route.audience],
        });
        expectClientError(res, `${route.method} ${route.path} ${label}`);
      }
    }
  });

  it('answers 415 to a non-JSON content type and 413 to a body over 64 KB (over the image limit for an image)', async () => {
    for (const route of bodyRoutes()) {
      const image = IMAGE_BODY_ENDPOINTS.has(route.id) || PROMOTION_IMAGE_BODY_ENDPOINTS.has(route.id);
      const limit = image
        ? IMAGE_BODY_BYTES
        : MERCHANT_FORM_ENDPOINTS.has(route.id)
          ? MERCHANT_FORM_BODY_BYTES
          : 64 * 1024;
      // Calls without a body (refresh, logout, pay) refuse one like any other: 415 or 413 before anything else.
      const form = await t.raw(concrete(route), {
        method: route.method,
        headers: { 'content-type': 'text/plain', ...auth[route.audience] },
        body: 'username=a',
      });
      expect(form.status, `${route.method} ${route.path}`).toBe(415);
      const big = await t.raw(concrete(route), {
        method: route.method,
        headers: { 'content-type': 'application/json', ...auth[route.audience] },
        body: JSON.stringify({ username: 'a'.repeat(limit + 6 * 1024), password: 'x' }),
      });
      expect(big.status, `${route.method} ${route.path}`).toBe(413);
      const body: unknown = await big.json();
      expect(body).toHaveProperty('error.message');
    }
  });

  it('gives per-field issues in pt-BR', async () => {
    const res = await t.request('POST', paths.admin.login, { username: '', password: 3 });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(res.body.error.issues).toEqual(
      expect.arrayContaining([
        { path: 'username', message: 'O usuário é obrigatório' },
        { path: 'password', message: 'A senha deve ser um texto' },
      ]),
    );
    const code = await t.request('POST', paths.merchant.login, {
      username: 'admin@aurora.demo',
      smsCode: '12ab',
    });
    expect(code.status).toBe(400);
    expect(code.body.error.issues).toEqual([{ path: 'smsCode', message: 'O código deve ter 6 dígitos' }]);
  });

  it('unknown API routes answer 404 JSON; unknown methods too', async () => {
    for (const path of [
      '/admin_backoffice/api/v1/nada',
      '/api/v1/nada',
      '/customer_backoffice/api/v9/x',
      '/sandbox/nada',
    ]) {
      const res = await t.request('GET', path);
      expect(res.status, path).toBe(404);
      expect(res.body.error.code).toBe('NOT_FOUND');
    }
    const del = await t.request('DELETE', paths.admin.user, undefined, auth.admin);
    expect(del.status).toBe(404);
  });

  it('malformed bearer headers and odd recovery ids are 4xx', async () => {
    expect((await t.request('GET', paths.admin.user, undefined, { authorization: 'Bearer' })).status).toBe(
      401,
    );
    expect((await t.request('GET', paths.admin.user, undefined, { authorization: 'Basic abc' })).status).toBe(
      401,
    );
    const odd = await t.request('GET', `${paths.merchant.recoverPassword}/%E0%A4%A`);
    expectClientError(odd, 'bad escape');
  });
});

/** A JSON text nested `depth` levels: {"a":{"a":…}}. */
const nested = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

/** Strings no database text can hold (NUL) or that are not Unicode (an unpaired surrogate half). */
const BAD_STRINGS: [string, string][] = [
  ['NUL', 'a\u0000b'],
  ['lone high surrogate', 'a\ud800b'],
  ['lone low surrogate', '\udc00'],
];

describe('characters no text column can hold, deep nesting and dates out of range', () => {
  it.each(BAD_STRINGS)('%s in any string of any body answers 400 naming the field', async (_label, bad) => {
    const fields = [
      'username',
      'password',
      'smsCode',
      'email',
      'currentPassword',
      'newPassword',
      'phone',
      'merchantUserEmail',
      'merchantUserPhone',
      'customerCpf',
      'customerName',
      'customerPhone',
      'customerEmail',
      'merchantOrderCode',
      'token',
      'name',
      'birthDate',
      'comment',
      'feedback',
      'checkoutID',
    ];
    for (const route of t.built.routes.map((r) => r.endpoint).filter((r) => r.method !== 'GET')) {
      for (const field of fields) {
        const res = await t.request(route.method, concrete(route), JSON.stringify({ [field]: bad }), {
          'content-type': 'application/json',
          ...auth[route.audience],
        });
        expectClientError(res, `${route.method} ${route.path} ${field}`);
      }
    }
  });

  it.each(BAD_STRINGS)('%s in the reported places: 400 INVALID_TEXT with the field', async (_label, bad) => {
    const login = await t.request('POST', paths.merchant.login, {
      username: `admin${bad}@aurora.demo`,
      password: 'x',
    });
    expect(login.status, login.text).toBe(400);
    expect(login.body.error.code).toBe('INVALID_TEXT');
    expect(login.body.error.issues).toEqual([
      { path: 'username', message: expect.stringContaining('inválid') },
    ]);

    const created = await t.request(
      'POST',
      '/api/v1/merchant/checkouts',
      {
        amount: 100,
        merchantOrderCode: `PED-${bad}`,
        products: [{ name: `Panela${bad}`, quantity: 1, amount: 100 }],
        resolveUrl: 'https://loja.example/ok',
        cancelUrl: 'https://loja.example/carrinho',
      },
      { ...auth.merchantApiKey, 'idempotency-key': `bad-text-${_label}` },
    );
    expect(created.status, created.text).toBe(400);
    expect(created.body.error.issues.map((i: { path: string }) => i.path)).toEqual(['merchantOrderCode']);
    const product = await t.request(
      'POST',
      '/api/v1/merchant/checkouts',
      {
        amount: 100,
        merchantOrderCode: 'PED-OK',
        products: [{ name: `Panela${bad}`, quantity: 1, amount: 100 }],
        resolveUrl: 'https://loja.example/ok',
        cancelUrl: 'https://loja.example/carrinho',
      },
      { ...auth.merchantApiKey, 'idempotency-key': `bad-product-${_label}` },
    );
    expect(product.status, product.text).toBe(400);
    expect(product.body.error.issues).toEqual([{ path: 'products.0.name', message: expect.any(String) }]);

    // a key, not only a value
    const key = await t.request('POST', paths.admin.login, JSON.stringify({ [`user${bad}`]: 'x' }), {
      'content-type': 'application/json',
    });
    expect(key.status).toBe(400);
    expect(key.body.error.code).toBe('INVALID_TEXT');
  });

  it("the shopper's name with NUL or a lone surrogate on the checkout: 400", async () => {
    const world = (await t.request('GET', '/sandbox/demo')).body;
    const created = await t.request(
      'POST',
      '/api/v1/merchant/checkouts',
      {
        amount: 100,
        merchantOrderCode: `PED-NAME-${Date.now()}`,
        products: [{ name: 'Panela', quantity: 1, amount: 100 }],
        resolveUrl: 'https://loja.example/ok',
        cancelUrl: 'https://loja.example/carrinho',
      },
      { ...bearer(world.merchants[0].apiKey), 'idempotency-key': `name-${Date.now()}` },
    );
    expect(created.status).toBe(201);
    for (const [, bad] of BAD_STRINGS) {
      const res = await t.request(
        'PUT',
        `/api/v1/checkouts/${created.body.id}`,
        customerData('52998224725', '+5511988887777', { customerName: `Ana${bad}` }),
      );
      expect(res.status, res.text).toBe(400);
      expect(res.body.error.issues[0].path).toBe('customerName');
    }
  });

  it('NUL, a lone surrogate or a broken escape in a path parameter or a query string: 400', async () => {
    for (const escaped of ['%00', '%ED%A0%80', 'a%00b', '%C0%80', '%E0%A4%A']) {
      for (const [method, path] of [
        ['GET', `${paths.merchant.recoverPassword}/${escaped}`],
        ['PUT', `${paths.merchant.recoverPassword}/${escaped}`],
        ['GET', `/api/v1/merchant/checkouts/${escaped}`],
        ['PUT', `/api/v1/checkouts/${escaped}`],
        ['GET', `/api/v1/instalments_simulator?amount=100&cnpj=${escaped}`],
        ['GET', `/api/v1/instalments_simulator?checkoutId=${escaped}`],
        ['GET', `/api/v1/cep/${escaped}`],
      ] as const) {
        const res = await t.request(method, path, method === 'PUT' ? {} : undefined, {
          ...(path.includes('/merchant/checkouts') ? auth.merchantApiKey : {}),
        });
        expectClientError(res, `${method} ${path}`);
      }
    }
    const res = await t.request('GET', `${paths.merchant.recoverPassword}/a%00b`);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('INVALID_TEXT');
  });

  it('bodies nested 20 levels or more answer 400 on every endpoint', async () => {
    for (const route of t.built.routes.map((r) => r.endpoint).filter((r) => r.method !== 'GET')) {
      for (const depth of [20, 64, 5000]) {
        const res = await t.request(route.method, concrete(route), nested(depth), {
          'content-type': 'application/json',
          ...auth[route.audience],
        });
        expectClientError(res, `${route.method} ${route.path} depth ${depth}`);
      }
    }
    const res = await t.request('POST', paths.admin.login, nested(20), {
      'content-type': 'application/json',
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('TOO_DEEP');
  });

  it('dates far in the future or the past answer 400, not 500', async () => {
    for (const date of ['9999-12-31', '0001-01-01', '2200-01-01', '1899-12-31']) {
      const res = await t.request('GET', `/api/v1/instalments_simulator?amount=100&date=${date}`);
      expectClientError(res, date);
      expect(res.status, date).toBe(400);
    }
    const ok = await t.request('GET', '/api/v1/instalments_simulator?amount=100&date=2026-03-10');
    expect(ok.status, ok.text).toBe(200);
  });
});
