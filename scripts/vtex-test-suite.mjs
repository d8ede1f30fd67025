#!/usr/bin/env node
// Replays the VTEX Payment Provider test-suite scenarios against Drip's connector (docs/vtex.md): approved, denied,
// async approved, async denied, cancel, settle, refund, idempotent retry. Prints each outcome and the latency of the
// connector's answers (the protocol asks for < 5 s); exits 1 when any scenario fails.
//
//   npm run vtex:test-suite                 starts its own sandbox server (temp data folder, free port)
//   npm run vtex:test-suite -- --url URL    runs against a running sandbox server (needs /sandbox/demo)
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from './lib.mjs';
import { callbackReceiver, runScenarios } from './vtex-scenarios.mjs';

const args = process.argv.slice(2);
const urlArg = args.includes('--url') ? args[args.indexOf('--url') + 1] : undefined;

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

async function startServer() {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'drip-vtex-suite-'));
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'packages/server/src/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DRIP_DATA_DIR: dataDir,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      SEND_CAP_PER_CHECKOUT: '100000',
      SEND_CAP_PER_RECIPIENT_PER_HOUR: '100000',
      SEND_CAP_PER_IP_PER_HOUR: '100000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error('the server did not start within 120 s');
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function main() {
  const server = urlArg ? { url: urlArg.replace(/\/$/, ''), stop: async () => {} } : await startServer();
  const receiver = await callbackReceiver();
  let results = [];
  try {
    results = await runScenarios({
      base: server.url,
      receiver,
      onResult: (r) =>
        process.stdout.write(
          `${r.ok ? 'PASS' : 'FAIL'}  ${r.name.padEnd(17)} ${r.outcome}  (slowest connector answer ${r.slowest} ms, scenario ${r.total} ms)\n`,
        ),
    });
  } finally {
    receiver.close();
    await server.stop();
  }
  const failed = results.filter((r) => !r.ok).length;
  process.stdout.write(`\n${results.length - failed}/${results.length} scenarios passed\n`);
  process.exit(failed ? 1 : 0);
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
