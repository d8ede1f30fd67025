/**
 * Which request or job run a piece of work belongs to, carried through its async calls (AsyncLocalStorage), so that
 * every log line it writes and every call it makes to another service can be tied back to it (docs/logging.md).
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export interface Correlation {
  /** The HTTP request that started the work (the `X-Request-Id` it was answered with). */
  requestId?: string;
  /** The job whose run this is, and the run's own id (a run started by no request has no requestId). */
  job?: string;
  runId?: string;
  /** The queued task being carried out. */
  taskId?: string;
}

const storage = new AsyncLocalStorage<Correlation>();

/** Runs `work` with `fields` added to the current correlation (a field given as undefined is removed). */
export function withCorrelation<T>(fields: Correlation, work: () => T): T {
  const merged: Correlation = { ...storage.getStore() };
  for (const key of Object.keys(fields) as (keyof Correlation)[]) {
    const value = fields[key];
    if (value === undefined) delete merged[key];
    else merged[key] = value;
  }
  return storage.run(merged, work);
}

/** The current correlation (empty outside any request or job). */
export function correlation(): Correlation {
  return storage.getStore() ?? {};
}

export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * The id an outbound call carries in `X-Request-Id`: the request that started the work, else the job run doing it;
 * undefined outside both.
 */
export function outboundRequestId(): string | undefined {
  const c = storage.getStore();
  return c?.requestId ?? c?.runId;
}

/** `headers` with `X-Request-Id` added (unless the caller set one), for a call to another service. */
export function withRequestIdHeader(headers: Record<string, string> = {}): Record<string, string> {
  const id = outboundRequestId();
  if (!id || Object.keys(headers).some((h) => h.toLowerCase() === REQUEST_ID_HEADER)) return headers;
  return { ...headers, [REQUEST_ID_HEADER]: id };
}
