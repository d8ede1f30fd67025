// Once per run of the server suite: the migrated database every test file starts from.
// - PGlite: a dump of an in-memory cluster with the migrations applied (openDatabase's `snapshot`), so that a file
//   skips PGlite's initdb and the migrations (about 1.5 s of CPU each on the 2-core CI machine).
// - PostgreSQL (DRIP_TEST_DATABASE_URL): a migrated template database that each file's CREATE DATABASE copies.
// Each file still calls migrate() on its database (a no-op on an up-to-date one), and a failing migration still
// fails the run: here, before any test.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase, pgliteSnapshot } from '../src/db/index.ts';
import { createPgDatabase, PG_ADMIN_URL } from './pg-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of the migrated PGlite dump (PGlite runs). */
    pgliteSnapshot: string;
    /** Name of the migrated template database (PostgreSQL runs). */
    pgTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  if (PG_ADMIN_URL) {
    const template = await createPgDatabase(PG_ADMIN_URL);
    const database = await openDatabase({ databaseUrl: template.url });
    try {
      await database.migrate();
    } finally {
      await database.close();
    }
    project.provide('pgTemplate', template.name);
    return () => template.drop();
  }
  const dir = mkdtempSync(join(tmpdir(), 'drip-test-pglite-'));
  const file = join(dir, 'migrated.tar');
  writeFileSync(file, Buffer.from(await (await pgliteSnapshot()).arrayBuffer()));
  project.provide('pgliteSnapshot', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
