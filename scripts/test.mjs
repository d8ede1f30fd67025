#!/usr/bin/env node
// `npm test`: the whole suite, in the order a reviewer wants to read it:
// type check, lint, unit + integration tests (PGlite) with the Storybook stories rendered as tests, the server
// suite again on PostgreSQL when DRIP_TEST_DATABASE_URL is set (.ci/run starts one), the Storybook build, the
// builds `npm start` needs, then end-to-end tests in headless Chromium.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { buildWhatIsMissing, ensureChromium, root, run } from './lib.mjs';

const reports = join(root, '.e2e-artifacts');
mkdirSync(reports, { recursive: true });
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];

/** Failed tests, named in the last lines of the output: CI logs are often read from their tail. */
const failedTests = [];

function count(file) {
  if (!existsSync(file)) return;
  const r = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += r.numPassedTests ?? 0;
  totals.failed += r.numFailedTests ?? 0;
  totals.skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  for (const suite of r.testResults ?? []) {
    const where = suite.name ? suite.name.replace(`${root}/`, '') : '?';
    for (const test of suite.assertionResults ?? [])
      if (test.status === 'failed') {
        const why = String(test.failureMessages?.[0] ?? '')
          .split('\n')
          .slice(0, 3)
          .join(' / ');
        failedTests.push(`${where} > ${test.fullName}: ${why.slice(0, 400)}`);
      }
    // A file that failed outside its tests (import error, hook timeout) has no failed assertion to name.
    if (suite.status === 'failed' && !(suite.assertionResults ?? []).some((t) => t.status === 'failed'))
      failedTests.push(`${where}: ${String(suite.message ?? 'failed').slice(0, 400)}`);
  }
}

async function step(name, command, args, env = {}) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const code = await run(command, args, { env: { ...process.env, ...env } });
  console.log(
    `=== ${name}: ${code === 0 ? 'ok' : `FAILED (exit ${code})`} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  if (code !== 0) failures.push(name);
  return code === 0;
}

// Vitest's default is one worker less than the cores: a single worker on the 2-core CI machine, where the server
// files wait on PostgreSQL and the other suites leave the second core mostly idle. Two at least (docs/ci.md).
const workers = `--maxWorkers=${Math.max(2, availableParallelism() - 1)}`;

const vitest = (project, out, extra = []) => [
  'vitest',
  'run',
  ...project,
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${out}`,
  ...extra,
];

await step('type check', process.execPath, [join(root, 'scripts/typecheck.mjs')]);
await step('lint (Biome)', 'npx', ['biome', 'check', '.']);
const unitOut = join(reports, 'unit.json');
// Without DRIP_TEST_DATABASE_URL: the server suite runs on PGlite here (the embedded database `npm start` uses) and on
// PostgreSQL in the next step; inherited from .ci/run, the URL made both runs PostgreSQL.
await step('unit and integration tests (PGlite)', 'npx', vitest([workers], unitOut), {
  DRIP_TEST_DATABASE_URL: '',
});
count(unitOut);
if (process.env.DRIP_TEST_DATABASE_URL) {
  const pgOut = join(reports, 'server-postgres.json');
  await step('server suite on PostgreSQL', 'npx', vitest(['--project', 'server', workers], pgOut));
  count(pgOut);
} else {
  console.log('\n(server suite on PostgreSQL skipped: set DRIP_TEST_DATABASE_URL, as .ci/run does)');
}

await step('Storybook build', 'npm', ['run', 'build-storybook']);

console.log('\n=== builds ===');
await buildWhatIsMissing();
if (ensureChromium()) {
  const e2eOut = join(reports, 'e2e.json');
  await step(
    'end-to-end tests (headless Chromium)',
    'npx',
    vitest(['--config', 'e2e/vitest.config.ts'], e2eOut),
  );
  count(e2eOut);
} else {
  failures.push('end-to-end tests (Chromium missing)');
}

if (failedTests.length > 0) {
  console.log('\nFailed tests:');
  for (const line of failedTests) console.log(`  ${line}`);
}
console.log(`\n${failures.length ? `Failed steps: ${failures.join(', ')}` : 'All steps passed.'}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length ? 1 : 0);
