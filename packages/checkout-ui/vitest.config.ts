import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { name: 'checkout-ui', environment: 'node', include: ['src/**/*.test.ts'] },
});
