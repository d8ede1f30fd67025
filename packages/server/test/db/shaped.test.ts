/** Statements built once per shape, then only filled in (db/shaped.ts); on PGlite, and on PostgreSQL when set. */
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '../../src/db/index.ts';
import { type Shaped, ShapedStatements } from '../../src/db/shaped.ts';
import { merchants } from '../../src/modules/merchants/tables.ts';
import { openTestDatabase } from '../helpers.ts';

const Rows = v.object({ rows: v.array(v.object({ name: v.string(), n: v.number() })) });

let database: DatabaseHandle;
let dispose: () => Promise<void>;
beforeAll(async () => {
  ({ database, dispose } = await openTestDatabase());
});
afterAll(() => dispose());

/** A merchant's name with a number, by id: a value in the WHERE and one in the SELECT list. */
const nameOf = (id: string, n: number): Shaped => ({
  key: 'name-of',
  build: () =>
    sql`select ${merchants.name} as name, ${sql.placeholder('n')}::int as n from ${merchants} where ${merchants.id} = ${sql.placeholder('id')}`,
  values: { id, n },
});

async function newMerchant(name: string): Promise<string> {
  const [row] = await database.db
    .insert(merchants)
    .values({ name, initials: name.slice(0, 2).toUpperCase(), apiKey: `key-${name}-${Math.random()}` })
    .returning({ id: merchants.id });
  if (!row) throw new Error('no merchant');
  return row.id;
}

describe('ShapedStatements', () => {
  it('builds a shape once and fills in new values on every run (no value of the first run is replayed)', async () => {
    const statements = new ShapedStatements(200, false);
    const a = await newMerchant('Loja Alfa');
    const b = await newMerchant('Loja Beta');
    const build = vi.fn(nameOf(a, 1).build);
    const run = (id: string, n: number) =>
      statements.execute(database.db, { ...nameOf(id, n), build }).then((r) => v.parse(Rows, r).rows);
    expect(await run(a, 1)).toEqual([{ name: 'Loja Alfa', n: 1 }]);
    expect(await run(b, 2)).toEqual([{ name: 'Loja Beta', n: 2 }]);
    expect(await run(a, 3)).toEqual([{ name: 'Loja Alfa', n: 3 }]);
    expect(build).toHaveBeenCalledTimes(1);
    expect(statements.size).toBe(1);
  });

  it("runs in the caller's transaction: what it writes rolls back with it", async () => {
    const statements = new ShapedStatements();
    const id = await newMerchant('Loja Gama');
    const rename = (name: string): Shaped => ({
      key: 'rename',
      build: () =>
        sql`update ${merchants} set name = ${sql.placeholder('name')} where ${merchants.id} = ${sql.placeholder('id')}`,
      values: { id, name },
    });
    await expect(
      database.db.transaction(async (tx) => {
        await statements.execute(tx, rename('Loja Renomeada'));
        const seen = v.parse(Rows, await statements.execute(tx, nameOf(id, 0))).rows;
        expect(seen[0]?.name).toBe('Loja Renomeada');
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const after = v.parse(Rows, await statements.execute(database.db, nameOf(id, 0))).rows;
    expect(after[0]?.name).toBe('Loja Gama');
  });

  it('refuses a statement with a value where a placeholder belongs (it would be replayed)', async () => {
    const statements = new ShapedStatements();
    await expect(
      statements.execute(database.db, {
        key: 'inline-value',
        build: () => sql`select ${merchants.name} from ${merchants} where ${merchants.id} = ${'abc'}`,
        values: {},
      }),
    ).rejects.toThrow('parameter $1 is a value, not a placeholder');
  });

  it('with DRIP_CHECK_SQL_SHAPES=1 (the test suite), one key for two texts fails', async () => {
    expect(process.env.DRIP_CHECK_SQL_SHAPES).toBe('1');
    const statements = new ShapedStatements();
    const id = await newMerchant('Loja Delta');
    await statements.execute(database.db, nameOf(id, 1));
    await expect(
      statements.execute(database.db, {
        key: 'name-of',
        build: () =>
          sql`select ${merchants.name} as name, 2 as n from ${merchants} where ${merchants.id} = ${sql.placeholder('id')}`,
        values: { id },
      }),
    ).rejects.toThrow('one key, two texts');
  });

  it('keeps at most maxShapes texts; beyond them statements are built on each run, still right', async () => {
    const statements = new ShapedStatements(1);
    const id = await newMerchant('Loja Épsilon');
    await statements.execute(database.db, nameOf(id, 1));
    const other: Shaped = { ...nameOf(id, 2), key: 'other' };
    const rows = v.parse(Rows, await statements.execute(database.db, other)).rows;
    expect(rows).toEqual([{ name: 'Loja Épsilon', n: 2 }]);
    expect(statements.size).toBe(1);
  });
});
