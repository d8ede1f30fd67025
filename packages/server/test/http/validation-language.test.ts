// Every validation answer reads in pt-BR and names the field: the contract's own sentences where a schema has one,
// core's `issueMessage` where valibot would have answered in English ('Invalid key: Expected "username"…').
import { type AnyEndpoint, paths } from '@drip/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audienceHeaders, seededApp, type TestResponse } from '../helpers.ts';

let t: Awaited<ReturnType<typeof seededApp>>;
let auth: Awaited<ReturnType<typeof audienceHeaders>>;

beforeAll(async () => {
  t = await seededApp();
  auth = await audienceHeaders(t, 'validation-language');
});
afterAll(async () => {
  await t.dispose();
});

const ENGLISH = /\b(Invalid|Expected|Received|received|but|must|should|required)\b/;

const concrete = (route: AnyEndpoint) => route.path.replace(/:(\w+)/g, 'x');

const BODIES = [
  '{}',
  'null',
  '"texto"',
  JSON.stringify({
    username: 1,
    password: true,
    amount: 'dez',
    products: {},
    type: 'x',
    phone: 9,
    email: [],
  }),
  JSON.stringify({ amount: 10, products: [{ name: 1, quantity: 'um', amount: null }], resolveUrl: 3 }),
];

const QUERIES = ['page=abc&size=-1', 'from=ontem&to=amanha&status=NADA', 'period=SEMPRE&volume_period=x'];

/** Every message of a 400 VALIDATION_ERROR answer: the top one and each issue's. */
function validationMessages(res: TestResponse): string[] {
  if (res.status !== 400 || res.body?.error?.code !== 'VALIDATION_ERROR') return [];
  const issues = (res.body.error.issues ?? []) as { path: string; message: string }[];
  return [res.body.error.message, ...issues.map((i) => i.message)];
}

describe('validation messages', () => {
  it("say valibot's missing key in pt-BR, naming the field", async () => {
    const res = await t.request('POST', paths.merchant.login, {});
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('O campo username é obrigatório');
    expect(res.body.error.issues).toContainEqual({
      path: 'username',
      message: 'O campo username é obrigatório',
    });
    const typed = await t.request('POST', paths.merchant.login, {
      username: 'admin@aurora.demo',
      password: 5,
    });
    expect(validationMessages(typed).join(' | ')).not.toMatch(ENGLISH);
  });

  it('are Portuguese on every endpoint, for bodies and queries of every wrong shape', async () => {
    const english: string[] = [];
    let answered = 0;
    for (const route of t.built.routes.map((r) => r.endpoint)) {
      const headers = { 'content-type': 'application/json', ...auth[route.audience] };
      const tries: TestResponse[] = [];
      if (route.method !== 'GET')
        for (const body of BODIES) tries.push(await t.request(route.method, concrete(route), body, headers));
      if (route.query)
        for (const query of QUERIES)
          tries.push(await t.request(route.method, `${concrete(route)}?${query}`, undefined, headers));
      for (const res of tries) {
        const found = validationMessages(res);
        if (found.length > 0) answered++;
        for (const message of found)
          if (ENGLISH.test(message)) english.push(`${route.method} ${route.path}: ${message}`);
      }
    }
    expect(answered).toBeGreaterThan(50);
    expect(english).toEqual([]);
  });
});
