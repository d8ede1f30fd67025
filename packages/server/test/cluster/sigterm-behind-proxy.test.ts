/**
 * `npm run cluster` as production runs it: PostgreSQL, three Drip instances started as processes (the server's
 * main.ts), HAProxy in front health-checking /readyz. Under steady load through the proxy (merchants creating
 * checkouts, shoppers opening them), one instance gets SIGTERM: it answers 503 on /readyz while it goes on serving
 * (DRIP_SHUTDOWN_GRACE_MS, 3 s here), HAProxy takes it out of the rotation, then it closes its listener, finishes its open
 * requests and exits 0. Not one client request fails.
 */
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Cluster, haproxyBin, startCluster, upInstances } from '../../../../scripts/cluster.mjs';
import { createPgDatabase, PG_ADMIN_URL } from '../helpers.ts';

/** `count` consecutive free loopback ports (the proxy, its stats page, the instances). */
async function freePortBlock(count: number): Promise<number> {
  const free = (port: number) =>
    new Promise<boolean>((resolve) => {
      const s = createServer();
      s.once('error', () => resolve(false));
      s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
    });
  for (;;) {
    const base = 20_000 + Math.floor(Math.random() * 30_000);
    let ok = true;
    for (let p = base; p < base + count && ok; p++) ok = await free(p);
    if (ok) return base;
  }
}

const INSTANCES = 3;

describe.skipIf(!PG_ADMIN_URL)('an instance stopped under load behind HAProxy', () => {
  let fresh: { url: string; drop(): Promise<void> };
  let cluster: Cluster;

  beforeAll(async () => {
    if (!haproxyBin()) throw new Error('HAProxy is missing: apt-get install haproxy (.ci/run installs it)');
    fresh = await createPgDatabase(PG_ADMIN_URL ?? '');
    cluster = await startCluster({
      instances: INSTANCES,
      port: await freePortBlock(INSTANCES + 2),
      databaseUrl: fresh.url,
      entry: 'source',
      graceSeconds: 3,
      env: { LOG_LEVEL: 'warn' },
      quiet: true,
    });
  }, 120_000);
  afterAll(async () => {
    await cluster?.stop();
    await fresh?.drop();
  });

  it('SIGTERM: the instance drains, exits 0, and no client request fails', async () => {
    const demo = (await (await fetch(`${cluster.proxyUrl}/sandbox/demo`)).json()) as {
      merchants: { apiKey: string }[];
    };
    const apiKey = demo.merchants[0]?.apiKey ?? '';
    const failures: string[] = [];
    const served = { requests: 0 };
    let stopLoad = false;

    /** One client's request; any answer but the expected status is a failure, as is a network error. */
    const call = async (method: string, path: string, expected: number, body?: unknown, headers = {}) => {
      try {
        const res = await fetch(`${cluster.proxyUrl}${path}`, {
          method,
          headers: { 'content-type': 'application/json', ...headers },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          signal: AbortSignal.timeout(15_000),
        });
        const text = await res.text();
        served.requests++;
        if (res.status !== expected) failures.push(`${method} ${path}: ${res.status} ${text.slice(0, 200)}`);
        return res.status === expected ? (JSON.parse(text) as { id?: string }) : null;
      } catch (err) {
        failures.push(`${method} ${path}: ${err instanceof Error ? err.message : String(err)}`);
        return null;
      }
    };

    const client = async (n: number) => {
      for (let i = 0; !stopLoad; i++) {
        const created = await call(
          'POST',
          '/api/v1/merchant/checkouts',
          201,
          {
            amount: 150,
            merchantOrderCode: `SIG-${n}-${i}`,
            products: [{ name: 'Panela', quantity: 1, amount: 150 }],
            resolveUrl: 'https://pitanga.demo/ok',
            cancelUrl: 'https://pitanga.demo/carrinho',
          },
          { authorization: `Bearer ${apiKey}`, 'idempotency-key': `sig-${n}-${i}-${Date.now()}` },
        );
        if (!created?.id) continue;
        await call('PUT', `/api/v1/checkouts/${created.id}`, 200, {});
        await call('GET', `/api/v1/merchant/checkouts/${created.id}`, 200, undefined, {
          authorization: `Bearer ${apiKey}`,
        });
      }
    };

    const load = Promise.all(Array.from({ length: 8 }, (_, n) => client(n)));
    await new Promise((r) => setTimeout(r, 1_500));
    const beforeKill = served.requests;

    const victim = cluster.instances[0];
    if (!victim) throw new Error('no instance');
    const startedAt = Date.now();
    const exit = victim.kill('SIGTERM');
    // While it drains it says so to the balancer, and HAProxy takes it out of the rotation.
    await expect.poll(async () => (await fetch(`${victim.url}/readyz`)).status, { timeout: 5_000 }).toBe(503);
    await expect.poll(() => upInstances(cluster), { timeout: 5_000, interval: 100 }).toBe(INSTANCES - 1);
    expect(await exit).toEqual({ code: 0, signal: null });
    const drainedMs = Date.now() - startedAt;
    // Load goes on through the instances left.
    const afterExit = served.requests;
    await new Promise((r) => setTimeout(r, 1_000));
    stopLoad = true;
    await load;

    console.log(
      `[sigterm] ${served.requests} requests through HAProxy (${beforeKill} before SIGTERM), ` +
        `instance drained and exited in ${drainedMs} ms, ${failures.length} failed`,
    );
    expect(failures).toEqual([]);
    expect(beforeKill).toBeGreaterThan(20);
    expect(served.requests).toBeGreaterThan(afterExit);
  }, 60_000);
});
