import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// End-to-end tests: headless Chromium (Debian's, driven by playwright-core) against the server started the way
// `npm start` starts it. Run by `npm test` after the unit suites; alone with `npm run test:e2e`.
export default defineConfig({
  test: {
    name: 'e2e',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['**/*.e2e.ts'],
    globalSetup: ['./global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Two files at a time, each against a server of its own (global-setup.ts): much of an end-to-end test is waiting
    // (throttled network, polling, animations), which the other file fills. E2E_WORKERS=1 runs them one by one.
    fileParallelism: true,
    maxWorkers: Number(process.env.E2E_WORKERS) || 2,
  },
});
