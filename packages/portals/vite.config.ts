import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, parseSync } from 'vite';

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

const MANTINE_SCROLL_AREA =
  /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]ScrollArea[\\/]ScrollArea\.mjs$/;
const FLOATING_MERGE_REFS = 'import { useMergeRefs } from "@floating-ui/react";';

/**
 * Mantine's ScrollArea merges its refs with Floating UI's `useMergeRefs`, its only use of Floating UI; and every
 * Mantine Table imports ScrollArea (Table.ScrollContainer). The bundler then put Floating UI (about 10 KB gzip of
 * popover positioning: @floating-ui/core, dom, react-dom) in the chunk of ScrollArea, so every page with a table
 * fetched it at first screen (the merchant's orders, the customer's orders, the admin's merchants) though only
 * the selects, menus and popovers use it. Mantine's own `useMergedRef` (@mantine/hooks, already in the bundle)
 * does the same (each ref set, a cleanup returned by a callback ref kept): production build only.
 */
function scrollAreaWithoutFloatingUi(): Plugin {
  return {
    name: 'drip:scroll-area-without-floating-ui',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!MANTINE_SCROLL_AREA.test(id)) return null;
      if (!code.includes(FLOATING_MERGE_REFS)) {
        this.error(`${id} no longer imports useMergeRefs from @floating-ui/react: review this plugin`);
      }
      const shim =
        'import { useMergedRef as useMergedRefs } from "@mantine/hooks";\n' +
        'const useMergeRefs = (refs) => useMergedRefs(...refs);';
      return { code: code.replace(FLOATING_MERGE_REFS, shim), map: null };
    },
  };
}

const CORE_CONTRACT = /[\\/]packages[\\/]core[\\/]src[\\/]contract[\\/][\w-]+\.ts$/;

/**
 * Core's contract modules (packages/core/src/contract) only define the valibot schemas of the HTTP calls: every
 * top-level constant is built by calls without side effects (`v.object(...)`, `pageOf(...)`, `Object.keys(...)`).
 * The bundler cannot know that, so a page that uses one schema of a module kept them all, and with them what they
 * reference: the customer's orders list (CustomerOrderPage) fetched the checkout's phone schemas and
 * libphonenumber-js's metadata (about 30 KB gzip) for nothing. Marking those calls pure (production build only)
 * lets an unused schema go; a used one is unchanged. Calls inside functions are left alone: they run when called.
 */
function pureContractSchemas(): Plugin {
  return {
    name: 'drip:pure-contract-schemas',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!CORE_CONTRACT.test(id)) return null;
      const { program } = parseSync(id, code, { lang: 'ts' });
      const starts = new Set<number>();
      const visit = (node: unknown): void => {
        if (typeof node !== 'object' || node === null) return;
        if (Array.isArray(node)) {
          for (const child of node) visit(child);
          return;
        }
        const type = (node as { type?: unknown }).type;
        if (type === 'ArrowFunctionExpression' || type === 'FunctionExpression') return;
        if (type === 'CallExpression' || type === 'NewExpression')
          starts.add((node as { start: number }).start);
        for (const [key, value] of Object.entries(node)) if (key !== 'type') visit(value);
      };
      for (const statement of program.body) {
        const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
        if (declaration?.type === 'VariableDeclaration') {
          for (const declarator of declaration.declarations) visit(declarator.init);
        }
      }
      let out = code;
      for (const start of [...starts].sort((a, b) => b - a)) {
        out = `${out.slice(0, start)}/* @__PURE__ */ ${out.slice(start)}`;
      }
      return { code: out, map: null };
    },
  };
}

/**
 * The route table of each area's pages and the paths it serves (as in `src/<area>/area.tsx`). The entry does not
 * hold the tables (the logins' first load stays the same however many pages an area has); the router fetches an
 * area's table on the first visit into it, which would make a direct load of a signed-in page wait for the entry,
 * then the table, then the page.
 */
const AREA_TABLES: Record<string, readonly string[]> = {
  'src/admin/routes.tsx': ['/admin'],
  'src/merchant/routes.tsx': ['/parceira'],
  'src/customer/routes.tsx': ['/cliente'],
};

/**
 * A direct load of an area's page (not its login or recovery page) preloads the area's route table from
 * index.html, alongside the entry: the router finds it there instead of fetching it after the entry has run
 * (production build only; the server answers every portal path with this index.html).
 */
function preloadAreaTables(): Plugin {
  return {
    name: 'drip:preload-area-tables',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const tables: [string, string][] = [];
        for (const file of Object.values(ctx.bundle ?? {})) {
          if (file.type !== 'chunk' || !file.facadeModuleId || !file.isDynamicEntry) continue;
          const id = file.facadeModuleId.replaceAll('\\', '/');
          for (const [module, prefixes] of Object.entries(AREA_TABLES)) {
            if (id.endsWith(`/${module}`))
              for (const prefix of prefixes) tables.push([prefix, `/${file.fileName}`]);
          }
        }
        if (tables.length !== Object.keys(AREA_TABLES).length) {
          throw new Error(
            `preloadAreaTables: found ${tables.length} area tables in the bundle, expected ${Object.keys(AREA_TABLES).length}`,
          );
        }
        const script = `{const t=${JSON.stringify(tables)},p=location.pathname;if(!/\\/(login|recuperar-login)\\/?$/.test(p))for(const[a,h]of t)if(p===a||p.startsWith(a+"/")){const l=document.createElement("link");l.rel="modulepreload";l.crossOrigin="";l.href=h;document.head.append(l)}}`;
        // First in the head: an inline script after a stylesheet waits for it.
        return { html, tags: [{ tag: 'script', children: script, injectTo: 'head-prepend' }] };
      },
    },
  };
}

export default defineConfig({
  base: '/',
  plugins: [
    react(),
    mantineStylesWithComponents(),
    scrollAreaWithoutFloatingUi(),
    pureContractSchemas(),
    preloadAreaTables(),
  ],
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry imports statically is fetched by every page anyway: one file instead of a handful
          // of small ones (each compressed alone costs its own gzip overhead and loses the shared dictionary).
          groups: [{ name: 'index', tags: ['$initial'] }],
        },
      },
    },
  },
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
