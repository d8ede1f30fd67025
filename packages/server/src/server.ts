import { randomBytes } from 'node:crypto';
import { Server as HttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CATALOGUE_API, CATALOGUE_KEY_HEADER, paths } from '@drip/core';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { buildApp } from './app.ts';
import { type Clock, clockTravel, offsetClock, systemClock } from './clock.ts';
import { type Config, ConfigError, catalogueKeyOf, DEFAULT_SHUTDOWN_DRAIN_TIMEOUT_MS } from './config.ts';
import { type DatabaseHandle, openDatabase } from './db/index.ts';
import type { AppEnv } from './http/context.ts';
import { ApiError } from './http/errors.ts';
import { metricsAccess, metricsHandler } from './http/metrics.ts';
import { serverJobs } from './jobs/registry.ts';
import { Lifecycle } from './lifecycle.ts';
import { createLogger, type Logger } from './log.ts';
import type { Metrics } from './metrics.ts';
import { PasswordHasher } from './modules/auth/passwords.ts';
import { nuvemshopDemo } from './modules/plugins/emulator.ts';
import { EmulatorStateStore } from './modules/sandbox/emulator-state.ts';
import { writeOpsFile } from './ops/backup.ts';
import { DEMO_ADMIN, DEMO_CUSTOMERS, DEMO_MERCHANTS, DEMO_PASSWORD, demoWorld, seed } from './seed.ts';
import { seedHistory } from './seed-history.ts';

export interface RunningServer {
  /** http://host:port of the listening socket. */
  url: string;
  port: number;
  /** http://host:port of the metrics listener, when `DRIP_METRICS_PORT` asks for one (docs/metrics.md). */
  metricsUrl?: string;
  database: DatabaseHandle;
  /** The app and its services, for tools and tests running in the same process. */
  built: ReturnType<typeof buildApp>;
  /**
   * The graceful shutdown (docs/reliability-shutdown.md): drains (readiness 503, keeps serving for the configured
   * grace, every answer closing its connection), then stops accepting, ends the open streams, lets the requests in
   * progress finish (cut after the drain timeout), lets the job runs in progress finish and hands back the queued
   * tasks they claimed, and closes the database. Idempotent: a second call returns the same promise, with `now`
   * it cuts the grace short (a second SIGTERM).
   */
  close(options?: { now?: boolean }): Promise<void>;
}

export interface StartOptions {
  log?: Logger;
  clock?: Clock;
  /**
   * Whether a freshly seeded sandbox world also gets its ~90 days of sales history (seed-history.ts). On by
   * default, as `npm start` and the e2e server run it; tests that start a server and count rows may turn it off.
   */
  demoHistory?: boolean;
}

/** Opens and migrates the database, seeds the demo world (sandbox, empty database) and listens. */
export async function startServer(config: Config, options: StartOptions = {}): Promise<RunningServer> {
  // loadConfig refuses this too; a Config built in code must not seed the demo world (public password) either.
  if (config.sandbox && config.nodeEnv === 'production') {
    throw new ConfigError(['DRIP_SANDBOX must be off when NODE_ENV=production (it seeds demo users)']);
  }
  const log = options.log ?? createLogger(config.logLevel);
  let seeded = false;
  const database = await openDatabase({
    ...(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir }),
    countQueries: config.countQueries === true,
  });
  try {
    await database.migrate();
    log.info('database ready', {
      kind: database.kind,
      ...(database.kind === 'pglite' ? { dataDir: config.dataDir } : {}),
    });
    if (config.sandbox) {
      seeded = await seed(database.db, new PasswordHasher(config.passwordHashing), true);
      if (seeded) log.info('demo world seeded');
    }
  } catch (err) {
    await database.close().catch(() => {});
    throw err;
  }

  // In the sandbox the clock can be moved forward (POST /sandbox/clock) to exercise expiry, due dates and fees.
  const clock = options.clock ?? (config.sandbox ? offsetClock() : systemClock);
  const lifecycle = new Lifecycle();
  // The backup endpoint's token (PGlite only: PostgreSQL is backed up with pg_dump); handed to `npm run backup`
  // through the data folder's ops.json once the server listens.
  const opsToken = database.dumpDataDir ? randomBytes(32).toString('base64url') : undefined;
  const built = buildApp({
    config,
    database,
    log,
    clock,
    lifecycle,
    ...(opsToken ? { opsToken } : {}),
  });
  const { app, services } = built;
  // The sandbox's platform emulators take back what they held before a restart (docs/sandbox-emulators.md).
  const emulatorState = new EmulatorStateStore(database.db, log);
  await services.nuvemshopEmulator?.persistWith(emulatorState);
  await services.vtexGateway?.persistWith(emulatorState);
  if (seeded && options.demoHistory !== false) {
    // After the services exist: the history's refunds go through the refund engine. Before the jobs start, so
    // that the settlements job's start-up run books the history's rows and transfers.
    const started = performance.now();
    try {
      const history = await seedHistory(database.db, services, clock.now(), {
        travel: clockTravel(clock),
      });
      if (history)
        log.info('demo history seeded', { ...history, ms: Math.round(performance.now() - started) });
    } catch (err) {
      // The history is a demo nicety: the server goes on without it (the demo world itself is committed).
      log.error('demo history not seeded', { error: err instanceof Error ? err.message : String(err) });
    }
  }
  const jobs = serverJobs(services, log);
  jobs.start();
  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const s = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () => resolve(s));
    s.once('error', reject);
  });
  if (!(server instanceof HttpServer)) throw new Error('the server is expected to be a node:http server');
  // The answers in progress, so that a drain can make them close their connection and wait for them.
  const open = new Set<ServerResponse>();
  server.prependListener('request', (_req: IncomingMessage, res: ServerResponse) => {
    // While draining, a request that came on a kept-alive connection is answered with `Connection: close`: the
    // client's next request opens a new connection, which the proxy sends to an instance that is ready.
    if (lifecycle.draining) res.shouldKeepAlive = false;
    open.add(res);
    res.once('close', () => {
      open.delete(res);
      // Its connection may now be idle: once the server stopped accepting, nothing more will come on it.
      if (lifecycle.draining && !server.listening) setImmediate(() => server.closeIdleConnections());
    });
  });
  const address = server.address();
  const port =
    typeof address === 'object' && address !== null ? (address satisfies AddressInfo).port : config.port;
  const hostForUrl = config.host.includes(':') ? `[${config.host}]` : config.host;
  const url = `http://${hostForUrl}:${port}`;
  const metricsServer =
    config.metrics?.port === undefined
      ? null
      : await listen(metricsApp(services.metrics, config), config.metrics.port, config.host);
  const metricsUrl = metricsServer ? `http://${hostForUrl}:${listeningPort(metricsServer)}` : undefined;
  // The backup command reaches the server on loopback whatever HOST it listens on.
  const loopbackHost = config.host === '::' || config.host === '::1' ? '[::1]' : '127.0.0.1';
  const removeOpsFile = opsToken
    ? await writeOpsFile(config.dataDir, {
        pid: process.pid,
        url: `http://${loopbackHost}:${port}`,
        token: opsToken,
      })
    : async () => {};

  const shutdown = config.shutdown ?? { graceMs: 0, drainTimeoutMs: DEFAULT_SHUTDOWN_DRAIN_TIMEOUT_MS };
  let closing: Promise<void> | undefined;
  let endGrace = () => {};
  const close = (options: { now?: boolean } = {}) => {
    if (options.now) endGrace();
    closing ??= (async () => {
      lifecycle.draining = true;
      for (const res of open) if (!res.headersSent) res.shouldKeepAlive = false;
      if (shutdown.graceMs > 0 && !options.now) {
        // Still serving, readiness failing: the proxy's health check takes this instance out meanwhile.
        log.info('draining', { graceMs: shutdown.graceMs });
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, shutdown.graceMs);
          endGrace = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
      // No new connections; the idle kept-alive ones close now, the busy ones after their answer.
      const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      // The streams end with a `retry:` hint: their browsers reconnect, through the proxy, elsewhere.
      lifecycle.endStreams();
      // No task claimed from now on; a run in progress finishes its task in hand and hands the others back.
      services.queues.stop();
      const jobsStopped = jobs.stop();
      services.sandboxPsp?.close();
      let cutTimer: ReturnType<typeof setTimeout> | undefined;
      const drained = await Promise.race([
        stopped.then(() => true),
        new Promise<boolean>((resolve) => {
          cutTimer = setTimeout(() => resolve(false), shutdown.drainTimeoutMs);
        }),
      ]);
      clearTimeout(cutTimer);
      if (!drained) {
        log.warn('requests cut at shutdown', { open: open.size, drainTimeoutMs: shutdown.drainTimeoutMs });
        server.closeAllConnections();
        await stopped;
      }
      // Before the database closes: a job run in progress finishes first.
      if (metricsServer) await new Promise<void>((resolve) => metricsServer.close(() => resolve()));
      await jobsStopped;
      await services.instalmentEvents.close();
      await emulatorState.flush();
      await removeOpsFile();
      await database.close();
      log.info('server stopped');
    })();
    return closing;
  };

  const publicUrl = config.port === 0 ? url.replace(config.host, 'localhost') : config.publicUrl;
  const urls = {
    api: url,
    admin: `${publicUrl}/admin/login`,
    merchant: `${publicUrl}/parceira/login`,
    customer: `${publicUrl}/cliente/login`,
    ...(config.sandbox ? { inbox: `${publicUrl}/sandbox/inbox`, demo: `${publicUrl}/sandbox/demo` } : {}),
  };
  log.info('listening', {
    url,
    port,
    sandbox: config.sandbox,
    database: database.kind,
    urls,
    ...(metricsUrl ? { metrics: `${metricsUrl}${paths.metrics}` } : {}),
  });
  if (config.sandbox) {
    const credentials = {
      password: DEMO_PASSWORD,
      admin: DEMO_ADMIN.email,
      merchantUsers: DEMO_MERCHANTS.flatMap((m) =>
        m.users.map((u) => `${u.email} (${m.name}, ${u.permissions.join('+')})`),
      ),
      customers: DEMO_CUSTOMERS.map((c) => `${c.cpf} (${c.name})`),
    };
    // Where to read them, not the credentials themselves: logs never carry a password, an e-mail or a CPF.
    log.info('demo credentials', { at: `${publicUrl}/sandbox/demo` });
    const emulator = services.nuvemshopEmulator;
    const nuvemshopLines = emulator
      ? nuvemshopDemo(emulator, (await demoWorld(database.db)).merchants, publicUrl).map(
          (d) => `  Nuvemshop      ${d.storeUrl}   ${d.merchant}: instalar em ${d.signUpUrl}`,
        )
      : [];
    if (process.stdout.isTTY) {
      process.stdout.write(
        [
          '',
          `Drip is running on ${url} (database: ${database.kind}, sandbox on)`,
          `  Admin          ${urls.admin}   ${DEMO_ADMIN.email} / ${DEMO_PASSWORD}`,
          `  Parceira       ${urls.merchant}   ${credentials.merchantUsers.join(', ')} / ${DEMO_PASSWORD} (código SMS na caixa de entrada)`,
          `  Cliente        ${urls.customer}   CPF ${credentials.customers.join(', ')} / ${DEMO_PASSWORD}`,
          `  Caixa de entrada ${publicUrl}/sandbox/inbox`,
          `  Catálogo       ${publicUrl}${CATALOGUE_API}   ${CATALOGUE_KEY_HEADER}: ${catalogueKeyOf(config)}`,
          ...nuvemshopLines,
          '',
        ].join('\n'),
      );
    }
  }
  return { url, port, database, built, close, ...(metricsUrl ? { metricsUrl } : {}) };
}

type NodeServer = ReturnType<typeof serve>;

function listen(app: { fetch: Hono<AppEnv>['fetch'] }, port: number, hostname: string): Promise<NodeServer> {
  return new Promise<NodeServer>((resolve, reject) => {
    const s = serve({ fetch: app.fetch, port, hostname }, () => resolve(s));
    s.once('error', reject);
  });
}

function listeningPort(server: NodeServer): number {
  const address = server.address();
  return typeof address === 'object' && address !== null ? address.port : 0;
}

/**
 * The metrics listener (`DRIP_METRICS_PORT`): `/metrics` alone, so that the port can be left out of the public proxy
 * and opened only to Prometheus; everything else is 404.
 */
function metricsApp(metrics: Metrics, config: Config): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get(paths.metrics, metricsHandler(metrics, metricsAccess(config, 'metrics'), config.metrics?.token));
  app.notFound((c) => c.json(new ApiError(404, 'NOT_FOUND', 'Rota não encontrada').body(), 404));
  return app;
}
