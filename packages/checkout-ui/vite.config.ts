import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The checkout app is served by the Drip server on the same port as the portals: its assets live under
// /checkout-assets/ so that they never collide with the portals' /assets/.
export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', assetsDir: 'checkout-assets', emptyOutDir: true },
  server: {
    port: 5174,
    proxy: { '/api': 'http://localhost:3000', '/sandbox': 'http://localhost:3000' },
  },
});
