import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    // Every shaped statement (src/db/shaped.ts) is built again on each run and compared with the kept text.
    env: { DRIP_CHECK_SQL_SHAPES: '1' },
    include: ['test/**/*.test.ts'],
    // The migrated database each file copies (PGlite dump or PostgreSQL template), built once per run.
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
