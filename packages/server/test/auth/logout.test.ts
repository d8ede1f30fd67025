import { paths } from '@drip/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appOn,
  assertTokenPair,
  bearer,
  DEMO_PASSWORD,
  loginAdmin,
  loginCustomer,
  loginMerchant,
  seededApp,
} from '../helpers.ts';

let t: Awaited<ReturnType<typeof seededApp>>;
beforeAll(async () => {
  t = await seededApp();
});
afterAll(async () => {
  await t.dispose();
});

const refresh = (path: string, token: string) => t.request('PUT', path, undefined, { RefreshToken: token });
const logout = (path: string, token?: string) =>
  t.request('POST', path, undefined, token === undefined ? {} : { RefreshToken: token });

describe.each([
  ['admin', paths.admin.login, paths.admin.logout, paths.admin.user, () => loginAdmin(t)],
  ['merchant', paths.merchant.login, paths.merchant.logout, paths.merchant.merchant, () => loginMerchant(t)],
  ['customer', paths.customer.login, paths.customer.logout, paths.customer.user, () => loginCustomer(t)],
] as const)('%s logout', (_name, loginPath, logoutPath, readPath, login) => {
  it('ends the access token at once: used after logout it gets a 401', async () => {
    const pair = await login();
    expect((await t.request('GET', readPath, undefined, bearer(pair.token))).status).toBe(200);
    expect((await logout(logoutPath, pair.refreshToken)).status).toBe(200);
    const after = await t.request('GET', readPath, undefined, bearer(pair.token));
    expect(after.status, after.text).toBe(401);
    expect(after.body.error.message).toBe('Sessão encerrada, faça login novamente');
  });

  it("ends the access tokens of the whole family, and only this session's", async () => {
    const first = await login();
    const second = assertTokenPair((await refresh(loginPath, first.refreshToken)).body);
    const other = await login();
    expect((await logout(logoutPath, second.refreshToken)).status).toBe(200);
    expect((await t.request('GET', readPath, undefined, bearer(first.token))).status).toBe(401);
    expect((await t.request('GET', readPath, undefined, bearer(second.token))).status).toBe(401);
    expect((await t.request('GET', readPath, undefined, bearer(other.token))).status).toBe(200);
  });

  it('a refresh-token reuse ends the access tokens of the family too', async () => {
    const first = await login();
    const second = assertTokenPair((await refresh(loginPath, first.refreshToken)).body);
    expect((await refresh(loginPath, first.refreshToken)).status).toBe(401);
    expect((await t.request('GET', readPath, undefined, bearer(second.token))).status).toBe(401);
  });

  it('revokes the refresh token: it no longer refreshes', async () => {
    const pair = await login();
    const res = await logout(logoutPath, pair.refreshToken);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ loggedOut: true });
    expect(res.headers.get('cache-control')).toBe('no-store');
    const after = await refresh(loginPath, pair.refreshToken);
    expect(after.status).toBe(401);
  });

  it('revokes the whole family: an earlier token and the latest successor both stop working', async () => {
    const first = await login();
    const second = assertTokenPair((await refresh(loginPath, first.refreshToken)).body);
    const third = assertTokenPair((await refresh(loginPath, second.refreshToken)).body);
    // Logging out with the stolen earlier token (already used) still ends the session the thief could reuse.
    expect((await logout(logoutPath, second.refreshToken)).status).toBe(200);
    expect((await refresh(loginPath, third.refreshToken)).status).toBe(401);
  });

  it('ends only its own session: another login of the same user keeps working', async () => {
    const mine = await login();
    const other = await login();
    expect((await logout(logoutPath, mine.refreshToken)).status).toBe(200);
    expect((await refresh(loginPath, other.refreshToken)).status).toBe(201);
  });

  it('an unknown or already ended session answers the same; no header is a 400', async () => {
    expect((await logout(logoutPath, 'not-a-token')).body).toEqual({ loggedOut: true });
    const pair = await login();
    expect((await logout(logoutPath, pair.refreshToken)).status).toBe(200);
    expect((await logout(logoutPath, pair.refreshToken)).status).toBe(200);
    const none = await logout(logoutPath);
    expect(none.status).toBe(400);
    expect(none.body.error.code).toBe('REFRESH_TOKEN_REQUIRED');
  });
});

describe('logout on one instance', () => {
  it('ends the access token on another instance that had just read the session as alive', async () => {
    const a = appOn(t.database);
    const b = appOn(t.database);
    const pair = await loginCustomer(a);
    const read = () => b.request('GET', paths.customer.user, undefined, bearer(pair.token));
    // Twice: the second read is answered from what B remembers of the session.
    for (let i = 0; i < 2; i++) expect((await read()).status).toBe(200);
    await new Promise((r) => setTimeout(r, 50)); // B's listener is up
    expect((await read()).status).toBe(200);
    expect(
      (await a.request('POST', paths.customer.logout, undefined, { RefreshToken: pair.refreshToken })).status,
    ).toBe(200);
    // PostgreSQL sends the announcement at commit; B's listening connection reads it a moment later (how long
    // depends on the machine's load), well within the 30 s that B would otherwise remember the session.
    const started = Date.now();
    let status = (await read()).status;
    while (status !== 401 && Date.now() - started < 5_000) {
      await new Promise((r) => setTimeout(r, 10));
      status = (await read()).status;
    }
    expect(status).toBe(401);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

describe('logout is per audience', () => {
  it("a customer's refresh token sent to the admin logout ends nothing", async () => {
    const pair = await loginCustomer(t);
    expect((await logout(paths.admin.logout, pair.refreshToken)).status).toBe(200);
    expect((await refresh(paths.customer.login, pair.refreshToken)).status).toBe(201);
  });
});

describe('password changes end every session of the user', () => {
  it('admin: PUT /user ends every refresh token of the admin', async () => {
    const a = await loginAdmin(t);
    const b = await loginAdmin(t);
    const changed = await t.request(
      'PUT',
      paths.admin.user,
      { username: 'admin@drip.dev', currentPassword: DEMO_PASSWORD, newPassword: 'nova-senha-123' },
      bearer(a.token),
    );
    expect(changed.status, changed.text).toBe(200);
    expect((await refresh(paths.admin.login, a.refreshToken)).status).toBe(401);
    expect((await refresh(paths.admin.login, b.refreshToken)).status).toBe(401);
    // Their access tokens end with them, not 15 minutes later.
    expect((await t.request('GET', paths.admin.user, undefined, bearer(b.token))).status).toBe(401);
    // back to the demo password for the other tests
    const relogin = await t.request('POST', paths.admin.login, {
      username: 'admin@drip.dev',
      password: 'nova-senha-123',
    });
    expect(relogin.status).toBe(200);
    const restored = await t.request(
      'PUT',
      paths.admin.user,
      { username: 'admin@drip.dev', currentPassword: 'nova-senha-123', newPassword: DEMO_PASSWORD },
      bearer(relogin.body.token),
    );
    expect(restored.status).toBe(200);
  });

  it('merchant: PUT v1/user with a new password ends every session; without one, none', async () => {
    const email = 'leitura@pitanga.demo';
    const phone = '+5521976541234';
    const a = await loginMerchant(t, email, phone);
    const b = await loginMerchant(t, email, phone);
    const sameEmail = await t.request(
      'PUT',
      paths.merchant.user,
      { email, currentPassword: DEMO_PASSWORD },
      bearer(a.token),
    );
    expect(sameEmail.status, sameEmail.text).toBe(200);
    const b2 = assertTokenPair((await refresh(paths.merchant.login, b.refreshToken)).body);
    const changed = await t.request(
      'PUT',
      paths.merchant.user,
      { email, currentPassword: DEMO_PASSWORD, newPassword: 'nova-senha-123' },
      bearer(a.token),
    );
    expect(changed.status, changed.text).toBe(200);
    expect((await refresh(paths.merchant.login, a.refreshToken)).status).toBe(401);
    expect((await refresh(paths.merchant.login, b2.refreshToken)).status).toBe(401);
  });
});

describe('session answers are not cached, API answers are not framed', () => {
  it('login, refresh and their errors carry Cache-Control: no-store', async () => {
    const login = await t.request('POST', paths.admin.login, {
      username: 'admin@drip.dev',
      password: DEMO_PASSWORD,
    });
    expect(login.status).toBe(200);
    expect(login.headers.get('cache-control')).toBe('no-store');
    const refreshed = await refresh(paths.admin.login, login.body.refreshToken);
    expect(refreshed.status).toBe(201);
    expect(refreshed.headers.get('cache-control')).toBe('no-store');
    const wrong = await t.request('POST', paths.customer.login, {
      username: '52998224725',
      password: 'errada-errada',
    });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('cache-control')).toBe('no-store');
    const step1 = await t.request('POST', paths.merchant.login, {
      username: 'admin@aurora.demo',
      password: DEMO_PASSWORD,
    });
    expect(step1.status).toBe(200);
    expect(step1.headers.get('cache-control')).toBe('no-store');
    const pair = await loginMerchant(t);
    expect(pair.token).toBeTruthy();
  });

  it('/api/docs and the API answers cannot be framed', async () => {
    for (const path of ['/api/docs', '/api/openapi.json', paths.healthz, paths.admin.login]) {
      const res = await t.raw(path, { method: 'GET' });
      expect(res.headers.get('x-frame-options'), path).toBe('DENY');
      expect(res.headers.get('content-security-policy'), path).toBe("frame-ancestors 'none'");
    }
  });
});
