import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type EndpointAudience, paths, type TokenPair } from '@drip/core';
import * as v from 'valibot';
import { inject } from 'vitest';
import { type AppDeps, buildApp } from '../src/app.ts';
import { clockTravel, type ManualClock, manualClock } from '../src/clock.ts';
import {
  type Config,
  DEFAULT_RATE_LIMIT,
  type RateLimitConfig,
  SANDBOX_CATALOGUE_API_KEY,
} from '../src/config.ts';
import { type DatabaseHandle, openDatabase } from '../src/db/index.ts';
import { createLogger, type Logger } from '../src/log.ts';
import { PasswordHasher } from '../src/modules/auth/passwords.ts';
import type { Notifications } from '../src/modules/notifications/ports.ts';
import type { Resolver } from '../src/outbound.ts';
import { DEMO_PASSWORD, seed } from '../src/seed.ts';
import { seedHistory } from '../src/seed-history.ts';
import { createPgDatabase, PG_ADMIN_URL } from './pg-database.ts';

/** Cheap argon2id parameters for tests. */
export const TEST_HASHING = { memoryCost: 1024, timeCost: 1, parallelism: 1 };

export { createPgDatabase, PG_ADMIN_URL };

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    databaseUrl: undefined,
    dataDir: join(tmpdir(), 'drip-test-unused'),
    nodeEnv: 'test',
    sandbox: true,
    jwtSecret: 'test-secret-test-secret-test-secret-0123456789',
    accessTokenTtlSeconds: 900,
    refreshTokenTtlDays: 30,
    publicUrl: 'http://localhost:3000',
    portalsDist: join(tmpdir(), 'drip-test-no-portals'),
    checkoutDist: join(tmpdir(), 'drip-test-no-checkout'),
    logLevel: 'silent',
    passwordHashing: TEST_HASHING,
    rateLimit: { windowSeconds: 60, perIp: 100_000, perSubject: 100_000 },
    // Every test request comes from one address and many reuse the demo phones: the send caps are tested on their
    // own (send-caps.test.ts).
    sendCaps: {
      perCheckout: { max: 100_000, windowSeconds: 3600 },
      perRecipient: { max: 100_000, windowSeconds: 3600 },
      perIp: { max: 100_000, windowSeconds: 3600 },
    },
    ...overrides,
  };
}

/**
 * The migrated database the suite's global setup (global-setup.ts) prepared once, or undefined outside it (a file
 * run with another config): then each database is migrated from empty.
 */
function migratedStart(): { pgTemplate?: string; pgliteSnapshot?: Blob } {
  const pgTemplate = inject('pgTemplate');
  const file = inject('pgliteSnapshot');
  if (file && !PG_ADMIN_URL) snapshot ??= new Blob([readFileSync(file)]);
  return {
    ...(pgTemplate ? { pgTemplate } : {}),
    ...(snapshot && !PG_ADMIN_URL ? { pgliteSnapshot: snapshot } : {}),
  };
}
let snapshot: Blob | undefined;

/**
 * In-memory PGlite, or a fresh PostgreSQL database when DRIP_TEST_DATABASE_URL is set; migrated (a copy of the
 * suite's migrated database, on which migrate() then finds nothing to apply).
 */
export async function openTestDatabase(): Promise<{ database: DatabaseHandle; dispose(): Promise<void> }> {
  const start = migratedStart();
  if (PG_ADMIN_URL) {
    const fresh = await createPgDatabase(PG_ADMIN_URL, start.pgTemplate);
    const database = await openDatabase({ databaseUrl: fresh.url });
    await database.migrate();
    return {
      database,
      dispose: async () => {
        await database.close();
        await fresh.drop();
      },
    };
  }
  const database = await openDatabase({
    inMemory: true,
    ...(start.pgliteSnapshot ? { snapshot: start.pgliteSnapshot } : {}),
  });
  await database.migrate();
  return { database, dispose: () => database.close() };
}

export interface TestApp {
  request(
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<TestResponse>;
  raw(path: string, init: RequestInit): Promise<Response>;
  /** `request` as if sent over a TCP connection from `address` (the client address the server sees). */
  from(address: string): TestApp['request'];
  clock: ManualClock;
  built: ReturnType<typeof buildApp>;
  database: DatabaseHandle;
}

export interface TestResponse {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: test assertions read arbitrary JSON shapes
  body: any;
  text: string;
}

export function appOn(
  database: DatabaseHandle,
  options: {
    clock?: ManualClock;
    rateLimit?: RateLimitConfig;
    config?: Partial<Config>;
    notifications?: Notifications;
    /** DNS of the outbound calls (webhooks): a name can be made to lead anywhere. */
    resolve?: Resolver;
    /** Faults injected in front of the dependencies, the payout port, the SMS gateway (test/faults). */
    deps?: Pick<AppDeps, 'faults' | 'payouts' | 'smsGateway'>;
    /** Where the app logs (silent by default). */
    log?: Logger;
  } = {},
): TestApp {
  const clock = options.clock ?? manualClock(new Date('2026-03-10T12:00:00Z'));
  const built = buildApp({
    config: testConfig({ ...(options.rateLimit ? { rateLimit: options.rateLimit } : {}), ...options.config }),
    database,
    clock,
    log: options.log ?? createLogger('silent'),
    ...(options.notifications ? { notifications: options.notifications } : {}),
    ...(options.resolve ? { resolve: options.resolve } : {}),
    ...options.deps,
  });
  const send =
    (address: string | undefined): TestApp['request'] =>
    async (method, path, body, headers = {}) => {
      const init: RequestInit = { method, headers: { ...headers } };
      if (body !== undefined) {
        init.body = typeof body === 'string' ? body : JSON.stringify(body);
        init.headers = { 'content-type': 'application/json', ...headers };
      }
      // What @hono/node-server's getConnInfo reads: the Node request's socket.
      const env = address === undefined ? undefined : { incoming: { socket: { remoteAddress: address } } };
      const res = await built.app.request(path, init, env);
      const text = await res.text();
      let parsed: unknown;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        parsed = undefined;
      }
      return { status: res.status, headers: res.headers, body: parsed, text };
    };
  const raw = (path: string, init: RequestInit) => Promise.resolve(built.app.request(path, init));
  return {
    clock,
    built,
    database,
    raw,
    request: send(undefined),
    from: send,
  };
}

/**
 * A seeded database and an app on it, for one test file. Without the demo history (`npm start` seeds it) unless
 * `history` asks for it: many tests count the demo world's rows.
 */
export async function seededApp(options: Parameters<typeof appOn>[1] & { history?: boolean } = {}) {
  const { database, dispose } = await openTestDatabase();
  await seed(database.db, new PasswordHasher(TEST_HASHING));
  const { history, ...appOptions } = options;
  const t = appOn(database, appOptions);
  if (history)
    await seedHistory(database.db, t.built.services, t.clock.now(), { travel: clockTravel(t.clock) });
  return { ...t, dispose };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export { DEMO_PASSWORD };

export function assertTokenPair(body: unknown): TokenPair {
  return v.parse(v.object({ token: v.string(), refreshToken: v.string() }), body);
}

export async function latestCode(t: TestApp, to: string): Promise<string> {
  const res = await t.request('GET', `${paths.sandbox.outbox}?to=${encodeURIComponent(to)}`);
  const code = res.body?.messages?.[0]?.code;
  if (typeof code !== 'string') throw new Error(`no code in the outbox for ${to}: ${res.text}`);
  return code;
}

export async function loginAdmin(t: TestApp): Promise<TokenPair> {
  const res = await t.request('POST', paths.admin.login, {
    username: 'admin@drip.dev',
    password: DEMO_PASSWORD,
  });
  if (res.status !== 200) throw new Error(`admin login failed: ${res.status} ${res.text}`);
  return assertTokenPair(res.body);
}

export async function loginMerchant(
  t: TestApp,
  email = 'admin@aurora.demo',
  phone = '+5511987654321',
): Promise<TokenPair> {
  const step1 = await t.request('POST', paths.merchant.login, { username: email, password: DEMO_PASSWORD });
  if (step1.status !== 200) throw new Error(`merchant login failed: ${step1.status} ${step1.text}`);
  const smsCode = await latestCode(t, phone);
  const step2 = await t.request('POST', paths.merchant.login, { username: email, smsCode });
  if (step2.status !== 200) throw new Error(`merchant code failed: ${step2.status} ${step2.text}`);
  return assertTokenPair(step2.body);
}

export async function loginCustomer(
  t: TestApp,
  cpf = '52998224725',
  password = DEMO_PASSWORD,
): Promise<TokenPair> {
  const res = await t.request('POST', paths.customer.login, { username: cpf, password });
  if (res.status !== 200) throw new Error(`customer login failed: ${res.status} ${res.text}`);
  return assertTokenPair(res.body);
}

export { DEFAULT_RATE_LIMIT };

/**
 * Headers that get a caller of each audience through its check on the seeded world: a fresh login for the portal
 * audiences, the demo store's API key (with `idempotencyKey`) and the sandbox catalogue key; none for the open ones.
 * For tests that walk the endpoint table and send every call as the caller it expects.
 */
export async function audienceHeaders(
  t: TestApp,
  idempotencyKey: string,
): Promise<Record<EndpointAudience, Record<string, string>>> {
  const demoMerchant = (await t.request('GET', '/sandbox/demo')).body.merchants[0];
  return {
    anonymous: {},
    shopper: {},
    psp: {},
    sandbox: {},
    admin: bearer((await loginAdmin(t)).token),
    merchantRead: bearer((await loginMerchant(t)).token),
    merchantAdmin: bearer((await loginMerchant(t)).token),
    customer: bearer((await loginCustomer(t)).token),
    catalogueApiKey: { 'X-Api-Key': SANDBOX_CATALOGUE_API_KEY },
    merchantApiKey: {
      ...bearer(demoMerchant.apiKey),
      'idempotency-key': idempotencyKey,
    },
    vtexProvider: {
      'X-PROVIDER-API-AppKey': demoMerchant.vtex.appKey,
      'X-PROVIDER-API-AppToken': demoMerchant.vtex.appToken,
    },
  };
}
