#!/usr/bin/env node
// The admin lists at catalogue scale: 10^4 merchants and 10^5 catalogue stores, generated in SQL with generate_series
// (each a copy of a demo world row with a new id, name and document), then the built server's answers timed one
// request at a time, each call's p95 against its target:
//   admin merchants list: first page, a later page, a name search, a document (CNPJ) search       p95 < 50 ms
//   catalogue stores list: first page, a later page, a status filter, a storeName search          p95 < 50 ms
//   admin customers list (10^6 customers): first page, a later page, a search by name, CPF, phone, e-mail   p95 < 50 ms
// On both databases Drip runs on: PostgreSQL (DRIP_BENCH_DATABASE_URL, or a throw-away cluster as in
// merchant-volume.mjs; skipped with a message when neither exists) and the embedded PGlite (a throw-away data folder).
// The targets are PostgreSQL's, where a catalogue of this size runs (PGlite is one process on one data folder, the
// demo's and a small shop's database): PGlite's figures are printed beside them but a miss there does not fail the
// run (docs/benchmarks.md).
// Options: --merchants N (10000), --stores N (100000), --customers N (1000000), --requests N per call (60), --db pg|pglite|both (both),
// --keep (leave the PostgreSQL database and cluster running and print their URL, to EXPLAIN the statements).
//
// A list joins the benchmark as one entry of LISTS: its seed (SQL run once on the generated world, after the demo
// world's rows exist) and its calls (path and credential). The next admin list (promotions, say) adds one entry.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { arg, argText, freshPostgres, postgresServer, startDrip, stop } from './lib.mjs';

const MERCHANTS = arg('merchants', 10_000);
const STORES = arg('stores', 100_000);
const CUSTOMERS = arg('customers', 1_000_000);
const REQUESTS = arg('requests', 60);
const DB = argText('db', 'both');
const KEEP = process.argv.includes('--keep');
const TARGET_P95_MS = 50;
const ADMIN_API = '/admin_backoffice/api/v1';
const CATALOGUE_API = '/catalogue/api/v1';

// Names as Brazilian shops are named: a kind, a word (a fruit, a tree, a bird) and a number, so that a word search
// finds about 1 row in 20 and a word with a number a handful.
const KINDS = `array['Loja','Casa','Empório','Ateliê','Mercado','Boutique','Livraria','Farmácia','Ótica','Pet Shop','Brechó','Armazém']`;
const WORDS = `array['Aurora','Pitanga','Sabiá','Ipê','Jabuticaba','Caju','Araucária','Maracujá','Jacarandá','Cajá',
  'Pequi','Buriti','Tucano','Arara','Guará','Bem-te-vi','Capivara','Jatobá','Acerola','Graviola']`;
// People as Brazilians are named: a first name and a family name of 20 each (a family name finds 1 row in 20).
const FIRST = `array['Maria','José','Ana','João','Antônio','Francisca','Carlos','Paulo','Adriana','Lucas',
  'Juliana','Marcos','Fernanda','Rafael','Luíza','Pedro','Camila','Bruno','Patrícia','Gabriel']`;
const FAMILY = `array['Silva','Santos','Oliveira','Souza','Rodrigues','Ferreira','Alves','Pereira','Lima','Gomes',
  'Costa','Ribeiro','Martins','Carvalho','Almeida','Lopes','Soares','Fernandes','Vieira','Barbosa']`;
const personName = (g) =>
  `(${FIRST})[1 + ${g} % 20] || ' ' || (${FAMILY})[1 + (${g} / 20) % 20] || ' ' || ${g}`;
const shopName = (g) => `(${KINDS})[1 + ${g} % 12] || ' ' || (${WORDS})[1 + (${g} / 12) % 20] || ' ' || ${g}`;

/**
 * Inserts `n` copies of the row of `table` chosen by `where`, every column as it is but for `overrides` (column →
 * SQL over the series number `g`): new columns of the table need no change here.
 */
async function copyRow(q, table, where, n, overrides) {
  const cols = (
    await q(
      `select column_name from information_schema.columns
       where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER' order by ordinal_position`,
      [table],
    )
  ).rows.map((r) => r.column_name);
  const select = cols.map((c) => overrides[c] ?? `s."${c}"`).join(', ');
  const sql = `insert into ${table} (${cols.map((c) => `"${c}"`).join(', ')})
    select ${select} from (select * from ${table} where ${where} limit 1) s cross join generate_series(1, ${n}) g`;
  const res = await q(sql);
  return res.rowCount ?? res.affectedRows ?? n;
}

/** The 14 digits of the g-th generated CNPJ (not a valid one: the list reads it, nothing checks it). */
const cnpjOf = (g) => `${String(g).padStart(8, '0')}0001${String(g % 100).padStart(2, '0')}`;
const maskedCnpj = (d) =>
  `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-${d.slice(12)}`;

const LISTS = [
  {
    name: 'merchants',
    async seed(q) {
      return copyRow(q, 'merchants', `name = 'Loja Aurora'`, MERCHANTS, {
        id: `md5('bench-merchant-' || g)::uuid`,
        name: shopName('g'),
        legal_name: `${shopName('g')} || ' Ltda'`,
        cnpj: `lpad(g::text, 8, '0') || '0001' || lpad((g % 100)::text, 2, '0')`,
        api_key: `'bench_' || md5('bench-key-' || g)`,
        created_at: `now() - g * interval '1 minute'`,
        updated_at: `now() - g * interval '1 minute'`,
      });
    },
    calls: ({ admin }) => {
      const later = Math.floor(MERCHANTS / 10 / 2);
      return [
        ['admin merchants, first page', `${ADMIN_API}/merchants?page=0&size=10`, admin],
        [`admin merchants, page ${later}`, `${ADMIN_API}/merchants?page=${later}&size=10`, admin],
        [
          'admin merchants, name search (1 in 20)',
          `${ADMIN_API}/merchants?page=0&size=10&name=jacarand%C3%A1`,
          admin,
        ],
        [
          'admin merchants, name search (a few)',
          `${ADMIN_API}/merchants?page=0&size=10&name=aurora%20432`,
          admin,
        ],
        [
          'admin merchants, CNPJ search (masked, whole)',
          `${ADMIN_API}/merchants?page=0&size=10&name=${encodeURIComponent(maskedCnpj(cnpjOf(4321)))}`,
          admin,
        ],
        [
          'admin merchants, CNPJ search (digits, part)',
          `${ADMIN_API}/merchants?page=0&size=10&name=0004321`,
          admin,
        ],
      ];
    },
  },
  {
    name: 'catalogue stores',
    async seed(q) {
      return copyRow(q, 'catalogue_stores', `name = 'Loja Aurora'`, STORES, {
        id: `md5('bench-store-' || g)::uuid`,
        name: shopName('g'),
        // 7 in 10 active, 2 disabled, 1 archived.
        status: `case when g % 10 < 7 then 'ACTIVE' when g % 10 < 9 then 'DISABLED' else 'ARCHIVED' end`,
        created_at: `now() - g * interval '1 minute'`,
        updated_at: `now() - g * interval '1 minute'`,
      });
    },
    calls: ({ catalogue }) => {
      const later = Math.floor(STORES / 20 / 2);
      return [
        ['catalogue stores, first page', `${CATALOGUE_API}/management/stores?page=0&size=20`, catalogue],
        [
          `catalogue stores, page ${later}`,
          `${CATALOGUE_API}/management/stores?page=${later}&size=20`,
          catalogue,
        ],
        [
          'catalogue stores, status ACTIVE',
          `${CATALOGUE_API}/management/stores?page=0&size=20&status=ACTIVE`,
          catalogue,
        ],
        [
          'catalogue stores, status ARCHIVED, page 10',
          `${CATALOGUE_API}/management/stores?page=10&size=20&status=ARCHIVED`,
          catalogue,
        ],
        [
          'catalogue stores, storeName (1 in 20)',
          `${CATALOGUE_API}/management/stores?page=0&size=20&storeName=graviola`,
          catalogue,
        ],
        [
          'catalogue stores, storeName (a few)',
          `${CATALOGUE_API}/management/stores?page=0&size=20&storeName=buriti%20987`,
          catalogue,
        ],
        [
          'catalogue stores, ACTIVE + storeName',
          `${CATALOGUE_API}/management/stores?page=0&size=20&status=ACTIVE&storeName=sabi%C3%A1`,
          catalogue,
        ],
      ];
    },
  },
  {
    name: 'customers',
    async seed(q) {
      // 11 digits and a phone per row, unique; not valid check digits (nothing checks them on the list's way).
      return copyRow(q, 'customers', `cpf = '52998224725'`, CUSTOMERS, {
        id: `md5('bench-customer-' || g)::uuid`,
        name: personName('g'),
        cpf: `lpad((g + 10000000000)::text, 11, '0')`,
        phone: `'+55119' || lpad(g::text, 8, '0')`,
        email: `'cliente' || g || '@exemplo.com.br'`,
        created_at: `now() - g * interval '1 second'`,
        updated_at: `now() - g * interval '1 second'`,
      });
    },
    calls: ({ admin }) => {
      // The count stops at 10 000 (docs/admin-customers.md): page 999 is the deepest the list offers.
      const later = Math.min(999, Math.floor(CUSTOMERS / 10 / 2));
      const list = `${ADMIN_API}/customers?page=0&size=10`;
      return [
        ['admin customers, first page', list, admin],
        [`admin customers, page ${later}`, `${ADMIN_API}/customers?page=${later}&size=10`, admin],
        ['admin customers, name (1 in 20)', `${list}&type=name&text=barbosa`, admin],
        ['admin customers, name (a few)', `${list}&type=name&text=silva%2042`, admin],
        ['admin customers, CPF whole', `${list}&type=cpf&text=100.004.321-00`, admin],
        ['admin customers, CPF part', `${list}&type=cpf&text=0004321`, admin],
        [
          'admin customers, phone whole',
          `${list}&type=phone&text=${encodeURIComponent('(11) 90004-3210')}`,
          admin,
        ],
        ['admin customers, e-mail part', `${list}&type=email&text=cliente43210%40`, admin],
      ];
    },
  },
];

async function generate(q) {
  const started = performance.now();
  const counts = {};
  await q('begin');
  for (const list of LISTS) counts[list.name] = await list.seed(q);
  await q('commit');
  await q('vacuum analyze');
  return { ms: performance.now() - started, counts };
}

async function credentials(url) {
  const world = await (await fetch(`${url}/sandbox/demo`)).json();
  const res = await fetch(`${url}${ADMIN_API}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: world.admin.email, password: world.admin.password }),
  });
  if (res.status !== 200) throw new Error(`admin login: ${res.status} ${await res.text()}`);
  return {
    admin: { authorization: `Bearer ${(await res.json()).token}` },
    catalogue: { 'x-api-key': world.catalogue.apiKey },
  };
}

const percentile = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};

/** p50/p95 of each call, REQUESTS times each, interleaved (after one warm-up pass). */
async function timeCalls(url, calls) {
  for (const [what, path, headers] of calls) {
    const res = await fetch(`${url}${path}`, { headers });
    const body = await res.text();
    if (res.status !== 200) throw new Error(`${what}: ${res.status} ${body}`);
    const page = JSON.parse(body);
    console.log(
      `  ${what.padEnd(46)} ${String(page.totalElements).padStart(7)} found, ${page.content.length} shown`,
    );
  }
  const ms = calls.map(() => []);
  for (let i = 0; i < REQUESTS; i++)
    for (const [k, [what, path, headers]] of calls.entries()) {
      const t0 = performance.now();
      const res = await fetch(`${url}${path}`, { headers });
      await res.arrayBuffer();
      ms[k].push(performance.now() - t0);
      if (res.status !== 200) throw new Error(`${what}: ${res.status}`);
    }
  return calls.map(([what], k) => ({ what, p50: percentile(ms[k], 50), p95: percentile(ms[k], 95) }));
}

/** One database: Drip's first start (migrations, demo world), the volume with Drip stopped, then the timings. */
async function runOn(label, env, query, { enforced }) {
  let drip = await startDrip(env);
  await stop(drip.child);
  console.log(
    `\n${label}: generating ${MERCHANTS.toLocaleString('en')} merchants and ${STORES.toLocaleString('en')} stores…`,
  );
  const generated = await generate(query.q);
  await query.close();
  console.log(`generated in ${(generated.ms / 1000).toFixed(1)} s:`, generated.counts);
  drip = await startDrip(env);
  try {
    const creds = await credentials(drip.url);
    const rows = await timeCalls(
      drip.url,
      LISTS.flatMap((l) => l.calls(creds)),
    );
    console.log(
      `\n${label}, ${MERCHANTS.toLocaleString('en')} merchants, ${STORES.toLocaleString('en')} stores, ${REQUESTS} requests per call`,
    );
    let ok = true;
    for (const r of rows) {
      const met = r.p95 < TARGET_P95_MS;
      if (!met && enforced) ok = false;
      const verdict = met ? 'ok' : enforced ? 'MISSED' : 'over (not enforced on PGlite)';
      console.log(
        `${r.what.padEnd(46)} p50 ${r.p50.toFixed(1).padStart(6)} ms, p95 ${r.p95.toFixed(1).padStart(6)} ms   target p95 < ${TARGET_P95_MS} ms ${verdict}`,
      );
    }
    return ok;
  } finally {
    await stop(drip.child);
  }
}

async function onPostgres() {
  const server = await postgresServer();
  if (!server) {
    console.log(
      '(admin-lists on PostgreSQL skipped: no PostgreSQL; set DRIP_BENCH_DATABASE_URL or install Debian postgresql)',
    );
    return true;
  }
  try {
    const db = await freshPostgres(server.url);
    try {
      const { default: pg } = await import('pg');
      const connect = async () => {
        const client = new pg.Client({ connectionString: db.url });
        client.on('error', () => {});
        await client.connect();
        return { q: (text, values) => client.query(text, values), close: () => client.end() };
      };
      const env = { DATABASE_URL: db.url };
      let query;
      return await runOn(
        'PostgreSQL',
        env,
        {
          q: async (text, values) => {
            query ??= await connect();
            return query.q(text, values);
          },
          close: async () => query?.close(),
        },
        { enforced: true },
      );
    } finally {
      if (KEEP) console.log(`kept: ${db.url}`);
      else await db.drop();
    }
  } finally {
    if (!KEEP) server.stop();
  }
}

async function onPglite() {
  const dataDir = mkdtempSync(join(tmpdir(), 'drip-bench-admin-lists-'));
  try {
    // Opened as Drip opens it (packages/server/src/db/index.ts), with Drip stopped: one process at a time.
    const { PGlite } = await import('@electric-sql/pglite');
    const { NodeFS } = await import('@electric-sql/pglite/nodefs');
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
    let db;
    return await runOn(
      'PGlite',
      { DRIP_DATA_DIR: dataDir },
      {
        q: async (text, values) => {
          db ??= await PGlite.create({
            fs: new NodeFS(dataDir),
            relaxedDurability: false,
            startParams: PGlite.defaultStartParams.filter((p) => p !== '-F'),
            extensions: { pg_trgm },
          });
          return values ? db.query(text, values) : (await db.exec(text)).at(-1);
        },
        close: async () => db?.close(),
      },
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

let ok = true;
if (DB === 'pg' || DB === 'both') ok = (await onPostgres()) && ok;
if (DB === 'pglite' || DB === 'both') ok = (await onPglite()) && ok;
process.exit(ok ? 0 : 1);
