import { paths } from '@drip/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteDef } from '../src/http/route-table.ts';
import { bearer, loginAdmin, loginCustomer, loginMerchant, seededApp, type TestResponse } from './helpers.ts';

let t: Awaited<ReturnType<typeof seededApp>>;
let auth: Record<string, Record<string, string>>;

beforeAll(async () => {
  t = await seededApp();
  auth = {
    public: {},
    sandbox: {},
    admin: bearer((await loginAdmin(t)).token),
    merchant: bearer((await loginMerchant(t)).token),
    customer: bearer((await loginCustomer(t)).token),
    merchantApiKey: {
      ...bearer((await t.request('GET', '/sandbox/demo')).body.merchants[0].apiKey),
      'idempotency-key': 'bad-input',
    },
  };
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

const concrete = (route: RouteDef) => route.path.replace(/:(\w+)/g, 'x');

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
  const bodyRoutes = () => t.built.routes.filter((r) => r.method !== 'GET');

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

  it('answers 415 to a non-JSON content type and 413 to a body over 64 KB', async () => {
    for (const route of bodyRoutes()) {
      // The refresh calls (PUT <login>) take no body and answer 401 without the RefreshToken header.
      const isRefresh = route.method === 'PUT' && route.path.endsWith('login');
      const form = await t.raw(concrete(route), {
        method: route.method,
        headers: { 'content-type': 'text/plain', ...auth[route.audience] },
        body: 'username=a',
      });
      expect(form.status, `${route.method} ${route.path}`).toBe(isRefresh ? 401 : 415);
      const big = await t.raw(concrete(route), {
        method: route.method,
        headers: { 'content-type': 'application/json', ...auth[route.audience] },
        body: JSON.stringify({ username: 'a'.repeat(70 * 1024), password: 'x' }),
      });
      expect(big.status, `${route.method} ${route.path}`).toBe(isRefresh ? 401 : 413);
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
