import type { AddressInfo } from 'node:net';
import { CATALOGUE_API, CATALOGUE_KEY_HEADER } from '@drip/core';
import { serve } from '@hono/node-server';
import { buildApp } from './app.ts';
import { type Clock, clockTravel, offsetClock, systemClock } from './clock.ts';
import { type Config, ConfigError, catalogueKeyOf } from './config.ts';
import { type DatabaseHandle, openDatabase } from './db/index.ts';
import { serverJobs } from './jobs/registry.ts';
import { createLogger, type Logger } from './log.ts';
import { PasswordHasher } from './modules/auth/passwords.ts';
import { nuvemshopDemo } from './modules/plugins/emulator.ts';
import { DEMO_ADMIN, DEMO_CUSTOMERS, DEMO_MERCHANTS, DEMO_PASSWORD, demoWorld, seed } from './seed.ts';
import { seedHistory } from './seed-history.ts';

export interface RunningServer {
  /** http://host:port of the listening socket. */
  url: string;
  port: number;
  database: DatabaseHandle;
  /** Stops accepting connections, waits for open requests, closes the database. Idempotent. */
  close(): Promise<void>;
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
  const lifecycle = { draining: false };
  const { app, services } = buildApp({ config, database, log, clock, lifecycle });
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
  const address = server.address();
  const port =
    typeof address === 'object' && address !== null ? (address satisfies AddressInfo).port : config.port;
  const hostForUrl = config.host.includes(':') ? `[${config.host}]` : config.host;
  const url = `http://${hostForUrl}:${port}`;

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      lifecycle.draining = true;
      // Before the database closes: a run in progress finishes first.
      const jobsStopped = jobs.stop();
      // Behind a load balancer: go on serving while /readyz answers 503, until its health check has taken this
      // instance out; closing the listener at once would refuse the requests it still sends here (docs/scaling.md).
      const grace = config.shutdownGraceMs ?? 0;
      if (grace > 0) await new Promise((resolve) => setTimeout(resolve, grace));
      services.sandboxPsp?.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        if ('closeIdleConnections' in server) server.closeIdleConnections();
      });
      await jobsStopped;
      await services.instalmentEvents.close();
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
  log.info('listening', { url, port, sandbox: config.sandbox, database: database.kind, urls });
  if (config.sandbox) {
    const credentials = {
      password: DEMO_PASSWORD,
      admin: DEMO_ADMIN.email,
      merchantUsers: DEMO_MERCHANTS.flatMap((m) =>
        m.users.map((u) => `${u.email} (${m.name}, ${u.permissions.join('+')})`),
      ),
      customers: DEMO_CUSTOMERS.map((c) => `${c.cpf} (${c.name})`),
    };
    log.info('demo credentials', credentials);
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
  return { url, port, database, close };
}
