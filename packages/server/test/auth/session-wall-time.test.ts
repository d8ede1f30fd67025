import { paths } from '@drip/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { type OffsetClock, offsetClock } from '../../src/clock.ts';
import { createLogger } from '../../src/log.ts';
import { PasswordHasher } from '../../src/modules/auth/passwords.ts';
import { seed } from '../../src/seed.ts';
import {
  assertTokenPair,
  bearer,
  DEMO_PASSWORD,
  openTestDatabase,
  TEST_HASHING,
  type TestResponse,
  testConfig,
} from '../helpers.ts';

// The sandbox clock is the business clock (due dates, fees, settlements, expiry of checkouts); sessions, codes and
// rate limits run on the wall clock, so that moving business time never logs anybody out.
let dispose: () => Promise<void>;
let clock: OffsetClock;
let request: (
  method: string,
  path: string,
  body?: unknown,
  headers?: Record<string, string>,
) => Promise<TestResponse>;

beforeAll(async () => {
  const opened = await openTestDatabase();
  dispose = opened.dispose;
  await seed(opened.database.db, new PasswordHasher(TEST_HASHING));
  clock = offsetClock();
  const { app } = buildApp({
    config: testConfig(),
    database: opened.database,
    clock,
    log: createLogger('silent'),
  });
  request = async (method, path, body, headers = {}) => {
    const init: RequestInit = { method, headers: { ...headers } };
    if (body !== undefined) {
      init.body = JSON.stringify(body);
      init.headers = { 'content-type': 'application/json', ...headers };
    }
    const res = await app.request(path, init);
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined, text };
  };
});
afterAll(async () => {
  clock.reset();
  await dispose();
});

const advance = async (body: unknown) => {
  const res = await request('POST', '/sandbox/clock', body);
  expect(res.status, res.text).toBe(200);
};

async function codeFor(phone: string): Promise<string> {
  const res = await request('GET', `${paths.sandbox.outbox}?to=${encodeURIComponent(phone)}`);
  return res.body.messages[0].code;
}

async function merchantLogin() {
  const step1 = await request('POST', paths.merchant.login, {
    username: 'admin@aurora.demo',
    password: DEMO_PASSWORD,
  });
  expect(step1.status, step1.text).toBe(200);
  const step2 = await request('POST', paths.merchant.login, {
    username: 'admin@aurora.demo',
    smsCode: await codeFor('+5511987654321'),
  });
  expect(step2.status, step2.text).toBe(200);
  return assertTokenPair(step2.body);
}

describe('the sandbox clock moves business dates only', () => {
  it('advancing it a day keeps the merchant session: the access token still reads, the refresh token refreshes', async () => {
    const pair = await merchantLogin();
    await advance({ advanceDays: 1 });
    const read = await request('GET', paths.merchant.merchant, undefined, bearer(pair.token));
    expect(read.status, read.text).toBe(200);
    // Past the refresh token's 30 days of business time: the session is still days old on the wall.
    await advance({ advanceDays: 31 });
    const refreshed = await request('PUT', paths.merchant.login, undefined, {
      RefreshToken: pair.refreshToken,
    });
    expect(refreshed.status, refreshed.text).toBe(201);
    const again = await request(
      'GET',
      paths.merchant.merchant,
      undefined,
      bearer(assertTokenPair(refreshed.body).token),
    );
    expect(again.status, again.text).toBe(200);
    await advance({ reset: true });
  });

  it('a session opened while the clock is ahead keeps working after it is reset', async () => {
    await advance({ advanceDays: 3 });
    const pair = await merchantLogin();
    await advance({ reset: true });
    const read = await request('GET', paths.merchant.merchant, undefined, bearer(pair.token));
    expect(read.status, read.text).toBe(200);
  });

  it("the login code's 10 minutes are wall minutes", async () => {
    const step1 = await request('POST', paths.merchant.login, {
      username: 'admin@aurora.demo',
      password: DEMO_PASSWORD,
    });
    expect(step1.status, step1.text).toBe(200);
    const smsCode = await codeFor('+5511987654321');
    await advance({ advanceMinutes: 60 });
    const step2 = await request('POST', paths.merchant.login, { username: 'admin@aurora.demo', smsCode });
    expect(step2.status, step2.text).toBe(200);
    await advance({ reset: true });
  });
});
