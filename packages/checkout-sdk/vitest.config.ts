import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { name: 'checkout-sdk', environment: 'node', include: ['src/**/*.test.ts'] },
});
