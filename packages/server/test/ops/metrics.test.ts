/**
 * Prometheus `/metrics` (docs/metrics.md): the request figures per endpoint id of the table, the jobs, the queues,
 * the webhook deliveries, the Pix charges left past expiry, the failed payouts; its access rule (token, 404 in
 * production); the text in the Prometheus exposition format.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { adminLogin, cents, fillPath, instalmentDetails, paths } from '@drip/core';
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { JOB } from '../../src/jobs/names.ts';
import { serverJobs } from '../../src/jobs/registry.ts';
import { JobRunner } from '../../src/jobs/runner.ts';
import { createLogger } from '../../src/log.ts';
import { merchants } from '../../src/modules/merchants/tables.ts';
import { GIVE_UP_MS } from '../../src/modules/webhooks/service.ts';
import { startServer } from '../../src/server.ts';
import { appOn, seededApp, type TestApp, testConfig } from '../helpers.ts';
import { dayAt, newMerchant, payoutsOf, sell } from '../settlements-helpers.ts';
import { receiver } from '../webhooks-helpers.ts';

let t: Awaited<ReturnType<typeof seededApp>>;
beforeAll(async () => {
  t = await seededApp();
});
afterAll(async () => {
  await t.dispose();
});

const TOKEN = 'mtk_3f9a7c1e5b2d4068a1c3e5f7092b4d6f';

/**
 * One sample line: `name{label="value",...} value`. NaN in any case, as Prometheus reads it (Go's ParseFloat):
 * prom-client writes `Nan` (the event loop's mean before its first sample).
 */
const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (-?[0-9.e+-]+|[Nn]a[Nn]|[+-]Inf)$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

/**
 * The exposition text checked line by line against the Prometheus text format (0.0.4): every family has one HELP
 * and one TYPE before its samples, every sample line parses; the samples by `name{labels sorted}`.
 */
function parse(text: string): Map<string, number> {
  const samples = new Map<string, number>();
  const typed = new Map<string, string>();
  const helped = new Set<string>();
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const help = /^# HELP ([a-zA-Z_:][a-zA-Z0-9_:]*) \S.*$/.exec(line);
    if (help?.[1]) {
      expect(helped.has(help[1]), `two HELP lines for ${help[1]}`).toBe(false);
      helped.add(help[1]);
      continue;
    }
    const type = /^# TYPE ([a-zA-Z_:][a-zA-Z0-9_:]*) (counter|gauge|histogram|summary|untyped)$/.exec(line);
    if (type?.[1] && type[2]) {
      typed.set(type[1], type[2]);
      continue;
    }
    const m = SAMPLE.exec(line);
    expect(m, `not a sample line: ${line}`).not.toBeNull();
    if (!m?.[1]) continue;
    const name = m[1];
    const family = [...typed.keys()].find(
      (f) => name === f || (/_(bucket|sum|count|total)$/.test(name) && name.startsWith(`${f}_`)),
    );
    expect(family, `sample without TYPE: ${line}`).toBeDefined();
    expect(helped.has(family ?? ''), `sample without HELP: ${line}`).toBe(true);
    const labels = [...(m[2] ?? '').matchAll(LABEL)].map((l) => `${l[1]}="${l[2]}"`).sort();
    samples.set(`${name}{${labels.join(',')}}`, Number(m[3]));
  }
  return samples;
}

async function scrape(app: TestApp = t, headers: Record<string, string> = {}) {
  const res = await app.request('GET', paths.metrics, undefined, headers);
  expect(res.status, res.text).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return { text: res.text, samples: parse(res.text) };
}

/** A sample's value (0 when absent: a counter not yet incremented). */
function value(samples: Map<string, number>, name: string, labels: Record<string, string> = {}): number {
  const key = Object.entries(labels)
    .map(([k, val]) => `${k}="${val}"`)
    .sort()
    .join(',');
  return samples.get(`${name}{${key}}`) ?? 0;
}

describe('HTTP requests', () => {
  it('counts and times each request under the endpoint id it matched, never the raw path', async () => {
    const login = { endpoint: adminLogin.id, method: 'POST', status: '4xx' };
    const details = { endpoint: instalmentDetails.id, method: 'GET', status: '4xx' };
    const unmatched = { endpoint: 'unmatched', method: 'GET', status: '4xx' };
    const before = (await scrape()).samples;
    const id = randomUUID();
    for (let i = 0; i < 2; i++) {
      const res = await t.request('POST', adminLogin.path, {
        username: 'admin@drip.dev',
        password: 'errada123',
      });
      expect(res.status).toBe(401);
    }
    expect((await t.request('GET', fillPath(instalmentDetails.path, { id }))).status).toBe(404);
    expect((await t.request('GET', `/api/v1/nao-existe/${id}`)).status).toBe(404);
    expect((await t.request('GET', paths.livez)).status).toBe(200);

    const { text, samples } = await scrape();
    expect(value(samples, 'drip_http_requests_total', login)).toBe(
      value(before, 'drip_http_requests_total', login) + 2,
    );
    expect(value(samples, 'drip_http_request_duration_seconds_count', login)).toBe(
      value(before, 'drip_http_request_duration_seconds_count', login) + 2,
    );
    expect(value(samples, 'drip_http_request_duration_seconds_bucket', { ...login, le: '+Inf' })).toBe(
      value(before, 'drip_http_request_duration_seconds_bucket', { ...login, le: '+Inf' }) + 2,
    );
    expect(value(samples, 'drip_http_request_duration_seconds_sum', login)).toBeGreaterThan(
      value(before, 'drip_http_request_duration_seconds_sum', login),
    );
    expect(value(samples, 'drip_http_requests_total', details)).toBe(
      value(before, 'drip_http_requests_total', details) + 1,
    );
    expect(value(samples, 'drip_http_requests_total', unmatched)).toBe(
      value(before, 'drip_http_requests_total', unmatched) + 1,
    );
    expect(
      value(samples, 'drip_http_requests_total', { endpoint: 'ops.livez', method: 'GET', status: '2xx' }),
    ).toBeGreaterThan(0);
    // The id in the paths is in no label: one series per endpoint, not per order.
    expect(text).not.toContain(id);
    expect(text).not.toContain('nao-existe');
  });

  it('counts the requests in flight: the scrape itself, and nothing left over once answered', async () => {
    await Promise.all([t.request('GET', paths.livez), t.request('GET', paths.readyz)]);
    const { samples } = await scrape();
    expect(value(samples, 'drip_http_requests_in_flight')).toBe(1);
  });

  it('an unknown method is one label, not whatever a client sends', async () => {
    await t.raw('/api/v1/qualquer', { method: 'PROPFIND' });
    const { samples } = await scrape();
    expect(
      value(samples, 'drip_http_requests_total', { endpoint: 'unmatched', method: 'OTHER', status: '4xx' }),
    ).toBe(1);
  });
});

describe('access', () => {
  it('is open in the sandbox without a token', async () => {
    expect((await t.request('GET', paths.metrics)).status).toBe(200);
  });

  it('answers 404 in production without a configured token, as an unknown path', async () => {
    const prod = appOn(t.database, { config: { nodeEnv: 'production', sandbox: false } });
    const res = await prod.request('GET', paths.metrics);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: { code: 'NOT_FOUND', message: 'Rota não encontrada' } });
    expect(res.text).not.toContain('drip_');
  });

  it('with a token, asks for it in Portuguese and refuses a wrong one (sandbox and production alike)', async () => {
    for (const config of [
      { metrics: { token: TOKEN } },
      { nodeEnv: 'production', sandbox: false, metrics: { token: TOKEN } },
    ]) {
      const app = appOn(t.database, { config });
      const missing = await app.request('GET', paths.metrics);
      expect(missing.status).toBe(401);
      expect(missing.body.error).toEqual({
        code: 'UNAUTHORIZED',
        message: 'Envie o token de métricas em Authorization: Bearer <token>',
      });
      expect(missing.headers.get('www-authenticate')).toMatch(/^Bearer/);
      for (const wrong of [`${TOKEN}x`, TOKEN.slice(0, -1), 'x', TOKEN.toUpperCase()]) {
        const res = await app.request('GET', paths.metrics, undefined, { authorization: `Bearer ${wrong}` });
        expect(res.status).toBe(401);
        expect(res.body.error.message).toBe('Token de métricas inválido');
        expect(res.text).not.toContain('drip_');
      }
      const { samples } = await scrape(app, { authorization: `Bearer ${TOKEN}` });
      expect(value(samples, 'drip_db_info', { kind: t.database.kind })).toBe(1);
    }
  });

  it('with a separate metrics port, the main port does not serve it', async () => {
    const app = appOn(t.database, { config: { metrics: { port: 9464 } } });
    expect((await app.request('GET', paths.metrics)).status).toBe(404);
  });

  it('a server started with a metrics port serves /metrics there only', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'drip-metrics-port-'));
    const server = await startServer(testConfig({ dataDir, sandbox: false, metrics: { port: 0 } }), {
      demoHistory: false,
      log: createLogger('silent'),
    });
    try {
      expect(server.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(server.metricsUrl).not.toBe(server.url);
      expect((await fetch(`${server.url}${paths.livez}`)).status).toBe(200);
      expect((await fetch(`${server.url}${paths.metrics}`)).status).toBe(404);
      expect((await fetch(`${server.metricsUrl}${paths.livez}`)).status).toBe(404);
      const res = await fetch(`${server.metricsUrl}${paths.metrics}`);
      expect(res.status).toBe(200);
      const samples = parse(await res.text());
      // The main port's requests, counted by the real Node server.
      expect(
        value(samples, 'drip_http_requests_total', { endpoint: 'ops.livez', method: 'GET', status: '2xx' }),
      ).toBe(1);
      expect(
        value(samples, 'drip_http_requests_total', { endpoint: 'ops.metrics', method: 'GET', status: '4xx' }),
      ).toBe(1);
    } finally {
      await server.close();
    }
  });

  it('DRIP_METRICS_TOKEN and DRIP_METRICS_PORT are checked at start', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'drip-metrics-config-'));
    const base = { DRIP_DATA_DIR: dataDir };
    expect(loadConfig({ ...base, DRIP_METRICS_TOKEN: TOKEN, DRIP_METRICS_PORT: '9464' }).metrics).toEqual({
      token: TOKEN,
      port: 9464,
    });
    expect(loadConfig(base).metrics).toBeUndefined();
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig({ ...base, ...env });
        return [];
      } catch (err) {
        if (err instanceof ConfigError) return err.problems;
        throw err;
      }
    };
    expect(problems({ DRIP_METRICS_TOKEN: 'curto' })).toEqual([
      'DRIP_METRICS_TOKEN must be at least 32 characters long',
    ]);
    expect(problems({ DRIP_METRICS_PORT: '3000', PORT: '3000' })).toEqual([
      'DRIP_METRICS_PORT must differ from PORT (it is a second listener)',
    ]);
    expect(problems({ DRIP_METRICS_PORT: 'abc' })[0]).toMatch(/^DRIP_METRICS_PORT must be an integer/);
  });
});

describe('jobs', () => {
  it('counts the runs and the failures of each job, and times them', async () => {
    const runner = new JobRunner(createLogger('silent'), t.built.services.metrics.jobObserver);
    runner
      .register({ name: 'metrics-ok', intervalMs: 60_000, run: async () => 3 })
      .register({ name: 'metrics-elsewhere', intervalMs: 60_000, run: async () => ({ ran: false, rows: 0 }) })
      .register({
        name: 'metrics-broken',
        intervalMs: 60_000,
        run: async () => {
          throw new Error('falhou');
        },
      });
    await runner.runNow('metrics-ok');
    await runner.runNow('metrics-ok');
    await runner.runNow('metrics-elsewhere');
    await runner.runNow('metrics-broken');
    const { samples } = await scrape();
    expect(value(samples, 'drip_job_runs_total', { job: 'metrics-ok', outcome: 'ran' })).toBe(2);
    expect(value(samples, 'drip_job_runs_total', { job: 'metrics-elsewhere', outcome: 'skipped' })).toBe(1);
    expect(value(samples, 'drip_job_failures_total', { job: 'metrics-broken' })).toBe(1);
    expect(value(samples, 'drip_job_failures_total', { job: 'metrics-ok' })).toBe(0);
    expect(value(samples, 'drip_job_runs_total', { job: 'metrics-broken', outcome: 'ran' })).toBe(0);
    expect(value(samples, 'drip_job_duration_seconds_count', { job: 'metrics-broken' })).toBe(1);
    expect(value(samples, 'drip_job_last_success_timestamp_seconds', { job: 'metrics-ok' })).toBeGreaterThan(
      Date.now() / 1000 - 60,
    );
    // A run by hand is on no schedule: no lag.
    expect(value(samples, 'drip_job_lag_seconds_count', { job: 'metrics-ok' })).toBe(0);
  });

  it("the server's runner reports its jobs' runs", async () => {
    const jobs = serverJobs(t.built.services, createLogger('silent'));
    await jobs.runNow(JOB.pixChargeExpiry);
    const { samples } = await scrape();
    expect(value(samples, 'drip_job_runs_total', { job: JOB.pixChargeExpiry, outcome: 'ran' })).toBe(1);
  });

  it('measures how late a scheduled run started: a run longer than the period makes the next one late', async () => {
    const runner = new JobRunner(createLogger('silent'), t.built.services.metrics.jobObserver);
    let runs = 0;
    runner.register({
      name: 'metrics-slow',
      intervalMs: 40,
      runAtStart: true,
      run: async () => {
        runs++;
        // The first run outlasts two ticks: the run after it serves the first missed tick, late by a period or more.
        await new Promise((resolve) => setTimeout(resolve, runs === 1 ? 130 : 1));
        return 0;
      },
    });
    runner.start();
    await new Promise((resolve) => setTimeout(resolve, 300));
    await runner.stop();
    const { samples } = await scrape();
    const count = value(samples, 'drip_job_lag_seconds_count', { job: 'metrics-slow' });
    expect(count).toBe(runs);
    expect(count).toBeGreaterThanOrEqual(2);
    // The start-up run is not late; the one after the long run waited for at least one more period.
    expect(value(samples, 'drip_job_lag_seconds_sum', { job: 'metrics-slow' })).toBeGreaterThanOrEqual(0.035);
    expect(value(samples, 'drip_job_lag_seconds_bucket', { job: 'metrics-slow', le: '0.01' })).toBeLessThan(
      count,
    );
  });
});

describe('queues', () => {
  it('a dead task shows in its queue’s dead-tasks gauge; due and waiting tasks in its depth', async () => {
    const queue = t.built.services.queues.define({
      name: 'metrics-test',
      payload: v.object({ n: v.number() }),
      maxAttempts: 1,
      handle: async () => {
        throw new Error('recusado');
      },
    });
    let { samples } = await scrape();
    expect(value(samples, 'drip_queue_dead_tasks', { queue: 'metrics-test' })).toBe(0);
    expect(samples.has('drip_queue_dead_tasks{queue="metrics-test"}')).toBe(true);

    await queue.enqueue(t.database.db, { n: 1 });
    await queue.drain();
    await queue.enqueue(t.database.db, { n: 2 });
    await queue.enqueue(t.database.db, { n: 3 });
    await queue.enqueue(t.database.db, { n: 4 }, { runAt: new Date(t.clock.now().getTime() + 3_600_000) });
    t.clock.advance(90_000);

    ({ samples } = await scrape());
    expect(value(samples, 'drip_queue_dead_tasks', { queue: 'metrics-test' })).toBe(1);
    expect(value(samples, 'drip_queue_tasks_died_total', { queue: 'metrics-test' })).toBe(1);
    expect(value(samples, 'drip_queue_tasks', { queue: 'metrics-test', state: 'due' })).toBe(2);
    expect(value(samples, 'drip_queue_tasks', { queue: 'metrics-test', state: 'waiting' })).toBe(1);
    expect(value(samples, 'drip_queue_tasks', { queue: 'metrics-test', state: 'running' })).toBe(0);
    expect(value(samples, 'drip_queue_oldest_due_seconds', { queue: 'metrics-test' })).toBe(90);
    // Every queue of the server is listed, with zeros when it has no task.
    expect(samples.has('drip_queue_dead_tasks{queue="settlement-payouts"}')).toBe(true);
  });
});

describe('webhooks', () => {
  it('counts a failed delivery attempt, and the delivery once it gets through', async () => {
    const hook = await receiver([500, 200]);
    try {
      const [aurora] = await t.database.db.select().from(merchants).where(eq(merchants.name, 'Loja Aurora'));
      if (!aurora) throw new Error('no Aurora');
      const webhooks = t.built.services.webhooks;
      await webhooks.register(aurora.id, { url: hook.url, events: ['ORDER_CREATED'] });
      await webhooks.publish(t.database.db, aurora.id, 'ORDER_CREATED', { orderId: 'metrics-1' });
      await webhooks.deliveryQueue.drain();
      let { samples } = await scrape();
      expect(value(samples, 'drip_webhook_delivery_attempts_total', { outcome: 'failed' })).toBe(1);
      expect(value(samples, 'drip_webhook_delivery_attempts_total', { outcome: 'delivered' })).toBe(0);

      t.clock.advance(5 * 60_000);
      await webhooks.deliveryQueue.drain();
      ({ samples } = await scrape());
      expect(hook.received).toHaveLength(2);
      expect(value(samples, 'drip_webhook_delivery_attempts_total', { outcome: 'failed' })).toBe(1);
      expect(value(samples, 'drip_webhook_delivery_attempts_total', { outcome: 'delivered' })).toBe(1);

      // A delivery still failing 3 days after it was created is given up: its last attempt says so.
      hook.answer([503]);
      await webhooks.publish(t.database.db, aurora.id, 'ORDER_CREATED', { orderId: 'metrics-2' });
      t.clock.advance(GIVE_UP_MS);
      await webhooks.deliveryQueue.drain();
      ({ samples } = await scrape());
      expect(value(samples, 'drip_webhook_delivery_attempts_total', { outcome: 'given_up' })).toBe(1);
      expect(value(samples, 'drip_webhook_delivery_attempts_total', { outcome: 'failed' })).toBe(1);
    } finally {
      await hook.close();
    }
  });
});

describe('Pix charges and payouts', () => {
  it('counts a Pix charge still pending past its expiry, until the expiry job turns it EXPIRED', async () => {
    const payments = t.built.services.payments;
    const before = (await scrape()).samples;
    const purpose = { purpose: 'UNIQUE_PAYMENT' };
    await payments.createCharge(null, {
      purpose: 'UNIQUE_PAYMENT',
      referenceId: `ref-${randomUUID()}`,
      amount: cents(700),
      description: 'x',
      expiresInSeconds: 120,
    });
    let { samples } = await scrape();
    expect(value(samples, 'drip_pix_charges_pending_past_expiry', purpose)).toBe(
      value(before, 'drip_pix_charges_pending_past_expiry', purpose),
    );
    t.clock.advance(121_000);
    ({ samples } = await scrape());
    expect(value(samples, 'drip_pix_charges_pending_past_expiry', purpose)).toBeGreaterThanOrEqual(1);
    expect(value(samples, 'drip_pix_charges_pending_past_expiry', purpose)).toBe(
      value(before, 'drip_pix_charges_pending_past_expiry', purpose) + 1,
    );
    await payments.expireCharges();
    ({ samples } = await scrape());
    expect(value(samples, 'drip_pix_charges_pending_past_expiry', purpose)).toBe(0);
  });

  it('counts a payout whose transfer failed, with its amount, until it is paid', async () => {
    t.clock.set(new Date('2026-10-01T12:00:00Z'));
    const m = await newMerchant(t);
    await sell(t, m, { total: 7_000 });
    const port = (t.built.services.settlements as unknown as { o: { payouts: { transfer: unknown } } }).o
      .payouts;
    const real = port.transfer as (r: unknown) => Promise<unknown>;
    port.transfer = async () => {
      throw new Error('banco fora do ar');
    };
    try {
      const before = (await scrape()).samples;
      await dayAt(t, '2026-10-01');
      const [p] = await payoutsOf(t, m);
      expect(p).toMatchObject({ status: 'PENDING', lastError: 'banco fora do ar', amount: 7_000 });
      const { samples } = await scrape();
      expect(value(samples, 'drip_payouts_failed')).toBe(value(before, 'drip_payouts_failed') + 1);
      expect(value(samples, 'drip_payouts_failed_centavos')).toBe(
        value(before, 'drip_payouts_failed_centavos') + 7_000,
      );
    } finally {
      port.transfer = real;
    }
    t.clock.advance(31_000);
    await t.built.services.settlements.payoutQueue.drain();
    const [paid] = await payoutsOf(t, m);
    expect(paid?.status).toBe('PAID');
    expect(value((await scrape()).samples, 'drip_payouts_failed')).toBe(0);
  });
});

describe('the scrape', () => {
  it('parses as Prometheus text, with the process metrics and the database', async () => {
    const { samples } = await scrape();
    expect(value(samples, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(samples.has('nodejs_eventloop_lag_seconds{}')).toBe(true);
    expect(value(samples, 'drip_db_info', { kind: t.database.kind })).toBe(1);
    if (t.database.kind === 'postgres') {
      expect(value(samples, 'drip_db_pool_max_connections')).toBe(10);
      expect(samples.has('drip_db_pool_connections{state="idle"}')).toBe(true);
    } else {
      // PGlite is one in-process connection: no pool to report.
      expect([...samples.keys()].some((k) => k.startsWith('drip_db_pool'))).toBe(false);
    }
  });

  it('another module adds a gauge read at scrape time; a failing read makes its family unknown, not the scrape fail', async () => {
    const app = appOn(t.database);
    let state = 2;
    app.built.services.metrics.gauge({
      name: 'drip_test_circuit_state',
      help: 'A circuit: 0 closed, 1 half-open, 2 open.',
      labelNames: ['dependency'],
      collect: () => [{ labels: { dependency: 'psp' }, value: state }],
    });
    app.built.services.metrics.gauge({
      name: 'drip_test_broken',
      help: 'A read that fails.',
      collect: async () => {
        throw new Error('banco indisponível');
      },
    });
    let { samples } = await scrape(app);
    expect(value(samples, 'drip_test_circuit_state', { dependency: 'psp' })).toBe(2);
    expect(value(samples, 'drip_metrics_collect_failures_total', { family: 'drip_test_broken' })).toBe(1);
    // Unknown, never a reassuring 0.
    expect(samples.get('drip_test_broken{}')).toBeNaN();
    state = 0;
    ({ samples } = await scrape(app));
    expect(value(samples, 'drip_test_circuit_state', { dependency: 'psp' })).toBe(0);
    expect(value(samples, 'drip_metrics_collect_failures_total', { family: 'drip_test_broken' })).toBe(2);
  });
});
