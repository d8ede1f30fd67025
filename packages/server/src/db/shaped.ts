/**
 * Statements built with Drizzle once per shape and then run with new values (docs/database.md, "Statements built
 * once"). Building a statement from Drizzle's SQL objects walks every chunk of it (identifiers, columns, nested
 * SQL, parameters) and was the largest share of the server's own CPU on the checkout's path
 * (bench/checkout-flow.mjs). A shaped statement is written with `sql.placeholder(name)` for every value; its text
 * and parameter list are built the first time its key is seen and kept, and each run only fills the values in.
 *
 * The contract: the key names the text. Everything that changes the text (which columns are set, which CTEs are
 * present) goes into the key; every value is a placeholder. Two checks keep that honest:
 * - at build time (always): a parameter that is not a placeholder is refused, since its first value would be
 *   replayed on every later run;
 * - with `DRIP_CHECK_SQL_SHAPES=1` (the server's test suite sets it): every run builds the statement again and
 *   compares the text with the kept one, so a key that covers two texts fails the test that reaches it.
 *
 * Runs through the caller's Drizzle handle (the pool, or the transaction's connection), like `db.execute`, and
 * answers what `db.execute` answers (`{ rows }`). It reaches Drizzle's session and dialect, which Drizzle marks
 * internal; test/shaped.test.ts runs it on PGlite and on PostgreSQL.
 */
import { is, Param, Placeholder, type SQL } from 'drizzle-orm';
import type { PgDialect, PgSession } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './types.ts';

export interface Shaped {
  /** Names the statement's text (see the contract above). */
  key: string;
  /** The statement with a placeholder for every value. */
  build: () => SQL;
  /** A value for each placeholder. */
  values: Record<string, unknown>;
}

interface Built {
  text: string;
  params: unknown[];
}

/** Drizzle's internals this module uses (present on every PgDatabase and PgTransaction). */
interface DrizzleInternals {
  dialect: PgDialect;
  session: PgSession;
}

function internals(db: DbOrTx): DrizzleInternals {
  const d = db as unknown as Partial<DrizzleInternals>;
  if (!d.dialect || !d.session)
    throw new Error('shaped statements: this Drizzle handle has no dialect or session');
  return { dialect: d.dialect, session: d.session };
}

function build(dialect: PgDialect, shaped: Shaped): Built {
  const query = dialect.sqlToQuery(shaped.build());
  for (const [i, p] of query.params.entries()) {
    if (is(p, Placeholder) || (is(p, Param) && is(p.value, Placeholder))) continue;
    throw new Error(
      `shaped statement ${shaped.key}: parameter $${i + 1} is a value, not a placeholder (it would be replayed)`,
    );
  }
  return { text: query.sql, params: query.params };
}

export class ShapedStatements {
  private readonly built = new Map<string, Built>();

  /**
   * @param maxShapes how many texts are kept; beyond it, statements are built on each run (still correct).
   * @param checking whether every run builds its text again and compares (read once: `process.env` is slow).
   */
  constructor(
    private readonly maxShapes = 200,
    private readonly checking = process.env.DRIP_CHECK_SQL_SHAPES === '1',
  ) {}

  /** Runs the statement on `db` (the pool or a transaction); answers like `db.execute`. */
  async execute(db: DbOrTx, shaped: Shaped): Promise<unknown> {
    const { dialect, session } = internals(db);
    let query = this.built.get(shaped.key);
    if (query === undefined) {
      query = build(dialect, shaped);
      if (this.built.size < this.maxShapes) this.built.set(shaped.key, query);
    } else if (this.checking) {
      const again = build(dialect, shaped);
      if (again.text !== query.text) {
        throw new Error(
          `shaped statement ${shaped.key}: one key, two texts:\n${query.text}\n---\n${again.text}`,
        );
      }
    }
    return session
      .prepareQuery({ sql: query.text, params: query.params }, undefined, undefined, false)
      .execute(shaped.values);
  }

  /** How many shapes are kept (for tests). */
  get size(): number {
    return this.built.size;
  }
}
