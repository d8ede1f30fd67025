import { createHash, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import type { DatabaseHandle } from '../db/index.ts';
import { type AppEnv, peerAddress } from '../http/context.ts';
import { ApiError } from '../http/errors.ts';
import type { Logger } from '../log.ts';
import { pgliteArchive } from './backup.ts';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

function sameToken(given: string, expected: string): boolean {
  // Hashes first: timingSafeEqual needs equal lengths, and the length of the token must not leak either.
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/**
 * `POST /ops/backup`: the running server's PGlite database as a Drip backup (tar.gz), for `npm run backup`. PGlite
 * belongs to this one process, so the copy has to be taken here. Answered only to a connection from loopback carrying
 * the token of the data folder's ops.json; one backup at a time.
 */
export function backupHandler(deps: { database: DatabaseHandle; token: string; log: Logger }) {
  let running = false;
  return async (c: Context<AppEnv>) => {
    const error = (status: 401 | 403 | 404 | 409, code: string, message: string) =>
      c.json(new ApiError(status, code, message).body(), status);
    if (!deps.database.dumpDataDir) return error(404, 'NOT_FOUND', 'Rota não encontrada');
    if (!LOOPBACK.has(peerAddress(c)))
      return error(403, 'FORBIDDEN', 'O backup só pode ser pedido da própria máquina do servidor');
    const header = c.req.header('authorization') ?? '';
    const token = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
    if (token === '' || !sameToken(token, deps.token))
      return error(401, 'UNAUTHORIZED', 'Token de operação inválido');
    if (running) return error(409, 'BACKUP_RUNNING', 'Já há um backup em andamento');
    running = true;
    const started = Date.now();
    try {
      const { archive, manifest, pauseMs } = await pgliteArchive(deps.database);
      deps.log.info('backup taken', {
        bytes: archive.byteLength,
        ms: Date.now() - started,
        pauseMs,
        migrations: manifest.migrations.applied,
      });
      return c.body(new Uint8Array(archive), 200, {
        'Content-Type': 'application/gzip',
        'Cache-Control': 'no-store',
        // How long the database waited for the copy (the write pause an operator weighs against load).
        'X-Backup-Pause-Ms': String(pauseMs),
      });
    } finally {
      running = false;
    }
  };
}
