/**
 * The one call style of every client: `call(endpoint, input)` with an endpoint of the table. Path, method, query,
 * body, authentication and response parsing all come from the endpoint; the result is an `ApiResult`, never thrown.
 */
import * as v from 'valibot';
import {
  type AnyEndpoint,
  type EndpointInput,
  type EndpointOutput,
  fillPath,
  type NeedsInput,
  usesPortalToken,
} from '../endpoints/define.ts';
import type { ApiResult, Http, QueryValue } from './http.ts';

export interface CallOptions {
  /** Cancels the call (e.g. TanStack Query's signal). */
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Extra request headers (an API key, `Idempotency-Key`, `RefreshToken`). */
  headers?: Record<string, string>;
}

export type CallInput<E extends AnyEndpoint> = EndpointInput<E> & CallOptions;

/** Endpoints without path parameters or body may be called without input. */
export type CallArgs<E extends AnyEndpoint> =
  NeedsInput<E> extends true ? [input: CallInput<E>] : [input?: CallInput<E>];

export type Call = <E extends AnyEndpoint>(
  endpoint: E,
  ...args: CallArgs<E>
) => Promise<ApiResult<EndpointOutput<E>>>;

/** The body to send: the schema's output when the endpoint says it only normalises and the input is valid. */
function wireBody(endpoint: AnyEndpoint, body: unknown): unknown {
  if (body === undefined || !endpoint.body || !endpoint.clientNormalises) return body;
  const parsed = v.safeParse(endpoint.body as v.GenericSchema, body);
  return parsed.success ? parsed.output : body;
}

/** Binds `call` to an audience's HTTP layer (base URL, tokens, refresh, logout). */
export function createCall(http: Http): Call {
  return ((endpoint: AnyEndpoint, input?: CallInput<AnyEndpoint>) => {
    const kind = endpoint.responseKind ?? 'json';
    return http.request({
      method: endpoint.method,
      path: fillPath(endpoint.path, input?.params as Record<string, unknown> | undefined),
      query: input?.query as Record<string, QueryValue> | undefined,
      body: wireBody(endpoint, input?.body),
      schema: endpoint.response as v.GenericSchema,
      auth: usesPortalToken(endpoint.audience),
      responseType: kind === 'json' ? 'json' : 'text',
      signal: input?.signal,
      timeoutMs: input?.timeoutMs,
      headers: input?.headers,
    });
  }) as Call;
}
