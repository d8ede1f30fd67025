import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { type AppDeps, createAppDeps, LOGIN_PATHS } from '../app/deps.ts';
import { Providers } from '../app/Providers.tsx';
import { createQueryClient } from '../app/queryClient.ts';
import { createAppRoutes } from '../app/routes.tsx';
import { deferredQueries } from '../shared/queries.tsx';

export interface FakeRequest {
  method: string;
  path: string;
  body: unknown;
  headers: Headers;
}
export interface FakeResponse {
  status: number;
  body?: unknown;
}
export type Handler = (request: FakeRequest) => FakeResponse;

/** A `fetch` answering from a table keyed by 'METHOD /path'; unknown calls answer 404 with the error body. */
export function fakeFetch(routes: Record<string, Handler>) {
  const calls: FakeRequest[] = [];
  const fetchFn: typeof fetch = async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = new URL(url, 'http://localhost').pathname;
    const method = init?.method ?? 'GET';
    const raw = typeof init?.body === 'string' ? init.body : undefined;
    const request: FakeRequest = {
      method,
      path,
      body: raw === undefined ? undefined : JSON.parse(raw),
      headers: new Headers(init?.headers),
    };
    calls.push(request);
    const handler = routes[`${method} ${path}`];
    const answer: FakeResponse = handler
      ? handler(request)
      : { status: 404, body: { error: { code: 'NOT_FOUND', message: `${method} ${path}` } } };
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  };
  return { fetch: fetchFn, calls };
}

/** An unsigned JWT with the given claims (the browser only reads them). */
export function fakeJwt(claims: Record<string, unknown>): string {
  const encode = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  const now = Math.floor(Date.now() / 1000);
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ iat: now, exp: now + 900, ...claims })}.signature`;
}

export function errorBody(code: string, message: string) {
  return { error: { code, message } };
}

/**
 * Renders the whole portals app at `path` with a fake `fetch`, wired like main.tsx: the query client is handed out
 * through `deferredQueries` (created on its first `load()`, which `queries.current()` shows), not to `Providers`.
 */
export function renderApp(path: string, fetchFn: typeof fetch = fakeFetch({}).fetch) {
  const queryClient = createQueryClient();
  const queries = deferredQueries(async () => queryClient);
  let navigate: ((to: string) => void) | null = null;
  const deps: AppDeps = createAppDeps({
    fetch: fetchFn,
    local: window.localStorage,
    session: window.sessionStorage,
    onLogout: (area) => {
      queries.current()?.clear();
      navigate?.(LOGIN_PATHS[area]);
    },
  });
  const app = createAppRoutes(deps, queries);
  const router = createMemoryRouter(app.routes, { ...app.options, initialEntries: [path] });
  navigate = (to) => void router.navigate(to);
  const view = render(
    <Providers deps={deps} env="test">
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...view, router, deps, queryClient, queries };
}
