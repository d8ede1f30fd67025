/**
 * Instances started at once against one empty PostgreSQL (`npm run cluster`) each find no admin and seed the demo
 * world: under the seed's advisory lock one of them seeds it, the others find it seeded and start.
 */
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/db/index.ts';
import { admins } from '../../src/modules/admins/tables.ts';
import { PasswordHasher } from '../../src/modules/auth/passwords.ts';
import { merchants } from '../../src/modules/merchants/tables.ts';
import { seed } from '../../src/seed.ts';
import { createPgDatabase, PG_ADMIN_URL, TEST_HASHING } from '../helpers.ts';

describe.skipIf(!PG_ADMIN_URL)('the demo seed on three instances starting at once', () => {
  let fresh: { url: string; drop(): Promise<void> };
  let handles: DatabaseHandle[];

  beforeAll(async () => {
    fresh = await createPgDatabase(PG_ADMIN_URL ?? '');
    handles = await Promise.all([1, 2, 3].map(() => openDatabase({ databaseUrl: fresh.url })));
    await Promise.all(handles.map((h) => h.migrate()));
  });
  afterAll(async () => {
    for (const h of handles ?? []) await h.close();
    await fresh?.drop();
  });

  it('seeds once, and no instance fails', async () => {
    const hasher = new PasswordHasher(TEST_HASHING);
    const seeded = await Promise.all(handles.map((h) => seed(h.db, hasher)));
    expect(seeded.filter(Boolean)).toHaveLength(1);
    const db = handles[0]!.db;
    expect((await db.select({ n: count() }).from(admins))[0]?.n).toBe(1);
    const [merchantCount] = await db.select({ n: count() }).from(merchants);
    expect(merchantCount?.n).toBeGreaterThan(0);
    // Started again (a restart, a fourth instance): nothing more.
    expect(await seed(handles[1]!.db, hasher)).toBe(false);
  });
});
