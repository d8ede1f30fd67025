import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
// Builds: ESM + CJS (index, react; penpal and react stay dependencies), bundled .d.ts, and a minified IIFE
// exposing one global `Drip` (penpal bundled in). @drip/core is bundled everywhere: it is not published.
import { nodeResolve } from '@rollup/plugin-node-resolve';
import terser from '@rollup/plugin-terser';
import { dts } from 'rollup-plugin-dts';
import esbuild from 'rollup-plugin-esbuild';

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
    plugins: [...plugins(), terser({ compress: { passes: 2 } })],
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
