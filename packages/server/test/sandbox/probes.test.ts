import { paths } from '@drip/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appOn, openTestDatabase, type TestApp } from '../helpers.ts';

describe('liveness and readiness probes', () => {
  let t: TestApp;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    const opened = await openTestDatabase();
    dispose = opened.dispose;
    t = appOn(opened.database);
  });
  afterAll(() => dispose());

  it('/livez and /readyz answer 200 on a migrated database', async () => {
    expect((await t.request('GET', paths.livez)).status).toBe(200);
    const ready = await t.request('GET', paths.readyz);
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ok' });
  });

  it('/readyz is 503 while a migration this build carries is missing, /livez stays 200', async () => {
    const newest = await t.database.db.execute(
      sql`DELETE FROM drizzle.__drizzle_migrations WHERE created_at = (SELECT max(created_at) FROM drizzle.__drizzle_migrations) RETURNING *`,
    );
    try {
      const res = await t.request('GET', paths.readyz);
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ status: 'unavailable', reason: 'migrations pending' });
      expect((await t.request('GET', paths.livez)).status).toBe(200);
    } finally {
      const row = (newest as unknown as { rows: { hash: string; created_at: string }[] }).rows[0];
      if (row)
        await t.database.db.execute(
          sql`INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES (${row.hash}, ${row.created_at})`,
        );
    }
    expect((await t.request('GET', paths.readyz)).status).toBe(200);
  });
});
