#!/usr/bin/env node
// Account enumeration by timing: the password-recovery requests of a known and of an unknown account must take the
// same time. Runs the server's app in this process (tsx loads the TypeScript sources) on a seeded in-memory PGlite,
// with rate limits lifted, and sends the requests through the app's HTTP handler (routing, body parsing, service,
// database), interleaved in random order so that drift on this shared VM lands on both sides alike. Prints the
// median of each side and their difference beside the target. Options: --rounds N (default 400).
//
// Unit tests check the structure (same answer, same statements, same writes: test/customer-recovery.test.ts); the
// milliseconds belong here.
import { tsImport } from 'tsx/esm/api';
import { arg } from './lib.mjs';

const ROUNDS = arg('rounds', 400);
const WARMUP = Math.min(100, ROUNDS);
const TARGET_MS = 0.5;

const load = (path) => tsImport(path, import.meta.url);
const { buildApp } = await load('../packages/server/src/app.ts');
const { loadConfig } = await load('../packages/server/src/config.ts');
const { openDatabase } = await load('../packages/server/src/db/index.ts');
const { PasswordHasher } = await load('../packages/server/src/modules/auth/passwords.ts');
const { createLogger } = await load('../packages/server/src/log.ts');
const { seed, DEMO_CUSTOMERS } = await load('../packages/server/src/seed.ts');
const { generateCpf, paths } = await load('../packages/core/src/index.ts');

const config = {
  ...loadConfig({ NODE_ENV: 'development' }),
  logLevel: 'silent',
  rateLimit: { windowSeconds: 60, perIp: 1e9, perSubject: 1e9 },
};
const database = await openDatabase({ inMemory: true });
await database.migrate();
await seed(database.db, new PasswordHasher(config.passwordHashing));
const { app } = buildApp({ config, database, log: createLogger('silent') });

const knownCpf = DEMO_CUSTOMERS[0].cpf;
let unknownSeed = 1;
const unknownCpf = () => {
  for (;;) {
    const cpf = generateCpf(7_000_000 + unknownSeed++);
    if (!DEMO_CUSTOMERS.some((c) => c.cpf === cpf)) return cpf;
  }
};

/** One request through the app; its duration in ms. */
async function timed(method, path, body) {
  const started = performance.now();
  const res = await app.request(path, {
    method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  await res.text();
  const ms = performance.now() - started;
  if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status}`);
  return ms;
}

const cases = {
  customer: {
    known: () => timed('POST', paths.customer.recoverPassword, { customerCpf: knownCpf }),
    unknown: () => timed('POST', paths.customer.recoverPassword, { customerCpf: unknownCpf() }),
  },
  merchant: {
    known: () => timed('POST', paths.merchant.recoverPassword, { merchantUserEmail: 'admin@aurora.demo' }),
    unknown: () =>
      timed('POST', paths.merchant.recoverPassword, {
        merchantUserEmail: `ninguem${unknownSeed++}@aurora.demo`,
      }),
  },
};

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};

let over = 0;
for (const [name, c] of Object.entries(cases)) {
  const samples = { known: [], unknown: [] };
  for (let i = 0; i < WARMUP + ROUNDS; i++) {
    const order = Math.random() < 0.5 ? ['known', 'unknown'] : ['unknown', 'known'];
    for (const side of order) {
      const ms = await c[side]();
      if (i >= WARMUP) samples[side].push(ms);
    }
  }
  const known = median(samples.known);
  const unknown = median(samples.unknown);
  const diff = Math.abs(known - unknown);
  if (diff >= TARGET_MS) over++;
  console.log(
    `${name.padEnd(8)} recovery (${ROUNDS} each): known ${known.toFixed(2)} ms, unknown ${unknown.toFixed(2)} ms, difference ${diff.toFixed(2)} ms (target: difference < ${TARGET_MS} ms) ${diff < TARGET_MS ? 'ok' : 'OVER'}`,
  );
}
await database.close();
process.exit(over > 0 ? 1 : 0);
