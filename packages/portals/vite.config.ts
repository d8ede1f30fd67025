import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// The portals (/admin, /parceira, /cliente) are served by the Drip server from dist/, with their assets under
// /assets/. In `vite` dev the API prefixes are proxied to the server on port 3000 (same origin in production).
const api = 'http://localhost:3000';

const MANTINE_STYLES = /[\\/]@mantine[\\/]core[\\/]styles\.css$/;
const MANTINE_MODULE = /[\\/]@mantine[\\/]core[\\/]esm[\\/].*[\\/]([A-Za-z]+)\.module\.mjs$/;

/**
 * Mantine's styles with the components that use them (production build only). Every Mantine component's class
 * names come from its `X.module.mjs`, and Mantine ships the matching `styles/X.css`: the CSS is imported there, so
 * it lands in the chunk of whatever page first uses the component. The app's `import '@mantine/core/styles.css'`
 * then keeps only what every page needs (baseline and global rules; the CSS variables are written by the provider). In `vite` dev, Mantine is
 * pre-bundled (no per-module transform), so the whole stylesheet is used as is.
 */
function mantineStylesWithComponents(): Plugin {
  return {
    name: 'drip:mantine-styles-with-components',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (MANTINE_STYLES.test(id)) {
        const dir = join(dirname(id), 'styles');
        // default-css-variables.css is left out: MantineProvider writes every variable (app/Providers.tsx).
        const base = ['baseline', 'global'];
        return {
          code: base.map((name) => readFileSync(join(dir, `${name}.css`), 'utf8')).join('\n'),
          map: null,
        };
      }
      const component = MANTINE_MODULE.exec(id)?.[1];
      if (component === undefined) return null;
      const styles = `import '@mantine/core/styles/${component}.css';\n`;
      // Keep the 'use client' directive first.
      const directive = /^\s*["']use client["'];?\s*\n/.exec(code)?.[0] ?? '';
      return { code: directive + styles + code.slice(directive.length), map: null };
    },
  };
}

export default defineConfig({
  base: '/',
  plugins: [react(), mantineStylesWithComponents()],
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
