/**
 * The store catalogue client (spec 7 "Store catalogue API"): its own base address, the catalogue key in the
 * X-Api-Key header on every call and a 10 s time-out (spec 9), shorter than the portals' 15 s.
 */
import { CATALOGUE_KEY_HEADER } from '../contract/catalogue.ts';
import { type Call, createCall } from './call.ts';
import { createHttp, type Timers } from './http.ts';

export const CATALOGUE_TIMEOUT_MS = 10_000;

export interface CatalogueClientOptions {
  /** The catalogue's base address ('' for the same origin). */
  baseUrl?: string;
  apiKey: string;
  fetch?: typeof fetch;
  /** Default CATALOGUE_TIMEOUT_MS. */
  timeoutMs?: number;
  timers?: Timers;
}

export interface CatalogueClient {
  /** Calls a catalogue endpoint of the table (`catalogue*`), with the key. */
  call: Call;
}

export function createCatalogueClient(opts: CatalogueClientOptions): CatalogueClient {
  const inner = createCall(
    createHttp({
      baseUrl: opts.baseUrl,
      fetch: opts.fetch,
      timeoutMs: opts.timeoutMs ?? CATALOGUE_TIMEOUT_MS,
      timers: opts.timers,
    }),
  );
  const call = ((endpoint, input) =>
    inner(endpoint, {
      ...input,
      headers: { ...input?.headers, [CATALOGUE_KEY_HEADER]: opts.apiKey },
    } as never)) as Call;
  return { call };
}
