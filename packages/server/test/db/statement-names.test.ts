/** Statements sent again and again become named prepared statements on PostgreSQL (db/statement-names.ts). */
import { eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/index.ts';
import { namingStatements, statementNamer } from '../../src/db/statement-names.ts';
import { merchants } from '../../src/modules/merchants/tables.ts';
import { createPgDatabase, PG_ADMIN_URL } from '../helpers.ts';

describe('statementNamer', () => {
  it('names a text the second time it is seen, with one name per text', () => {
    const namer = statementNamer();
    expect(namer.nameFor('select 1 where $1')).toBeUndefined();
    const name = namer.nameFor('select 1 where $1');
    expect(name).toMatch(/^drip_s\d+$/);
    expect(namer.nameFor('select 1 where $1')).toBe(name);
    namer.nameFor('select 2 where $1');
    const other = namer.nameFor('select 2 where $1');
    expect(other).toBeDefined();
    expect(other).not.toBe(name);
    expect(namer.named).toBe(2);
  });

  it('stays within its bounds: texts beyond them are sent unnamed', () => {
    const namer = statementNamer({ maxNamed: 1, maxTracked: 2 });
    namer.nameFor('a');
    namer.nameFor('b');
    namer.nameFor('c'); // not tracked: the set of texts seen once is full
    expect(namer.nameFor('a')).toBe('drip_s1');
    expect(namer.nameFor('b')).toBeUndefined(); // maxNamed reached
    expect(namer.nameFor('c')).toBeUndefined();
    expect(namer.named).toBe(1);
  });
});

describe('namingStatements', () => {
  it('names configs with a text and no name, copying them; strings, named configs and submittables pass as is', () => {
    const calls: unknown[][] = [];
    const query = (...args: unknown[]) => {
      calls.push(args);
      return 'result';
    };
    const wrapped = namingStatements(query, statementNamer({ maxNamed: 10 }));
    const config = { text: 'select $1', name: undefined, rowMode: 'array' };
    expect(wrapped(config, [1])).toBe('result');
    wrapped(config, [2]);
    expect(calls[0]?.[0]).toBe(config); // first sighting: untouched
    expect(calls[1]?.[0]).toEqual({ text: 'select $1', name: 'drip_s1', rowMode: 'array' });
    expect(calls[1]?.[1]).toEqual([2]);
    expect(config.name).toBeUndefined(); // Drizzle's object is never changed

    const named = { text: 'select $1', name: 'mine' };
    const submittable = { text: 'select $1', submit() {} };
    wrapped('BEGIN');
    wrapped(named, [3]);
    wrapped(submittable);
    wrapped(submittable);
    expect(calls.slice(2).map((c) => c[0])).toEqual(['BEGIN', named, submittable, submittable]);
  });
});

const PreparedRows = v.object({ rows: v.array(v.object({ name: v.string(), statement: v.string() })) });

describe.skipIf(!PG_ADMIN_URL)('on PostgreSQL', () => {
  const disposers: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const d of disposers) await d();
  });

  it('a Drizzle query sent twice on a connection is prepared there once, and answers the same', async () => {
    const fresh = await createPgDatabase(PG_ADMIN_URL ?? '');
    const database = await openDatabase({ databaseUrl: fresh.url });
    disposers.push(async () => {
      await database.close();
      await fresh.drop();
    });
    await database.migrate();
    const byName = (name: string) =>
      database.db.select({ id: merchants.id }).from(merchants).where(eq(merchants.name, name));
    const prepared = await database.db.transaction(async (tx) => {
      const run = (name: string) =>
        tx.select({ id: merchants.id }).from(merchants).where(eq(merchants.name, name));
      const first = await run('none');
      const second = await run('none');
      expect(second).toEqual(first);
      const result = await tx.execute(sql`select name, statement from pg_prepared_statements`);
      return v.parse(PreparedRows, result).rows;
    });
    const mine = prepared.filter((r) => r.statement.includes('"merchants"'));
    expect(mine).toHaveLength(1);
    expect(mine[0]?.name).toMatch(/^drip_s\d+$/);
    // And it keeps answering correctly through the pool, whichever connection runs it.
    for (let i = 0; i < 5; i++) expect(await byName('none')).toEqual([]);
  });
});
