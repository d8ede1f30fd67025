#!/usr/bin/env node
import { readFileSync } from 'node:fs';
// Scale-out on PostgreSQL: the `npm run cluster` set-up (PostgreSQL, N Drip instances, HAProxy on /readyz) under a
// mixed load through the proxy, at 1, 2 and 3 instances: first-purchase checkouts to the end (their verification
// Pix paid at the sandbox PSP, whose webhook books it), the merchant portal's order list, the admin's order list,
// full refunds (a Pix devolução each) and the merchant's webhook deliveries (ORDER_CREATED, ORDER_CANCELED) to a
// receiver here. Prints throughput as a ratio of one instance beside the goal (≥ 0.8·N), p99 per route, errors,
// the jobs' runs per period, an SSE payment event crossing instances and the shared limits.
//
//   node bench/scale-out.mjs [--seconds 15] [--warmup 4] [--concurrency 12] [--instances 1,2,3]
import http from 'node:http';
import { createServer } from 'node:net';
import { availableParallelism, loadavg } from 'node:os';
import { startCluster } from '../scripts/cluster.mjs';
import { run, staleBuilds } from '../scripts/lib.mjs';
import { call, checkoutAs, cpfFrom, expectStatus, newShopper, percentile } from './checkout-flow.mjs';
import { arg, argText, freshPostgres, postgresServer, processCpuMs } from './lib.mjs';

const SECONDS = arg('seconds', 15);
const WARMUP = arg('warmup', 4);
const CONCURRENCY = arg('concurrency', 12);
const COUNTS = (argText('instances', '1,2,3') ?? '1,2,3').split(',').map(Number);
const MERCHANT_API = '/merchant_backoffice/api';
const ADMIN_API = '/admin_backoffice/api/v1';

async function freePortBlock(count) {
  const free = (port) =>
    new Promise((resolve) => {
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

/** The merchant's webhook endpoint: counts deliveries per event, and the same delivery id seen twice. */
async function webhookReceiver() {
  const seen = new Map();
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const id = req.headers['webhook-id'];
      seen.set(id, (seen.get(id) ?? 0) + 1);
      res.writeHead(204).end();
    });
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${server.address().port}/drip`,
    deliveries: () => seen.size,
    duplicates: () => [...seen.values()].filter((n) => n > 1).length,
    close: () => server.close(),
  };
}

async function merchantLogin(url, merchantName) {
  const world = expectStatus(await call(url, 'GET', '/sandbox/demo'), 200, 'demo');
  const merchant = world.merchants.find((m) => m.name === merchantName);
  const user = merchant.users.find((u) => u.permissions.includes('ADMIN')) ?? merchant.users[0];
  const login = (body) => call(url, 'POST', `${MERCHANT_API}/v1/login`, body);
  expectStatus(await login({ username: user.email, password: user.password }), 200, 'merchant login');
  const box = expectStatus(
    await call(url, 'GET', `/sandbox/outbox?to=${encodeURIComponent(user.phone)}`),
    200,
    'outbox',
  );
  const token = expectStatus(
    await login({ username: user.email, smsCode: box.messages[0].code }),
    200,
    'merchant code',
  ).token;
  const admin = expectStatus(
    await call(url, 'POST', `${ADMIN_API}/login`, {
      username: world.admin.email,
      password: world.admin.password,
    }),
    200,
    'admin login',
  ).token;
  return {
    apiKey: merchant.apiKey,
    merchant: { authorization: `Bearer ${token}` },
    admin: { authorization: `Bearer ${admin}` },
  };
}

/** Busy and total jiffies of the whole machine (every core), from /proc/stat. */
function machineCpu() {
  try {
    const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
    const n = fields.map(Number);
    const idle = n[3] + (n[4] ?? 0);
    const total = n.reduce((a, b) => a + b, 0);
    return { busy: total - idle, total };
  } catch {
    return null;
  }
}

/** The mixed load for `seconds`: returns latencies per route, errors, completed checkouts and refunds. */
async function load(url, auth, seconds) {
  const latencies = {};
  const errors = [];
  const timed = async (route, fn) => {
    const t0 = performance.now();
    const res = await fn().catch((err) => {
      throw new Error(`${route}: ${err instanceof Error ? err.message : String(err)}`);
    });
    latencies[route] ??= [];
    latencies[route].push(performance.now() - t0);
    return res;
  };
  const merchantAgent = new http.Agent({ keepAlive: true, localAddress: '127.0.0.1' });
  const merchantReq = (method, path, body, headers) => call(url, method, path, body, headers, merchantAgent);
  const deadline = performance.now() + seconds * 1000;
  let checkouts = 0;
  let refunds = 0;
  let requests = 0;
  const worker = async (w) => {
    for (let i = 0; performance.now() < deadline; i++) {
      const shopper = newShopper();
      const agent = new http.Agent({ keepAlive: true, localAddress: shopper.ip });
      const req = (method, path, body, headers) => {
        requests++;
        return call(url, method, path, body, headers, agent);
      };
      try {
        await checkoutAs(shopper, req, merchantReq, auth.apiKey, (name, fn) => timed(`checkout ${name}`, fn));
        checkouts++;
        // The portals' lists, as the merchant and the admin watch the day's sales.
        const orders = expectStatus(
          await timed('merchant order list', () =>
            merchantReq('GET', `${MERCHANT_API}/v1/orders?page=0&size=20`, undefined, auth.merchant),
          ),
          200,
          'merchant order list',
        );
        expectStatus(
          await timed('admin order list', () =>
            merchantReq('GET', `${ADMIN_API}/orders?page=0&size=20`, undefined, auth.admin),
          ),
          200,
          'admin order list',
        );
        requests += 2;
        // Every third checkout is refunded in full (the verification Pix back by devolução).
        if ((w + i) % 3 === 0) {
          const newest = orders.content?.[0];
          if (newest) {
            const res = await timed('refund (full)', () =>
              merchantReq('PUT', `${MERCHANT_API}/v1/orders/${newest.id}/cancel`, undefined, auth.merchant),
            );
            requests++;
            // 422 when a concurrent worker refunded this order first (the newest order is shared).
            if (res.status === 202) refunds++;
            else if (res.status !== 422)
              throw new Error(`refund: HTTP ${res.status} ${res.text.slice(0, 200)}`);
          }
        }
      } catch (err) {
        errors.push(err instanceof Error ? err.message : String(err));
      } finally {
        agent.destroy();
      }
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, (_, w) => worker(w)));
  merchantAgent.destroy();
  const elapsed = (performance.now() - started) / 1000;
  return { latencies, errors, checkouts, refunds, requests, elapsed, perSecond: checkouts / elapsed };
}

/** A payment booked through one instance reaches an SSE client connected to another (LISTEN/NOTIFY). */
async function sseAcrossInstances(cluster) {
  if (cluster.instances.length < 2) return null;
  const { default: pg } = await import('pg');
  const db = new pg.Client({ connectionString: cluster.databaseUrl });
  db.on('error', () => {});
  await db.connect();
  let rows;
  try {
    // The last instalment of an order of the load: pending, its due date weeks away.
    ({ rows } = await db.query(
      "select id from instalments where status = 'PENDING' order by number desc limit 1",
    ));
  } finally {
    await db.end();
  }
  const id = rows[0]?.id;
  if (!id) return { ok: false, why: 'no pending instalment' };
  const [listener, payer] = cluster.instances;
  const controller = new AbortController();
  const res = await fetch(`${listener.url}/api/v1/installments/sse/${id}`, { signal: controller.signal });
  const reader = res.body.getReader();
  let text = '';
  const readUntil = async (needle, ms) => {
    const until = Date.now() + ms;
    while (!text.includes(needle) && Date.now() < until) {
      const chunk = await Promise.race([reader.read(), new Promise((r) => setTimeout(() => r(null), 200))]);
      if (chunk?.done) break;
      if (chunk?.value) text += new TextDecoder().decode(chunk.value);
    }
    return text.includes(needle);
  };
  await readUntil('PENDING', 5000);
  const details = expectStatus(
    await call(payer.url, 'GET', `/api/v1/installments/details/${id}`),
    200,
    'instalment details',
  );
  const t0 = performance.now();
  expectStatus(
    await call(payer.url, 'POST', '/sandbox/pix/pay', {
      brcode: details.installment.qrcodeText,
      payerCpf: cpfFrom(4242),
      payerBankCode: '260',
      payerName: 'Bench',
    }),
    200,
    'pay',
  );
  const ok = await readUntil('PAID', 10_000);
  const ms = performance.now() - t0;
  controller.abort();
  return { ok, ms, listener: listener.name, payer: payer.name };
}

/**
 * Runs of each periodic job, from the instances' debug log lines ('job run', with `skipped` when another instance
 * held its lock): how many ran per period, and whether two runs of one job ever overlapped (they must not).
 */
function jobRuns(cluster, windowStart, windowEnd) {
  const runs = {};
  for (const instance of cluster.instances) {
    for (const line of readFileSync(instance.logPath, 'utf8').split('\n')) {
      if (!line.includes('"job run"')) continue;
      let entry;
      try {
        entry = JSON.parse(line);
      } catch {
        continue;
      }
      const end = Date.parse(entry.time);
      if (end < windowStart || end > windowEnd) continue;
      runs[entry.job] ??= { ran: [], skipped: 0 };
      const r = runs[entry.job];
      if (entry.skipped) r.skipped++;
      else r.ran.push({ start: end - entry.ms, end, instance: instance.name });
    }
  }
  const out = {};
  for (const [job, r] of Object.entries(runs)) {
    const sorted = r.ran.sort((a, b) => a.start - b.start);
    let overlaps = 0;
    for (let i = 1; i < sorted.length; i++) if (sorted[i].start < sorted[i - 1].end) overlaps++;
    // A queue's workers claim tasks with SKIP LOCKED and may run side by side; a periodic job holds its lock.
    out[job] = { ran: sorted.length, skipped: r.skipped, overlaps: job.startsWith('queue-') ? 0 : overlaps };
  }
  return out;
}

/**
 * The shared limits through the proxy: one address asks the CEP lookup 40 times (30 a minute allowed per address);
 * however HAProxy spreads them, the instances answer 30 before the 429s.
 */
async function sharedLimit(url) {
  const agent = new http.Agent({ keepAlive: false, localAddress: '127.3.3.3' });
  let allowed = 0;
  for (let i = 0; i < 40; i++) {
    const res = await call(url, 'GET', '/api/v1/cep/01001000', undefined, {}, agent);
    if (res.status !== 429) allowed++;
  }
  agent.destroy();
  return allowed;
}

// ------------------------------------------------------------------ main

// The instances run the built server; the apps it serves are not needed for this load.
for (const b of staleBuilds().filter((b) => b.name === 'server')) {
  console.log('[bench] building the server…');
  if ((await run(b.command[0], b.command[1])) !== 0) process.exit(1);
}
const server = await postgresServer();
if (!server) {
  console.log(
    '(scale-out skipped: no PostgreSQL — install Debian’s postgresql or set DRIP_BENCH_DATABASE_URL)',
  );
  process.exit(0);
}
const results = [];
try {
  for (const n of COUNTS) {
    const db = await freshPostgres(server.url);
    const receiver = await webhookReceiver();
    const cluster = await startCluster({
      instances: n,
      port: await freePortBlock(n + 2),
      databaseUrl: db.url,
      entry: 'dist',
      env: { LOG_LEVEL: 'debug', NODE_ENV: 'development' },
      quiet: true,
    });
    try {
      const auth = await merchantLogin(cluster.proxyUrl, 'Casa Pitanga');
      expectStatus(
        await call(
          cluster.proxyUrl,
          'POST',
          `${MERCHANT_API}/v1/webhooks`,
          { url: receiver.url, events: ['ORDER_CREATED', 'ORDER_CANCELED'] },
          auth.merchant,
        ),
        201,
        'webhook registration',
      );
      if (WARMUP > 0) await load(cluster.proxyUrl, auth, WARMUP);
      const pids = cluster.instances.map((i) => i.child.pid);
      const cpu0 = pids.map(processCpuMs);
      const machine0 = machineCpu();
      const bench0 = process.cpuUsage();
      const windowStart = Date.now();
      const r = await load(cluster.proxyUrl, auth, SECONDS);
      const windowEnd = Date.now();
      const cpu1 = pids.map(processCpuMs);
      const machine1 = machineCpu();
      const benchCpu = process.cpuUsage(bench0);
      const serverCpuMs = cpu0.reduce(
        (acc, c, k) => acc + (c && cpu1[k] ? cpu1[k].user + cpu1[k].system - c.user - c.system : 0),
        0,
      );
      // Deliveries go out from the durable queue within seconds of the load.
      await new Promise((res) => setTimeout(res, 3000));
      const sse = await sseAcrossInstances(cluster);
      const allowed = await sharedLimit(cluster.proxyUrl);
      results.push({
        n,
        ...r,
        cpuShare: serverCpuMs / 1000 / r.elapsed,
        benchShare: (benchCpu.user + benchCpu.system) / 1e6 / r.elapsed,
        loadAverage: loadavg()[0],
        machineBusy:
          machine0 && machine1
            ? (machine1.busy - machine0.busy) / (machine1.total - machine0.total)
            : Number.NaN,
        webhooks: receiver.deliveries(),
        duplicates: receiver.duplicates(),
        jobs: jobRuns(cluster, windowStart, windowEnd),
        sse,
        allowed,
      });
    } finally {
      await cluster.stop();
      receiver.close();
      await db.drop();
    }
  }
} finally {
  server.stop();
}

// ------------------------------------------------------------------ report

const base = results.find((r) => r.n === 1);
const pad = (s, n) => String(s).padEnd(n);
console.log(
  `\nScale-out through HAProxy on one PostgreSQL: ${CONCURRENCY} concurrent shoppers for ${SECONDS} s (after ${WARMUP} s of warm-up), on ${availableParallelism()} CPU cores shared by PostgreSQL, HAProxy, the instances and this load generator`,
);
let ok = true;
for (const r of results) {
  const ratio = base ? r.perSecond / base.perSecond : Number.NaN;
  const goal = 0.8 * r.n;
  const met = r.n === 1 || ratio >= goal;
  console.log(
    `\n${r.n} instance${r.n > 1 ? 's' : ''}: ${r.perSecond.toFixed(1)} checkouts/s (${r.checkouts} to OK, ${r.refunds} refunded), ${(r.requests / r.elapsed).toFixed(0)} requests/s; ratio to one instance ${ratio.toFixed(2)} — goal ≥ ${goal.toFixed(1)}: ${met ? 'met' : 'NOT met'}; machine CPU busy ${(100 * r.machineBusy).toFixed(0)} % of ${availableParallelism()} cores (instances ${(100 * r.cpuShare).toFixed(0)} % of one core, load generator ${(100 * r.benchShare).toFixed(0)} %, the rest PostgreSQL, HAProxy and other processes; load average ${r.loadAverage.toFixed(1)})`,
  );
  console.log(
    `  errors: ${r.errors.length} — goal 0${r.errors.length ? `: ${r.errors.slice(0, 3).join(' | ')}` : ''}`,
  );
  console.log(`  ${pad('route', 28)} ${'p50'.padStart(8)} ${'p99'.padStart(8)}  calls`);
  for (const [route, lat] of Object.entries(r.latencies))
    console.log(
      `  ${pad(route, 28)} ${percentile(lat, 50).toFixed(1).padStart(5)} ms ${percentile(lat, 99).toFixed(1).padStart(5)} ms  ${lat.length}`,
    );
  console.log(
    `  webhook deliveries received: ${r.webhooks} (the same delivery twice: ${r.duplicates} — goal 0)`,
  );
  const jobs = Object.entries(r.jobs)
    .map(([job, j]) => `${job} ${j.ran} ran/${j.skipped} skipped/${j.overlaps} overlapping`)
    .join('; ');
  console.log(
    `  jobs during the load (runs from every instance; a periodic job's runs must not overlap): ${jobs || 'none'}`,
  );
  if (r.sse)
    console.log(
      `  SSE across instances: payment booked through ${r.sse.payer}, event on ${r.sse.listener}: ${r.sse.ok ? `received in ${r.sse.ms.toFixed(0)} ms` : `NOT received (${r.sse.why ?? 'timeout'})`}`,
    );
  console.log(
    `  shared limits: 40 CEP lookups from one address through the proxy, ${r.allowed} answered before 429 — goal 30 (the per-address allowance, not ${30 * r.n})`,
  );
  ok &&= r.errors.length === 0 && r.duplicates === 0 && (r.sse?.ok ?? true) && r.allowed === 30;
  ok &&= Object.values(r.jobs).every((j) => j.overlaps === 0);
}
process.exitCode = ok ? 0 : 1;
