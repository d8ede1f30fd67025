import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inArray, sql } from 'drizzle-orm';
import * as tar from 'tar';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { manualClock } from '../../src/clock.ts';
import { type Db, openDatabase, restorePgliteDataDir } from '../../src/db/index.ts';
import { databaseUnreadiness } from '../../src/db/readiness.ts';
import { createLogger } from '../../src/log.ts';
import { PasswordHasher } from '../../src/modules/auth/passwords.ts';
import { orderRefunds } from '../../src/modules/orders/refund-tables.ts';
import { instalments, ledgerEntries, orders } from '../../src/modules/orders/tables.ts';
import { sandboxTransfers, settlementPayouts } from '../../src/modules/settlements/tables.ts';
import {
  BackupError,
  backupFromServer,
  backupPostgres,
  OPS_BACKUP_PATH,
  OPS_FILE,
  openBackup,
  restorePglite,
  restorePostgres,
  runningServer,
} from '../../src/ops/backup.ts';
import { seed } from '../../src/seed.ts';
import { startServer } from '../../src/server.ts';
import {
  appOn,
  createPgDatabase,
  openTestDatabase,
  PG_ADMIN_URL,
  TEST_HASHING,
  type TestApp,
  testConfig,
} from '../helpers.ts';
import { createOrder, JOAO_CPF } from '../instalment-helpers.ts';
import { refundCalls } from '../refunds-helpers.ts';
import { newMerchant, sell, transfersOf } from '../settlements-helpers.ts';

const scratch = mkdtempSync(join(tmpdir(), 'drip-backup-test-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The writes a client saw acknowledged, by kind. */
interface Acked {
  orders: string[];
  refunds: string[];
  transfers: string[];
}
const copy = (a: Acked): Acked => ({
  orders: [...a.orders],
  refunds: [...a.refunds],
  transfers: [...a.transfers],
});
const total = (a: Acked) => a.orders.length + a.refunds.length + a.transfers.length;

/**
 * Three clients writing at once until `stop`: orders created by the orders service (as a finished checkout does),
 * full refunds asked through the merchant API and queued for the refund engine, and sales settled and paid out to
 * merchants (one transfer each). Each id is recorded once its write was acknowledged.
 */
function writeLoad(t: TestApp) {
  const acked: Acked = { orders: [], refunds: [], transfers: [] };
  const calls = refundCalls(t);
  const settlements = t.built.services.settlements;
  let stop = false;
  const loop = async (step: () => Promise<void>) => {
    while (!stop) {
      await step();
      // PGlite answers through microtasks only: without turns of the event loop, calls made in process would starve
      // the server's sockets and timers (each write of a real client is its own request, with its own pauses).
      await new Promise((r) => setTimeout(r, 5));
    }
  };
  const running = Promise.all([
    loop(async () => {
      acked.orders.push((await createOrder(t)).id);
    }),
    loop(async () => {
      const order = await createOrder(t, { cpf: JOAO_CPF });
      const res = await calls.full(order.id);
      if (res.status !== 202) throw new Error(`refund refused: ${res.status} ${res.text}`);
      acked.refunds.push(res.body.refund.id);
    }),
    loop(async () => {
      const merchant = await newMerchant(t);
      await settlements.addConfiguration(merchant, { transferDelayInDays: 0, payAllInOneSettlement: true });
      await sell(t, merchant, { total: 10_000 });
      await settlements.run();
      await settlements.payoutQueue.drain();
      for (const transfer of await transfersOf(t, merchant)) acked.transfers.push(transfer.id);
    }),
  ]);
  return {
    acked,
    stop: async () => {
      stop = true;
      await running;
    },
  };
}

/** Every order's ledger and instalments agree with it: no transaction was cut in two by the copy. */
async function expectConsistent(db: Db) {
  const all = await db.select().from(orders);
  const entries = await db.select().from(ledgerEntries);
  const parts = await db.select().from(instalments);
  for (const order of all) {
    const mine = entries.filter((e) => e.orderId === order.id);
    const created = mine.filter((e) => e.type === 'ORDER_CREATED');
    expect(
      created.map((e) => e.amount),
      order.id,
    ).toEqual([order.amount]);
    const payable = mine.filter((e) => e.type === 'MERCHANT_PAYABLE').reduce((a, e) => a + e.amount, 0);
    expect(payable, order.id).toBe(-order.amount);
    const own = parts.filter((i) => i.orderId === order.id);
    expect(own.length, order.id).toBeGreaterThan(0);
    expect(
      own.reduce((a, i) => a + i.amount, 0),
      order.id,
    ).toBe(order.amount);
    expect(
      own.reduce((a, i) => a + i.canceledAmount, 0),
      order.id,
    ).toBe(order.canceledAmount);
  }
  // Every transfer the sandbox bank received is a payout Drip recorded, for the same amount.
  const payouts = await db.select().from(settlementPayouts);
  for (const transfer of await db.select().from(sandboxTransfers)) {
    const payout = payouts.find((p) => p.externalId === transfer.externalId);
    expect(payout?.amount, transfer.externalId).toBe(transfer.amount);
  }
}

async function expectFound(db: Db, acked: Acked) {
  const ids = async (rows: Promise<{ id: string }[]>) => new Set((await rows).map((r) => r.id));
  const foundOrders = await ids(
    db.select({ id: orders.id }).from(orders).where(inArray(orders.id, acked.orders)),
  );
  const foundRefunds = await ids(
    db.select({ id: orderRefunds.id }).from(orderRefunds).where(inArray(orderRefunds.id, acked.refunds)),
  );
  const foundTransfers = await ids(
    db
      .select({ id: sandboxTransfers.id })
      .from(sandboxTransfers)
      .where(inArray(sandboxTransfers.id, acked.transfers)),
  );
  expect(acked.orders.filter((id) => !foundOrders.has(id))).toEqual([]);
  expect(acked.refunds.filter((id) => !foundRefunds.has(id))).toEqual([]);
  expect(acked.transfers.filter((id) => !foundTransfers.has(id))).toEqual([]);
}

/** A TestApp over a real server: requests go over HTTP to its socket. */
function overHttp(server: Awaited<ReturnType<typeof startServer>>, clock: TestApp['clock']): TestApp {
  const request: TestApp['request'] = async (method, path, body, headers = {}) => {
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
    const text = await res.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: res.status, headers: res.headers, body: parsed, text };
  };
  return {
    request,
    from: () => request,
    raw: (path, init) => fetch(`${server.url}${path}`, init),
    clock,
    built: server.built,
    database: server.database,
  };
}

describe.skipIf(PG_ADMIN_URL)('backup of the embedded database (PGlite) while it runs', () => {
  it('restores into a fresh folder every order, refund and transfer acknowledged before the backup started', {
    timeout: 90_000,
  }, async () => {
    const began = Date.now();
    const dataDir = join(scratch, 'live');
    // From the suite's migrated database (global-setup.ts), sparing initdb and the migrations.
    const migrated = inject('pgliteSnapshot');
    if (migrated) await restorePgliteDataDir(dataDir, new Blob([readFileSync(migrated)]));
    // 15:00 UTC, noon in São Paulo: the day's sales are settled and paid out at once.
    const clock = manualClock(new Date('2026-03-10T15:00:00Z'));
    const server = await startServer(testConfig({ dataDir, port: 0 }), {
      clock,
      demoHistory: false,
      log: createLogger('silent'),
    });
    const t = overHttp(server, clock);
    const file = join(scratch, 'live.tar.gz');
    let before: Acked = { orders: [], refunds: [], transfers: [] };
    let during = 0;
    let backupMs = 0;
    const startMs = Date.now() - began;
    try {
      const load = writeLoad(t);
      while (load.acked.orders.length < 3 || load.acked.refunds.length < 3 || load.acked.transfers.length < 2)
        await new Promise((r) => setTimeout(r, 50));
      // The server found through its data folder, as `npm run backup` finds it.
      const ops = runningServer(dataDir);
      expect(ops?.pid).toBe(process.pid);
      before = copy(load.acked);
      if (!ops) throw new Error('no ops.json');
      const backup = await backupFromServer(ops.url, ops.token, file);
      backupMs = backup.ms;
      during = total(load.acked) - total(before);
      await load.stop();
      expect(backup.manifest).toMatchObject({ database: 'pglite', format: 'drip-backup' });
      expect(backup.manifest.migrations.applied).toBeGreaterThan(30);
    } finally {
      await server.close();
    }
    // The writes went on while the backup was taken (it holds the database only while it copies the folder).
    expect(during).toBeGreaterThan(0);
    expect(existsSync(join(dataDir, OPS_FILE))).toBe(false);

    const restored = join(scratch, 'restored');
    const restoring = Date.now();
    await restorePglite(file, restored);
    const restoreMs = Date.now() - restoring;
    expect(existsSync(join(restored, OPS_FILE))).toBe(false);
    const database = await openDatabase({ dataDir: restored });
    try {
      expect(await databaseUnreadiness(database.db)).toBeNull();
      await expectFound(database.db, before);
      await expectConsistent(database.db);
      console.log(
        `backup under load: ${total(before)} writes acknowledged before it (${before.orders.length} orders, ${before.refunds.length} refunds, ${before.transfers.length} transfers), all restored; ${during} more during it; server start ${startMs} ms, backup ${backupMs} ms, restore ${restoreMs} ms`,
      );
    } finally {
      await database.close();
    }
  });

  it('refuses a non-empty folder without --force, a damaged file, and a backup asked from elsewhere or without the token', async () => {
    const file = join(scratch, 'live.tar.gz');
    const target = join(scratch, 'occupied');
    mkdirSync(target, { recursive: true });
    writeFileSync(join(target, 'something.txt'), 'not a database');
    await expect(restorePglite(file, target)).rejects.toThrow(/not empty.*--force/);
    await restorePglite(file, target, { force: true });
    expect(existsSync(join(target, 'something.txt'))).toBe(false);

    const damaged = join(scratch, 'damaged.tar.gz');
    writeFileSync(damaged, 'not a backup');
    await expect(openBackup(damaged)).rejects.toBeInstanceOf(BackupError);
    // One byte of the database changed: the manifest's checksum catches it before anything is restored.
    const unpacked = join(scratch, 'unpacked');
    mkdirSync(unpacked, { recursive: true });
    await tar.extract({ file, cwd: unpacked });
    const pgdata = readFileSync(join(unpacked, 'pgdata.tar'));
    pgdata[pgdata.length - 2048] = (pgdata[pgdata.length - 2048] ?? 0) ^ 0xff;
    writeFileSync(join(unpacked, 'pgdata.tar'), pgdata);
    const tampered = join(scratch, 'tampered.tar.gz');
    await tar.create({ gzip: true, file: tampered, cwd: unpacked }, ['manifest.json', 'pgdata.tar']);
    await expect(restorePglite(tampered, join(scratch, 'never'))).rejects.toThrow(/checksum mismatch/);
    expect(existsSync(join(scratch, 'never'))).toBe(false);

    const clock = manualClock(new Date('2026-03-10T15:00:00Z'));
    const server = await startServer(testConfig({ dataDir: target, port: 0 }), {
      clock,
      demoHistory: false,
      log: createLogger('silent'),
    });
    try {
      // Not into the folder of a running server, even with --force.
      await expect(restorePglite(file, target, { force: true })).rejects.toThrow(/running/);
      const noToken = await fetch(`${server.url}${OPS_BACKUP_PATH}`, { method: 'POST' });
      expect(noToken.status).toBe(401);
      const wrong = await fetch(`${server.url}${OPS_BACKUP_PATH}`, {
        method: 'POST',
        headers: { authorization: 'Bearer not-the-token' },
      });
      expect(wrong.status).toBe(401);
      expect(((await wrong.json()) as { error: { message: string } }).error.message).toBe(
        'Token de operação inválido',
      );
      const ops = runningServer(target);
      const remote = await server.built.app.request(
        OPS_BACKUP_PATH,
        { method: 'POST', headers: { authorization: `Bearer ${ops?.token}` } },
        { incoming: { socket: { remoteAddress: '203.0.113.7' } } },
      );
      expect(remote.status).toBe(403);
    } finally {
      await server.close();
    }
  });

  it('copies the data folder between two transactions, never inside one', async () => {
    const { database, dispose } = await openTestDatabase();
    let release = () => {};
    try {
      await database.db.execute(sql`CREATE TABLE counter (n int NOT NULL)`);
      const gate = new Promise<void>((r) => {
        release = r;
      });
      let inside = () => {};
      const begun = new Promise<void>((r) => {
        inside = r;
      });
      const open = database.db.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO counter VALUES (1)`);
        inside();
        await gate;
        await tx.execute(sql`INSERT INTO counter VALUES (2)`);
      });
      await begun;
      let copied = false;
      const dump = database.dumpDataDir?.().then((blob) => {
        copied = true;
        return blob;
      });
      await new Promise((r) => setTimeout(r, 300));
      expect(copied).toBe(false);
      release();
      await open;
      const blob = await dump;
      if (!blob) throw new Error('no dump');
      const restored = await openDatabase({ inMemory: true, snapshot: blob });
      try {
        const rows = (await restored.db.execute(sql`SELECT n FROM counter ORDER BY n`)) as {
          rows: { n: number }[];
        };
        expect(rows.rows.map((r) => r.n)).toEqual([1, 2]);
      } finally {
        await restored.close();
      }
    } finally {
      // A failed expectation must not leave the transaction waiting (close() would wait for it).
      release();
      await dispose();
    }
  });
});

describe.skipIf(!PG_ADMIN_URL)('backup of PostgreSQL (pg_dump, pg_restore)', () => {
  it('restores into a new database the same orders, refunds, transfers and ledger', async () => {
    if (!PG_ADMIN_URL) return;
    const source = await createPgDatabase(PG_ADMIN_URL, inject('pgTemplate'));
    const target = await createPgDatabase(PG_ADMIN_URL);
    const database = await openDatabase({ databaseUrl: source.url });
    const restoredDb = await openDatabase({ databaseUrl: target.url });
    try {
      await database.migrate();
      await seed(database.db, new PasswordHasher(TEST_HASHING));
      const t = appOn(database, { clock: manualClock(new Date('2026-03-10T15:00:00Z')) });
      const load = writeLoad(t);
      while (load.acked.orders.length < 3 || load.acked.refunds.length < 2 || load.acked.transfers.length < 2)
        await new Promise((r) => setTimeout(r, 20));
      await load.stop();
      t.built.services.sandboxPsp?.close();
      await t.built.services.instalmentEvents.close();
      const file = join(scratch, 'postgres.tar.gz');
      const backup = await backupPostgres(database.db, source.url, file);
      expect(backup.manifest.database).toBe('postgres');
      await restorePostgres(file, restoredDb.db, target.url);
      await expect(restorePostgres(file, restoredDb.db, target.url)).rejects.toThrow(/already has tables/);

      const snapshot = async (db: Db) => ({
        orders: (await db.select().from(orders).orderBy(orders.id)).map((o) => [
          o.id,
          o.amount,
          o.canceledAmount,
        ]),
        refunds: (await db.select().from(orderRefunds).orderBy(orderRefunds.id)).map((r) => [r.id, r.status]),
        transfers: (await db.select().from(sandboxTransfers).orderBy(sandboxTransfers.id)).map((x) => [
          x.id,
          x.amount,
        ]),
        ledger: (await db.select().from(ledgerEntries).orderBy(ledgerEntries.seq)).map((e) => [
          e.id,
          e.type,
          e.amount,
        ]),
      });
      const before = await snapshot(database.db);
      expect(await snapshot(restoredDb.db)).toEqual(before);
      await expectFound(restoredDb.db, load.acked);
      await expectConsistent(restoredDb.db);
      expect(await databaseUnreadiness(restoredDb.db)).toBeNull();
    } finally {
      await restoredDb.close();
      await database.close();
      await target.drop();
      await source.drop();
    }
  });
});
