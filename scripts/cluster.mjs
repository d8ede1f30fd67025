#!/usr/bin/env node
// `npm run cluster`: Drip as it runs in production, on one machine: a throw-away PostgreSQL (Debian's), N stateless
// Drip instances against it (default 3) and HAProxy in front, health-checking each instance's /readyz. Prints the
// URLs; Ctrl-C (or SIGTERM) stops all of them and removes the temporary folder. docs/scaling.md explains the parts.
//
//   npm run cluster -- --instances 2 --port 4000 --pg-port 55433
//
// startCluster() is also what the proxy test (packages/server/test/cluster/) and bench/scale-out.mjs start.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chownSync,
  createWriteStream,
  existsSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildWhatIsMissing, root } from './lib.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Debian's PostgreSQL binaries (newest version installed), or null. */
export function postgresBin() {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base)
    .filter((v) => existsSync(join(base, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(a) - Number(b));
  return versions.length ? join(base, versions.at(-1), 'bin') : null;
}

/** HAProxy's binary, or null. */
export function haproxyBin() {
  for (const p of ['/usr/sbin/haproxy', '/usr/bin/haproxy', '/usr/local/sbin/haproxy'])
    if (existsSync(p)) return p;
  const which = spawnSync('sh', ['-c', 'command -v haproxy'], { encoding: 'utf8' });
  return which.status === 0 ? which.stdout.trim() : null;
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** Runs a PostgreSQL tool; as the postgres user when root (initdb refuses root), as .ci/run does. */
function pgTool(bin, args, options = {}) {
  const command = isRoot() ? 'su' : bin;
  const argv = isRoot()
    ? [
        'postgres',
        '-s',
        '/bin/sh',
        '-c',
        [bin, ...args].map((a) => `'${a.replaceAll("'", "'\\''")}'`).join(' '),
      ]
    : args;
  const r = spawnSync(command, argv, { encoding: 'utf8', ...options });
  if (r.status !== 0) throw new Error(`${bin} ${args.join(' ')} failed: ${r.stderr || r.stdout}`);
  return r.stdout;
}

/** A throw-away PostgreSQL cluster in `dir`, on loopback `port`, trust authentication. */
export function startPostgres({ dir, port }) {
  const bin = postgresBin();
  if (!bin)
    throw new Error('PostgreSQL is not installed: apt-get install postgresql (Debian), as .ci/run does');
  if (isRoot()) {
    if (spawnSync('id', ['postgres']).status !== 0)
      spawnSync('useradd', ['--system', '--home-dir', '/var/lib/postgresql', 'postgres']);
    const id = (flag) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
    chownSync(dir, id('-u'), id('-g'));
  }
  const data = join(dir, 'pgdata');
  pgTool(join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  // max_connections: each instance's pool (10) plus its LISTEN connection, for up to a dozen instances.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200`;
  pgTool(join(bin, 'pg_ctl'), ['-D', data, '-o', options, '-l', join(dir, 'postgres.log'), '-w', 'start']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => {
      try {
        pgTool(join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']);
      } catch {
        // already stopped
      }
    },
  };
}

/**
 * HAProxy's configuration: round robin over the instances, each health-checked on /readyz (503 while it drains,
 * so that it leaves the rotation before it stops listening), X-Forwarded-For set for the instances, which trust it
 * (TRUSTED_PROXIES=127.0.0.1). A request that could not reach an instance (refused, or closed before any answer)
 * is sent again to another one: only those, which no instance has processed; never one that timed out.
 */
export function haproxyConfig({ proxyPort, statsPort, instancePorts, checkIntervalMs = 500 }) {
  return `global
  maxconn 4096

defaults
  mode http
  timeout connect 1s
  timeout queue 5s
  timeout http-request 10s
  timeout http-keep-alive 10s
  # Above the SSE heartbeat (an instalment's event stream sends a comment every 15 s) and a long CSV export.
  timeout client 120s
  timeout server 120s
  # One connection to an instance per request: a draining instance is never handed a request on a kept-alive
  # connection that it is closing; a refused connection is retried elsewhere.
  option http-server-close
  option forwardfor
  retries 3
  option redispatch 1
  retry-on conn-failure empty-response

frontend drip
  bind 127.0.0.1:${proxyPort}
  default_backend instances

backend instances
  balance roundrobin
  option httpchk GET /readyz
  http-check expect status 200
  # A check waits up to 3 s (a busy instance answers /readyz late, not wrongly); three failures in a row take an
  # instance out, about 1 s after it starts draining (fastinter), within its DRIP_SHUTDOWN_GRACE_MS.
  timeout check 3s
  default-server check inter ${checkIntervalMs}ms fastinter ${Math.round(checkIntervalMs / 2)}ms downinter 1s fall 3 rise 2
${instancePorts.map((port, i) => `  server drip${i + 1} 127.0.0.1:${port}`).join('\n')}

frontend stats
  bind 127.0.0.1:${statsPort}
  stats enable
  stats uri /
  stats refresh 2s
  stats show-legends
`;
}

async function status(url) {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0;
  }
}

async function waitFor(what, check, { timeoutMs = 120_000, alive = () => true } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    if (!alive()) throw new Error(`${what}: the process exited`);
    await sleep(100);
  }
  throw new Error(`${what}: not ready after ${timeoutMs / 1000} s`);
}

/**
 * Starts PostgreSQL (unless `databaseUrl` is given), `instances` Drip servers and HAProxy.
 * Ports: the proxy on `port`, HAProxy's stats page on `port + 1`, the instances on `port + 2` onwards.
 * `entry`: 'dist' runs the built server (as `npm start`), 'source' runs packages/server/src/main.ts through tsx
 * (the test suite, which runs before the builds).
 */
export async function startCluster({
  instances = 3,
  port = 4000,
  pgPort = 55433,
  databaseUrl,
  entry = 'dist',
  env = {},
  graceSeconds = 3,
  checkIntervalMs = 500,
  quiet = false,
} = {}) {
  const haproxy = haproxyBin();
  if (!haproxy)
    throw new Error('HAProxy is not installed: apt-get install haproxy (Debian), as .ci/run does');
  const dir = mkdtempSync(join(tmpdir(), 'drip-cluster-'));
  const stops = [];
  const cluster = {
    dir,
    proxyUrl: `http://127.0.0.1:${port}`,
    statsUrl: `http://127.0.0.1:${port + 1}/`,
    databaseUrl,
    instances: [],
    /** Stops HAProxy, every instance and PostgreSQL, and removes the temporary folder. Idempotent. */
    stop: async () => {
      while (stops.length) await stops.pop()();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  try {
    if (!databaseUrl) {
      const pg = startPostgres({ dir, port: pgPort });
      stops.push(async () => pg.stop());
      cluster.databaseUrl = pg.url;
    }
    const instancePorts = Array.from({ length: instances }, (_, i) => port + 2 + i);
    const shared = {
      ...process.env,
      DATABASE_URL: cluster.databaseUrl,
      // One secret for all: a session opened on one instance is good on every other.
      JWT_SECRET: randomBytes(32).toString('hex'),
      // The images' folder, shared by the instances on this machine (an S3 bucket on several machines).
      DRIP_DATA_DIR: join(dir, 'data'),
      PUBLIC_URL: cluster.proxyUrl,
      TRUSTED_PROXIES: '127.0.0.1',
      DRIP_SHUTDOWN_GRACE_MS: String(graceSeconds * 1000),
      HOST: '127.0.0.1',
      ...env,
    };
    const argv =
      entry === 'source'
        ? ['--import', 'tsx', join(root, 'packages/server/src/main.ts')]
        : ['--enable-source-maps', join(root, 'packages/server/dist/main.js')];

    const startInstance = (i) => {
      const instancePort = instancePorts[i];
      const logPath = join(dir, `instance-${i + 1}.log`);
      const log = createWriteStream(logPath, { flags: 'a' });
      const child = spawn(process.execPath, argv, {
        cwd: root,
        env: { ...shared, PORT: String(instancePort) },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout.pipe(log);
      child.stderr.pipe(log);
      const exited = new Promise((resolve) =>
        child.once('exit', (code, signal) => resolve({ code, signal })),
      );
      const instance = {
        name: `drip${i + 1}`,
        url: `http://127.0.0.1:${instancePort}`,
        port: instancePort,
        logPath,
        child,
        exited,
        /** Sends a signal; resolves with the exit once it has stopped. */
        kill: async (signal = 'SIGTERM') => {
          if (child.exitCode === null && child.signalCode === null) child.kill(signal);
          return await exited;
        },
      };
      cluster.instances[i] = instance;
      return instance;
    };
    /** Starts instance i again (after a kill) and waits until it is ready. */
    cluster.restartInstance = async (i) => {
      const instance = startInstance(i);
      await waitFor(
        `${instance.name} /readyz`,
        async () => (await status(`${instance.url}/readyz`)) === 200,
        {
          alive: () => instance.child.exitCode === null,
        },
      );
      return instance;
    };

    for (let i = 0; i < instances; i++) startInstance(i);
    stops.push(async () => {
      await Promise.all(
        cluster.instances.map(async (instance) => {
          const force = setTimeout(() => instance.child.kill('SIGKILL'), (graceSeconds + 10) * 1000);
          await instance.kill('SIGTERM');
          clearTimeout(force);
        }),
      );
    });
    // Started together against one empty database: the migrations and the demo seed each take an advisory lock.
    await Promise.all(
      cluster.instances.map((instance) =>
        waitFor(`${instance.name} /readyz`, async () => (await status(`${instance.url}/readyz`)) === 200, {
          alive: () => instance.child.exitCode === null,
        }).catch((err) => {
          throw new Error(`${err.message} (log: ${instance.logPath})`);
        }),
      ),
    );

    const configPath = join(dir, 'haproxy.cfg');
    writeFileSync(
      configPath,
      haproxyConfig({ proxyPort: port, statsPort: port + 1, instancePorts, checkIntervalMs }),
    );
    const proxyLog = createWriteStream(join(dir, 'haproxy.log'));
    const proxy = spawn(haproxy, ['-db', '-f', configPath], { stdio: ['ignore', 'pipe', 'pipe'] });
    proxy.stdout.pipe(proxyLog);
    proxy.stderr.pipe(proxyLog);
    const proxyExited = new Promise((resolve) => proxy.once('exit', resolve));
    stops.push(async () => {
      if (proxy.exitCode === null) proxy.kill('SIGTERM');
      await proxyExited;
    });
    cluster.proxy = proxy;
    await waitFor('HAProxy', async () => (await status(`${cluster.proxyUrl}/readyz`)) === 200, {
      timeoutMs: 10_000,
      alive: () => proxy.exitCode === null,
    });
    // Every instance in the rotation (rise 2: two good checks each).
    await waitFor('HAProxy health checks', async () => (await upInstances(cluster)) === instances, {
      timeoutMs: 10_000,
    });
    if (!quiet) process.stdout.write(summary(cluster));
    return cluster;
  } catch (err) {
    await cluster.stop();
    throw err;
  }
}

/** How many instances HAProxy's stats page shows UP. */
export async function upInstances(cluster) {
  try {
    const res = await fetch(`${cluster.statsUrl};csv`);
    const csv = await res.text();
    return csv.split('\n').filter((l) => l.startsWith('instances,drip') && l.split(',')[17] === 'UP').length;
  } catch {
    return 0;
  }
}

function summary(cluster) {
  return [
    '',
    `Drip cluster: ${cluster.instances.length} instances on PostgreSQL, behind HAProxy`,
    `  Proxy          ${cluster.proxyUrl}   (admin: ${cluster.proxyUrl}/admin/login, sandbox: ${cluster.proxyUrl}/sandbox/demo)`,
    `  HAProxy stats  ${cluster.statsUrl}`,
    ...cluster.instances.map((i) => `  ${i.name.padEnd(14)} ${i.url}   (log: ${i.logPath})`),
    `  PostgreSQL     ${cluster.databaseUrl}`,
    '  Ctrl-C stops them all and removes the temporary folder.',
    '',
  ].join('\n');
}

function parseArgs(argv) {
  const out = { instances: 3, port: 4000, pgPort: 55433 };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split('=');
    const value = () => Number(inline ?? argv[++i]);
    if (flag === '--instances') out.instances = value();
    else if (flag === '--port') out.port = value();
    else if (flag === '--pg-port') out.pgPort = value();
    else throw new Error(`unknown option ${argv[i]} (--instances N, --port P, --pg-port P)`);
  }
  if (!Number.isInteger(out.instances) || out.instances < 1 || out.instances > 12)
    throw new Error('--instances must be between 1 and 12');
  return out;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = parseArgs(process.argv.slice(2));
  await buildWhatIsMissing();
  const cluster = await startCluster(args);
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      process.stdout.write('\nStopping the cluster…\n');
      cluster.stop().then(
        () => process.exit(0),
        (err) => {
          console.error(err);
          process.exit(1);
        },
      );
    });
  }
  for (const instance of cluster.instances)
    instance.exited.then(({ code, signal }) => {
      if (!stopping)
        console.warn(`[cluster] ${instance.name} exited (${signal ?? code}); see ${instance.logPath}`);
    });
}
