#!/usr/bin/env node
// `npm run bench`: builds what is missing, then runs every benchmark under bench/ and prints their figures.
import { join } from 'node:path';
import { buildWhatIsMissing, root, run } from './lib.mjs';

await buildWhatIsMissing();
let failed = 0;
for (const bench of [
  'auth-read.mjs',
  'sdk-size.mjs',
  'checkout-first-load.mjs',
  'portal-first-load.mjs',
  'checkout-flow.mjs',
  'recovery-timing.mjs',
  'merchant-volume.mjs',
  'admin-lists.mjs',
  'metrics-scrape.mjs',
  'scale-out.mjs',
]) {
  console.log(`\n=== bench/${bench} ===`);
  if ((await run(process.execPath, [join(root, 'bench', bench), ...process.argv.slice(2)])) !== 0) failed++;
}
process.exit(failed ? 1 : 0);
