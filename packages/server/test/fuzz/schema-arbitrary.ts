/**
 * fast-check arbitraries derived from the endpoint table's valibot schemas: values of the schema's *input* shape
 * (what goes over HTTP) that are mostly valid, so that a request with one field mutated gets past the other fields'
 * checks and reaches the code behind them.
 *
 * A leaf (string, number) draws from two sources: what its pipe says (length bounds, regex, e-mail, URL, UUID,
 * integer, min/max) and a pool of domain values (CPFs, phones, CEPs, dates, the seeded world's ids…). Pool values
 * and samples that the leaf's own schema accepts are kept as its "valid pool", which a `check()` a generator cannot
 * read (a CPF's check digits, a real date) is satisfied from. A schema kind the walker does not know throws, so that
 * a new kind in the table is noticed by the fuzz suite instead of being silently sent as `{}`.
 */
import fc from 'fast-check';
import * as v from 'valibot';

// biome-ignore lint/suspicious/noExplicitAny: valibot schemas are walked as plain objects (kind, type, pipe, entries)
type Node = any;

/** Values of the Brazilian domain that the contract's checks accept somewhere (each leaf keeps those it accepts). */
export const DOMAIN_STRINGS: readonly string[] = [
  // CPFs and CNPJs (valid check digits; the demo world's Maria and João)
  '52998224725',
  '529.982.247-25',
  '11144477735',
  '11222333000181',
  '11.222.333/0001-81',
  // phones
  '+5511987654321',
  '+5511912345678',
  '11987654321',
  '(11) 98765-4321',
  // CEPs and UFs
  '01310100',
  '01310-100',
  'SP',
  'RJ',
  // dates, instants, months, times
  '2026-03-10',
  '2026-04-15',
  '2025-12-31',
  '10/03/2026',
  '15/04/2026',
  '2026-03-10T12:00:00.000Z',
  '2026-03',
  '03/2026',
  '12:00',
  // e-mails, URLs, names, codes
  'admin@aurora.demo',
  'fuzz@exemplo.com.br',
  'https://loja.example/ok',
  'https://loja.example/cancel',
  'Maria Silva',
  'Produto de teste',
  'Loja Aurora',
  '123456',
  '001',
  '260',
  'Senha@forte123',
  'ADMIN',
  'READ',
  'PIX',
  'loja-aurora',
  '10.00',
  '10,00',
  '1',
  '0',
  'true',
];

export const DOMAIN_NUMBERS: readonly number[] = [0, 1, 2, 3, 5, 10, 12, 15, 30, 99.99, 100, 150.5, 1000];

/** Context of a derivation: the string pool (domain values plus ids found in the database). */
export interface DeriveContext {
  strings: readonly string[];
}

const actionsOf = (schema: Node): Node[] =>
  Array.isArray(schema.pipe) ? schema.pipe.filter((a: Node) => a.kind !== 'schema') : [];
const action = (schema: Node, type: string): Node | undefined =>
  actionsOf(schema).find((a) => a.type === type);

/** Samples of an arbitrary with a fixed seed (derivation must not depend on the run's seed). */
const sampleOf = <T>(arb: fc.Arbitrary<T>, n: number): T[] => {
  try {
    return fc.sample(arb, { numRuns: n, seed: 42 });
  } catch {
    return [];
  }
};

const accepts = (schema: Node, value: unknown): boolean => {
  try {
    return v.safeParse(schema, value).success;
  } catch {
    return false;
  }
};

/** A leaf: its valid pool first (when there is one), the pipe-derived arbitrary for the rest. */
function leaf<T>(schema: Node, derived: fc.Arbitrary<T>, pool: readonly T[]): fc.Arbitrary<T> {
  const valid = [...new Set([...pool, ...sampleOf(derived, 30)])].filter((x) => accepts(schema, x));
  if (valid.length === 0) return derived;
  return fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...valid) }, { weight: 1, arbitrary: derived });
}

function stringArbitrary(schema: Node, ctx: DeriveContext): fc.Arbitrary<string> {
  const exact = action(schema, 'length')?.requirement as number | undefined;
  const min = exact ?? (action(schema, 'min_length')?.requirement as number | undefined) ?? 0;
  const nonEmpty = action(schema, 'non_empty') ? 1 : 0;
  const max = exact ?? (action(schema, 'max_length')?.requirement as number | undefined) ?? 40;
  const regex = action(schema, 'regex')?.requirement as RegExp | undefined;
  let derived: fc.Arbitrary<string>;
  if (action(schema, 'email')) derived = fc.emailAddress();
  else if (action(schema, 'url')) derived = fc.webUrl();
  else if (action(schema, 'uuid')) derived = fc.uuid();
  else if (regex) {
    try {
      derived = fc.stringMatching(regex);
    } catch {
      derived = fc.string({ minLength: Math.max(min, nonEmpty), maxLength: Math.min(max, 40) });
    }
  } else derived = fc.string({ minLength: Math.max(min, nonEmpty), maxLength: Math.min(max, 40) });
  return leaf(schema, derived, ctx.strings);
}

function numberArbitrary(schema: Node): fc.Arbitrary<number> {
  const min = (action(schema, 'min_value')?.requirement ?? action(schema, 'gt_value')?.requirement) as
    | number
    | undefined;
  const max = action(schema, 'max_value')?.requirement as number | undefined;
  const lo = min ?? 0;
  const hi = max ?? Math.max(lo + 1000, 1000);
  const derived = action(schema, 'integer')
    ? fc.integer({ min: Math.ceil(lo), max: Math.floor(hi) })
    : // Reais with two decimals, as the contract's money fields take them.
      fc.integer({ min: Math.ceil(lo * 100), max: Math.floor(hi * 100) }).map((c) => c / 100);
  return leaf(schema, derived, DOMAIN_NUMBERS);
}

function arrayArbitrary(schema: Node, ctx: DeriveContext): fc.Arbitrary<unknown[]> {
  const exact = action(schema, 'length')?.requirement as number | undefined;
  const min = Math.max(
    exact ?? (action(schema, 'min_length')?.requirement as number | undefined) ?? 0,
    action(schema, 'non_empty') ? 1 : 0,
  );
  const max = Math.max(min, Math.min(exact ?? action(schema, 'max_length')?.requirement ?? 3, 3));
  return fc.array(arbitraryOf(schema.item, ctx), { minLength: min, maxLength: max });
}

function objectArbitrary(schema: Node, ctx: DeriveContext): fc.Arbitrary<Record<string, unknown>> {
  const entries: Record<string, fc.Arbitrary<unknown>> = {};
  const required: string[] = [];
  for (const [key, entry] of Object.entries(schema.entries as Record<string, Node>)) {
    entries[key] = arbitraryOf(entry, ctx);
    if (entry.type !== 'optional' && entry.type !== 'nullish' && entry.type !== 'exact_optional')
      required.push(key);
  }
  const derived = fc.record(entries, { requiredKeys: required });
  if (actionsOf(schema).length === 0) return derived;
  // Checks across fields (a repeated password, a period's end after its start, a field required by another's
  // value): candidates, and candidates with one text field copied into another, kept when the whole object passes.
  const candidates = sampleOf(derived, 40);
  const variants = candidates.flatMap((c) => {
    const texts = Object.keys(c).filter((k) => typeof c[k] === 'string');
    return texts.flatMap((from) => texts.filter((to) => to !== from).map((to) => ({ ...c, [to]: c[from] })));
  });
  return leaf(schema, derived, [...candidates, ...variants.slice(0, 400)]);
}

/** Any JSON, for the bodies a handler parses with a protocol's own schemas (declared `unknown` in the table). */
export const anyJson = (ctx: DeriveContext): fc.Arbitrary<unknown> =>
  fc.oneof(
    fc.jsonValue({ maxDepth: 2 }),
    fc.dictionary(
      fc.constantFrom('amount', 'days', 'minutes', 'grant_type', 'valor', 'txid', 'status'),
      fc.oneof(fc.constantFrom(...ctx.strings), fc.integer({ min: -5, max: 500 })),
    ),
  );

const derivedOnce = new WeakMap<DeriveContext, WeakMap<object, fc.Arbitrary<unknown>>>();

/** The arbitrary of a schema's input shape (derived once per schema and context); throws on an unknown kind. */
export function arbitraryOf(schema: Node, ctx: DeriveContext): fc.Arbitrary<unknown> {
  let known = derivedOnce.get(ctx);
  if (!known) {
    known = new WeakMap();
    derivedOnce.set(ctx, known);
  }
  const cached = known.get(schema);
  if (cached) return cached;
  const arb = derive(schema, ctx);
  known.set(schema, arb);
  return arb;
}

function derive(schema: Node, ctx: DeriveContext): fc.Arbitrary<unknown> {
  switch (schema.type) {
    case 'string':
      return stringArbitrary(schema, ctx);
    case 'number':
      return numberArbitrary(schema);
    case 'boolean':
      return fc.boolean();
    case 'picklist':
      return fc.constantFrom(...(schema.options as unknown[]));
    case 'literal':
      return fc.constant(schema.literal);
    case 'object':
    case 'loose_object':
    case 'strict_object':
      return objectArbitrary(schema, ctx);
    case 'array':
      return arrayArbitrary(schema, ctx);
    case 'optional':
    case 'exact_optional':
    case 'nullish':
      return arbitraryOf(schema.wrapped, ctx);
    case 'nullable':
      return fc.oneof(
        { weight: 4, arbitrary: arbitraryOf(schema.wrapped, ctx) },
        { weight: 1, arbitrary: fc.constant(null) },
      );
    case 'union':
      return fc.oneof(...(schema.options as Node[]).map((o) => arbitraryOf(o, ctx)));
    case 'lazy':
      // The member a lazy schema picks depends on the input; an empty object's pick stands for it (the table's
      // docBody, when present, is used instead by the request generator).
      return arbitraryOf(schema.getter({}), ctx);
    case 'unknown':
    case 'any':
      return anyJson(ctx);
    default:
      throw new Error(
        `The fuzzer does not know the valibot schema kind '${schema.type}': teach schema-arbitrary.ts`,
      );
  }
}

/** Whether a value is accepted by the schema (the fuzz suite measures how often its "valid" bodies are). */
export const isValid = accepts;
