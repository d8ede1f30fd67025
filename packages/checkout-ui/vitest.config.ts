import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'checkout-ui',
    environment: 'jsdom',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    setupFiles: ['./src/test/setup.ts'],
    testTimeout: 15_000,
  },
});
