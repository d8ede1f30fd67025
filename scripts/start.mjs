#!/usr/bin/env node
// `npm start`: builds what is missing, then runs the Drip server (API, portals, checkout, sandbox) on one port
// with the embedded PGlite database (or DATABASE_URL), and the demo store on a second origin (a real cross-origin
// embed). Honours PORT (3000), DRIP_DATA_DIR (.data), PORT_DEMO_STORE (3100) and DRIP_DEMO_STORE=0 (no demo store).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { buildWhatIsMissing, root } from './lib.mjs';

await buildWhatIsMissing();

const port = Number(process.env.PORT ?? 3000);
const server = spawn(process.execPath, ['--enable-source-maps', join(root, 'packages/server/dist/main.js')], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
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
  process.exit(code ?? (signal ? 1 : 0));
});

async function healthy(url) {
  try {
    return (await fetch(`${url}/healthz`)).status === 200;
  } catch {
    return false;
  }
}

const sandbox = process.env.NODE_ENV !== 'production' || process.env.DRIP_SANDBOX === '1';
if (process.env.DRIP_DEMO_STORE !== '0' && sandbox) {
  const dripUrl = `http://localhost:${port}`;
  for (let i = 0; i < 600 && server.exitCode === null && !(await healthy(dripUrl)); i++) {
    await new Promise((r) => setTimeout(r, 100));
  }
  try {
    const { startDemoStore } = await import('../examples/demo-store/server.mjs');
    demoStore = await startDemoStore({
      port: Number(process.env.PORT_DEMO_STORE ?? 3100),
      dripUrl,
      log: () => {},
    });
    console.log(
      `[drip] demo store (another origin, buying with the SDK): ${demoStore.url.replace('127.0.0.1', 'localhost')}`,
    );
  } catch (err) {
    // The store is an example: Drip goes on without it (e.g. its port is taken by another instance).
    console.warn(`[drip] the demo store did not start: ${err instanceof Error ? err.message : String(err)}`);
  }
}
