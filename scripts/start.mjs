#!/usr/bin/env node
// `npm start`: builds what is missing, then runs the Drip server (API, portals, checkout, sandbox) on one port
// with the embedded PGlite database (or DATABASE_URL). Honours PORT (3000) and DRIP_DATA_DIR (.data).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { buildWhatIsMissing, root } from './lib.mjs';

await buildWhatIsMissing();

const server = spawn(process.execPath, ['--enable-source-maps', join(root, 'packages/server/dist/main.js')], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
