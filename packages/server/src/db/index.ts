import { mkdirSync } from 'node:fs';
import { PGlite, protocol } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { migrationsDir } from '../package-dir.ts';
import { assertChannel, type NotificationHandler, pgListen, type Unlisten } from './listen.ts';
import * as schema from './schema.ts';
import { namingStatements, statementNamer } from './statement-names.ts';

export type Schema = typeof schema;
/** The Drizzle query API shared by PGlite and node-postgres. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** The node-postgres pool now (the metrics). */
export interface PoolUsage {
  /** Connections open (idle or checked out). */
  total: number;
  idle: number;
  /** Queries waiting for a connection: the pool is too small, or its connections are held too long. */
  waiting: number;
  max: number;
}

export interface DatabaseHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * The pool's usage on PostgreSQL; absent on PGlite, which is one in-process connection whose statements queue in
   * its own mutex (no pool to size).
   */
  poolUsage?(): PoolUsage;
  close(): Promise<void>;
  /** Applies the committed migrations (drizzle/). Safe to call from several instances at once on PostgreSQL. */
  migrate(): Promise<void>;
  /** Whether statements are counted (`DRIP_COUNT_QUERIES=1`, for benchmarks). */
  countingQueries: boolean;
  /**
   * Statements sent to the database since it was opened (BEGIN and COMMIT included, one per statement); always 0
   * when counting is off.
   */
  queryCount(): number;
  /**
   * One row by a fixed SQL text, straight on the driver (a named prepared statement on PostgreSQL), for the few
   * reads on every request's path where the ORM's per-query work shows (bench/auth-read.mjs). The caller parses
   * the row with its contract schema.
   */
  readRow(name: string, text: string, params: unknown[]): Promise<unknown>;
  /**
   * LISTENs on a channel (db/listen.ts): a dedicated connection on PostgreSQL (reconnecting; `onReconnect` after a
   * reconnection), the in-process API on PGlite. NOTIFY is plain SQL (`pg_notify`), sent at commit.
   */
  listen(channel: string, onPayload: NotificationHandler, onReconnect?: () => void): Promise<Unlisten>;
  /**
   * PGlite only (undefined on PostgreSQL, whose backups are pg_dump's or a base backup's, docs/backups.md): the
   * data folder as an uncompressed tarball, taken between two transactions (see pgliteDump).
   */
  dumpDataDir?: () => Promise<Blob>;
}

export type OpenDatabaseOptions = (
  | { databaseUrl: string }
  | { dataDir: string }
  /**
   * `snapshot`: starts from a data folder dumped by `pgliteSnapshot` instead of an empty cluster, skipping initdb
   * and the migrations already in it (the test suite opens one migrated database per file this way).
   */
  | { inMemory: true; snapshot?: Blob }
) & {
  /** Counts every statement sent to the database (see queryCount). Off by default: it costs a wrapper per call. */
  countQueries?: boolean;
};

/** Wraps `fn` so that every call adds one to the counter first; `this` and the arguments pass through untouched. */
function counted<F extends (...args: never[]) => unknown>(fn: F, counter: { n: number }): F {
  return new Proxy(fn, {
    apply(target, thisArg, args) {
      counter.n++;
      return Reflect.apply(target, thisArg, args);
    },
  });
}

/**
 * PGlite start parameters: the defaults minus `-F` (which turns fsync off), so that PostgreSQL writes its WAL at
 * every COMMIT. With NodeFS (writes go straight to host files) and `relaxedDurability: false` (the file-system
 * sync is awaited after every query), an acknowledged write survives `kill -9` of the process. See
 * docs/database.md for the limit (no host fsync in PGlite's NODEFS: power loss is not covered).
 */
function durablePgliteStartParams(): string[] {
  return PGlite.defaultStartParams.filter((p) => p !== '-F');
}

const MIGRATION_LOCK_KEY = 720_450_001;

/** The extensions the migrations create (PostgreSQL has them in contrib; PGlite loads them at start). */
const PGLITE_EXTENSIONS = { pg_trgm };

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const migrationsFolder = migrationsDir();
  const countingQueries = options.countQueries === true;
  const counter = { n: 0 };
  const queryCount = () => counter.n;
  if ('databaseUrl' in options) {
    const max = 10;
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max });
    // A broken idle connection must not crash the process; the next query gets a fresh one.
    pool.on('error', () => {});
    // Every statement of node-postgres goes through `query` of a pooled client (pool.query checks one out and
    // calls it; Drizzle's transactions send BEGIN and COMMIT through it too): one call, one round trip.
    // Statements sent again and again become named prepared statements (statement-names.ts).
    const namer = statementNamer();
    pool.on('connect', (c) => {
      c.query = namingStatements(c.query, namer);
      if (countingQueries) c.query = counted(c.query, counter);
    });
    const db = drizzlePg({ client: pool, schema });
    // Dedicated LISTEN connections (outside the pool), ended with the handle.
    const listeners = new Set<Unlisten>();
    return {
      db,
      kind: 'postgres',
      poolUsage: () => ({
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
        max,
      }),
      countingQueries,
      queryCount,
      readRow: async (name, text, params) => (await pool.query({ name, text, values: params })).rows[0],
      close: async () => {
        await Promise.all([...listeners].map((stop) => stop()));
        await pool.end();
      },
      listen: async (channel, onPayload, onReconnect) => {
        const stop = await pgListen(options.databaseUrl, channel, onPayload, onReconnect);
        const tracked: Unlisten = async () => {
          listeners.delete(tracked);
          await stop();
        };
        listeners.add(tracked);
        return tracked;
      },
      migrate: async () => {
        const client = await pool.connect();
        try {
          await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
          try {
            await migratePg(drizzlePg({ client, schema }), { migrationsFolder });
          } finally {
            await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
          }
        } finally {
          client.release();
        }
      },
    };
  }

  let client: PGlite;
  if ('dataDir' in options) {
    mkdirSync(options.dataDir, { recursive: true });
    client = await PGlite.create({
      fs: new NodeFS(options.dataDir),
      relaxedDurability: false,
      startParams: durablePgliteStartParams(),
      extensions: PGLITE_EXTENSIONS,
    });
  } else {
    client = await PGlite.create({
      dataDir: 'memory://',
      relaxedDurability: false,
      extensions: PGLITE_EXTENSIONS,
      ...(options.snapshot ? { loadDataDir: options.snapshot } : {}),
    });
  }
  // PGlite runs every statement — query(), exec(), and the BEGIN, statements and COMMIT of transaction() — inside
  // one `_runExclusiveQuery` call each (the extended-protocol messages of a query share that call): one per
  // statement.
  if (countingQueries) client._runExclusiveQuery = counted(client._runExclusiveQuery, counter);
  const db = drizzlePglite({ client, schema });
  return {
    db,
    kind: 'pglite',
    countingQueries,
    queryCount,
    readRow: async (_name, text, params) => (await client.query(text, params)).rows[0],
    close: () => client.close(),
    listen: async (channel, onPayload) => {
      assertChannel(channel);
      const unlisten = await client.listen(channel, onPayload);
      let done = false;
      return async () => {
        if (done || client.closed) return;
        done = true;
        await unlisten();
      };
    },
    migrate: () => migratePglite(db, { migrationsFolder }),
    dumpDataDir: () => pgliteDump(client),
  };
}

/**
 * A consistent copy of a running PGlite's data folder. PGlite serialises every statement behind its query lock and
 * every transaction (and every query outside one) behind its transaction lock; `dumpDataDir` takes only the first,
 * so alone it could copy the folder between the BEGIN and the COMMIT of a transaction. Holding the transaction lock
 * too, the copy is taken when no transaction is open: every commit acknowledged before it is in the copy, nothing
 * half-done is, and the copy is read in one synchronous pass during which PostgreSQL (single-threaded WebAssembly)
 * writes nothing. The CHECKPOINT first writes the dirty pages to the data files, so that opening the copy replays
 * little WAL.
 */
async function pgliteDump(client: PGlite): Promise<Blob> {
  return client._runExclusiveTransaction(async () => {
    // exec() would wait for the transaction lock held here: the protocol call under the query lock instead.
    await client.runExclusive(() => client.execProtocol(protocol.serialize.query('CHECKPOINT')));
    return client.dumpDataDir('none');
  });
}

/**
 * Fills an empty data folder from a tarball of `dumpDataDir` and opens it once (PostgreSQL starts on it, replaying
 * its WAL), then closes it. Refuses a folder that already holds a database.
 */
export async function restorePgliteDataDir(dataDir: string, tarball: Blob): Promise<void> {
  mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create({
    fs: new NodeFS(dataDir),
    relaxedDurability: false,
    startParams: durablePgliteStartParams(),
    extensions: PGLITE_EXTENSIONS,
    loadDataDir: tarball,
  });
  try {
    await client.query('SELECT 1');
  } finally {
    await client.close();
  }
}

/**
 * An in-memory PGlite with every committed migration applied, dumped as a data-folder tarball: what
 * `openDatabase({ inMemory: true, snapshot })` starts from. PGlite's initdb (run on every empty cluster) costs about a
 * second of CPU and the migrations a few hundred milliseconds more; loading the dump costs a fraction of that.
 */
export async function pgliteSnapshot(): Promise<Blob> {
  const client = await PGlite.create({
    dataDir: 'memory://',
    relaxedDurability: false,
    extensions: PGLITE_EXTENSIONS,
  });
  try {
    await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder: migrationsDir() });
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}
