import { ConfigError, loadConfig } from './config.ts';
import { createLogger, errorFields } from './log.ts';
import { startServer } from './server.ts';

const bootLog = createLogger('info');

async function main(): Promise<void> {
  const config = loadConfig();
  const log = createLogger(config.logLevel);
  const server = await startServer(config, { log });
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info('shutting down', { signal });
    const force = setTimeout(
      () => {
        log.error('shutdown timed out, exiting');
        process.exit(1);
      },
      (config.shutdownGraceMs ?? 0) + 10_000,
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
