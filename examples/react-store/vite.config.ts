import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Served by the demo store (examples/demo-store) under /react/, next to its backend route POST /api/checkout.
export default defineConfig({
  base: '/react/',
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true },
});
