#!/usr/bin/env node
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isValidCPF } from '@brazilian-utils/brazilian-utils';
import { run, staleBuilds } from '../scripts/lib.mjs';
import { arg, freshPostgres, processCpuMs, startDrip, stop } from './lib.mjs';

const SERIAL = arg('serial', 20);
const SECONDS = arg('seconds', 10);
const WARMUP_SECONDS = arg('warmup', 3);
const CONCURRENCY = arg('concurrency', 10);
const MAX_STATEMENTS_PER_STEP = 4;
const MAX_P99_MS = 50;
const STEPS = ['create', 'load', 'customer data', 'token', 'pix pay', 'poll after payment', 'confirmation'];
/** The step that waits for the credit analysis (run in the background after the verification Pix is booked). */
const ANALYSIS_WAIT_STEP = 'poll after payment';

// ------------------------------------------------------------------ shoppers

/** A valid CPF from a number (the two check digits of the Receita's algorithm), never one of the magic ones. */
export function cpfFrom(n) {
  // 9 base digits starting with 1–8: the sandbox's magic CPFs all start with 90/91.
  const base = String(100_000_000 + (n % 800_000_000))
    .split('')
    .map(Number);
  if (base.every((d) => d === base[0])) base[8] = (base[8] + 1) % 10;
  const check = (digits) => {
    const sum = digits.reduce((acc, d, i) => acc + d * (digits.length + 1 - i), 0);
    const r = (sum * 10) % 11;
    return r === 10 ? 0 : r;
  };
  const d1 = check(base);
  const d2 = check([...base, d1]);
  const cpf = [...base, d1, d2].join('');
  if (!isValidCPF(cpf)) throw new Error(`generated an invalid CPF ${cpf}`);
  return cpf;
}

const salt = randomBytes(4).readUInt32BE(0);
let shopperSeq = 0;
/** A first-time shopper: fresh valid CPF and a fresh São Paulo mobile number. */
export function newShopper() {
  const n = salt + ++shopperSeq * 7919;
  return {
    cpf: cpfFrom(n),
    phone: `+55119${String(10_000_000 + (n % 89_999_999)).padStart(8, '0')}`,
    email: `bench.${salt}.${shopperSeq}@cliente.demo`,
    ip: `127.1.${Math.floor(shopperSeq / 250) % 250}.${(shopperSeq % 250) + 1}`,
  };
}

// ------------------------------------------------------------------ server

async function startCountingDrip(env) {
  return startDrip({ DRIP_COUNT_QUERIES: '1', ...env });
}

// ------------------------------------------------------------------ one checkout

/**
 * One HTTP request over `agent`. A shopper's requests come from the shopper's own loopback address (127.1.x.y) on
 * the shopper's own connection, opened by the first of them, as real shoppers come from their own IPs (the per-IP
 * rate limits then apply per shopper). The merchant's `create` comes from the merchant's server: 127.0.0.1, over the
 * merchant's keep-alive connections (`merchantAgent`), as a merchant's HTTP client calls an API it calls all day.
 */
export function call(url, method, path, body, headers = {}, agent = undefined) {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      `${url}${path}`,
      {
        method,
        agent,
        headers: payload === undefined ? headers : { 'content-type': 'application/json', ...headers },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d) => {
          text += d;
        });
        res.on('end', () => {
          let json;
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode, json, text });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

export const expectStatus = (res, status, what) => {
  if (res.status !== status) throw new Error(`${what}: HTTP ${res.status} ${res.text.slice(0, 300)}`);
  return res.json;
};
export const field = (res, name) => res.fields?.find((f) => f.fieldName === name);
const describe = (res) =>
  `${res.result} [${(res.fields ?? []).map((f) => `${f.fieldName}${f.fieldData ? '*' : ''}`).join(', ')}]`;

/** The merchant's server's keep-alive connections to the API (see `call`), shared by every checkout. */
const merchantAgent = new http.Agent({ keepAlive: true, localAddress: '127.0.0.1' });

/**
 * Runs one checkout to OK. `step(name, fn)` wraps every timed request; the helper calls (outbox) are outside it.
 * Returns the analysis wait (ms between the payment and the poll that no longer asks for it).
 */
async function checkout(url, apiKey, step) {
  const shopper = newShopper();
  const agent = new http.Agent({ keepAlive: true, localAddress: shopper.ip });
  const req = (method, path, payload, headers) => call(url, method, path, payload, headers, agent);
  const merchantReq = (method, path, payload, headers) =>
    call(url, method, path, payload, headers, merchantAgent);
  try {
    return await checkoutAs(shopper, req, merchantReq, apiKey, step);
  } finally {
    agent.destroy();
  }
}

export async function checkoutAs(shopper, req, merchantReq, apiKey, step) {
  const code = `BENCH-${salt}-${shopperSeq}`;
  const created = await step('create', () =>
    merchantReq(
      'POST',
      '/api/v1/merchant/checkouts',
      {
        amount: 150,
        merchantOrderCode: code,
        products: [{ name: 'Panela', quantity: 1, amount: 150 }],
        resolveUrl: 'https://pitanga.demo/ok',
        cancelUrl: 'https://pitanga.demo/carrinho',
      },
      { authorization: `Bearer ${apiKey}`, 'idempotency-key': code },
    ),
  );
  const id = expectStatus(created, 201, 'create').id;
  const put = async (name, body) =>
    expectStatus(await step(name, () => req('PUT', `/api/v1/checkouts/${id}`, body)), 200, name);

  await put('load', {});
  let res = await put('customer data', {
    customerPhone: shopper.phone,
    customerCpf: shopper.cpf,
    customerName: 'Ana Bench',
    customerEmail: shopper.email,
    addressCep: '01310-100',
    addressStreet: 'Avenida Paulista',
    addressNumber: '1000',
    addressNeighborhood: 'Bela Vista',
    addressCity: 'São Paulo',
    addressState: 'SP',
  });
  if (!field(res, 'phoneVerificationCode'))
    throw new Error(`customer data: expected the token, got ${describe(res)}`);

  let sms;
  for (let i = 0; i < 100 && !sms; i++) {
    const box = expectStatus(
      await req('GET', `/sandbox/outbox?to=${encodeURIComponent(shopper.phone)}`),
      200,
      'outbox',
    );
    sms = box.messages.find((m) => m.code);
    if (!sms) await new Promise((r) => setTimeout(r, 20));
  }
  if (!sms) throw new Error(`no Drip Token in the outbox for ${shopper.phone}`);
  res = await put('token', { phoneVerificationCode: sms.code });
  const payment = field(res, 'payment');
  if (res.result !== 'MORE_INFO' || !payment?.fieldData)
    throw new Error(`token: expected the verification Pix, got ${describe(res)}`);

  const paid = await step('pix pay', () =>
    req('POST', '/sandbox/pix/pay', {
      brcode: payment.fieldData.paymentQrCodeText,
      payerCpf: shopper.cpf,
      payerBankCode: '260',
    }),
  );
  expectStatus(paid, 200, 'pix pay');
  const paidAt = performance.now();
  for (let i = 0; ; i++) {
    res = await put('poll after payment', {});
    if (!field(res, 'payment')?.fieldData) break;
    if (i >= 200) throw new Error('the verification Pix was never seen as paid');
    await new Promise((r) => setTimeout(r, 20));
  }
  const analysisWait = performance.now() - paidAt;
  if (res.result !== 'MORE_INFO' || !field(res, 'checkoutConfirmation'))
    throw new Error(`after payment: expected the confirmation, got ${describe(res)}`);
  res = await put('confirmation', { checkoutConfirmed: true });
  if (res.result !== 'OK') throw new Error(`confirmation: expected OK, got ${describe(res)}`);
  return analysisWait;
}

// ------------------------------------------------------------------ phases

async function queries(url) {
  return expectStatus(await call(url, 'GET', '/sandbox/metrics'), 200, 'metrics').queries;
}

/** Waits until the server sends no statement for a while (the background credit analysis done); the count then. */
async function quietQueries(url) {
  let last = await queries(url);
  for (let stable = 0; stable < 3; ) {
    await new Promise((r) => setTimeout(r, 15));
    const now = await queries(url);
    stable = now === last ? stable + 1 : 0;
    last = now;
  }
  return last;
}

/**
 * Phase A: one checkout at a time; statements per step from the counter (exact, nothing else runs). The verification
 * payment's credit analysis runs in the background after the webhook answered: its statements are counted with
 * the pix pay step (measured until the server is quiet), so that the poll after it shows its own cost.
 */
async function serialPhase(url, apiKey) {
  const statements = Object.fromEntries(STEPS.map((s) => [s, []]));
  for (let i = 0; i < SERIAL; i++) {
    const perStep = {};
    await checkout(url, apiKey, async (name, fn) => {
      const before = await queries(url);
      const res = await fn();
      const after = name === 'pix pay' ? await quietQueries(url) : await queries(url);
      perStep[name] = (perStep[name] ?? 0) + after - before;
      return res;
    });
    for (const [name, n] of Object.entries(perStep)) statements[name].push(n);
  }
  return statements;
}

/**
 * Phase B: CONCURRENCY checkouts at once for `seconds`; latencies per step, checkouts per second. Run twice: the
 * warm-up (`--warmup` seconds, 3 by default), then the measured run (`--seconds`).
 */
async function concurrentPhase(url, apiKey, serverPid, seconds) {
  const latencies = Object.fromEntries(STEPS.map((s) => [s, []]));
  const waits = [];
  const step = async (name, fn) => {
    const t0 = performance.now();
    const res = await fn();
    latencies[name].push(performance.now() - t0);
    return res;
  };
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const serverCpu0 = processCpuMs(serverPid);
  const benchCpu0 = process.cpuUsage();
  let completed = 0;
  const worker = async () => {
    while (performance.now() < deadline) {
      waits.push(await checkout(url, apiKey, step));
      completed++;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const elapsed = (performance.now() - started) / 1000;
  const serverCpu1 = processCpuMs(serverPid);
  const benchCpu = process.cpuUsage(benchCpu0);
  const cpu = {
    server:
      serverCpu0 && serverCpu1
        ? { user: serverCpu1.user - serverCpu0.user, system: serverCpu1.system - serverCpu0.system }
        : null,
    bench: benchCpu.user / 1000 + benchCpu.system / 1000,
    elapsed,
  };
  return { latencies, waits, completed, perSecond: completed / elapsed, cpu };
}

export function percentile(values, p) {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
const avg = (values) => values.reduce((a, b) => a + b, 0) / values.length;

/**
 * The worst p99 of the timed steps. The first poll after the payment waits for the background credit analysis: it
 * is the analysis wait, which the issue's latency target excludes (the table still prints it, marked).
 */
const worstStepP99 = (latencies) =>
  Math.max(
    ...STEPS.filter((name) => name !== ANALYSIS_WAIT_STEP).map((name) => percentile(latencies[name], 99)),
  );

async function benchDatabase(kind, dbEnv) {
  const drip = await startCountingDrip(dbEnv);
  try {
    const world = expectStatus(await call(drip.url, 'GET', '/sandbox/demo'), 200, 'demo');
    const pitanga = world.merchants.find((m) => m.name === 'Casa Pitanga');
    if (!pitanga) throw new Error('no Casa Pitanga in the demo world');
    await checkout(drip.url, pitanga.apiKey, (_n, fn) => fn()); // warm-up
    const statements = await serialPhase(drip.url, pitanga.apiKey);
    // The same load first for WARMUP_SECONDS, until the server's hot code is compiled (V8 optimises it in the first
    // seconds of load): the target is about the server's steady state. Its figures are printed, not judged.
    const warmup =
      WARMUP_SECONDS > 0
        ? await concurrentPhase(drip.url, pitanga.apiKey, drip.child.pid, WARMUP_SECONDS)
        : null;
    const load = await concurrentPhase(drip.url, pitanga.apiKey, drip.child.pid, SECONDS);
    return { kind, statements, warmup, ...load };
  } finally {
    merchantAgent.destroy();
    await stop(drip.child);
  }
}

// ------------------------------------------------------------------ main
// Run as a script (`npm run bench`); bench/scale-out.mjs imports the checkout above.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const b of staleBuilds().filter((b) => b.name === 'server')) {
    console.log('[bench] building the server…');
    if ((await run(b.command[0], b.command[1])) !== 0) process.exit(1);
  }

  const results = [];
  // --postgres-only: skip the PGlite run (with DRIP_BENCH_DATABASE_URL set), e.g. to repeat the latency figures.
  if (!(process.argv.includes('--postgres-only') && process.env.DRIP_BENCH_DATABASE_URL)) {
    const dataDir = mkdtempSync(join(tmpdir(), 'drip-bench-'));
    try {
      results.push(await benchDatabase('PGlite', { DRIP_DATA_DIR: dataDir }));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  if (process.env.DRIP_BENCH_DATABASE_URL) {
    const db = await freshPostgres(process.env.DRIP_BENCH_DATABASE_URL);
    try {
      results.push(await benchDatabase('PostgreSQL', { DATABASE_URL: db.url }));
    } finally {
      await db.drop();
    }
  } else {
    console.log('(PostgreSQL skipped: set DRIP_BENCH_DATABASE_URL to a server URL to include it)');
  }

  let ok = true;
  const ms = (v) => `${v.toFixed(1).padStart(6)} ms`;
  for (const r of results) {
    console.log(
      `\n${r.kind}: first-purchase checkout on Casa Pitanga — SQL from ${SERIAL} serial checkouts; latency from ${r.completed} checkouts at ${CONCURRENCY} concurrent for ${SECONDS} s, after ${WARMUP_SECONDS} s of the same load`,
    );
    console.log(
      `${'step'.padEnd(20)} ${'p50'.padStart(9)} ${'p99'.padStart(9)}   SQL statements avg (min–max)`,
    );
    const worstP99 = worstStepP99(r.latencies);
    for (const name of STEPS) {
      const lat = r.latencies[name];
      const sql = r.statements[name];
      const p99 = percentile(lat, 99);
      const perCheckout = avg(sql);
      console.log(
        `${name.padEnd(20)} ${ms(percentile(lat, 50))} ${ms(p99)}   ${perCheckout.toFixed(1).padStart(5)} (${Math.min(...sql)}–${Math.max(...sql)})${name === 'pix pay' ? '  incl. the background analysis' : ''}${name === ANALYSIS_WAIT_STEP ? '  = the analysis wait (not in the latency target)' : ''}`,
      );
    }
    const totalSql = STEPS.reduce((acc, name) => acc + avg(r.statements[name]), 0);
    const perStep = totalSql / STEPS.length;
    console.log(
      `checkouts completed: ${r.perSecond.toFixed(1)}/s; analysis wait (payment → poll that sees it) p50 ${ms(percentile(r.waits, 50))}, p99 ${ms(percentile(r.waits, 99))}; polls per checkout ${(r.latencies['poll after payment'].length / r.completed).toFixed(2)}`,
    );
    if (r.warmup) {
      console.log(
        `warm-up (the first ${WARMUP_SECONDS} s of load, while V8 compiles the server's hot code; not judged): ${r.warmup.perSecond.toFixed(1)} checkouts/s, worst step p99 ${ms(worstStepP99(r.warmup.latencies))}`,
      );
    }
    if (r.cpu.server) {
      const { user, system } = r.cpu.server;
      console.log(
        `server CPU: ${((user + system) / r.completed).toFixed(2)} ms per checkout (user ${(user / r.completed).toFixed(2)}, system ${(system / r.completed).toFixed(2)}), ${((100 * (user + system)) / 1000 / r.cpu.elapsed).toFixed(0)} % of one core; load generator ${((100 * r.cpu.bench) / 1000 / r.cpu.elapsed).toFixed(0)} %`,
      );
    }
    const sqlOk = perStep <= MAX_STATEMENTS_PER_STEP;
    ok &&= sqlOk;
    console.log(
      `SQL statements: ${totalSql.toFixed(1)} per checkout, ${perStep.toFixed(2)} per step on average — target ≤ ${MAX_STATEMENTS_PER_STEP}: ${sqlOk ? 'met' : 'NOT met'}`,
    );
    if (r.kind === 'PostgreSQL') {
      const latOk = worstP99 < MAX_P99_MS;
      ok &&= latOk;
      console.log(
        `worst step p99 ${ms(worstP99)} at ${CONCURRENCY} concurrent, the analysis wait excluded — target < ${MAX_P99_MS} ms on PostgreSQL: ${latOk ? 'met' : 'NOT met'}`,
      );
    }
  }
  process.exitCode = ok ? 0 : 1;
}
