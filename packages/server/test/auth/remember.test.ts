import { paths } from '@drip/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_ONLY_REFRESH_HOURS } from '../../src/modules/auth/service.ts';
import { assertTokenPair, DEMO_PASSWORD, latestCode, seededApp } from '../helpers.ts';

// 'Mantenha-me conectado' is kept by the server, not only by where the portal stores the tokens: unchecked, the
// refresh token dies after SESSION_ONLY_REFRESH_HOURS without use; checked (or left out by an API client), it lives
// REFRESH_TOKEN_TTL_DAYS.
let t: Awaited<ReturnType<typeof seededApp>>;
beforeAll(async () => {
  t = await seededApp();
});
afterAll(async () => {
  await t.dispose();
});

const HOUR = 3_600_000;
const refresh = (path: string, token: string) => t.request('PUT', path, undefined, { RefreshToken: token });

async function loginMerchant(remember: boolean | undefined) {
  const username = 'admin@aurora.demo';
  const step1 = await t.request('POST', paths.merchant.login, { username, password: DEMO_PASSWORD });
  expect(step1.status, step1.text).toBe(200);
  const smsCode = await latestCode(t, '+5511987654321');
  const res = await t.request('POST', paths.merchant.login, { username, smsCode, remember });
  expect(res.status, res.text).toBe(200);
  return assertTokenPair(res.body);
}

async function loginWith(path: string, username: string, remember: boolean | undefined) {
  const res = await t.request('POST', path, { username, password: DEMO_PASSWORD, remember });
  expect(res.status, res.text).toBe(200);
  return assertTokenPair(res.body);
}

describe.each([
  ['admin', paths.admin.login, (r: boolean | undefined) => loginWith(paths.admin.login, 'admin@drip.dev', r)],
  [
    'customer',
    paths.customer.login,
    (r: boolean | undefined) => loginWith(paths.customer.login, '52998224725', r),
  ],
  ['merchant', paths.merchant.login, loginMerchant],
] as const)('%s: Mantenha-me conectado', (_name, loginPath, login) => {
  it('unchecked: the session ends after its hours without use', async () => {
    const pair = await login(false);
    t.clock.advance((SESSION_ONLY_REFRESH_HOURS + 1) * HOUR);
    expect((await refresh(loginPath, pair.refreshToken)).status).toBe(401);
  });

  it('unchecked: each use slides the session, which stays session-only after a refresh', async () => {
    const pair = await login(false);
    t.clock.advance((SESSION_ONLY_REFRESH_HOURS - 1) * HOUR);
    const res = await refresh(loginPath, pair.refreshToken);
    expect(res.status).toBe(201);
    const next = assertTokenPair(res.body);
    t.clock.advance((SESSION_ONLY_REFRESH_HOURS + 1) * HOUR);
    expect((await refresh(loginPath, next.refreshToken)).status).toBe(401);
  });

  it.each([true, undefined])('checked (%s): the session outlives a day without use', async (remember) => {
    const pair = await login(remember);
    t.clock.advance(5 * 24 * HOUR);
    const res = await refresh(loginPath, pair.refreshToken);
    expect(res.status).toBe(201);
    // Still the long kind after the rotation.
    t.clock.advance(5 * 24 * HOUR);
    expect((await refresh(loginPath, assertTokenPair(res.body).refreshToken)).status).toBe(201);
  });

  it('refuses a remember that is not true or false with a 400', async () => {
    const body =
      loginPath === paths.merchant.login
        ? { username: 'admin@aurora.demo', smsCode: '123456', remember: 'sim' }
        : {
            username: loginPath === paths.admin.login ? 'admin@drip.dev' : '52998224725',
            password: DEMO_PASSWORD,
            remember: 'sim',
          };
    const res = await t.request('POST', loginPath, body);
    expect(res.status).toBe(400);
  });
});
