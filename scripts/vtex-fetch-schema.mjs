#!/usr/bin/env node
// Puts VTEX's published Payment Provider Protocol OpenAPI document where the connector's contract test reads it
// (packages/server/test/vtex/published/, not committed: docs/vtex.md "The contract test"). Pinned to one commit
// of github.com/vtex/openapi-schemas and checked by its SHA-256, so that the test always judges against the same text.
//   npm run vtex:fetch-schema                 downloads it
//   npm run vtex:fetch-schema -- --from FILE  copies a copy obtained otherwise (still checked)
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './lib.mjs';

export const VTEX_PPP_COMMIT = '0d207e53c9166b8c18fd93b2407b452721f4d37c';
export const VTEX_PPP_SHA256 = '4ef6500691aa2a613df0276cc0b9b67cba358e4b7482a10b54b028845d02f091';
const url = `https://raw.githubusercontent.com/vtex/openapi-schemas/${VTEX_PPP_COMMIT}/VTEX%20-%20Payment%20Provider%20Protocol.json`;
const target = join(root, 'packages/server/test/vtex/published/VTEX - Payment Provider Protocol.json');

const args = process.argv.slice(2);
const from = args.includes('--from') ? args[args.indexOf('--from') + 1] : undefined;
const text = from ? readFileSync(from) : Buffer.from(await (await fetch(url)).arrayBuffer());
const digest = createHash('sha256').update(text).digest('hex');
if (digest !== VTEX_PPP_SHA256) {
  process.stderr.write(`SHA-256 ${digest} is not the pinned document's (${VTEX_PPP_SHA256})\n`);
  process.exit(1);
}
mkdirSync(join(target, '..'), { recursive: true });
writeFileSync(target, text);
process.stdout.write(`${target}\n`);
