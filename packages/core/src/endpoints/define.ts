/**
 * The endpoint table's building block: one declaration per HTTP call the product answers (method, path, audience,
 * schemas). The server registers its handler from it (parsing, audience check, error shape), the clients call it
 * with `call(endpoint, input)`, and the OpenAPI document is generated from it. See docs/endpoint-table.md.
 *
 * Each endpoint is its own named export so that a page's bundle holds only the schemas of the calls it makes.
 */
import type * as v from 'valibot';
import type { HttpMethod } from '../api/http.ts';

/**
 * Who may call an endpoint:
 * - `anonymous`: anyone (login, recovery, public pages, the simulator);
 * - `shopper`: anyone holding the checkout id in the path (the id is the capability; unknown ids answer 404);
 * - `customer`, `admin`: a portal access token of that audience;
 * - `merchantRead`: any merchant user's token; `merchantAdmin`: a merchant user with the ADMIN permission (or no
 *   permission list, which counts as admin) — a READ-only user gets 403;
 * - `merchantApiKey`: a merchant's server-to-server key; `catalogueApiKey`: a catalogue key (product feeds);
 * - `psp`: the Pix provider's webhook (authenticated by the provider's own scheme, checked in the handler);
 * - `sandbox`: mounted only in the sandbox (fake bank, inbox, clock);
 * - `vtexProvider`: VTEX's payment gateway on a merchant's behalf (X-PROVIDER-API-AppKey / AppToken, docs/vtex.md).
 */
export type EndpointAudience =
  | 'anonymous'
  | 'shopper'
  | 'customer'
  | 'merchantRead'
  | 'merchantAdmin'
  | 'admin'
  | 'merchantApiKey'
  | 'catalogueApiKey'
  | 'psp'
  | 'sandbox'
  | 'vtexProvider';

export const ENDPOINT_AUDIENCES: readonly EndpointAudience[] = [
  'anonymous',
  'shopper',
  'customer',
  'merchantRead',
  'merchantAdmin',
  'admin',
  'merchantApiKey',
  'catalogueApiKey',
  'psp',
  'sandbox',
  'vtexProvider',
];

/** Audiences whose calls carry a portal access token (and refresh it on 401). */
export function usesPortalToken(audience: EndpointAudience): boolean {
  return (
    audience === 'customer' ||
    audience === 'admin' ||
    audience === 'merchantRead' ||
    audience === 'merchantAdmin'
  );
}

type Schema = v.GenericSchema;

/** What the success answer carries: JSON parsed with `response`, or another media type the handler writes. */
export type ResponseKind = 'json' | 'html' | 'text' | 'event-stream' | 'binary';

export interface EndpointSpec<
  P extends Schema | undefined = Schema | undefined,
  Q extends Schema | undefined = Schema | undefined,
  B extends Schema | undefined = Schema | undefined,
  R extends Schema = Schema,
> {
  method: HttpMethod;
  /** Path pattern with `:name` parameters, e.g. `/customer_backoffice/api/v1/orders/:id`. */
  path: string;
  audience: EndpointAudience;
  /** One line for the API reference. */
  summary: string;
  /** More for the reference: rules a caller must know (replays, limits, ordering). */
  description?: string;
  /** What each error status means for this call, beyond the ones its audience and inputs imply. */
  errors?: Partial<Record<400 | 401 | 403 | 404 | 409 | 410 | 422 | 429 | 503, string>>;
  /** Groups the reference (OpenAPI tag). */
  tag: string;
  /** Object schema of the path parameters (strings). */
  params?: P;
  /** Object schema of the query string (strings, transformed by the schema). */
  query?: Q;
  /** Schema of the JSON body. */
  body?: B;
  /** What the reference shows for the body when `body` cannot be described (a lazy schema choosing its member). */
  docBody?: Schema;
  /** Schema of the success body (JSON) or of its text (`responseKind` text/html). */
  response: R;
  /** Success status; 200 unless said. */
  status?: number;
  responseKind?: ResponseKind;
  /** Request headers the call needs, by name, with their description (e.g. `Idempotency-Key`). */
  headers?: Record<string, string>;
  /** Kept in the table and the authorisation walk, left out of the public reference (sandbox, internal). */
  internal?: boolean;
  /**
   * The body schema only normalises (trims, digits-only CPF, E.164 phone, lower-case e-mail; no unit changes such
   * as reais to centavos), so clients send its output when the input is valid.
   */
  clientNormalises?: boolean;
}

export interface Endpoint<
  P extends Schema | undefined = Schema | undefined,
  Q extends Schema | undefined = Schema | undefined,
  B extends Schema | undefined = Schema | undefined,
  R extends Schema = Schema,
> extends EndpointSpec<P, Q, B, R> {
  /** Stable name, `area.call` (OpenAPI operationId). */
  readonly id: string;
}

// biome-ignore lint/suspicious/noExplicitAny: the widest endpoint, for tables and generic code
export type AnyEndpoint = Endpoint<any, any, any, any>;

/** Pure: a page's bundle keeps only the endpoints it calls. */
/* @__NO_SIDE_EFFECTS__ */
export function endpoint<
  P extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  B extends Schema | undefined = undefined,
  R extends Schema = Schema,
>(id: string, spec: EndpointSpec<P, Q, B, R>): Endpoint<P, Q, B, R> {
  return { id, ...spec };
}

type InOf<S> = S extends Schema ? v.InferInput<S> : never;
type OutOf<S> = S extends Schema ? v.InferOutput<S> : never;

// biome-ignore lint/suspicious/noExplicitAny: inference helpers
type ParamsOf<E> = E extends Endpoint<infer P, any, any, any> ? P : never;
// biome-ignore lint/suspicious/noExplicitAny: inference helpers
type QueryOf<E> = E extends Endpoint<any, infer Q, any, any> ? Q : never;
// biome-ignore lint/suspicious/noExplicitAny: inference helpers
type BodyOf<E> = E extends Endpoint<any, any, infer B, any> ? B : never;

/** Whether the endpoint declares path parameters or a body (then a client call needs an input). */
export type NeedsInput<E extends AnyEndpoint> =
  ParamsOf<E> extends Schema ? true : BodyOf<E> extends Schema ? true : false;

/** What a client passes: `params`, `query` and `body` where the endpoint declares them. */
export type EndpointInput<E extends AnyEndpoint> = (ParamsOf<E> extends Schema
  ? { params: InOf<ParamsOf<E>> }
  : { params?: undefined }) &
  (QueryOf<E> extends Schema
    ? { query?: { [K in keyof InOf<QueryOf<E>>]?: string | number | boolean | null } }
    : { query?: undefined }) &
  (BodyOf<E> extends Schema ? { body: InOf<BodyOf<E>> } : { body?: undefined });

/** What a server handler receives after parsing. */
export interface ParsedInput<E extends AnyEndpoint> {
  params: ParamsOf<E> extends Schema ? OutOf<ParamsOf<E>> : Record<string, never>;
  query: QueryOf<E> extends Schema ? OutOf<QueryOf<E>> : Record<string, never>;
  body: BodyOf<E> extends Schema ? OutOf<BodyOf<E>> : undefined;
}

/** The success body a client gets (parsed) and a server handler returns (wire shape). */
export type EndpointOutput<E extends AnyEndpoint> = v.InferOutput<E['response']>;
export type EndpointWireOutput<E extends AnyEndpoint> = v.InferInput<E['response']>;

const PARAM = /:(\w+)/g;

/** The parameter names of a path pattern, in order. */
export function pathParams(pattern: string): string[] {
  return [...pattern.matchAll(PARAM)].map((m) => m[1] as string);
}

/** The concrete path: each `:name` replaced by its encoded value (a missing value is an empty segment). */
export function fillPath(pattern: string, params: Record<string, unknown> | undefined): string {
  return pattern.replace(PARAM, (_, name: string) => encodeURIComponent(String(params?.[name] ?? '')));
}
