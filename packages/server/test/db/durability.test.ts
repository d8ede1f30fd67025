import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { paths } from '@drip/core';
import { afterAll, describe, expect, it } from 'vitest';
import { createPgDatabase, DEMO_PASSWORD, PG_ADMIN_URL } from '../helpers.ts';

const packageDir = dirname(dirname(dirname(fileURLToPath(import.meta.url))));

interface Spawned {
  child: ChildProcess;
  url: string;
  exited: Promise<number | null>;
}

/** Starts the real server (tsx src/main.ts) on a random port and waits for its "listening" log line. */
function startServer(env: Record<string, string>): Promise<Spawned> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: packageDir,
    env: { ...process.env, NODE_ENV: 'development', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}\n${err}`)), 60_000);
    child.stderr?.on('data', (d: Buffer) => {
      err += d.toString();
    });
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      for (const line of out.split('\n')) {
        if (!line.startsWith('{')) continue;
        try {
          const entry: unknown = JSON.parse(line);
          if (
            typeof entry === 'object' &&
            entry !== null &&
            'msg' in entry &&
            entry.msg === 'listening' &&
            'url' in entry
          ) {
            clearTimeout(timer);
            resolve({ child, url: String(entry.url), exited });
            return;
          }
        } catch {
          // partial line
        }
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${out}\n${err}`));
    });
  });
}

async function call(base: string, method: string, path: string, body?: unknown, token?: string) {
  const res = await fetch(base + path, {
    method,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function customerToken(base: string): Promise<string> {
  const res = await call(base, 'POST', paths.customer.login, {
    username: '52998224725',
    password: DEMO_PASSWORD,
  });
  expect(res.status).toBe(200);
  return String(res.body.token);
}

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

async function killHard(s: Spawned) {
  s.child.kill('SIGKILL');
  await s.exited;
}

const targets: [string, () => Promise<Record<string, string>>][] = [
  [
    'PGlite',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'drip-durability-'));
      cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
      return { DRIP_DATA_DIR: dir };
    },
  ],
];
const pgAdminUrl = PG_ADMIN_URL;
if (pgAdminUrl) {
  targets.push([
    'PostgreSQL',
    async () => {
      const fresh = await createPgDatabase(pgAdminUrl);
      cleanups.push(() => fresh.drop());
      const dir = mkdtempSync(join(tmpdir(), 'drip-durability-pg-'));
      cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
      return { DATABASE_URL: fresh.url, DRIP_DATA_DIR: dir };
    },
  ]);
}

describe.each(targets)('durability on %s', (_name, prepare) => {
  it('a write acknowledged with 200 survives kill -9, again and again', { timeout: 240_000 }, async () => {
    const env = await prepare();
    let expected: string | undefined;
    for (let round = 0; round < 4; round++) {
      const server = await startServer(env);
      try {
        const token = await customerToken(server.url);
        if (expected !== undefined) {
          const me = await call(server.url, 'GET', paths.customer.user, undefined, token);
          expect(me.status).toBe(200);
          expect(me.body.name, `round ${round}`).toBe(expected);
        }
        const name = `Maria Durável ${round} ${Date.now()}`;
        const res = await call(
          server.url,
          'PATCH',
          paths.customer.user,
          { name, addressNumber: String(round) },
          token,
        );
        expect(res.status).toBe(200);
        expected = name;
      } finally {
        // SIGKILL right after the 200: no graceful shutdown, no chance to flush anything.
        await killHard(server);
      }
    }
    const last = await startServer(env);
    try {
      const me = await call(last.url, 'GET', paths.customer.user, undefined, await customerToken(last.url));
      expect(me.body.name).toBe(expected);
      expect(me.body.addressNumber).toBe('3');
    } finally {
      last.child.kill('SIGTERM');
      await last.exited;
    }
  });
});
