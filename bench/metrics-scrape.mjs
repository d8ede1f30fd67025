// What a Prometheus scrape of /metrics costs (docs/metrics.md): statements sent to the database per scrape (one per
// scrape-time family: queues, Pix charges past expiry, failed payouts), and the scrape's latency and size, on the
// demo world `npm start` seeds (with its ~90 days of history), on PGlite and, when a PostgreSQL can be had, on
// PostgreSQL, there also after years of history are added (200 000 finished tasks, 2 000 dead ones, 200 000 paid or
// expired Pix charges, 100 000 paid payouts): the reads go through partial or status indexes, so the figure must not
// grow with the history.
//
// Targets: statements per scrape = 3; scrape p99 ≤ 250 ms on every database and volume (Prometheus waits 10 s).

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { arg, freshPostgres, postgresServer, startDrip, stop } from './lib.mjs';

const SCRAPES = arg('scrapes', 100);
const STATEMENTS_TARGET = 3;
// A scrape shares the database with the jobs: on PGlite (one connection) it waits behind a job's statement.
const P99_TARGET_MS = 250;

async function queryCount(url) {
  const res = await fetch(`${url}/sandbox/metrics`);
  return (await res.json()).queries;
}

async function scrape(url) {
  const started = performance.now();
  const res = await fetch(`${url}/metrics`);
  const text = await res.text();
  if (res.status !== 200) throw new Error(`/metrics answered ${res.status}: ${text}`);
  return { ms: performance.now() - started, text };
}

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

/** Statements of one scrape: the fewest seen around twenty scrapes (a job's run in between only adds). */
async function statementsPerScrape(url) {
  let fewest = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 20; i++) {
    const before = await queryCount(url);
    await scrape(url);
    fewest = Math.min(fewest, (await queryCount(url)) - before);
  }
  return fewest;
}

async function measure(label, url) {
  // The start-up runs of the jobs (the settlements job books the history) are over before anything is timed.
  const settled = Date.now() + 5_000;
  while (Date.now() < settled) await scrape(url);
  const statements = await statementsPerScrape(url);
  const times = [];
  let text = '';
  for (let i = 0; i < SCRAPES; i++) {
    const s = await scrape(url);
    times.push(s.ms);
    text = s.text;
  }
  times.sort((a, b) => a - b);
  const series = text.split('\n').filter((l) => l !== '' && !l.startsWith('#')).length;
  const row = {
    database: label,
    statements,
    p50: Number(quantile(times, 0.5).toFixed(1)),
    p99: Number(quantile(times, 0.99).toFixed(1)),
    series,
    kB: Number((Buffer.byteLength(text) / 1024).toFixed(1)),
  };
  console.log(
    `${label.padEnd(34)} statements/scrape ${String(statements).padStart(2)} (target ${STATEMENTS_TARGET})   p50 ${String(row.p50).padStart(6)} ms   p99 ${String(row.p99).padStart(6)} ms (target ≤ ${P99_TARGET_MS})   ${series} series, ${row.kB} kB`,
  );
  return row;
}

const rows = [];

const dataDir = mkdtempSync(join(tmpdir(), 'drip-bench-metrics-'));
try {
  const drip = await startDrip({ DRIP_DATA_DIR: dataDir, DRIP_COUNT_QUERIES: '1' });
  try {
    rows.push(await measure('PGlite, demo world', drip.url));
  } finally {
    await stop(drip.child);
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

const server = await postgresServer();
if (server) {
  const db = await freshPostgres(server.url);
  try {
    const drip = await startDrip({ DATABASE_URL: db.url, DRIP_COUNT_QUERIES: '1' });
    try {
      rows.push(await measure('PostgreSQL, demo world', drip.url));
      const { default: pg } = await import('pg');
      const client = new pg.Client({ connectionString: db.url });
      await client.connect();
      try {
        // History years of operation leave: finished and dead tasks, paid and expired charges, paid payouts.
        await client.query(`insert into job_queue (queue, payload, status, attempts, max_attempts, run_at, created_at, updated_at)
          select (array['merchant-webhooks','pix-refunds','settlement-payouts','order-refunds'])[1 + i % 4], '{}'::jsonb,
            case when i % 100 = 0 then 'DEAD' else 'DONE' end, 1, 10, now() - interval '1 day', now() - interval '1 day', now() - interval '1 day'
          from generate_series(1, 200000) i`);
        await client.query(`insert into pix_charges (txid, purpose, reference_id, amount, br_code, location, description, expires_at, status, created_at)
          select 'BENCH' || lpad(i::text, 25, '0'), 'INSTALMENT', 'bench-' || i, 1000, 'x', 'x', 'x',
            now() - interval '2 days', case when i % 2 = 0 then 'PAID' else 'EXPIRED' end, now() - interval '3 days'
          from generate_series(1, 200000) i`);
        await client.query(`insert into settlement_payouts (id, merchant_id, transfer_date, parts_amount, debt_in, amount, debt_out, status, platform, external_id, attempts, created_at, paid_at)
          select gen_random_uuid(), gen_random_uuid(), date '2020-01-01' + (i % 2000), 1000, 0, 1000, 0, 'PAID', 'DRIP_STARKBANK', 'bench-' || i, 1, now() - interval '1 day', now() - interval '1 day'
          from generate_series(1, 100000) i`);
        await client.query('analyze');
      } finally {
        await client.end();
      }
      rows.push(await measure('PostgreSQL, + history (see above)', drip.url));
    } finally {
      await stop(drip.child);
    }
  } finally {
    await db.drop();
    server.stop();
  }
} else {
  console.log(
    '(PostgreSQL skipped: no PostgreSQL; set DRIP_BENCH_DATABASE_URL or install Debian postgresql)',
  );
}

const missed = rows.filter((r) => r.statements !== STATEMENTS_TARGET || r.p99 > P99_TARGET_MS);
if (missed.length > 0) {
  console.log(`target missed: ${missed.map((r) => r.database).join(', ')}`);
  process.exit(1);
}
