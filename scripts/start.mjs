#!/usr/bin/env node
// `npm start`: builds what is missing, then runs the Drip server (API, portals, checkout, sandbox) on one port
// with the embedded PGlite database (or DATABASE_URL), and the demo store on a second origin (a real cross-origin
// embed). Honours PORT (3000), DRIP_DATA_DIR (.data), PORT_DEMO_STORE (3100), DRIP_DEMO_STORE=0 (no demo store),
// DRIP_LOG_DIR (.logs) and DRIP_START_OUTPUT (human | json).
//
// What a person at a terminal reads last is what to open and how to sign in: the builds print one line each (their
// output goes to DRIP_LOG_DIR), the server's JSON log lines go to a file, only its warnings and errors reach the
// terminal, and the URLs and credentials are printed once everything listens. Piped (CI, the e2e setup, a log
// collector), the JSON lines still flow to stdout as they always did ('json'); the summary is printed after them.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { isAbsolute, join, relative } from 'node:path';
import { createInterface } from 'node:readline';
import { buildWhatIsMissing, root } from './lib.mjs';
import { formatLogLine, startSummary } from './start-output.mjs';

const human = (process.env.DRIP_START_OUTPUT ?? (process.stdout.isTTY ? 'human' : 'json')) === 'human';
const logDirRaw = process.env.DRIP_LOG_DIR?.trim() || '.logs';
const logDir = isAbsolute(logDirRaw) ? logDirRaw : join(root, logDirRaw);
const shown = (path) => {
  const near = relative(process.cwd(), path);
  return near && !near.startsWith('..') ? near : path;
};

await buildWhatIsMissing({ logDir });

const port = Number(process.env.PORT ?? 3000);
mkdirSync(logDir, { recursive: true });
const serverLogPath = join(logDir, `server-${port}.log`);
const serverLog = createWriteStream(serverLogPath, { flags: 'a' });
const server = spawn(process.execPath, ['--enable-source-maps', join(root, 'packages/server/dist/main.js')], {
  cwd: root,
  stdio: ['inherit', 'pipe', 'pipe'],
  env: process.env,
});
createInterface({ input: server.stdout }).on('line', (line) => {
  serverLog.write(`${line}\n`);
  if (!human) process.stdout.write(`${line}\n`);
  else {
    const readable = formatLogLine(line);
    if (readable) process.stdout.write(`${readable}\n`);
  }
});
createInterface({ input: server.stderr }).on('line', (line) => {
  serverLog.write(`${line}\n`);
  process.stderr.write(`${line}\n`);
});

let demoStore = null;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    demoStore?.close();
    server.kill(signal);
  });
}
server.on('exit', (code, signal) => {
  demoStore?.close();
  serverLog.end(() => process.exit(code ?? (signal ? 1 : 0)));
});

async function healthy(url) {
  try {
    return (await fetch(`${url}/healthz`)).status === 200;
  } catch {
    return false;
  }
}

const dripUrl = `http://localhost:${port}`;
for (let i = 0; i < 1200 && server.exitCode === null && !(await healthy(dripUrl)); i++) {
  await new Promise((r) => setTimeout(r, 100));
}
const sandbox = process.env.NODE_ENV !== 'production' || process.env.DRIP_SANDBOX === '1';
let demoStoreUrl = null;
if (server.exitCode === null && process.env.DRIP_DEMO_STORE !== '0' && sandbox) {
  try {
    const { startDemoStore } = await import('../examples/demo-store/server.mjs');
    demoStore = await startDemoStore({
      port: Number(process.env.PORT_DEMO_STORE ?? 3100),
      dripUrl,
      log: () => {},
    });
    demoStoreUrl = demoStore.url.replace('127.0.0.1', 'localhost');
  } catch (err) {
    // The store is an example: Drip goes on without it (e.g. its port is taken by another instance).
    console.warn(`[drip] the demo store did not start: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/** The demo world's users (GET /sandbox/demo), or null outside the sandbox. */
async function demoWorld() {
  try {
    const res = await fetch(`${dripUrl}/sandbox/demo`);
    return res.ok ? await res.json() : null;
  } catch {
    return null;
  }
}

if (server.exitCode === null && (await healthy(dripUrl))) {
  const world = sandbox ? await demoWorld() : null;
  process.stdout.write(
    `${startSummary({
      url: dripUrl,
      world,
      demoStoreUrl,
      serverLog: shown(serverLogPath),
      buildLogs: shown(join(logDir, 'build-*.log')),
    })}\n`,
  );
}
