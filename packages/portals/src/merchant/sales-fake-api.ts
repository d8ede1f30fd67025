/** The fake merchant API of the sales and links tests: a `fetch` that also records the query and the body. */
import { SESSION_KEYS } from '@drip/core';
import { fakeJwt } from '../test/harness.tsx';
import { graphic, merchantInfo, SALES_API, saleSummary, salesPage, statistics } from './sales-fixtures.ts';

export interface Call {
  method: string;
  path: string;
  search: URLSearchParams;
  body: unknown;
}
export type Answer = { status: number; body?: unknown };

/** A fake `fetch` keyed by 'METHOD /path' whose handlers also see the query string. */
export function server(routes: Record<string, (call: Call) => Answer>) {
  const calls: Call[] = [];
  const fetchFn: typeof fetch = async (input, init) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://x',
    );
    const raw = typeof init?.body === 'string' ? init.body : undefined;
    const call = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      search: url.searchParams,
      body: raw ? JSON.parse(raw) : undefined,
    };
    calls.push(call);
    const route = routes[`${call.method} ${call.path}`];
    const answer = route
      ? route(call)
      : { status: 404, body: { error: { code: 'NOT_FOUND', message: 'x' } } };
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  };
  const last = (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key).at(-1);
  return { fetch: fetchFn, calls, last };
}

export const ok = (body: unknown): Answer => ({ status: 200, body });
export const LIST = `GET ${SALES_API}/v2/checkouts`;
export const STATS = `GET ${SALES_API}/v2/checkouts/statistics`;
export const GRAPHIC = `GET ${SALES_API}/v2/checkouts/graphic`;
export const LINKS = `GET ${SALES_API}/v1/checkouts`;

export function signIn(permissions: string[]) {
  const token = fakeJwt({ sub: 'u1', aud: 'merchant', merchantId: 'm1', permissions });
  window.localStorage.setItem(SESSION_KEYS.merchant.token, token);
  window.localStorage.setItem(SESSION_KEYS.merchant.refreshToken, 'refresh');
}

export function salesServer(extra: Record<string, (call: Call) => Answer> = {}) {
  return server({
    [`GET ${SALES_API}/v1/merchant`]: () => ok(merchantInfo),
    [LIST]: () =>
      ok(
        salesPage([
          saleSummary(1),
          saleSummary(2, { order: { ...saleSummary(2).order, status: 'CLOSED', canceledAmount: 123.45 } }),
          saleSummary(3, { status: 'KO', koReason: 'FRAUD', order: null }),
          saleSummary(4, { status: 'KO', koReason: 'EXPIRED', order: null, customerName: null }),
        ]),
      ),
    [STATS]: () => ok(statistics),
    [GRAPHIC]: () => ok(graphic()),
    ...extra,
  });
}
