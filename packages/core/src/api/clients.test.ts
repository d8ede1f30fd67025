import { describe, expect, it } from 'vitest';
import {
  adminGetUser,
  adminLogin,
  adminUpdateUser,
  customerCheckAccessLink,
  customerGetUser,
  customerLogin,
  customerRecoverByPhone,
  customerRecoverPassword,
  customerResetPassword,
  customerSetAccessPassword,
  customerUpdateUser,
  customerValidateRecoveryToken,
  merchantCheckRecoveryLink,
  merchantGetMerchant,
  merchantGetUser,
  merchantLogin,
  merchantRecoverEmail,
  merchantRecoverPassword,
  merchantResetPassword,
} from '../endpoints/index.ts';
import { createAdminClient, createCustomerClient, createMerchantClient } from './clients.ts';
import { createMemoryTokenStore } from './token-store.ts';

interface Seen {
  method: string;
  url: string;
  body: unknown;
  auth: string | null;
}

/** Answers every call with `answer` and records what was sent. */
function recorder(answer: unknown, status = 200) {
  const seen: Seen[] = [];
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    seen.push({
      method: init.method ?? 'GET',
      url: String(input),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      auth: new Headers(init.headers).get('Authorization'),
    });
    return new Response(JSON.stringify(answer), { status });
  };
  return { fetch, seen, tokens: createMemoryTokenStore({ token: 'acc', refreshToken: 'ref' }) };
}

const pair = { token: 't', refreshToken: 'r' };

describe('admin client', () => {
  it('login posts the normalised body and returns the pair without storing it', async () => {
    const r = recorder(pair, 201);
    const client = createAdminClient({ baseUrl: 'https://api.drip', fetch: r.fetch, tokens: r.tokens });
    const res = await client.call(adminLogin, {
      body: { username: '  ana@drip.com.br ', password: 'segredo' },
    });
    expect(res).toMatchObject({ ok: true, status: 201, data: pair });
    expect(r.seen[0]).toEqual({
      method: 'POST',
      url: 'https://api.drip/admin_backoffice/api/v1/login',
      body: { username: 'ana@drip.com.br', password: 'segredo' },
      auth: null,
    });
    expect(r.tokens.get()).toEqual({ token: 'acc', refreshToken: 'ref' });
  });

  it('getUser and updateUser are authenticated GET and PUT /user', async () => {
    const user = { id: '1', username: 'a@b.co', name: 'A' };
    const r = recorder(user);
    const client = createAdminClient({ fetch: r.fetch, tokens: r.tokens });
    expect(await client.call(adminGetUser)).toMatchObject({ ok: true, data: user });
    await client.call(adminUpdateUser, {
      body: { username: 'a@b.co', currentPassword: '123456', newPassword: '654321' },
    });
    expect(r.seen.map((s) => [s.method, s.url, s.auth])).toEqual([
      ['GET', '/admin_backoffice/api/v1/user', 'Bearer acc'],
      ['PUT', '/admin_backoffice/api/v1/user', 'Bearer acc'],
    ]);
  });
});

describe('merchant client', () => {
  it('login parses both steps of the answer', async () => {
    const challenge = { phone: '+55 (11) *****-4321' };
    const r1 = recorder(challenge);
    const first = await createMerchantClient({ fetch: r1.fetch, tokens: r1.tokens }).call(merchantLogin, {
      body: {
        username: 'Ana@Loja.com.br',
        password: 'x',
      },
    });
    expect(first).toMatchObject({ ok: true, data: challenge });
    expect(r1.seen[0]?.body).toEqual({ username: 'ana@loja.com.br', password: 'x' });
    const r2 = recorder(pair);
    const second = await createMerchantClient({ fetch: r2.fetch, tokens: r2.tokens }).call(merchantLogin, {
      body: {
        username: 'ana@loja.com.br',
        smsCode: '123456',
      },
    });
    expect(second).toMatchObject({ ok: true, data: pair });
  });

  it('uses the spec paths and methods', async () => {
    const r = recorder({});
    const c = createMerchantClient({ fetch: r.fetch, tokens: r.tokens });
    await c.call(merchantGetUser);
    await c.call(merchantGetMerchant);
    await c.call(merchantRecoverPassword, { body: { merchantUserEmail: 'a@b.co' } });
    await c.call(merchantCheckRecoveryLink, { params: { recoveryId: 'abc/1' } });
    await c.call(merchantResetPassword, {
      params: { recoveryId: 'abc' },
      body: { password: '12345678', repeatPassword: '12345678' },
    });
    await c.call(merchantRecoverEmail, { body: { merchantUserPhone: '+5511987654321' } });
    expect(r.seen.map((s) => `${s.method} ${s.url} ${s.auth ? 'auth' : 'anon'}`)).toEqual([
      'GET /merchant_backoffice/api/v1/user auth',
      'GET /merchant_backoffice/api/v1/merchant auth',
      'POST /merchant_backoffice/api/v1/recover/password anon',
      'GET /merchant_backoffice/api/v1/recover/password/abc%2F1 anon',
      'PUT /merchant_backoffice/api/v1/recover/password/abc anon',
      'PUT /merchant_backoffice/api/v1/recover/email anon',
    ]);
  });

  it('rejects an answer of the wrong shape as a parse error', async () => {
    const r = recorder({ emailDelivered: 'yes' });
    const res = await createMerchantClient({ fetch: r.fetch, tokens: r.tokens }).call(
      merchantRecoverPassword,
      {
        body: {
          merchantUserEmail: 'a@b.co',
        },
      },
    );
    expect(res.ok === false && res.error.kind).toBe('parse');
  });
});

describe('customer client', () => {
  it('uses the spec paths and methods and sends CPFs as digits', async () => {
    const r = recorder({});
    const c = createCustomerClient({ fetch: r.fetch, tokens: r.tokens });
    await c.call(customerLogin, { body: { username: '123.456.789-09', password: 'x' } });
    await c.call(customerGetUser);
    await c.call(customerUpdateUser, { body: { name: 'Ana' } });
    await c.call(customerRecoverPassword, { body: { customerCpf: '123.456.789-09' } });
    await c.call(customerValidateRecoveryToken, {
      body: { token: '123456', customerCpf: '12345678909', type: 'password' },
    });
    await c.call(customerResetPassword, {
      body: {
        token: '123456',
        customerCpf: '12345678909',
        password: '12345678',
        repeatPassword: '12345678',
      },
    });
    await c.call(customerRecoverByPhone, {
      body: { customerCpf: '123.456.789-09', customerPhone: ' (11) 91234-5678 ' },
    });
    await c.call(customerCheckAccessLink, { body: { token: 'a'.repeat(43) } });
    await c.call(customerSetAccessPassword, {
      body: { token: 'a'.repeat(43), password: '12345678', repeatPassword: '12345678' },
    });
    expect(r.seen.map((s) => `${s.method} ${s.url} ${s.auth ? 'auth' : 'anon'}`)).toEqual([
      'POST /customer_backoffice/api/v2/login anon',
      'GET /customer_backoffice/api/v1/user auth',
      'PATCH /customer_backoffice/api/v1/user auth',
      'POST /customer_backoffice/api/v1/recover/password anon',
      'PUT /customer_backoffice/api/v1/recover/validate anon',
      'PUT /customer_backoffice/api/v1/recover/password anon',
      'PUT /customer_backoffice/api/v1/recover/phone anon',
      'PUT /customer_backoffice/api/v1/recover/access anon',
      'PUT /customer_backoffice/api/v1/recover/access/password anon',
    ]);
    expect(r.seen[0]?.body).toEqual({ username: '12345678909', password: 'x' });
    expect(r.seen[3]?.body).toEqual({ customerCpf: '12345678909' });
    expect(r.seen[6]?.body).toEqual({ customerCpf: '12345678909', customerPhone: '(11) 91234-5678' });
  });

  it('parses updateUser answers with the contract', async () => {
    const profile = {
      id: 'c1',
      name: 'Ana',
      email: null,
      cpf: '12345678909',
      phone: '+5511987654321',
      birthDate: null,
      addressCep: null,
      addressStreet: null,
      addressNumber: null,
      addressComplement: null,
      addressNeighborhood: null,
      addressCity: null,
      addressState: null,
      isOnDebtNegotiation: false,
      status: 'ACTIVE',
    };
    const answer = { phoneUpdated: false, passwordUpdated: true, user: profile };
    const r = recorder(answer);
    const res = await createCustomerClient({ fetch: r.fetch, tokens: r.tokens }).call(customerUpdateUser, {
      body: {
        currentPassword: '123456',
        newPassword: '654321',
      },
    });
    expect(res).toMatchObject({ ok: true, data: answer });
  });
});

describe('logout', () => {
  it.each([
    ['admin', createAdminClient, '/admin_backoffice/api/v1/logout'],
    ['merchant', createMerchantClient, '/merchant_backoffice/api/v1/logout'],
    ['customer', createCustomerClient, '/customer_backoffice/api/v1/logout'],
  ] as const)('%s: POST <logout> with the stored refresh token, no bearer', async (_name, create, path) => {
    const r = recorder({ loggedOut: true });
    const headers: Headers[] = [];
    const fetch = (input: RequestInfo | URL, init: RequestInit = {}) => {
      headers.push(new Headers(init.headers));
      return r.fetch(input, init);
    };
    const client = create({ fetch, tokens: r.tokens });
    expect(await client.logout()).toMatchObject({ ok: true, data: { loggedOut: true } });
    expect(r.seen.map((s) => [s.method, s.url, s.auth])).toEqual([['POST', path, null]]);
    expect(headers[0]?.get('RefreshToken')).toBe('ref');
  });

  it('without a stored session there is nothing to end: no call', async () => {
    const r = recorder({ loggedOut: true });
    r.tokens.set(null);
    const client = createCustomerClient({ fetch: r.fetch, tokens: r.tokens });
    expect(await client.logout()).toMatchObject({ ok: true, data: { loggedOut: true } });
    expect(r.seen).toEqual([]);
  });
});
