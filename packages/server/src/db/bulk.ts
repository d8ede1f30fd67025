/**
 * Set-based SQL helpers for the hot paths (bench/checkout-flow.mjs): many rows, or several tables, in ONE statement
 * (one round trip, atomic by itself) instead of one INSERT each; written for shaped statements (db/shaped.ts).
 */
import { getTableColumns, getTableName, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/** A JSON-safe value of a row for json_to_recordset (Date → ISO text; jsonb values stay JSON). */
function jsonValue(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  return value ?? null;
}

export interface Recordset {
  /** The columns, in order: part of a shaped statement's key (db/shaped.ts), since they are part of its text. */
  columns: string;
  /** The rows as the JSON text `json_to_recordset` reads (the value of the statement's placeholder). */
  json: string;
  /**
   * `INSERT INTO table (cols…) SELECT cols… FROM json_to_recordset(<json>) AS x(col type, …) [WHERE condition]`,
   * with `json` in the placeholder `name`.
   */
  insert(name: string, condition?: SQL): SQL;
}

/**
 * Every row for one statement's `INSERT … SELECT … FROM json_to_recordset(…)`: each column typed by its SQL type
 * (so uuid, date, bigint and jsonb columns get their own type, not text). The columns are the union of the rows'
 * keys; a key missing from a row is NULL. The condition of `insert` is a SQL boolean (for example
 * `exists (select 1 from some_cte)`) that gates the whole insert.
 */
export function recordset<T extends PgTable>(
  table: T,
  rows: readonly Partial<T['$inferInsert']>[],
): Recordset {
  const columns = getTableColumns(table);
  const keys = [...new Set(rows.flatMap((r) => Object.keys(r)))].filter((k) => k in columns);
  const defs = keys.map((k) => {
    const column = columns[k];
    if (!column) throw new Error(`recordset: unknown column ${k}`);
    return { key: k, name: column.name, type: column.getSQLType() };
  });
  const json = rows.map((r) => {
    const out: Record<string, unknown> = {};
    const record: Record<string, unknown> = r;
    for (const d of defs) out[d.name] = jsonValue(record[d.key]);
    return out;
  });
  return {
    columns: `${getTableName(table)}(${defs.map((d) => d.name).join(',')})`,
    json: JSON.stringify(json),
    insert(name, condition) {
      const names = sql.join(
        defs.map((d) => sql.identifier(d.name)),
        sql`, `,
      );
      const typed = sql.join(
        defs.map((d) => sql`${sql.identifier(d.name)} ${sql.raw(d.type)}`),
        sql`, `,
      );
      const where = condition ? sql` where ${condition}` : sql``;
      return sql`insert into ${sql.identifier(getTableName(table))} (${names}) select ${names} from json_to_recordset(${sql.placeholder(name)}::json) as x(${typed})${where}`;
    },
  };
}
