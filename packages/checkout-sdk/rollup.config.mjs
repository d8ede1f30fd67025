import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
// Builds: ESM + CJS (index, react; penpal and react stay dependencies), bundled .d.ts, and a minified IIFE
// exposing one global `Drip` (penpal bundled in). @drip/core is bundled everywhere: it is not published.
// The IIFE has a size budget (at most 6 KB gzip, `node bench/sdk-size.mjs`): Penpal is bundled without what the
// SDK never uses (scripts/penpal-slim.mjs) and terser runs with the options below.
import { nodeResolve } from '@rollup/plugin-node-resolve';
import terser from '@rollup/plugin-terser';
import { dts } from 'rollup-plugin-dts';
import esbuild from 'rollup-plugin-esbuild';
import { penpalSlim } from './scripts/penpal-slim.mjs';

const coreEmbed = new URL('../core/src/embed/penpal-protocol.ts', import.meta.url);
rmSync(new URL('./dist', import.meta.url), { recursive: true, force: true });

const input = { index: 'src/index.ts', react: 'src/react.ts' };
const external = (id) => id === 'react' || id.startsWith('react/') || id === 'penpal';
// The SDK must do nothing at import time, and neither must what it bundles: modules it does not use (core's
// machine, dates, schemas) are dropped even where their packages do not declare `sideEffects: false`.
const treeshake = { moduleSideEffects: false };
const plugins = () => [
  nodeResolve({ exportConditions: ['source'], extensions: ['.ts', '.mjs', '.js'] }),
  esbuild({ target: 'es2020' }),
];

export default [
  {
    input,
    external,
    treeshake,
    plugins: plugins(),
    output: [
      { dir: 'dist', format: 'es', entryFileNames: '[name].mjs', chunkFileNames: 'shared-[hash].mjs' },
      { dir: 'dist', format: 'cjs', entryFileNames: '[name].cjs', chunkFileNames: 'shared-[hash].cjs' },
    ],
  },
  {
    input: 'src/index.ts',
    treeshake,
    plugins: [
      ...plugins(),
      penpalSlim(),
      terser({
        ecma: 2020,
        compress: {
          passes: 3,
          pure_getters: true,
          unsafe: true,
          unsafe_arrows: true,
          unsafe_comps: true,
          unsafe_methods: true,
        },
        // Only names internal to Penpal's bundled copy (between `connect` and its WindowMessenger): never a field
        // of a message that crosses frames, never a name of the SDK's API.
        mangle: {
          properties: {
            regex:
              /^(remoteProxy|validateReceivedMessage|addMessageHandler|removeMessageHandler|initialize|timeoutId)$/,
          },
        },
      }),
    ],
    output: { file: 'dist/drip.iife.js', format: 'iife', name: 'Drip' },
  },
  {
    input,
    external,
    // Types of core are inlined. Only its embed protocol is needed, and walking all of core's sources would make
    // the declaration compiler trip on internals the SDK never exposes.
    plugins: [
      dts({
        respectExternal: true,
        tsconfig: './tsconfig.json',
        compilerOptions: { paths: { '@drip/core': [fileURLToPath(coreEmbed)] } },
      }),
    ],
    output: {
      dir: 'dist',
      format: 'es',
      entryFileNames: '[name].d.ts',
      chunkFileNames: 'shared-[hash].d.ts',
    },
  },
];
