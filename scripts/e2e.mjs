#!/usr/bin/env node
// `npm run test:e2e`: builds what is missing, makes sure Chromium is there, runs the end-to-end tests only.
import { buildWhatIsMissing, ensureChromium, run } from './lib.mjs';

await buildWhatIsMissing();
if (!ensureChromium()) process.exit(1);
process.exit(
  await run('npx', ['vitest', 'run', '--config', 'e2e/vitest.config.ts', ...process.argv.slice(2)]),
);
