// Backups of Drip's database (docs/backups.md): one tar.gz holding `manifest.json` and the database itself, either
// PGlite's data folder (a tarball of it) or a pg_dump archive of PostgreSQL (custom format).
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  createReadStream,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  writeFileSync,
} from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import * as tar from 'tar';
import * as v from 'valibot';
import { type Db, restorePgliteDataDir } from '../db/index.ts';
import { migrationsDir, packageDir } from '../package-dir.ts';

/** The server's backup endpoint (loopback only, bearer token of `ops.json`); outside the endpoint table like /readyz. */
export const OPS_BACKUP_PATH = '/ops/backup';

/**
 * Written by a server on PGlite into its data folder while it runs (mode 0600): its process id, its URL and the token
 * of its backup endpoint. Whoever can read it can read the database files anyway.
 */
export const OPS_FILE = 'ops.json';

const PGDATA_FILE = 'pgdata.tar';
const PGDUMP_FILE = 'database.dump';

const manifestSchema = v.object({
  format: v.literal('drip-backup'),
  formatVersion: v.literal(1),
  createdAt: v.string(),
  drip: v.string(),
  database: v.picklist(['pglite', 'postgres']),
  engine: v.string(),
  migrations: v.object({ applied: v.number(), newest: v.nullable(v.string()) }),
  payload: v.object({
    file: v.picklist([PGDATA_FILE, PGDUMP_FILE]),
    bytes: v.number(),
    sha256: v.string(),
  }),
});
export type BackupManifest = v.InferOutput<typeof manifestSchema>;

const opsFileSchema = v.object({ pid: v.number(), url: v.string(), token: v.string() });
export type OpsFile = v.InferOutput<typeof opsFileSchema>;

/** A backup that cannot be taken or restored, with the reason an operator can act on. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

function journalTags(): { tag: string; when: number }[] {
  const journal = JSON.parse(readFileSync(join(migrationsDir(), 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  return journal.entries;
}

/** The version of this build of Drip (the server package's). */
export function dripVersion(): string {
  const pkg = JSON.parse(readFileSync(join(packageDir(), 'package.json'), 'utf8')) as { version: string };
  return pkg.version;
}

/**
 * How far the database's schema is: the number of migrations applied and the newest one's name (drizzle records
 * each applied migration with the journal's `when` as `created_at`).
 */
export async function migrationLevel(db: Db): Promise<BackupManifest['migrations']> {
  const result = (await db.execute(
    sql`SELECT count(*)::int AS applied, max(created_at) AS newest FROM drizzle.__drizzle_migrations`,
  )) as { rows: { applied: number | string; newest: number | string | null }[] };
  const row = result.rows[0];
  const newestWhen = row?.newest === null || row?.newest === undefined ? null : Number(row.newest);
  const tag = journalTags().find((e) => e.when === newestWhen)?.tag ?? null;
  return {
    applied: Number(row?.applied ?? 0),
    newest: tag ?? (newestWhen === null ? null : `unknown (${newestWhen})`),
  };
}

async function engineOf(db: Db): Promise<string> {
  const result = (await db.execute(sql`SELECT version() AS version`)) as { rows: { version: string }[] };
  // "PostgreSQL 18.6 (PGlite 0.5.16) on wasm32-unknown-emscripten, compiled by …": the part before the platform.
  return (result.rows[0]?.version ?? 'unknown').split(' on ')[0] ?? 'unknown';
}

function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** SHA-256 of a file, streamed (a PostgreSQL dump can be large). */
export async function fileSha256(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * Writes `<manifest, payload>` as a tar.gz at `file`, atomically (a temporary name in the same folder, renamed at the
 * end: a backup that stopped half-way never carries the final name), readable by its owner only (it holds personal
 * data and, in the sandbox, the JWT secret file of the data folder).
 */
async function writeArchive(file: string, manifest: BackupManifest, payloadPath: string): Promise<void> {
  const staging = await mkdtemp(join(tmpdir(), 'drip-backup-'));
  try {
    await writeFile(join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    await rename(payloadPath, join(staging, manifest.payload.file));
    await mkdir(dirname(file), { recursive: true });
    const partial = `${file}.partial-${randomBytes(4).toString('hex')}`;
    await tar.create({ gzip: true, file: partial, cwd: staging, portable: true }, [
      'manifest.json',
      manifest.payload.file,
    ]);
    await chmod(partial, 0o600);
    await rename(partial, file);
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

export interface BackupResult {
  file: string;
  manifest: BackupManifest;
  /** SHA-256 of the whole tar.gz (printed, to compare with a copy elsewhere). */
  sha256: string;
  bytes: number;
  ms: number;
  /** PGlite: how long the database waited while its folder was copied. */
  pauseMs?: number;
}

async function described(file: string, manifest: BackupManifest, started: number): Promise<BackupResult> {
  const info = await stat(file);
  return { file, manifest, sha256: await fileSha256(file), bytes: info.size, ms: Date.now() - started };
}

/** One ustar header block (POSIX.1-1988) for a regular file of the archive's root. */
function ustarHeader(name: string, size: number, mtime: Date): Buffer {
  const header = Buffer.alloc(512);
  const put = (text: string, offset: number, length: number) => header.write(text, offset, length, 'ascii');
  const octal = (n: number, length: number) => `${n.toString(8).padStart(length - 1, '0')}\0`;
  put(name, 0, 100);
  put(octal(0o600, 8), 100, 8);
  put(octal(0, 8), 108, 8);
  put(octal(0, 8), 116, 8);
  put(octal(size, 12), 124, 12);
  put(octal(Math.floor(mtime.getTime() / 1000), 12), 136, 12);
  put('        ', 148, 8);
  put('0', 156, 1);
  put('ustar\0', 257, 6);
  put('00', 263, 2);
  let sum = 0;
  for (const byte of header) sum += byte;
  put(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 8);
  return header;
}

/**
 * A tar.gz of a few in-memory files, built in one pass: the tar blocks are concatenated, then gzip runs on libuv's
 * thread pool. Taken by a server under load, the archive costs its event loop no turn per chunk (a streaming tar
 * writer needs one per 64 KiB written, each behind the requests the loop serves in between).
 */
async function packInMemory(files: { name: string; data: Uint8Array }[], mtime: Date): Promise<Buffer> {
  const blocks: Buffer[] = [];
  for (const file of files) {
    blocks.push(ustarHeader(file.name, file.data.byteLength, mtime), Buffer.from(file.data));
    const pad = (512 - (file.data.byteLength % 512)) % 512;
    if (pad > 0) blocks.push(Buffer.alloc(pad));
  }
  blocks.push(Buffer.alloc(1024));
  // One output chunk of up to 16 MiB: node's zlib calls back once per output chunk (16 KiB by default), each a turn of
  // the event loop.
  return promisify(gzip)(Buffer.concat(blocks), { level: 6, chunkSize: 16 * 1024 * 1024 });
}

/**
 * A backup of a PGlite database open in this process, as the bytes of its tar.gz. The copy is taken between two
 * transactions (db/index.ts, pgliteDump), so it holds exactly the transactions committed before it; the database
 * waits only while the folder is copied into memory (`pauseMs`). Nothing touches the disk: a server under load
 * answers it straight from memory.
 */
export async function pgliteArchive(
  database: { db: Db; dumpDataDir?: () => Promise<Blob> },
  now: () => Date = () => new Date(),
): Promise<{ archive: Buffer; manifest: BackupManifest; pauseMs: number }> {
  if (!database.dumpDataDir)
    throw new BackupError('This database is not PGlite: use pg_dump (docs/backups.md)');
  const createdAt = now();
  // Before the copy: no migration runs while the server is up, so the level read here is the copy's.
  const migrations = await migrationLevel(database.db);
  const engine = await engineOf(database.db);
  const paused = Date.now();
  const dump = new Uint8Array(await (await database.dumpDataDir()).arrayBuffer());
  const pauseMs = Date.now() - paused;
  const manifest: BackupManifest = {
    format: 'drip-backup',
    formatVersion: 1,
    createdAt: createdAt.toISOString(),
    drip: dripVersion(),
    database: 'pglite',
    engine,
    migrations,
    payload: { file: PGDATA_FILE, bytes: dump.byteLength, sha256: sha256(dump) },
  };
  const archive = await packInMemory(
    [
      { name: 'manifest.json', data: Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`) },
      { name: PGDATA_FILE, data: dump },
    ],
    createdAt,
  );
  return { archive, manifest, pauseMs };
}

/** Writes a backup's bytes under a temporary name, readable by its owner only, then renames it: all or nothing. */
function writeAtomically(file: string, bytes: Uint8Array): void {
  mkdirSync(dirname(file), { recursive: true });
  const partial = `${file}.partial-${randomBytes(4).toString('hex')}`;
  // One synchronous write: the asynchronous one goes by 512 KiB chunks, a turn of the event loop each.
  writeFileSync(partial, bytes, { mode: 0o600 });
  renameSync(partial, file);
}

/** pgliteArchive written to `file` (the backup command when no server runs on the data folder). */
export async function backupPglite(
  database: { db: Db; dumpDataDir?: () => Promise<Blob> },
  file: string,
): Promise<BackupResult> {
  const started = Date.now();
  const { archive, manifest, pauseMs } = await pgliteArchive(database);
  writeAtomically(file, archive);
  return {
    file,
    manifest,
    sha256: sha256(archive),
    bytes: archive.byteLength,
    ms: Date.now() - started,
    pauseMs,
  };
}

/** The files of a tar.gz held in memory (regular files of ustar archives, as packInMemory writes them). */
async function unpackInMemory(archive: Uint8Array): Promise<Map<string, Buffer>> {
  const tarball = await promisify(gunzip)(archive, { chunkSize: 64 * 1024 * 1024 });
  const files = new Map<string, Buffer>();
  let offset = 0;
  while (offset + 512 <= tarball.byteLength) {
    const header = tarball.subarray(offset, offset + 512);
    if (header.every((b) => b === 0)) break;
    const field = (start: number, length: number) =>
      header
        .subarray(start, start + length)
        .toString('ascii')
        .replace(/\0.*$/s, '')
        .trim();
    const size = Number.parseInt(field(124, 12), 8);
    const prefix = field(345, 155);
    const name = prefix ? `${prefix}/${field(0, 100)}` : field(0, 100);
    if (!Number.isFinite(size) || size < 0) throw new BackupError('Damaged archive: bad entry size');
    const type = field(156, 1);
    if (type === '0' || type === '') files.set(name, tarball.subarray(offset + 512, offset + 512 + size));
    offset += 512 + Math.ceil(size / 512) * 512;
  }
  return files;
}

/** The manifest of a backup held in memory, after checking its payload against it. */
async function verifiedInMemory(archive: Uint8Array): Promise<BackupManifest> {
  let files: Map<string, Buffer>;
  try {
    files = await unpackInMemory(archive);
  } catch (err) {
    throw new BackupError(`Not a readable Drip backup: ${err instanceof Error ? err.message : String(err)}`);
  }
  const raw = files.get('manifest.json');
  const parsed = raw ? v.safeParse(manifestSchema, JSON.parse(raw.toString('utf8'))) : null;
  if (!parsed?.success) throw new BackupError('Not a Drip backup: no valid manifest.json');
  const payload = files.get(parsed.output.payload.file);
  if (
    !payload ||
    payload.byteLength !== parsed.output.payload.bytes ||
    sha256(payload) !== parsed.output.payload.sha256
  )
    throw new BackupError('The backup received is damaged: its payload does not match its manifest');
  return parsed.output;
}

/**
 * Asks the running server of a data folder for a backup (PGlite belongs to its process), checks it against its
 * manifest and writes it to `file`.
 */
export async function backupFromServer(url: string, token: string, file: string): Promise<BackupResult> {
  const started = Date.now();
  let res: Response;
  try {
    res = await fetch(`${url}${OPS_BACKUP_PATH}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
  } catch (err) {
    throw new BackupError(
      `The server of this data folder (${url}) did not answer: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
  if (res.status !== 200)
    throw new BackupError(`The server refused the backup: ${res.status} ${await res.text()}`);
  const bytes = new Uint8Array(await res.arrayBuffer());
  const manifest = await verifiedInMemory(bytes);
  writeAtomically(file, bytes);
  const pause = Number(res.headers.get('x-backup-pause-ms'));
  return {
    file,
    manifest,
    sha256: sha256(bytes),
    bytes: bytes.byteLength,
    ms: Date.now() - started,
    ...(Number.isFinite(pause) ? { pauseMs: pause } : {}),
  };
}

/** pg_dump / pg_restore: on PATH, else the newest of Debian's /usr/lib/postgresql/<version>/bin. */
export function postgresTool(name: 'pg_dump' | 'pg_restore'): string | null {
  for (const dir of (process.env.PATH ?? '').split(':')) {
    if (dir && existsSync(join(dir, name))) return join(dir, name);
  }
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((d) => /^\d+$/.test(d))
    .sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const path = join(root, version, 'bin', name);
    if (existsSync(path)) return path;
  }
  return null;
}

function runTool(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0) resolve();
      else reject(new BackupError(`${basename(command)} failed (exit ${code}): ${stderr.trim()}`));
    });
  });
}

/** A PostgreSQL database, dumped by pg_dump (custom format, one consistent snapshot) into a Drip backup. */
export async function backupPostgres(db: Db, databaseUrl: string, file: string): Promise<BackupResult> {
  const started = Date.now();
  const pgDump = postgresTool('pg_dump');
  if (!pgDump)
    throw new BackupError(
      'pg_dump not found (PATH or /usr/lib/postgresql/*/bin): install postgresql-client (docs/backups.md)',
    );
  const createdAt = new Date().toISOString();
  const migrations = await migrationLevel(db);
  const engine = await engineOf(db);
  const staging = await mkdtemp(join(tmpdir(), 'drip-pgdump-'));
  try {
    const payloadPath = join(staging, PGDUMP_FILE);
    await runTool(pgDump, [
      '--format=custom',
      '--no-owner',
      '--no-privileges',
      `--file=${payloadPath}`,
      databaseUrl,
    ]);
    const info = await stat(payloadPath);
    const manifest: BackupManifest = {
      format: 'drip-backup',
      formatVersion: 1,
      createdAt,
      drip: dripVersion(),
      database: 'postgres',
      engine,
      migrations,
      payload: { file: PGDUMP_FILE, bytes: info.size, sha256: await fileSha256(payloadPath) },
    };
    await writeArchive(file, manifest, payloadPath);
    return await described(file, manifest, started);
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** A backup read back: its manifest, and its payload extracted into `dir` (removed by `dispose`). */
export interface OpenedBackup {
  manifest: BackupManifest;
  payloadPath: string;
  dispose(): Promise<void>;
}

/**
 * Opens a backup file: extracts it, parses its manifest, and checks the payload's size and SHA-256 against it. A
 * truncated, corrupted or foreign file is refused here, before anything is restored.
 */
export async function openBackup(file: string): Promise<OpenedBackup> {
  if (!existsSync(file)) throw new BackupError(`Backup file not found: ${file}`);
  const dir = await mkdtemp(join(tmpdir(), 'drip-restore-'));
  const dispose = () => rm(dir, { recursive: true, force: true });
  try {
    try {
      await tar.extract({ file, cwd: dir, strict: true, filter: (p) => !p.includes('..') });
    } catch (err) {
      throw new BackupError(
        `${file} is not a readable Drip backup (tar.gz): ${err instanceof Error ? err.message : String(err)}`,
      );
    }
    const manifestPath = join(dir, 'manifest.json');
    if (!existsSync(manifestPath)) throw new BackupError(`${file} has no manifest.json: not a Drip backup`);
    let raw: unknown;
    try {
      raw = JSON.parse(await readFile(manifestPath, 'utf8'));
    } catch {
      throw new BackupError(`${file}: manifest.json is not JSON`);
    }
    const parsed = v.safeParse(manifestSchema, raw);
    if (!parsed.success)
      throw new BackupError(`${file}: manifest.json is not a Drip backup manifest (format 1)`);
    const manifest = parsed.output;
    const payloadPath = join(dir, manifest.payload.file);
    if (!existsSync(payloadPath)) throw new BackupError(`${file}: ${manifest.payload.file} is missing`);
    const size = (await stat(payloadPath)).size;
    const digest = await fileSha256(payloadPath);
    if (size !== manifest.payload.bytes || digest !== manifest.payload.sha256)
      throw new BackupError(
        `${file}: checksum mismatch on ${manifest.payload.file} (manifest ${manifest.payload.sha256.slice(0, 12)}…, ${manifest.payload.bytes} bytes; file ${digest.slice(0, 12)}…, ${size} bytes): the backup is damaged`,
      );
    return { manifest, payloadPath, dispose };
  } catch (err) {
    await dispose();
    throw err;
  }
}

/** Refuses a backup whose schema this build does not know (made by a newer Drip: restore it with that version). */
function checkMigrations(manifest: BackupManifest): void {
  const newest = manifest.migrations.newest;
  if (newest !== null && !journalTags().some((e) => e.tag === newest))
    throw new BackupError(
      `The backup's schema is at migration ${newest}, which this Drip (${dripVersion()}) does not have: restore it with the Drip version that made it (${manifest.drip})`,
    );
}

/** The process named in the folder's ops.json, when that process is still alive. */
export function runningServer(dataDir: string): OpsFile | null {
  const path = join(dataDir, OPS_FILE);
  if (!existsSync(path)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
  const ops = v.safeParse(opsFileSchema, parsed);
  if (!ops.success) return null;
  try {
    process.kill(ops.output.pid, 0);
    return ops.output;
  } catch (err) {
    // EPERM: alive, owned by another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM' ? ops.output : null;
  }
}

/** Writes ops.json (mode 0600) for the backup command; returns its removal. */
export async function writeOpsFile(dataDir: string, ops: OpsFile): Promise<() => Promise<void>> {
  const path = join(dataDir, OPS_FILE);
  const temporary = `${path}.${randomBytes(4).toString('hex')}`;
  await writeFile(temporary, JSON.stringify(ops), { mode: 0o600 });
  await rename(temporary, path);
  return async () => {
    // Only our own: a second server started on the folder by mistake must not remove the first one's.
    const current = runningServerFile(path);
    if (current?.pid === ops.pid && current.token === ops.token) await unlink(path).catch(() => {});
  };
}

function runningServerFile(path: string): OpsFile | null {
  try {
    const parsed = v.safeParse(opsFileSchema, JSON.parse(readFileSync(path, 'utf8')));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}

/** Whether a data folder holds nothing (absent counts as empty). */
export function isEmptyDir(dir: string): boolean {
  return !existsSync(dir) || readdirSync(dir).length === 0;
}

/** Prepares the restore target: empty, or emptied with `force`; never the folder of a running server. */
async function prepareTarget(dataDir: string, force: boolean): Promise<void> {
  const server = runningServer(dataDir);
  if (server)
    throw new BackupError(
      `A Drip server (process ${server.pid}, ${server.url}) is running on ${dataDir}: stop it before restoring into its folder`,
    );
  if (!isEmptyDir(dataDir)) {
    if (!force)
      throw new BackupError(
        `${dataDir} is not empty: restore into a new folder (--data-dir), or add --force to replace its contents`,
      );
    for (const entry of readdirSync(dataDir))
      await rm(join(dataDir, entry), { recursive: true, force: true });
  }
  await mkdir(dataDir, { recursive: true });
}

export interface RestoreResult {
  manifest: BackupManifest;
  ms: number;
}

/**
 * Restores a PGlite backup into `dataDir` (empty, or emptied with `force`): checksum, schema level, then the data
 * folder written back and opened once by PostgreSQL. The running server's ops.json of the copy is dropped.
 */
export async function restorePglite(
  file: string,
  dataDir: string,
  options: { force?: boolean } = {},
): Promise<RestoreResult> {
  const started = Date.now();
  const backup = await openBackup(file);
  try {
    if (backup.manifest.database !== 'pglite')
      throw new BackupError(
        'This backup is of a PostgreSQL database: set DATABASE_URL to the database to restore into',
      );
    checkMigrations(backup.manifest);
    await prepareTarget(dataDir, options.force === true);
    const tarball = new Blob([await readFile(backup.payloadPath)], { type: 'application/x-tar' });
    await restorePgliteDataDir(dataDir, tarball);
    await rm(join(dataDir, OPS_FILE), { force: true });
    return { manifest: backup.manifest, ms: Date.now() - started };
  } finally {
    await backup.dispose();
  }
}

/**
 * Restores a PostgreSQL backup with pg_restore into the database of `databaseUrl`, which must hold no Drip tables
 * (a new database) unless `force`, which drops and recreates the objects of the dump (`--clean --if-exists`).
 */
export async function restorePostgres(
  file: string,
  db: Db,
  databaseUrl: string,
  options: { force?: boolean } = {},
): Promise<RestoreResult> {
  const started = Date.now();
  const pgRestore = postgresTool('pg_restore');
  if (!pgRestore)
    throw new BackupError(
      'pg_restore not found (PATH or /usr/lib/postgresql/*/bin): install postgresql-client (docs/backups.md)',
    );
  const backup = await openBackup(file);
  try {
    if (backup.manifest.database !== 'postgres')
      throw new BackupError(
        'This backup is of an embedded PGlite database: unset DATABASE_URL and restore it into a data folder',
      );
    checkMigrations(backup.manifest);
    const existing = (await db.execute(
      sql`SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema IN ('public', 'drizzle')`,
    )) as { rows: { n: number | string }[] };
    const force = options.force === true;
    if (Number(existing.rows[0]?.n ?? 0) > 0 && !force)
      throw new BackupError(
        'The target database already has tables: restore into a new database (createdb), or add --force to replace them',
      );
    await runTool(pgRestore, [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      ...(force ? ['--clean', '--if-exists'] : []),
      `--dbname=${databaseUrl}`,
      backup.payloadPath,
    ]);
    return { manifest: backup.manifest, ms: Date.now() - started };
  } finally {
    await backup.dispose();
  }
}
