#!/usr/bin/env node
// Benchmark (issue 2): requests per second and p99 latency of an authenticated GET that reads one row
// (GET /customer_backoffice/api/v1/user) against two ceilings measured beside it in the same run:
// a bare node:http JSON endpoint, and a minimal node:http route doing one SELECT by primary key on the same
// database. On PGlite always; on PostgreSQL when DRIP_BENCH_DATABASE_URL (a server URL) is set.
// Target: the authenticated endpoint reaches at least 70 % of the one-SELECT ceiling on each database.
// Usage: node bench/auth-read.mjs [--seconds 10] [--connections 10]
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const root = fileURLToPath(new URL('..', import.meta.url));
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const SECONDS = arg('seconds', 10);
const CONNECTIONS = arg('connections', 10);
const ROUNDS = arg('rounds', 2);

function freePort() {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

async function startProcess(args, env, readyCheck) {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (d) => {
    out += d;
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`process exited early:\n${out}`);
    if (await readyCheck(() => out)) return child;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`process not ready:\n${out}`);
}

async function stop(child) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

async function healthy(url) {
  try {
    return (await fetch(`${url}/healthz`)).status === 200;
  } catch {
    return false;
  }
}

async function measure(url, headers = {}) {
  await autocannon({ url, connections: CONNECTIONS, duration: 2, headers }); // warm-up
  const r = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
  const errors = r.errors + r.timeouts + r.non2xx;
  if (errors > 0) throw new Error(`${url}: ${errors} failed requests`);
  return { rps: r.requests.average, p99: r.latency.p99 };
}

async function startDrip(env) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = await startProcess(
    ['packages/server/dist/main.js'],
    { PORT: String(port), LOG_LEVEL: 'warn', ...env },
    () => healthy(url),
  );
  return { url, child };
}

/** One round: Drip's authenticated read, then the one-SELECT ceiling on the same database. */
async function round(dbEnv) {
  // 1. The real server: log a demo customer in, then read its profile with the bearer token.
  const drip = await startDrip(dbEnv);
  const world = await (await fetch(`${drip.url}/sandbox/demo`)).json();
  const customer = world.customers[0];
  const login = await fetch(`${drip.url}/customer_backoffice/api/v2/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: customer.cpf, password: customer.password }),
  });
  const { token } = await login.json();
  const auth = await measure(`${drip.url}/customer_backoffice/api/v1/user`, {
    authorization: `Bearer ${token}`,
  });
  await stop(drip.child);

  // 2. One SELECT by primary key on the same database (PGlite holds one process per data dir: Drip is stopped).
  const port = await freePort();
  const ceiling = await startProcess(
    ['bench/ceiling-server.mjs', 'select'],
    { PORT: String(port), CUSTOMER_ID: customer.id, ...dbEnv },
    (out) => out().includes('ready'),
  );
  const select = await measure(`http://127.0.0.1:${port}/`);
  await stop(ceiling);
  return { auth, select };
}

/**
 * ROUNDS interleaved rounds (Drip, ceiling, Drip, ceiling…) and the best figure of each: on a shared 2-core
 * machine a single run of either side swings by ±20 %, and interleaving spreads that noise over both.
 */
async function benchDatabase(kind, dbEnv) {
  const rounds = [];
  for (let i = 0; i < ROUNDS; i++) rounds.push(await round(dbEnv));
  const best = (pick) => rounds.map(pick).reduce((a, b) => (b.rps > a.rps ? b : a));
  return { kind, auth: best((r) => r.auth), select: best((r) => r.select) };
}

async function freshPostgres(serverUrl) {
  const { default: pg } = await import('pg');
  const name = `drip_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

const barePort = await freePort();
const bareServer = await startProcess(
  ['bench/ceiling-server.mjs', 'bare'],
  { PORT: String(barePort) },
  (out) => out().includes('ready'),
);
const bare = await measure(`http://127.0.0.1:${barePort}/`);
await stop(bareServer);

const results = [];
const dataDir = mkdtempSync(join(tmpdir(), 'drip-bench-'));
try {
  results.push(await benchDatabase('PGlite', { DRIP_DATA_DIR: dataDir }));
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
if (process.env.DRIP_BENCH_DATABASE_URL) {
  const db = await freshPostgres(process.env.DRIP_BENCH_DATABASE_URL);
  try {
    results.push(await benchDatabase('PostgreSQL', { DATABASE_URL: db.url }));
  } finally {
    await db.drop();
  }
} else {
  console.log('(PostgreSQL skipped: set DRIP_BENCH_DATABASE_URL to a server URL to include it)');
}

const fmt = (m) => `${m.rps.toFixed(0).padStart(7)} req/s  p99 ${String(m.p99).padStart(4)} ms`;
console.log(
  `\nAuthenticated one-row read, ${CONNECTIONS} connections, ${SECONDS} s each (2 cores, load generator in-process)`,
);
console.log(`bare node:http JSON            ${fmt(bare)}`);
let ok = true;
for (const r of results) {
  const ratio = r.auth.rps / r.select.rps;
  ok &&= ratio >= 0.7;
  console.log(
    `${r.kind.padEnd(10)} one SELECT ceiling  ${fmt(r.select)}   (${((r.select.rps / bare.rps) * 100).toFixed(0)} % of bare)`,
  );
  console.log(
    `${r.kind.padEnd(10)} GET v1/user (auth)  ${fmt(r.auth)}   ${(ratio * 100).toFixed(0)} % of the SELECT ceiling — target ≥ 70 %: ${ratio >= 0.7 ? 'met' : 'NOT met'}`,
  );
}
process.exitCode = ok ? 0 : 1;
