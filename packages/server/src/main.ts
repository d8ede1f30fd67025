import { ConfigError, DEFAULT_SHUTDOWN_DRAIN_TIMEOUT_MS, loadConfig } from './config.ts';
import { createLogger, errorFields } from './log.ts';
import { startServer } from './server.ts';

const bootLog = createLogger('info');

/** Beyond the grace and the drain, what closing the jobs and the database may take before the process gives up. */
const CLOSE_MARGIN_MS = 10_000;

async function main(): Promise<void> {
  const config = loadConfig();
  const log = createLogger(config.logLevel);
  const server = await startServer(config, { log });
  const shutdown = config.shutdown ?? { graceMs: 0, drainTimeoutMs: DEFAULT_SHUTDOWN_DRAIN_TIMEOUT_MS };
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) {
      // A second signal: the operator is in a hurry, the grace is cut short (the drain still runs).
      log.info('shutting down now', { signal });
      void server.close({ now: true });
      return;
    }
    stopping = true;
    log.info('shutting down', { signal, graceMs: shutdown.graceMs });
    const force = setTimeout(
      () => {
        log.error('shutdown timed out, exiting');
        process.exit(1);
      },
      shutdown.graceMs + shutdown.drainTimeoutMs + CLOSE_MARGIN_MS,
    );
    force.unref();
    server.close().then(
      () => process.exit(0),
      (err: unknown) => {
        log.error('shutdown failed', errorFields(err));
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    bootLog.error('invalid configuration', { problems: err.problems });
    process.stderr.write(`${err.message}\n`);
  } else {
    bootLog.error('failed to start', errorFields(err));
  }
  process.exit(1);
});
