// `npm run backup` and `npm run restore` (docs/backups.md). Same environment as the server (DATABASE_URL,
// DRIP_DATA_DIR, and for the start check after a restore the rest of its configuration).
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { dataDirOf, loadConfig } from '../config.ts';
import { openDatabase } from '../db/index.ts';
import { createLogger } from '../log.ts';
import { startServer } from '../server.ts';
import {
  BackupError,
  type BackupResult,
  backupFromServer,
  backupPglite,
  backupPostgres,
  isEmptyDir,
  restorePglite,
  restorePostgres,
  runningServer,
} from './backup.ts';

const say = (line: string) => process.stdout.write(`${line}\n`);

function stamp(date: Date): string {
  return date.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
}

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

async function backup(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { out: { type: 'string' } }, allowPositionals: false });
  const databaseUrl = process.env.DATABASE_URL?.trim() || undefined;
  const now = new Date();
  const kind = databaseUrl ? 'postgres' : 'pglite';
  const file = resolve(values.out ?? join('backups', `drip-${kind}-${stamp(now)}.tar.gz`));
  let result: BackupResult;
  if (databaseUrl) {
    const database = await openDatabase({ databaseUrl });
    try {
      result = await backupPostgres(database.db, databaseUrl, file);
    } finally {
      await database.close();
    }
    say(`PostgreSQL backup (pg_dump, custom format): ${file}`);
  } else {
    const dataDir = dataDirOf();
    if (isEmptyDir(dataDir))
      throw new BackupError(`No database in ${dataDir} (DRIP_DATA_DIR): nothing to back up`);
    const server = runningServer(dataDir);
    if (server) {
      result = await backupFromServer(server.url, server.token, file);
      say(`PGlite backup taken by the running server (process ${server.pid}): ${file}`);
    } else {
      // No server on the folder: this process may open it (PGlite allows one process per folder).
      const database = await openDatabase({ dataDir });
      try {
        result = await backupPglite(database, file);
      } finally {
        await database.close();
      }
      say(`PGlite backup of ${dataDir} (no server running): ${file}`);
    }
  }
  const m = result.manifest;
  const pause = result.pauseMs === undefined ? '' : ` (writes paused ${result.pauseMs} ms)`;
  say(`  ${mib(result.bytes)} in ${(result.ms / 1000).toFixed(1)} s${pause}, sha256 ${result.sha256}`);
  say(`  Drip ${m.drip}, ${m.migrations.applied} migrations (newest ${m.migrations.newest}), ${m.engine}`);
  say(
    databaseUrl
      ? `Restore: DATABASE_URL=<new database> npm run restore -- ${file}`
      : `Restore: npm run restore -- ${file} --data-dir <empty folder>`,
  );
}

/** Starts the server on the restored database, asks /readyz, stops it: the restore is usable. */
async function checkServerStarts(env: NodeJS.ProcessEnv): Promise<number> {
  const started = Date.now();
  const config = loadConfig({ ...env, PORT: '0', HOST: '127.0.0.1' });
  const server = await startServer(config, { log: createLogger('warn'), demoHistory: false });
  try {
    const res = await fetch(`${server.url}/readyz`);
    if (res.status !== 200)
      throw new BackupError(
        `The server started on the restored database but is not ready: ${await res.text()}`,
      );
  } finally {
    await server.close();
  }
  return Date.now() - started;
}

async function restore(args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    options: {
      'data-dir': { type: 'string' },
      force: { type: 'boolean', default: false },
      'no-check': { type: 'boolean', default: false },
    },
    allowPositionals: true,
  });
  const file = positionals[0];
  if (!file || positionals.length > 1)
    throw new BackupError(
      'Usage: npm run restore -- <backup.tar.gz> [--data-dir DIR] [--force] [--no-check]',
    );
  const databaseUrl = process.env.DATABASE_URL?.trim() || undefined;
  let env: NodeJS.ProcessEnv = process.env;
  if (databaseUrl) {
    if (values['data-dir'])
      throw new BackupError('--data-dir is for PGlite backups: unset DATABASE_URL, or drop --data-dir');
    const database = await openDatabase({ databaseUrl });
    try {
      const result = await restorePostgres(resolve(file), database.db, databaseUrl, { force: values.force });
      say(`Restored into ${new URL(databaseUrl).pathname.slice(1)} in ${(result.ms / 1000).toFixed(1)} s`);
      say(`  backup of ${result.manifest.createdAt}, ${result.manifest.migrations.applied} migrations`);
    } finally {
      await database.close();
    }
  } else {
    const dataDir = values['data-dir'] ? resolve(values['data-dir']) : dataDirOf();
    env = { ...process.env, DRIP_DATA_DIR: dataDir };
    const result = await restorePglite(resolve(file), dataDir, { force: values.force });
    say(`Restored into ${dataDir} in ${(result.ms / 1000).toFixed(1)} s (checksum verified)`);
    say(`  backup of ${result.manifest.createdAt}, ${result.manifest.migrations.applied} migrations`);
  }
  if (!values['no-check']) {
    const ms = await checkServerStarts(env);
    say(`The server starts on it and is ready (${(ms / 1000).toFixed(1)} s)`);
  }
}

async function main(): Promise<void> {
  const [command, ...args] = process.argv.slice(2);
  if (command === 'backup') await backup(args);
  else if (command === 'restore') await restore(args);
  else throw new BackupError('Usage: cli.ts backup [--out FILE] | restore <file> [--data-dir DIR] [--force]');
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    process.stderr.write(
      `${err instanceof BackupError ? err.message : err instanceof Error ? err.stack : String(err)}\n`,
    );
    process.exit(1);
  },
);
