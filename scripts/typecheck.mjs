#!/usr/bin/env node
// Type checks every package (each has its own tsconfig), two at a time.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { root, run } from './lib.mjs';

const projects = [
  'packages/core',
  'packages/server',
  'packages/portals',
  'packages/checkout-ui',
  'packages/checkout-sdk',
  'e2e',
  '.storybook',
  'examples/react-store',
].filter((p) => existsSync(join(root, p, 'tsconfig.json')));

let failed = 0;
const queue = [...projects];
async function worker() {
  for (let p = queue.shift(); p; p = queue.shift()) {
    const code = await run('npx', ['tsc', '-p', join(p, 'tsconfig.json'), '--noEmit']);
    console.log(`tsc ${p}: ${code === 0 ? 'ok' : 'errors'}`);
    if (code !== 0) failed++;
  }
}
await Promise.all([worker(), worker()]);
process.exit(failed ? 1 : 0);
