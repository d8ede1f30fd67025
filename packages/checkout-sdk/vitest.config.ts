import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { name: 'checkout-sdk', environment: 'jsdom', include: ['src/**/*.test.ts'] },
});
