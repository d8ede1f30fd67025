import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// The `stories` project: renders every story of the Storybook (portable stories, jsdom) and checks its key text.
export default defineConfig({
  plugins: [react()],
  // The project's root is this folder: test globs skip dot-folders when matched from the repository root.
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    name: 'stories',
    environment: 'jsdom',
    include: ['stories.test.tsx'],
    setupFiles: ['./vitest.setup.ts'],
    testTimeout: 20_000,
  },
});
