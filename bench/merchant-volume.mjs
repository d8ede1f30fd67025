#!/usr/bin/env node
// The merchant portal's reads at volume: one merchant (Loja Aurora) with 10^6 orders (1,25 million checkouts, the
// orders' `Venda` rows, their transfer shares and a year of settlements), generated in SQL with generate_series on
// PostgreSQL, then the built server's answers timed one request at a time:
//   GET v2/checkouts with filters            p95 < 50 ms
//   GET v2/checkouts/statistics               p95 < 100 ms
//   GET v1/settlements/big_numbers            p95 < 100 ms
//   GET v1/settlements/export-csv (a month)   ≥ 50 000 rows/s, server RSS growth < 50 MB
// PostgreSQL: DRIP_BENCH_DATABASE_URL (a fresh database is created and dropped), or else a throw-away cluster
// started like .ci/run does from Debian's /usr/lib/postgresql/*/bin; skipped with a message when neither exists.
// Options: --orders N (1000000), --requests N per call (100), --keep (leave the database and the throw-away
// cluster running and print their URL, to EXPLAIN the statements).
import { readFileSync } from 'node:fs';
import { arg, freshPostgres, postgresServer, startDrip, stop } from './lib.mjs';

const ORDERS = arg('orders', 1_000_000);
const REQUESTS = arg('requests', 100);
const KEEP = process.argv.includes('--keep');
const API = '/merchant_backoffice/api';

/** The volume, in SQL: checkouts (4 of 5 approved), orders, `Venda` rows, their shares, daily settlements and summary. */
async function generate(url, orders) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  // The database is dropped (with force) after a failure: that ends this connection too.
  client.on('error', () => {});
  await client.connect();
  const started = performance.now();
  const q = (text, values) => client.query(text, values);
  const [{ id: merchant }] = (await q(`select id from merchants where name = 'Loja Aurora'`)).rows;
  const checkoutsCount = Math.round(orders * 1.25);
  await q('begin');
  await q(`
    insert into customers (id, name, cpf, phone, email)
    select md5('bench-customer-' || g)::uuid, (array['Ana','Bruno','Carla','Diego','Elisa','Fábio','Gabriela','Heitor'])[1 + g % 8]
        || ' ' || (array['Almeida','Barbosa','Cardoso','Duarte','Lima','Santos'])[1 + g % 6] || ' ' || g,
      '7' || lpad(g::text, 10, '0'), '+5511' || lpad(g::text, 9, '0'), 'bench' || g || '@cliente.demo'
    from generate_series(1, 5000) g`);
  // created_at: spread over the last 365 days; 4 of 5 approved (OK) with an order, the rest denied or abandoned.
  await q(
    `
    insert into checkouts (id, merchant_id, merchant_order_code, amount, products, resolve_url, cancel_url, status,
      phase, ko_reason, customer_data, customer_id, order_id, expires_at, created_at, updated_at)
    select md5('bench-checkout-' || g)::uuid, $1::uuid, 'BENCH-' || lpad(g::text, 8, '0'), a.amount,
      jsonb_build_array(jsonb_build_object('name', 'Produto', 'quantity', 1, 'amount', a.amount)),
      'https://aurora.demo/ok', 'https://aurora.demo/carrinho',
      case when g % 5 <> 0 then 'OK' when g % 10 = 0 then 'EXPIRED' else 'KO' end, 'DONE',
      case when g % 10 = 0 then 'EXPIRED' when g % 5 = 0 then (array['DEFAULT','ANTI_FRAUD_SCORE','LATE_INSTALMENTS'])[1 + g % 3] end,
      jsonb_build_object('customerName', c.name, 'customerCpf', c.cpf, 'customerPhone', c.phone,
        'customerEmail', c.email, 'addressCep', '01310-100', 'addressStreet', 'Avenida Paulista',
        'addressNumber', '1', 'addressNeighborhood', 'Bela Vista', 'addressCity', 'São Paulo', 'addressState', 'SP'),
      c.id, case when g % 5 <> 0 then md5('bench-order-' || g)::uuid end,
      a.at + interval '1 day', a.at, a.at
    from generate_series(1, $2::int) g
    cross join lateral (select 5000 + (g::bigint * 7919) % 300000 as amount,
      now() - (g % 365) * interval '1 day' - (g % 50000) * interval '1 second' as at) a
    join customers c on c.id = md5('bench-customer-' || (1 + g % 5000))::uuid`,
    [merchant, checkoutsCount],
  );
  await q(
    `
    insert into orders (id, code, checkout_id, merchant_id, customer_id, merchant_order_code, amount, canceled_amount,
      financed_amount, cashback_rate, cashback_amount, status, type, created_at, updated_at)
    select order_id, 'DRP-B' || lpad(substr(merchant_order_code, 7), 8, '0'), id, merchant_id, customer_id,
      merchant_order_code, amount, case when amount % 97 = 0 then amount else 0 end, amount, 0, 0,
      case when created_at < now() - interval '90 days' then 'CLOSED' else 'ACTIVE' end, 'INSTALMENTS',
      created_at, created_at
    from checkouts where merchant_id = $1::uuid and order_id is not null and merchant_order_code like 'BENCH-%'`,
    [merchant],
  );
  await q(
    `
    insert into settlement_entries (id, merchant_id, order_id, kind, day, amount, fee_amount, payout_amount,
      fee_rate_bps, key, created_at, order_code, merchant_order_code, order_created_at, customer_name, transfer_dates)
    select md5('bench-entry-' || o.id)::uuid, o.merchant_id, o.id, 'SALE',
      (o.created_at at time zone 'America/Sao_Paulo')::date, o.amount, (o.amount * 299 + 5000) / 10000,
      o.amount - (o.amount * 299 + 5000) / 10000, 299, 'sale:' || o.id, o.created_at,
      o.code, o.merchant_order_code, o.created_at, c.name, ((o.created_at at time zone 'America/Sao_Paulo')::date + 1)::text
    from orders o join customers c on c.id = o.customer_id
    where o.merchant_id = $1::uuid and o.merchant_order_code like 'BENCH-%'
    union all
    select md5('bench-cancel-' || o.id)::uuid, o.merchant_id, o.id, 'CANCELLATION',
      (o.created_at at time zone 'America/Sao_Paulo')::date + 3, -o.amount, -((o.amount * 299 + 5000) / 10000),
      -(o.amount - (o.amount * 299 + 5000) / 10000), 299, 'cancel:' || o.id || ':' || o.amount, o.created_at + interval '3 days',
      o.code, o.merchant_order_code, o.created_at, c.name, ''
    from orders o join customers c on c.id = o.customer_id
    where o.merchant_id = $1::uuid and o.merchant_order_code like 'BENCH-%' and o.canceled_amount > 0`,
    [merchant],
  );
  // One settlement per past day; each entry one share on its day + 1, taken by that day's settlement when past.
  await q(
    `
    insert into settlement_payouts (id, merchant_id, transfer_date, parts_amount, debt_in, amount, debt_out, status,
      platform, external_id, created_at)
    select md5('bench-payout-' || d)::uuid, $1::uuid, d::date, 0, 0, 0, 0, 'PAID', 'SANDBOX',
      'drip-payout-bench-' || d::date, d
    from generate_series((now() at time zone 'America/Sao_Paulo')::date - 364,
      (now() at time zone 'America/Sao_Paulo')::date - 1, interval '1 day') d`,
    [merchant],
  );
  await q(
    `
    insert into settlement_parts (entry_id, merchant_id, order_id, seq, due_date, amount, wait_for, payout_id)
    select e.id, e.merchant_id, e.order_id, 1, e.day + 1, e.payout_amount, 'NONE',
      case when e.day + 1 < (now() at time zone 'America/Sao_Paulo')::date
        then md5('bench-payout-' || (e.day + 1)::timestamp)::uuid end
    from settlement_entries e where e.merchant_id = $1::uuid and e.key like 'sale:%' and e.fee_rate_bps = 299
      and e.id = md5('bench-entry-' || e.order_id)::uuid`,
    [merchant],
  );
  await q(`
    update settlement_payouts s set parts_amount = x.total, amount = greatest(0, x.total)
    from (select payout_id, sum(amount) as total from settlement_parts where payout_id is not null group by payout_id) x
    where s.id = x.payout_id`);
  // The daily summary of the merchant's rows (the demo history's and these), as the migration backfills it.
  await q('delete from settlement_days where merchant_id = $1::uuid', [merchant]);
  await q(
    `
    insert into settlement_days (merchant_id, day, entries, sales, fees, cancellations, payout, scheduled)
    select e.merchant_id, e.day, count(*)::int, coalesce(sum(e.amount) filter (where e.kind = 'SALE'), 0),
      sum(e.fee_amount), coalesce(sum(e.payout_amount) filter (where e.kind = 'CANCELLATION'), 0), sum(e.payout_amount),
      coalesce(sum(p.open), 0)
    from settlement_entries e
    left join (select entry_id, sum(amount) as open from settlement_parts where merchant_id = $1::uuid
      and payout_id is null group by entry_id) p on p.entry_id = e.id
    where e.merchant_id = $1::uuid
    group by e.merchant_id, e.day`,
    [merchant],
  );
  await q('commit');
  await q('vacuum analyze');
  const counts = (
    await q(
      `select (select count(*) from checkouts where merchant_id = $1::uuid) as checkouts,
      (select count(*) from orders where merchant_id = $1::uuid) as orders,
      (select count(*) from settlement_entries where merchant_id = $1::uuid) as entries,
      (select count(*) from settlement_parts where merchant_id = $1::uuid) as parts`,
      [merchant],
    )
  ).rows[0];
  await client.end();
  return { ms: performance.now() - started, counts };
}

async function login(url) {
  const post = (body) =>
    fetch(`${url}${API}/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const world = await (await fetch(`${url}/sandbox/demo`)).json();
  const user = world.merchants
    .find((m) => m.name === 'Loja Aurora')
    .users.find((u) => u.email === 'admin@aurora.demo');
  if ((await post({ username: user.email, password: user.password })).status !== 200)
    throw new Error('login');
  const outbox = await (await fetch(`${url}/sandbox/outbox?to=${encodeURIComponent(user.phone)}`)).json();
  const res = await post({ username: user.email, smsCode: outbox.messages[0].code });
  return (await res.json()).token;
}

const percentile = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};

/** p50/p95 of REQUESTS calls cycling through `paths` (after one warm-up pass). */
async function timeCalls(url, token, paths) {
  const headers = { authorization: `Bearer ${token}` };
  for (const p of paths) {
    const res = await fetch(`${url}${p}`, { headers });
    if (res.status !== 200) throw new Error(`${p}: ${res.status} ${await res.text()}`);
  }
  const ms = [];
  const byPath = new Map(paths.map((p) => [p, []]));
  for (let i = 0; i < REQUESTS; i++) {
    const p = paths[i % paths.length];
    const t0 = performance.now();
    const res = await fetch(`${url}${p}`, { headers });
    await res.arrayBuffer();
    ms.push(performance.now() - t0);
    byPath.get(p)?.push(performance.now() - t0);
    if (res.status !== 200) throw new Error(`${p}: ${res.status}`);
  }
  for (const [p, xs] of byPath)
    console.log(`  ${p.replace(API, '')}: median ${percentile(xs, 50).toFixed(1)} ms`);
  return { p50: percentile(ms, 50), p95: percentile(ms, 95) };
}

const rssMb = (pid) => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : 0;
};

async function exportCsv(url, token, pid) {
  const now = new Date();
  const month = now.getUTCMonth() === 0 ? 12 : now.getUTCMonth();
  const year = now.getUTCMonth() === 0 ? now.getUTCFullYear() - 1 : now.getUTCFullYear();
  const before = rssMb(pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 10);
  const t0 = performance.now();
  const res = await fetch(`${url}${API}/v1/settlements/export-csv?month=${month}&year=${year}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (res.status !== 200) throw new Error(`export: ${res.status}`);
  let lines = 0;
  for await (const chunk of res.body) for (const b of chunk) if (b === 10) lines++;
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, rssMb(pid));
  return {
    rows: lines - 1,
    seconds,
    rowsPerSecond: (lines - 1) / seconds,
    rssGrowthMb: peak - before,
    month,
    year,
  };
}

const server = await postgresServer();
if (!server) {
  console.log(
    '(merchant-volume skipped: no PostgreSQL; set DRIP_BENCH_DATABASE_URL or install Debian postgresql)',
  );
  process.exit(0);
}
let failed = false;
try {
  const db = await freshPostgres(server.url);
  try {
    // First start: migrations and the demo world (with its history); then the volume, with the server stopped so
    // that its jobs do not run meanwhile.
    let drip = await startDrip({ DATABASE_URL: db.url });
    await stop(drip.child);
    console.log(`generating ${ORDERS.toLocaleString('en')} orders for Loja Aurora…`);
    const generated = await generate(db.url, ORDERS);
    console.log(`generated in ${(generated.ms / 1000).toFixed(1)} s:`, generated.counts);
    drip = await startDrip({ DATABASE_URL: db.url });
    try {
      const token = await login(drip.url);
      const today = new Date();
      const iso = (d) => `${d.toISOString().slice(0, 10)}T00:00:00Z`;
      const monthAgo = new Date(today.getTime() - 30 * 86_400_000);
      const list = await timeCalls(drip.url, token, [
        `${API}/v2/checkouts?page=0&size=10`,
        `${API}/v2/checkouts?page=0&size=10&approved=true`,
        `${API}/v2/checkouts?page=0&size=10&denied=true&abandoned=true`,
        `${API}/v2/checkouts?page=0&size=10&from=${iso(monthAgo)}&to=${iso(today)}`,
        `${API}/v2/checkouts?page=0&size=10&approved=true&from=${iso(monthAgo)}&to=${iso(today)}`,
        `${API}/v2/checkouts?page=0&size=10&code=BENCH-0012`,
        `${API}/v2/checkouts?page=0&size=10&customerName=gabriela`,
        `${API}/v2/checkouts?page=0&size=10&amount=1234.56`,
        `${API}/v2/checkouts?page=5&size=10&approved=true`,
      ]);
      const statistics = await timeCalls(drip.url, token, [
        `${API}/v2/checkouts/statistics?period=DAILY`,
        `${API}/v2/checkouts/statistics?period=WEEKLY`,
        `${API}/v2/checkouts/statistics?period=MONTHLY`,
      ]);
      const bigNumbers = await timeCalls(drip.url, token, [
        `${API}/v1/settlements/big_numbers?period=CURRENT_MONTH`,
        `${API}/v1/settlements/big_numbers?period=PREVIOUS_MONTH`,
        `${API}/v1/settlements/big_numbers?period=LAST_3_MONTHS`,
        `${API}/v1/settlements/big_numbers?period=LAST_6_MONTHS`,
      ]);
      const csv = await exportCsv(drip.url, token, drip.child.pid);
      const rows = [
        [
          'GET v2/checkouts (9 filter sets)',
          `p50 ${list.p50.toFixed(1)} ms, p95 ${list.p95.toFixed(1)} ms`,
          'p95 < 50 ms',
          list.p95 < 50,
        ],
        [
          'GET v2/checkouts/statistics',
          `p50 ${statistics.p50.toFixed(1)} ms, p95 ${statistics.p95.toFixed(1)} ms`,
          'p95 < 100 ms',
          statistics.p95 < 100,
        ],
        [
          'GET v1/settlements/big_numbers',
          `p50 ${bigNumbers.p50.toFixed(1)} ms, p95 ${bigNumbers.p95.toFixed(1)} ms`,
          'p95 < 100 ms',
          bigNumbers.p95 < 100,
        ],
        [
          `GET v1/settlements/export-csv (${csv.month}/${csv.year}, ${csv.rows} rows)`,
          `${Math.round(csv.rowsPerSecond)} rows/s`,
          '≥ 50000 rows/s',
          csv.rowsPerSecond >= 50_000,
        ],
        [
          '  server RSS growth during the export',
          `${csv.rssGrowthMb.toFixed(1)} MB`,
          '< 50 MB',
          csv.rssGrowthMb < 50,
        ],
      ];
      console.log(
        `\nPostgreSQL, ${ORDERS.toLocaleString('en')} orders of one merchant, ${REQUESTS} requests per call`,
      );
      for (const [what, figure, target, ok] of rows) {
        console.log(
          `${what.padEnd(58)} ${figure.padEnd(30)} target ${target.padEnd(16)} ${ok ? 'ok' : 'MISSED'}`,
        );
        if (!ok) failed = true;
      }
    } finally {
      await stop(drip.child);
    }
  } finally {
    if (KEEP) console.log(`kept: ${db.url}`);
    else await db.drop();
  }
} finally {
  if (!KEEP) server.stop();
}
process.exit(failed ? 1 : 0);
