// Prints the script-tag URL path and the Subresource Integrity hash of the built IIFE (run `npm run build` first):
//   node scripts/sri.mjs            -> path, integrity and a ready <script> tag
//   node scripts/sri.mjs --hash     -> only the integrity value (sha384-…)
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

const file = new URL('../dist/drip.iife.js', import.meta.url);
const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
let source;
try {
  source = readFileSync(file);
} catch {
  console.error('dist/drip.iife.js is missing: run `npm run build -w @drip/checkout-sdk` first.');
  process.exit(1);
}
const integrity = `sha384-${createHash('sha384').update(source).digest('base64')}`;
if (process.argv.includes('--hash')) {
  console.log(integrity);
} else {
  const path = `/sdk/v${version}/drip.js`;
  console.log(`path:      ${path}`);
  console.log(`integrity: ${integrity}`);
  console.log(
    `<script src="https://checkout.drip.com.br${path}" integrity="${integrity}" crossorigin="anonymous"></script>`,
  );
}
