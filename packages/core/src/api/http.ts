/**
 * The HTTP layer of every API client: `fetch` with a base URL, a time-out, JSON bodies, a bearer token,
 * single-flight token refresh on 401 and a logout callback. Results are values, never thrown: the app decides
 * what a toast or a redirect is.
 */
import * as v from 'valibot';
import { ApiErrorBody, REFRESH_TOKEN_HEADER, TokenPair } from '../contract/auth.ts';
import { httpMessages } from '../messages.ts';

export type ApiError =
  | {
      kind: 'http';
      status: number;
      code: string;
      message: string;
      issues?: { path: string; message: string }[];
    }
  | { kind: 'network'; status: 0; message: string }
  | { kind: 'timeout'; status: 0; message: string }
  /** The response did not match the contract schema (or was not JSON). */
  | { kind: 'parse'; status: number; message: string };

export type ApiResult<T> =
  | { ok: true; status: number; data: T; headers: Headers }
  | { ok: false; error: ApiError };

/** Where an audience keeps its session tokens (memory, localStorage, sessionStorage...). */
export interface TokenStore {
  get(): TokenPair | null;
  set(tokens: TokenPair | null): void;
}

/** Timers by injection (tests may pass fake ones); the default wraps the globals lazily. */
export interface Timers {
  /** Schedules `callback` after `ms` milliseconds and returns a function that cancels it. */
  schedule(callback: () => void, ms: number): () => void;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryValue = string | number | boolean | null | undefined;

export interface HttpOptions {
  /** Prefix of every path; '' (the default) for same-origin calls. */
  baseUrl?: string;
  /** Defaults to `globalThis.fetch`, read at call time. */
  fetch?: typeof fetch;
  /** Time-out of each attempt in milliseconds (default 15 000). */
  timeoutMs?: number;
  /** Needed by authenticated calls; unauthenticated calls ignore it. */
  tokens?: TokenStore;
  /** Path of the audience's login; the refresh call is `PUT <refreshPath>` with the `RefreshToken` header. */
  refreshPath?: string;
  /** Called after the store was cleared because the session is over (failed refresh, 401 after retry, 403). */
  onLogout?: () => void;
  timers?: Timers;
}

export interface RequestOptions<TSchema extends v.GenericSchema> {
  method: HttpMethod;
  path: string;
  /** Valibot schema of the success body; for an empty body (204) pass e.g. `v.undefined()`. */
  schema: TSchema;
  /** Sent as JSON when not undefined. */
  body?: unknown;
  query?: Record<string, QueryValue>;
  headers?: Record<string, string>;
  /** Authenticated calls carry the bearer token, refresh on 401 and log out (default: true). */
  auth?: boolean;
  /** `'text'` passes the raw text (e.g. CSV) to the schema instead of parsed JSON. */
  responseType?: 'json' | 'text';
  /** Cancels the call (e.g. TanStack Query's signal); reported as a `network` error. */
  signal?: AbortSignal;
  /** Overrides the client's time-out for this call. */
  timeoutMs?: number;
}

export interface Http {
  request<TSchema extends v.GenericSchema>(
    options: RequestOptions<TSchema>,
  ): Promise<ApiResult<v.InferOutput<TSchema>>>;
}

export const DEFAULT_TIMEOUT_MS = 15_000;

export const systemTimers: Timers = {
  schedule(callback, ms) {
    const handle = globalThis.setTimeout(callback, ms);
    return () => globalThis.clearTimeout(handle);
  },
};

/** A raw answer, or the failure that prevented one. */
type RawOutcome =
  | { ok: true; status: number; text: string; headers: Headers }
  | { ok: false; error: Extract<ApiError, { status: 0 }> };

export function buildUrl(baseUrl: string, path: string, query?: Record<string, QueryValue>): string {
  const base = baseUrl.endsWith('/') ? baseUrl.slice(0, -1) : baseUrl;
  let url = `${base}${path.startsWith('/') || path === '' ? path : `/${path}`}`;
  if (query) {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined && value !== null) params.append(key, String(value));
    }
    const qs = params.toString();
    if (qs) url += `${url.includes('?') ? '&' : '?'}${qs}`;
  }
  return url;
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  if (text.trim() === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

function httpErrorFromBody(status: number, text: string): ApiError {
  const json = parseJson(text);
  const parsed = json.ok ? v.safeParse(ApiErrorBody, json.value) : null;
  if (parsed?.success) {
    const { code, message, issues } = parsed.output.error;
    return issues ? { kind: 'http', status, code, message, issues } : { kind: 'http', status, code, message };
  }
  return { kind: 'http', status, code: `HTTP_${status}`, message: httpMessages.generic(status) };
}

export function createHttp(options: HttpOptions = {}): Http {
  const baseUrl = options.baseUrl ?? '';
  const defaultTimeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const timers = options.timers ?? systemTimers;
  const getFetch = (): typeof fetch => options.fetch ?? globalThis.fetch;

  /** The refresh in flight, shared by every request that got a 401 meanwhile. */
  let refreshing: Promise<boolean> | null = null;

  async function send(
    method: HttpMethod,
    url: string,
    headers: Record<string, string>,
    body: string | undefined,
    timeoutMs: number,
    signal: AbortSignal | undefined,
  ): Promise<RawOutcome> {
    if (signal?.aborted)
      return { ok: false, error: { kind: 'network', status: 0, message: httpMessages.aborted } };
    const controller = new AbortController();
    let timedOut = false;
    const cancelTimer = timers.schedule(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onAbort = () => controller.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      const init: RequestInit = { method, headers, signal: controller.signal };
      if (body !== undefined) init.body = body;
      const response = await getFetch()(url, init);
      const text = await response.text();
      return { ok: true, status: response.status, text, headers: response.headers };
    } catch {
      if (timedOut) {
        return { ok: false, error: { kind: 'timeout', status: 0, message: httpMessages.timeout } };
      }
      if (signal?.aborted)
        return { ok: false, error: { kind: 'network', status: 0, message: httpMessages.aborted } };
      return { ok: false, error: { kind: 'network', status: 0, message: httpMessages.network } };
    } finally {
      cancelTimer();
      signal?.removeEventListener('abort', onAbort);
    }
  }

  function logout(): void {
    options.tokens?.set(null);
    options.onLogout?.();
  }

  async function doRefresh(): Promise<boolean> {
    const tokens = options.tokens;
    const current = tokens?.get();
    if (!tokens || !current || options.refreshPath === undefined) return false;
    const outcome = await send(
      'PUT',
      buildUrl(baseUrl, options.refreshPath),
      { Accept: 'application/json', [REFRESH_TOKEN_HEADER]: current.refreshToken },
      undefined,
      defaultTimeoutMs,
      undefined,
    );
    if (!outcome.ok || outcome.status < 200 || outcome.status >= 300) return false;
    const json = parseJson(outcome.text);
    const parsed = json.ok ? v.safeParse(TokenPair, json.value) : null;
    if (!parsed?.success) return false;
    tokens.set(parsed.output);
    return true;
  }

  /** Single-flight: concurrent callers share one refresh; a failed refresh logs out once. */
  function refresh(): Promise<boolean> {
    if (!refreshing) {
      refreshing = doRefresh()
        .then((ok) => {
          if (!ok) logout();
          return ok;
        })
        .finally(() => {
          refreshing = null;
        });
    }
    return refreshing;
  }

  async function request<TSchema extends v.GenericSchema>(
    opts: RequestOptions<TSchema>,
  ): Promise<ApiResult<v.InferOutput<TSchema>>> {
    const auth = opts.auth ?? true;
    const url = buildUrl(baseUrl, opts.path, opts.query);
    const body = opts.body === undefined ? undefined : JSON.stringify(opts.body);
    const timeoutMs = opts.timeoutMs ?? defaultTimeoutMs;

    const attempt = (accessToken: string | undefined): Promise<RawOutcome> => {
      const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
      if (body !== undefined) headers['Content-Type'] = 'application/json';
      if (accessToken !== undefined) headers.Authorization = `Bearer ${accessToken}`;
      return send(opts.method, url, headers, body, timeoutMs, opts.signal);
    };

    const usedToken = auth ? options.tokens?.get()?.token : undefined;
    let outcome = await attempt(usedToken);

    if (auth && outcome.ok && outcome.status === 401) {
      // Another request may already have refreshed while this one was in flight: then just retry.
      const latest = options.tokens?.get()?.token;
      const refreshed = latest !== undefined && latest !== usedToken ? true : await refresh();
      if (!refreshed) return { ok: false, error: httpErrorFromBody(outcome.status, outcome.text) };
      outcome = await attempt(options.tokens?.get()?.token);
      if (outcome.ok && outcome.status === 401) logout();
    }
    if (auth && outcome.ok && outcome.status === 403) logout();

    if (!outcome.ok) return { ok: false, error: outcome.error };
    const { status, text, headers } = outcome;
    if (status < 200 || status >= 300) return { ok: false, error: httpErrorFromBody(status, text) };

    let candidate: unknown;
    if (opts.responseType === 'text') {
      candidate = text;
    } else {
      const json = parseJson(text);
      if (!json.ok)
        return { ok: false, error: { kind: 'parse', status, message: httpMessages.notJson(status) } };
      candidate = json.value;
    }
    const parsed = v.safeParse(opts.schema, candidate);
    if (!parsed.success) {
      const first = parsed.issues[0];
      const where = first ? v.getDotPath(first) : null;
      const detail = first ? `${where ? `${where}: ` : ''}${first.message}` : '';
      return { ok: false, error: { kind: 'parse', status, message: httpMessages.badShape(status, detail) } };
    }
    return { ok: true, status, data: parsed.output, headers };
  }

  return { request };
}
