/**
 * Property-based fuzzing of every endpoint of the table, as every kind of caller, on the seeded demo world (with its
 * history: orders in every status). See docs/fuzzing.md.
 *
 * Properties: no answer is a 5xx (or hangs); every 4xx is JSON with a Portuguese message; afterwards the server is
 * ready, a normal call works and no order is left half-written.
 *
 * DRIP_FUZZ_SEED (default a fixed seed, `random` for a new one), DRIP_FUZZ_RUNS (requests in all, default 10 250),
 * DRIP_FUZZ_ONLY (endpoint ids, comma-separated) replay or widen a run; the seed is printed.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CATALOGUE_KEY_HEADER, endpointTable, pathParams, paths, VTEX_HEADERS } from '@drip/core';
import { type SQL, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_CATALOGUE_API_KEY } from '../../src/config.ts';
import { pixSettings } from '../../src/modules/payments/module.ts';
import { apiKeyOf } from '../checkout-helpers.ts';
import { bearer, loginAdmin, loginCustomer, loginMerchant, seededApp } from '../helpers.ts';
import { refusalProblem } from './portuguese.ts';
import { admittedCallers, type Caller, type FuzzRequest, type Pools, requestArbitrary } from './requests.ts';
import { DOMAIN_STRINGS } from './schema-arbitrary.ts';

const DEFAULT_SEED = 20_260_310;
const seedEnv = process.env.DRIP_FUZZ_SEED;
const SEED =
  seedEnv === 'random' ? Math.floor(Math.random() * 2 ** 31) : seedEnv ? Number(seedEnv) : DEFAULT_SEED;
const RUNS = Number(process.env.DRIP_FUZZ_RUNS ?? 10_250);
const ONLY = process.env.DRIP_FUZZ_ONLY?.split(',').map((s) => s.trim()) ?? null;
/** A request that takes longer than this is reported as hanging. */
const HANG_MS = 15_000;

let t: Awaited<ReturnType<typeof seededApp>>;
let credentials: Record<Caller, Record<string, string>>;
let pools: Pools;
/** Ids of the callers' own accounts, kept out of the path pool so that the run cannot lock itself out. */
let ownIds: Set<string>;

/** The rows of a query (PGlite and node-postgres both answer `{ rows }`). */
async function rowsOf<T>(query: SQL): Promise<T[]> {
  return ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** 32-bit hash of an endpoint id: each endpoint's requests depend on the seed and its id only. */
function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

async function login(): Promise<void> {
  const demo = (await t.request('GET', '/sandbox/demo')).body;
  const aurora = demo.merchants.find((m: { name: string }) => m.name === 'Loja Aurora') ?? demo.merchants[0];
  const settings = pixSettings(t.built.services.config);
  const pspToken = await t.raw('/sandbox/psp/oauth/token', {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${btoa(`${settings.sandboxClientId}:${settings.sandboxClientSecret}`)}`,
    },
    body: 'grant_type=client_credentials',
  });
  const psp = (await pspToken.json()) as { access_token: string };
  // A throwaway session for refresh and logout, which end or rotate it.
  const throwaway = await loginAdmin(t);
  credentials = {
    none: {},
    admin: bearer((await loginAdmin(t)).token),
    merchantAdmin: bearer((await loginMerchant(t)).token),
    merchantRead: bearer((await loginMerchant(t, 'leitura@aurora.demo', '+5511976543210')).token),
    customer: bearer((await loginCustomer(t)).token),
    apiKey: bearer(await apiKeyOf(t, 'Loja Aurora')),
    catalogueKey: { [CATALOGUE_KEY_HEADER]: SANDBOX_CATALOGUE_API_KEY },
    vtex: { [VTEX_HEADERS.appKey]: aurora.vtex.appKey, [VTEX_HEADERS.appToken]: aurora.vtex.appToken },
    refreshToken: { refreshtoken: throwaway.refreshToken },
    pspToken: bearer(psp.access_token),
    pspWebhook: {},
  };
}

/**
 * The ids of the seeded world (up to 6 of every table's `id`, the Pix charges' txid and end-to-end id), escaped for
 * a path, by `table.column`.
 */
async function seededIds(): Promise<Record<string, string[]>> {
  const columns = await rowsOf<{ table_name: string; column_name: string }>(
    sql`select table_name, column_name from information_schema.columns
        where table_schema = 'public' and column_name in ('id', 'txid', 'end_to_end_id')
        order by table_name, column_name`,
  );
  const out: Record<string, string[]> = {};
  for (const { table_name, column_name } of columns) {
    const rows = await rowsOf<{ v: string }>(
      sql`select ${sql.identifier(column_name)}::text as v from ${sql.identifier(table_name)}
          where ${sql.identifier(column_name)} is not null limit 6`,
    );
    const ids = rows.map((r) => r.v).filter((v) => !ownIds.has(v));
    if (ids.length > 0) out[`${table_name}.${column_name}`] = ids.map(encodeURIComponent);
  }
  return out;
}

async function ownAccountIds(): Promise<Set<string>> {
  const rows = await rowsOf<{ id: string }>(sql`select id::text as id from admins
          union all select id::text from merchants where name = 'Loja Aurora'
          union all select u.id::text from merchant_users u join merchants m on m.id = u.merchant_id
            where m.name = 'Loja Aurora'
          union all select id::text from customers where cpf = '52998224725'`);
  return new Set(rows.map((r) => r.id));
}

/** Orders whose instalments do not add up to the financed amount (a half-written order). */
async function halfWrittenOrders(): Promise<string[]> {
  const rows = await rowsOf<{
    id: string;
  }>(sql`select o.id::text as id from orders o left join instalments i on i.order_id = o.id
          group by o.id, o.financed_amount
          having count(i.id) = 0 or sum(i.amount) <> o.financed_amount`);
  return rows.map((r) => r.id).sort();
}

interface Outcome {
  status: number;
  contentType: string;
  text: string;
}

let sent = 0;

async function send(req: FuzzRequest): Promise<Outcome> {
  sent++;
  // A new idempotency key per request (unless the request breaks it): a reused one would answer every later
  // checkout creation with its first answer or a 422, and the body's fields would go untested.
  const headers = { ...credentials[req.caller], 'idempotency-key': `fuzz-${SEED}-${sent}`, ...req.headers };
  let url = req.url;
  if (req.caller === 'pspWebhook') {
    const token = pixSettings(t.built.services.config).webhookSecret;
    url += `${url.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}`;
  }
  const init: RequestInit = { method: req.method, headers };
  if (req.body !== undefined && req.method !== 'GET') init.body = req.body as RequestInit['body'];
  // A client address of its own per request: the per-address rate limits never lock the run out.
  const address = `10.${(sent >> 16) & 255}.${(sent >> 8) & 255}.${sent & 255}`;
  const env = { incoming: { socket: { remoteAddress: address } } };
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${HANG_MS} ms`)), HANG_MS);
  });
  try {
    const res = await Promise.race([Promise.resolve(t.built.app.request(url, init, env)), hang]);
    const contentType = res.headers.get('content-type') ?? '';
    // An event stream that was opened stays open: its first bytes are enough.
    if (contentType.includes('text/event-stream')) {
      await res.body?.cancel();
      return { status: res.status, contentType, text: '' };
    }
    const text = await Promise.race([res.text(), hang]);
    return { status: res.status, contentType, text };
  } finally {
    clearTimeout(timer);
  }
}

function replayLine(req: FuzzRequest): string {
  const body =
    req.body === undefined
      ? ''
      : typeof req.body === 'string'
        ? ` corpo=${req.body.length > 300 ? `${req.body.slice(0, 300)}…(${req.body.length})` : req.body}`
        : ` bytes=[${[...req.body].join(',')}]`;
  return `${req.method} ${req.url.length > 300 ? `${req.url.slice(0, 300)}…` : req.url} como ${req.caller} cabeçalhos=${JSON.stringify(req.headers).slice(0, 200)}${body}`;
}

beforeAll(async () => {
  const setupStarted = Date.now();
  // Built apps stand in place (an empty page each), as in production: a path that normalises to a page (`/x/..`)
  // gets the page, not the development server's 'not built' 503.
  const apps = mkdtempSync(join(tmpdir(), 'drip-fuzz-apps-'));
  for (const app of ['portals', 'checkout']) {
    mkdirSync(join(apps, app));
    writeFileSync(join(apps, app, 'index.html'), '<!doctype html><title>Drip</title>');
  }
  t = await seededApp({
    history: true,
    config: { portalsDist: join(apps, 'portals'), checkoutDist: join(apps, 'checkout') },
  });
  ownIds = await ownAccountIds();
  await login();
  const idsBySource = await seededIds();
  const ids = Object.values(idsBySource).flat();
  console.info(
    `fuzz: demo world seeded and callers logged in in ${((Date.now() - setupStarted) / 1000).toFixed(1)} s`,
  );
  pools = { ids, idsBySource, strings: [...DOMAIN_STRINGS, ...ids.map(decodeURIComponent).slice(0, 300)] };
});
afterAll(async () => {
  await t?.dispose();
});

describe('fuzzing from the endpoint table', () => {
  it('answers no 5xx and only Portuguese 4xx, to every endpoint as every caller; the server stays healthy', async () => {
    const endpoints = ONLY ? endpointTable.filter((e) => ONLY.includes(e.id)) : endpointTable;
    const perEndpoint = Math.ceil(RUNS / endpoints.length);
    const failures = new Map<string, string>();
    const covered = new Set<string>();
    const reachedHandler = new Set<string>();
    const statuses = new Map<string, number>();
    const relogins: string[] = [];
    const halfWrittenBefore = await halfWrittenOrders();
    const started = Date.now();
    console.info(
      `fuzz: seed ${SEED}, ${perEndpoint} requests for each of ${endpoints.length} endpoints (replay: DRIP_FUZZ_SEED=${SEED} DRIP_FUZZ_RUNS=${RUNS}${ONLY ? ` DRIP_FUZZ_ONLY=${ONLY.join(',')}` : ''})`,
    );
    const slowest: [number, string][] = [];
    const codes = new Map<string, number>();
    for (const endpoint of endpoints) {
      const endpointStarted = Date.now();
      const requests = fc.sample(requestArbitrary(endpoint, pools), {
        seed: (SEED ^ hash(endpoint.id)) | 0,
        numRuns: perEndpoint,
      });
      let lockedOut = false;
      for (const [index, req] of requests.entries()) {
        let outcome: Outcome;
        try {
          outcome = await send(req);
        } catch (err) {
          failures.set(
            `${endpoint.id} pendurou`,
            `#${index} ${req.mutation}: ${String(err)}\n  ${replayLine(req)}`,
          );
          continue;
        }
        covered.add(endpoint.id);
        const statusClass = `${Math.floor(outcome.status / 100)}xx`;
        statuses.set(statusClass, (statuses.get(statusClass) ?? 0) + 1);
        const admitted = admittedCallers(endpoint).includes(req.caller);
        if (admitted && outcome.status !== 401 && outcome.status !== 403) reachedHandler.add(endpoint.id);
        // Only a credential the run holds can be lost (an anonymous call's 401 is a refused login, not a lock-out).
        const holdsCredential = !['none', 'refreshToken', 'pspWebhook'].includes(req.caller);
        if (admitted && holdsCredential && outcome.status === 401 && req.kind !== 'header') lockedOut = true;
        let problem: string | null = null;
        if (outcome.status >= 500) problem = `${outcome.status}: ${outcome.text.slice(0, 200)}`;
        else if (outcome.status >= 400)
          problem = refusalProblem(
            outcome.contentType,
            outcome.text,
            endpoint.audience === 'vtexProvider' ? 'vtex' : 'envelope',
          );
        if (process.env.DRIP_FUZZ_VERBOSE && outcome.status >= 400) {
          const code = /"code":"([^"]+)"/.exec(outcome.text)?.[1] ?? '?';
          codes.set(`${outcome.status} ${code}`, (codes.get(`${outcome.status} ${code}`) ?? 0) + 1);
        }
        if (problem) {
          const key = `${endpoint.id} ${outcome.status} ${problem.split(':')[0]}`;
          if (!failures.has(key))
            failures.set(key, `#${index} (${req.mutation}) → ${problem}\n  ${replayLine(req)}`);
        }
      }
      slowest.push([Date.now() - endpointStarted, endpoint.id]);
      // A call that ended the run's own session (a password change, logout of every session…): log in again.
      if (lockedOut) {
        relogins.push(endpoint.id);
        await login();
      }
    }
    const seconds = (Date.now() - started) / 1000;
    console.info(
      `fuzz: ${sent} requests in ${seconds.toFixed(1)} s (${Math.round(sent / seconds)}/s), ${covered.size} endpoints, ${reachedHandler.size} reached past their guard, ${relogins.length} new logins after a lock-out (${relogins.join(', ')}), ${failures.size} distinct failures`,
    );
    if (process.env.DRIP_FUZZ_VERBOSE) {
      console.info(
        `fuzz: slowest ${slowest
          .sort((a, b) => b[0] - a[0])
          .slice(0, 12)
          .map(([ms, id]) => `${id} ${ms} ms`)
          .join(', ')}`,
      );
      console.info(
        `fuzz: refusals ${[...codes]
          .sort((a, b) => b[1] - a[1])
          .map(([c, n]) => `${c} ${n}`)
          .join(', ')}`,
      );
    }
    console.info(
      `fuzz: answers ${[...statuses]
        .sort()
        .map(([k, n]) => `${k} ${n}`)
        .join(', ')}`,
    );
    for (const [key, detail] of failures) console.error(`fuzz failure: ${key}\n  ${detail}`);

    // Healthy afterwards: ready, a normal call works, no order left half-written.
    const ready = await t.request('GET', paths.readyz);
    expect(ready.status).toBe(200);
    const admin = bearer((await loginAdmin(t)).token);
    expect((await t.request('GET', paths.admin.user, undefined, admin)).status).toBe(200);
    expect(await halfWrittenOrders()).toEqual(halfWrittenBefore);
    // Nothing the run stored breaks a read: every list and page without a path parameter, as its caller, with no
    // query, answers below 500 (a stored year 9999 or 1e308 that the answer's schema refused would be a 500 here).
    await login();
    const broken: string[] = [];
    for (const endpoint of endpointTable) {
      if (endpoint.method !== 'GET' || pathParams(endpoint.path).length > 0) continue;
      const res = await send({
        endpointId: endpoint.id,
        caller: admittedCallers(endpoint)[0] ?? 'none',
        method: 'GET',
        url: endpoint.path,
        headers: {},
        mutation: 'leitura depois da rodada',
        kind: 'none',
      });
      if (res.status >= 500) broken.push(`${endpoint.id}: ${res.status} ${res.text.slice(0, 200)}`);
    }
    expect(broken).toEqual([]);

    expect([...failures.keys()]).toEqual([]);
    if (!ONLY) {
      expect(sent).toBeGreaterThanOrEqual(10_000);
      // Every endpoint of the table was sent requests, and every one got some past its guard.
      expect(endpoints.filter((e) => !covered.has(e.id)).map((e) => e.id)).toEqual([]);
      expect(endpoints.filter((e) => !reachedHandler.has(e.id)).map((e) => e.id)).toEqual([]);
    }
  }, 300_000);
});
