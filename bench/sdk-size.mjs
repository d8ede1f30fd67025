#!/usr/bin/env node
// Benchmark (issue 4): what the merchant SDK costs a merchant page, against the SDKs of Stripe, Adyen and Mercado
// Pago measured side by side in the same run and bundled the same way (esbuild, minified, browser target, a
// one-line entry importing each one's main function, in IIFE and ESM formats), gzip (level 9) and brotli
// (quality 11). Drip's script-tag file is also measured as shipped (packages/checkout-sdk/dist/drip.iife.js).
// Target: the Drip SDK IIFE at most 6 KB gzip (Penpal alone is about 3.4 KB; docs/benchmarks.md says what the rest buys).
// Usage: node bench/sdk-size.mjs [--json]
// Notes: @stripe/stripe-js and @mercadopago/sdk-js are loaders that fetch the real SDK from their CDN at run time
// (that download is not counted here); @adyen/adyen-web is the whole Drop-in/Components library.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const TARGET_IIFE_GZIP = 6 * 1024;

const SDKS = [
  {
    name: 'Drip (@drip/checkout-sdk)',
    pkg: '@drip/checkout-sdk',
    entry: "import { openCheckout } from '@drip/checkout-sdk';",
    use: 'openCheckout',
  },
  {
    name: 'Stripe (@stripe/stripe-js)',
    pkg: '@stripe/stripe-js',
    entry: "import { loadStripe } from '@stripe/stripe-js';",
    use: 'loadStripe',
  },
  {
    name: 'Adyen (@adyen/adyen-web)',
    pkg: '@adyen/adyen-web',
    entry: "import { AdyenCheckout } from '@adyen/adyen-web';",
    use: 'AdyenCheckout',
  },
  {
    name: 'Mercado Pago (@mercadopago/sdk-js)',
    pkg: '@mercadopago/sdk-js',
    entry: "import { loadMercadoPago } from '@mercadopago/sdk-js';",
    use: 'loadMercadoPago',
  },
];

function sizes(bytes) {
  return {
    raw: bytes.byteLength,
    gzip: gzipSync(bytes, { level: 9 }).byteLength,
    brotli: brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    }).byteLength,
  };
}

async function bundle(dir, sdk, format) {
  const entry = join(dir, `${sdk.use}.mjs`);
  // The function is kept reachable (not tree-shaken away) by handing it to the page.
  writeFileSync(entry, `${sdk.entry}\nglobalThis.__sdk = ${sdk.use};\n`);
  const result = await build({
    entryPoints: [entry],
    absWorkingDir: root,
    nodePaths: [join(root, 'node_modules')],
    bundle: true,
    minify: true,
    format,
    platform: 'browser',
    target: 'es2020',
    write: false,
    logLevel: 'silent',
    loader: { '.css': 'empty' },
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  return sizes(Buffer.from(result.outputFiles[0].contents));
}

const kb = (n) => `${(n / 1024).toFixed(2)} KB`;

const dripIife = join(root, 'packages/checkout-sdk/dist/drip.iife.js');
if (!existsSync(dripIife) || !existsSync(join(root, 'packages/checkout-sdk/dist/index.mjs'))) {
  console.error(
    'The SDK is not built: run `npm run build -w @drip/checkout-sdk` (or `npm run build`) first.',
  );
  process.exit(1);
}

const dir = mkdtempSync(join(tmpdir(), 'drip-sdk-size-'));
const rows = [];
try {
  rows.push({
    name: 'Drip drip.iife.js as shipped (rollup)',
    format: 'iife',
    ...sizes(readFileSync(dripIife)),
  });
  for (const sdk of SDKS) {
    for (const format of ['iife', 'esm']) {
      try {
        rows.push({ name: sdk.name, format, ...(await bundle(dir, sdk, format)) });
      } catch (err) {
        rows.push({ name: sdk.name, format, error: err.message.split('\n')[0] });
      }
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

if (process.argv.includes('--json')) {
  console.log(JSON.stringify(rows, null, 2));
} else {
  const header = ['SDK', 'format', 'minified', 'gzip', 'brotli'];
  const lines = rows.map((r) =>
    r.error
      ? [r.name, r.format, `error: ${r.error}`, '', '']
      : [r.name, r.format, kb(r.raw), kb(r.gzip), kb(r.brotli)],
  );
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const fmt = (cells) =>
    cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(fmt(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const l of lines) console.log(fmt(l));
}

const shipped = rows[0];
const ok = shipped.gzip <= TARGET_IIFE_GZIP;
console.log(
  `\nDrip SDK IIFE (as shipped): ${kb(shipped.gzip)} gzip, target ≤ ${kb(TARGET_IIFE_GZIP)}: ${ok ? 'met' : 'NOT met'}`,
);
process.exitCode = ok ? 0 : 1;
