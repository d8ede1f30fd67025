// Bundles src/main.ts to dist/main.js (platform node, ESM, sourcemap). npm packages stay external (resolved from
// node_modules at run time) except the workspace packages (@drip/*), which run from TypeScript source and so are
// bundled. The SQL migrations are read at run time from packages/server/drizzle, found relative to the package.
import { build } from 'esbuild';

/** @type {import('esbuild').Plugin} */
const externalNpmPackages = {
  name: 'external-npm-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@drip/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  plugins: [externalNpmPackages],
  logLevel: 'info',
});
