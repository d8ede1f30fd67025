import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { migrationsDir } from '../package-dir.ts';
import type { Db } from './index.ts';

/** The `when` of the newest committed migration: drizzle's migrator stores it as `created_at` once applied. */
function newestMigration(): number {
  const journal = JSON.parse(readFileSync(join(migrationsDir(), 'meta/_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return Math.max(...journal.entries.map((e) => e.when));
}

let newest: number | undefined;

/**
 * Why this instance should not take traffic, or null when it can: the database answers and its schema has every
 * migration this build carries (an instance of a newer build, started before the migration ran, is not ready;
 * one of an older build beside a newer schema is, as migrations only add).
 */
export async function databaseUnreadiness(db: Db): Promise<string | null> {
  newest ??= newestMigration();
  try {
    const result = (await db.execute(
      sql`SELECT max(created_at) AS newest FROM drizzle.__drizzle_migrations`,
    )) as { rows: { newest: string | number | null }[] };
    const applied = Number(result.rows[0]?.newest ?? 0);
    return applied >= newest ? null : 'migrations pending';
  } catch {
    return 'database unreachable';
  }
}
