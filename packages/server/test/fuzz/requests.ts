/**
 * One fast-check arbitrary of requests per endpoint of the table, built from its declaration alone (method, path,
 * audience, params/query/body schemas, declared headers): a new endpoint is fuzzed without a line written for it.
 *
 * A request is mostly valid — the caller its audience admits, path parameters drawn from the ids of the seeded
 * world, query and body drawn from the schemas — with one thing broken: a field of the body, query or path replaced
 * by a hostile value, removed, or joined by an unknown key; or the whole body replaced (too big, too deep, not UTF-8,
 * not JSON, another media type); or a hostile header; or the caller swapped for none or another audience's.
 */
import { type AnyEndpoint, type EndpointAudience, pathParams } from '@drip/core';
import fc from 'fast-check';
import {
  EXTRA_KEYS,
  HOSTILE_HEADERS,
  HOSTILE_QUERY_VALUES,
  HOSTILE_SEGMENTS,
  hostileLike,
  hostileQueryLike,
  hostileValue,
  RAW_BODIES,
  RawNumber,
} from './hostile.ts';
import { arbitraryOf, type DeriveContext } from './schema-arbitrary.ts';

/** Who sends a request: no credential, or one of the seeded world's callers (fuzz.test.ts logs them in). */
export const CALLERS = [
  'none',
  'admin',
  'merchantAdmin',
  'merchantRead',
  'customer',
  'apiKey',
  'catalogueKey',
  'vtex',
  // A refresh token of a throwaway session of the portal the path belongs to (refresh and logout end it).
  'refreshToken',
  // The fake provider's OAuth token (its API Pix face) and the webhook's shared secret (the provider's webhook).
  'pspToken',
  'pspWebhook',
] as const;
export type Caller = (typeof CALLERS)[number];

/** The callers an audience lets through. */
export const ADMITTED: Record<EndpointAudience, readonly Caller[]> = {
  anonymous: ['none'],
  shopper: ['none'],
  sandbox: ['none'],
  psp: ['pspWebhook'],
  admin: ['admin'],
  customer: ['customer'],
  merchantRead: ['merchantAdmin', 'merchantRead'],
  merchantAdmin: ['merchantAdmin'],
  merchantApiKey: ['apiKey'],
  catalogueApiKey: ['catalogueKey'],
  vtexProvider: ['vtex'],
};

/** The credential an endpoint checks in its own handler (declared in its `headers`), if any. */
function ownCredential(endpoint: AnyEndpoint): Caller | null {
  const names = Object.keys(endpoint.headers ?? {});
  if (names.includes('RefreshToken')) return 'refreshToken';
  if (endpoint.path.startsWith('/sandbox/psp/') && names.includes('Authorization')) return 'pspToken';
  return null;
}

/** The callers that get a request through to the endpoint's handler. */
export function admittedCallers(endpoint: AnyEndpoint): readonly Caller[] {
  const own = ownCredential(endpoint);
  return own ? [own] : ADMITTED[endpoint.audience as EndpointAudience];
}

export interface FuzzRequest {
  endpointId: string;
  caller: Caller;
  method: string;
  /** Path and query, escaped as sent. */
  url: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
  /** What was broken, for the failure report. */
  mutation: string;
  /** Which part was broken. */
  kind: Mutation['kind'];
}

/** The values a path parameter takes: ids of the seeded world mostly, hostile segments otherwise. */
export interface Pools extends DeriveContext {
  /** Ids found in the database, escaped for a path. */
  ids: readonly string[];
  /** The same by where they were found, `table.column` (`orders.id`, `pix_charges.txid`). */
  idsBySource?: Readonly<Record<string, readonly string[]>>;
}

const stems = (text: string): string[] =>
  text
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length >= 3 && w !== 'ids')
    .map((w) => w.slice(0, 5));

/** Other names of a column, as paths call it. */
const COLUMN_ALIASES: Record<string, string> = { end_to_end_id: 'e2eid' };

/**
 * The seeded ids a path parameter most likely names, from the parameter's name and the segment before it
 * (`/orders/:id` → the tables whose name says order, `:txid` → the txid columns), so that a request reaches the
 * resource's code rather than its 404; empty when nothing matches.
 */
export function idsFor(pools: Pools, endpoint: AnyEndpoint, name: string): string[] {
  const segments = endpoint.path.split('/');
  const before = segments[segments.indexOf(`:${name}`) - 1] ?? '';
  const wanted = new Set([...stems(name.replace(/Id$/, '')), ...stems(before)]);
  const out: string[] = [];
  for (const [source, ids] of Object.entries(pools.idsBySource ?? {})) {
    const [table = '', column = ''] = source.split('.');
    const byColumn =
      column !== 'id' && (column === name.toLowerCase() || COLUMN_ALIASES[column] === name.toLowerCase());
    const byTable = column === 'id' && table.split('_').some((w) => wanted.has(w.slice(0, 5)));
    if (byColumn || byTable) out.push(...ids);
  }
  return out;
}

type Json = unknown;

/** Every path to a value inside a JSON value ('' is the root), objects' keys and arrays' items. */
function pathsOf(
  value: Json,
  at: (string | number)[] = [],
  out: (string | number)[][] = [],
): (string | number)[][] {
  out.push(at);
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) pathsOf(item, [...at, i], out);
  } else if (value !== null && typeof value === 'object')
    for (const [k, item] of Object.entries(value)) pathsOf(item, [...at, k], out);
  return out;
}

/** A copy of `root` with the value at `path` replaced by `f(old)` (undefined removes an object's key). */
function update(root: Json, path: (string | number)[], f: (old: Json) => Json): Json {
  if (path.length === 0) return f(root);
  const [head, ...rest] = path;
  if (Array.isArray(root)) {
    const copy = [...root];
    copy[head as number] = update(copy[head as number], rest, f);
    return copy;
  }
  if (root !== null && typeof root === 'object') {
    const copy: Record<string, Json> = { ...(root as Record<string, Json>) };
    const next = update(copy[head as string], rest, f);
    if (next === undefined && rest.length === 0) delete copy[head as string];
    else copy[head as string] = next;
    return copy;
  }
  return root;
}

/** JSON text of a value, with RawNumber written as its text and keys such as `__proto__` kept as data. */
export function toJsonText(value: Json): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, v: unknown) => {
    if (v instanceof RawNumber) {
      raws.push(v.text);
      return `\u0001RAW${raws.length - 1}\u0001`;
    }
    return v;
  });
  return (text ?? 'null').replace(/"\\u0001RAW(\d+)\\u0001"/g, (_, i: string) => raws[Number(i)] ?? '0');
}

/** An object with an own `__proto__` key (an object literal or spread would set the prototype instead). */
function withKey(target: Record<string, Json>, key: string, value: Json): Record<string, Json> {
  const copy = { ...target };
  Object.defineProperty(copy, key, { value, enumerable: true, writable: true, configurable: true });
  return copy;
}

type Mutation =
  | { kind: 'none' }
  | {
      kind: 'field';
      pick: number;
      op: 'replace' | 'like' | 'remove' | 'extra';
      value: Json;
      key: string;
      like: number;
    }
  | { kind: 'raw'; raw: number }
  | { kind: 'param'; pick: number; segment: string }
  | { kind: 'query'; pick: number; op: 'replace' | 'like' | 'extra' | 'repeat'; value: string }
  | { kind: 'header'; header: number }
  | { kind: 'caller'; caller: Caller };

const mutationArb = (endpoint: AnyEndpoint): fc.Arbitrary<Mutation> => {
  const choices: { weight: number; arbitrary: fc.Arbitrary<Mutation> }[] = [
    { weight: 1, arbitrary: fc.constant({ kind: 'none' as const }) },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('header' as const),
        header: fc.nat(HOSTILE_HEADERS.length - 1),
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({ kind: fc.constant('caller' as const), caller: fc.constantFrom(...CALLERS) }),
    },
  ];
  if (endpoint.method !== 'GET') {
    choices.push(
      {
        weight: 10,
        arbitrary: fc.record({
          kind: fc.constant('field' as const),
          pick: fc.nat(),
          op: fc.constantFrom(
            'replace' as const,
            'replace' as const,
            'like' as const,
            'like' as const,
            'remove' as const,
            'extra' as const,
          ),
          value: hostileValue,
          key: fc.constantFrom(...EXTRA_KEYS),
          like: fc.nat(),
        }),
      },
      {
        weight: 3,
        arbitrary: fc.record({ kind: fc.constant('raw' as const), raw: fc.nat(RAW_BODIES.length - 1) }),
      },
    );
  }
  if (pathParams(endpoint.path).length > 0)
    choices.push({
      weight: 4,
      arbitrary: fc.record({
        kind: fc.constant('param' as const),
        pick: fc.nat(),
        segment: fc.constantFrom(...HOSTILE_SEGMENTS),
      }),
    });
  choices.push({
    weight: endpoint.query ? 5 : 1,
    arbitrary: fc.record({
      kind: fc.constant('query' as const),
      pick: fc.nat(),
      op: fc.constantFrom(
        'replace' as const,
        'like' as const,
        'like' as const,
        'extra' as const,
        'repeat' as const,
      ),
      value: fc.constantFrom(...HOSTILE_QUERY_VALUES),
    }),
  });
  return fc.oneof(...choices);
};

/** Path parameters: the seeded world's ids (escaped) mostly, any text sometimes. */
function paramsArb(endpoint: AnyEndpoint, pools: Pools): fc.Arbitrary<Record<string, string>> {
  const names = pathParams(endpoint.path);
  const one = (name: string) => {
    const likely = idsFor(pools, endpoint, name);
    return fc.oneof(
      ...(likely.length > 0 ? [{ weight: 8, arbitrary: fc.constantFrom(...likely) }] : []),
      { weight: 3, arbitrary: fc.constantFrom(...pools.ids) },
      { weight: 1, arbitrary: fc.uuid() },
      { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 12 }).map(encodeURIComponent) },
    );
  };
  return fc.record(Object.fromEntries(names.map((n) => [n, one(n)])));
}

function queryArb(endpoint: AnyEndpoint, pools: Pools): fc.Arbitrary<Record<string, string>> {
  if (!endpoint.query) return fc.constant({});
  return arbitraryOf(endpoint.query, pools).map((q) => {
    const out: Record<string, string> = {};
    for (const [k, value] of Object.entries((q ?? {}) as Record<string, unknown>))
      if (value !== undefined && value !== null) out[k] = String(value);
    return out;
  });
}

/** The body before any mutation (undefined for a call without one). */
export function bodyArb(endpoint: AnyEndpoint, pools: Pools): fc.Arbitrary<Json | undefined> {
  const schema = endpoint.docBody ?? endpoint.body;
  if (endpoint.method === 'GET' || !schema) return fc.constant(undefined);
  return arbitraryOf(schema, pools);
}

/** The arbitrary of requests to one endpoint; throws when the endpoint's schemas hold a kind the fuzzer lacks. */
export function requestArbitrary(endpoint: AnyEndpoint, pools: Pools): fc.Arbitrary<FuzzRequest> {
  const admitted = admittedCallers(endpoint);
  return fc
    .record({
      caller: fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(...admitted) },
        { weight: 1, arbitrary: fc.constant<Caller>('none') },
      ),
      params: paramsArb(endpoint, pools),
      query: queryArb(endpoint, pools),
      body: bodyArb(endpoint, pools),
      mutation: mutationArb(endpoint),
    })
    .map(({ caller, params, query, body, mutation }) =>
      build(endpoint, caller, params, query, body, mutation),
    );
}

function build(
  endpoint: AnyEndpoint,
  callerIn: Caller,
  params: Record<string, string>,
  queryIn: Record<string, string>,
  bodyIn: Json | undefined,
  m: Mutation,
): FuzzRequest {
  let caller = callerIn;
  let body: Json | undefined = bodyIn;
  const headers: Record<string, string> = {};
  let raw: { body: string | Uint8Array; type?: string } | undefined;
  const segments = { ...params };
  const query: [string, string][] = Object.entries(queryIn).map(([k, value]) => [
    k,
    encodeURIComponent(value),
  ]);
  let mutation: string = m.kind;
  switch (m.kind) {
    case 'field': {
      const targets = pathsOf(body ?? {});
      const path = targets[m.pick % targets.length] ?? [];
      const where = path.join('.') || '(corpo)';
      if (m.op === 'replace' || m.op === 'like') {
        let value = m.value;
        body = update(body ?? {}, path, (old) => {
          if (m.op === 'like') value = hostileLike(old, m.like);
          return value;
        });
        mutation = `${where} = ${describe(value)}`;
      } else if (m.op === 'remove' && path.length > 0) {
        body = update(body, path, () => undefined);
        mutation = `${where} removido`;
      } else {
        const parent = path.length > 0 ? path.slice(0, -1) : [];
        body = update(body ?? {}, parent, (old) =>
          old !== null && typeof old === 'object' && !Array.isArray(old)
            ? withKey(old as Record<string, Json>, m.key, m.value)
            : old,
        );
        mutation = `chave extra ${JSON.stringify(m.key)} em ${parent.join('.') || '(corpo)'}`;
      }
      break;
    }
    case 'raw': {
      const chosen = RAW_BODIES[m.raw] ?? RAW_BODIES[0];
      if (chosen) raw = { body: chosen.body, ...(chosen.type ? { type: chosen.type } : {}) };
      mutation = `corpo ${chosen?.label}`;
      break;
    }
    case 'param': {
      const names = Object.keys(segments);
      const name = names[m.pick % names.length];
      if (name) segments[name] = m.segment;
      mutation = `parâmetro ${name} = ${describe(m.segment)}`;
      break;
    }
    case 'query': {
      let value = m.value;
      if ((m.op === 'replace' || m.op === 'like') && query.length > 0) {
        const entry = query[m.pick % query.length];
        if (entry && m.op === 'like') value = hostileQueryLike(decodeURIComponent(entry[1]), m.pick);
        if (entry) entry[1] = value;
      } else if (m.op === 'repeat' && query.length > 0) {
        const entry = query[m.pick % query.length];
        if (entry) query.push([entry[0], m.value]);
      } else query.push([m.value === '' ? 'x' : m.value, m.value]);
      mutation = `query ${m.op} ${describe(value)}`;
      break;
    }
    case 'header':
      Object.assign(headers, HOSTILE_HEADERS[m.header]);
      mutation = `cabeçalho ${describe(HOSTILE_HEADERS[m.header])}`;
      break;
    case 'caller':
      caller = m.caller;
      mutation = `como ${m.caller}`;
      break;
  }
  const path = endpoint.path.replace(/:(\w+)/g, (_, name: string) => segments[name] ?? '');
  const search = query.map(([k, value]) => `${k}=${value}`).join('&');
  const out: FuzzRequest = {
    endpointId: endpoint.id,
    caller,
    method: endpoint.method,
    url: search ? `${path}?${search}` : path,
    headers,
    mutation,
    kind: m.kind,
  };
  if (raw) {
    out.body = raw.body;
    if (raw.type) out.headers['content-type'] = raw.type;
  } else if (body !== undefined) {
    out.body = toJsonText(body);
    out.headers['content-type'] = 'application/json';
  }
  return out;
}

/** A short description of a value for the report (long texts shortened, invisible characters escaped). */
export function describe(value: unknown): string {
  const text = value instanceof RawNumber ? value.text : toJsonText(value);
  return text.length > 80 ? `${text.slice(0, 60)}…(${text.length} caracteres)` : text;
}
