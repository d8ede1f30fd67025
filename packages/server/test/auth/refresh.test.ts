import { paths } from '@drip/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertTokenPair, bearer, loginAdmin, loginCustomer, loginMerchant, seededApp } from '../helpers.ts';

let t: Awaited<ReturnType<typeof seededApp>>;
beforeAll(async () => {
  t = await seededApp();
});
afterAll(async () => {
  await t.dispose();
});

const refresh = (path: string, token: string) => t.request('PUT', path, undefined, { RefreshToken: token });

describe.each([
  ['admin', paths.admin.login, paths.admin.user, () => loginAdmin(t)],
  ['merchant', paths.merchant.login, paths.merchant.user, () => loginMerchant(t)],
  ['customer', paths.customer.login, paths.customer.user, () => loginCustomer(t)],
] as const)('%s refresh', (_name, loginPath, userPath, login) => {
  it('rotates the refresh token (201) and the new access token works', async () => {
    const first = await login();
    const res = await refresh(loginPath, first.refreshToken);
    expect(res.status).toBe(201);
    const second = assertTokenPair(res.body);
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect((await t.request('GET', userPath, undefined, bearer(second.token))).status).toBe(200);
  });

  it('reuse of a used token revokes the whole family', async () => {
    const first = await login();
    const second = assertTokenPair((await refresh(loginPath, first.refreshToken)).body);
    const reuse = await refresh(loginPath, first.refreshToken);
    expect(reuse.status).toBe(401);
    expect(reuse.body.error.code).toBe('REFRESH_TOKEN_REUSED');
    // The legitimate successor is revoked too.
    expect((await refresh(loginPath, second.refreshToken)).status).toBe(401);
  });

  it('401 without the header, with garbage, or with another audience token', async () => {
    expect((await t.request('PUT', loginPath)).status).toBe(401);
    expect((await refresh(loginPath, 'garbage')).status).toBe(401);
    const otherLogin = loginPath === paths.admin.login ? paths.customer.login : paths.admin.login;
    const other = assertTokenPair(
      (
        await t.request(
          'POST',
          otherLogin,
          otherLogin === paths.admin.login
            ? { username: 'admin@drip.dev', password: 'drip-demo-123' }
            : { username: '11144477735', password: 'drip-demo-123' },
        )
      ).body,
    );
    expect((await refresh(loginPath, other.refreshToken)).status).toBe(401);
  });

  it('expired refresh tokens are refused; expired access tokens give 401', async () => {
    const pair = await login();
    t.clock.advance(16 * 60 * 1000);
    expect((await t.request('GET', userPath, undefined, bearer(pair.token))).status).toBe(401);
    t.clock.advance(31 * 24 * 60 * 60 * 1000);
    expect((await refresh(loginPath, pair.refreshToken)).status).toBe(401);
  });
});
