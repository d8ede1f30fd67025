/**
 * Named prepared statements for the statements Drip sends again and again (docs/database.md, "Prepared
 * statements"). Drizzle sends each query as an unnamed statement, which PostgreSQL parses, analyses and plans
 * on every execution. A statement text seen a second time gets a name (the same name for the same text in every
 * connection); node-postgres then parses it once per connection and afterwards sends only Bind/Execute, and
 * PostgreSQL may reuse its plan. Only the extended-protocol calls with a text and no name are touched (plain
 * strings such as BEGIN and COMMIT, and statements already named, pass through).
 *
 * Bounded: at most `maxNamed` texts get a name (every pooled connection may keep them all prepared), and at most
 * `maxTracked` texts seen once are remembered; texts beyond either bound stay unnamed.
 */

export interface StatementNamer {
  /** The name for this text, or undefined to send it unnamed. */
  nameFor(text: string): string | undefined;
  /** How many texts got a name so far. */
  readonly named: number;
}

export function statementNamer(options: { maxNamed?: number; maxTracked?: number } = {}): StatementNamer {
  const maxNamed = options.maxNamed ?? 500;
  const maxTracked = options.maxTracked ?? 5_000;
  const names = new Map<string, string>();
  const seenOnce = new Set<string>();
  return {
    nameFor(text) {
      const name = names.get(text);
      if (name !== undefined) return name;
      if (!seenOnce.has(text)) {
        if (seenOnce.size < maxTracked) seenOnce.add(text);
        return undefined;
      }
      if (names.size >= maxNamed) return undefined;
      seenOnce.delete(text);
      const assigned = `drip_s${names.size + 1}`;
      names.set(text, assigned);
      return assigned;
    },
    get named() {
      return names.size;
    },
  };
}

interface QueryConfigLike {
  text?: unknown;
  name?: unknown;
  submit?: unknown;
}

/**
 * Wraps a node-postgres `Client#query` so that configs `{ text, … }` without a name get the namer's name. The
 * config is copied, never changed (Drizzle reuses its config objects); submittables (cursors) pass as they are.
 */
export function namingStatements<F extends (...args: never[]) => unknown>(
  query: F,
  namer: StatementNamer,
): F {
  return new Proxy(query, {
    apply(target, thisArg, args: unknown[]) {
      const config = args[0] as QueryConfigLike | null | undefined;
      if (
        config !== null &&
        typeof config === 'object' &&
        typeof config.text === 'string' &&
        config.name === undefined &&
        typeof config.submit !== 'function' // a Submittable (cursor, stream) is passed as is
      ) {
        const name = namer.nameFor(config.text);
        if (name !== undefined) args[0] = { ...config, name };
      }
      return Reflect.apply(target, thisArg, args);
    },
  });
}
