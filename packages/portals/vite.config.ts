import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The portals (/admin, /parceira, /cliente) are served by the Drip server from dist/, with their assets under
// /assets/. In `vite` dev the API prefixes are proxied to the server on port 3000 (same origin in production).
const api = 'http://localhost:3000';

export default defineConfig({
  base: '/',
  plugins: [react()],
  build: { outDir: 'dist', assetsDir: 'assets', emptyOutDir: true },
  server: {
    port: 5173,
    proxy: {
      '/admin_backoffice': api,
      '/merchant_backoffice': api,
      '/customer_backoffice': api,
      '/sandbox': api,
      '/api': api,
    },
  },
});
