// Helpers shared by the benchmarks: arguments, free ports, starting and stopping the built Drip server, and a
// throw-away PostgreSQL database.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildWhatIsMissing } from '../scripts/lib.mjs';

export const root = fileURLToPath(new URL('..', import.meta.url));

/** `--name value` from the command line, as a string (or `fallback`). */
export function argText(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
}

/** `--name N` from the command line, as a number (or `fallback`). */
export function arg(name, fallback) {
  const text = argText(name, undefined);
  return text === undefined ? fallback : Number(text);
}

export function freePort() {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** The Chromium flags of e2e/browser.ts, for the benchmarks that load pages. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Drip started the way `npm start` starts it (scripts/start.mjs: the sandbox with its demo data, serving the built
 * apps), on a free port with a throw-away data folder; ready at /healthz. `stop()` ends it and removes the folder.
 */
export async function startLikeNpmStart(tmpPrefix) {
  // Built here, in production mode: scripts/start.mjs would rebuild stale apps under NODE_ENV=development (React's
  // development build, several times larger).
  await buildWhatIsMissing();
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), tmpPrefix));
  const url = `http://localhost:${port}`;
  const child = spawn(process.execPath, [join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DRIP_DATA_DIR: dataDir,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the Drip server exited with code ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('the Drip server did not answer /healthz in time');
    if (await healthy(url)) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    async stop() {
      await stop(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Records in the page, at the DOM mutation that makes `ready()` true, the wall-clock time (ms) of the first usable
 * screen: `firstScreenAt(page)` reads it. A request sent after it (CDP `wallTime`) is not part of the first load.
 * Polling from the benchmark instead would notice the screen late, after prefetches the page started meanwhile.
 */
export async function markFirstScreen(context, ready, arg) {
  await context.addInitScript(
    ([readySource, readyArg]) => {
      const isReady = new Function('arg', `return (${readySource})(arg)`);
      const mark = () => {
        if (window.__dripFirstScreenAt === undefined && isReady(readyArg)) {
          window.__dripFirstScreenAt = performance.timeOrigin + performance.now();
          observer.disconnect();
        }
      };
      const observer = new MutationObserver(mark);
      observer.observe(document, { childList: true, subtree: true, attributes: true });
    },
    [ready.toString(), arg],
  );
}

export function firstScreenAt(page) {
  return page.evaluate(() => window.__dripFirstScreenAt);
}

export async function healthy(url) {
  try {
    return (await fetch(`${url}/healthz`)).status === 200;
  } catch {
    return false;
  }
}

/** Spawns `node args…` and waits until `readyCheck(() => stdout so far)` resolves true (60 s at most). */
export async function startProcess(args, env, readyCheck) {
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
  child.kill('SIGKILL');
  throw new Error(`process not ready:\n${out}`);
}

/** The built server (packages/server/dist/main.js) on a free port, with request logs off; ready at /healthz. */
export async function startDrip(env = {}) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // DRIP_BENCH_NODE_ARGS: extra node flags for the server, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof' to profile it.
  const nodeArgs = (process.env.DRIP_BENCH_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
  // DRIP_BENCH_SERVER: another build of the server to run, for A/B runs on this VM, whose speed varies from hour to
  // hour. A copy of an older dist/main.js placed next to it runs this checkout's migrations (packages/server/drizzle):
  // when they changed, build the old commit in a `git worktree` inside the repository instead (docs/benchmarks.md).
  const entry = process.env.DRIP_BENCH_SERVER ?? 'packages/server/dist/main.js';
  const child = await startProcess(
    [...nodeArgs, entry],
    // Every simulated shopper comes from 127.0.0.1 and many share the demo phones: the send caps would refuse them.
    {
      PORT: String(port),
      LOG_LEVEL: 'warn',
      SEND_CAP_PER_CHECKOUT: '1000000',
      SEND_CAP_PER_RECIPIENT_PER_HOUR: '1000000',
      SEND_CAP_PER_IP_PER_HOUR: '1000000',
      ...env,
    },
    () => healthy(url),
  );
  return { url, port, child };
}

/**
 * CPU time used so far by process `pid` (user and system, ms), from /proc (Linux); null elsewhere. CPU per unit of
 * work is steadier than latency on a shared VM, whose speed varies from hour to hour: use it to compare builds.
 */
export function processCpuMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const tick = 1000 / 100; // USER_HZ is 100 on Linux
    return { user: Number(fields[11]) * tick, system: Number(fields[12]) * tick };
  } catch {
    return null;
  }
}

export async function stop(child) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

/** A new database on the PostgreSQL server at `serverUrl`, with its URL and a `drop()`. */
export async function freshPostgres(serverUrl) {
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

/** A PostgreSQL server URL: the one given, or a throw-away cluster; null when none can be had. */
export async function postgresServer() {
  if (process.env.DRIP_BENCH_DATABASE_URL) return { url: process.env.DRIP_BENCH_DATABASE_URL, stop() {} };
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base) ? readdirSync(base).sort((a, b) => Number(a) - Number(b)) : [];
  const bin = versions.map((v) => join(base, v, 'bin')).findLast((b) => existsSync(join(b, 'initdb')));
  if (!bin) return null;
  const dir = mkdtempSync(join(tmpdir(), 'drip-bench-pg-'));
  const root = process.getuid?.() === 0;
  // initdb refuses to run as root: as .ci/run, the cluster belongs to the postgres user.
  const asPg = (cmd) =>
    root
      ? execFileSync('su', ['postgres', '-s', '/bin/sh', '-c', cmd], { stdio: 'pipe' })
      : execFileSync('sh', ['-c', cmd], { stdio: 'pipe' });
  if (root) {
    if (spawnSync('id', ['postgres']).status !== 0) return null;
    execFileSync('chown', ['postgres', dir]);
    chmodSync(dir, 0o755);
  }
  const port = await freePort();
  asPg(`${bin}/initdb -D ${dir}/data -A trust -U postgres >/dev/null`);
  asPg(
    `${bin}/pg_ctl -D ${dir}/data -o '-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c shared_buffers=256MB' -l ${dir}/log -w start >/dev/null`,
  );
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        asPg(`${bin}/pg_ctl -D ${dir}/data -m fast stop >/dev/null`);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
