import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Suspense, use } from 'react';
import { Outlet, type RouteObject } from 'react-router';
import { PageLoader } from './QueryState.tsx';

/**
 * The app's TanStack Query client, created when first needed: TanStack Query's core (about 8 KB gzip) is not in the
 * entry, since no login page's first screen uses it (the logins submit with `useSubmit`). The signed-in areas and
 * the recovery pages get it through `queryScope` routes; the area guards and prefetching loaders `load()` it.
 */
export interface AppQueries {
  /** The client, created on the first call (one promise for every caller; a failed load is tried again). */
  load(): Promise<QueryClient>;
  /** The client once created, else null (a forced logout clears its cache only if there is one). */
  current(): QueryClient | null;
}

export function deferredQueries(create: () => Promise<QueryClient>): AppQueries {
  let client: QueryClient | null = null;
  let loading: Promise<QueryClient> | null = null;
  return {
    load: () => {
      loading ??= create().then(
        (created) => {
          client = created;
          return created;
        },
        (error: unknown) => {
          loading = null;
          throw error;
        },
      );
      return loading;
    },
    current: () => client,
  };
}

/** An `AppQueries` over a client that already exists (tests, stories). */
export function readyQueries(client: QueryClient): AppQueries {
  const ready = Promise.resolve(client);
  return { load: () => ready, current: () => client };
}

/** `AppQueries` as given, or over a client given as is (tests and stories pass their own `QueryClient`). */
export function toAppQueries(queries: AppQueries | QueryClient): AppQueries {
  return typeof (queries as Partial<AppQueries>).load === 'function'
    ? (queries as AppQueries)
    : readyQueries(queries as QueryClient);
}

function ScopedOutlet({ queries }: { queries: AppQueries }) {
  const client = queries.current() ?? use(queries.load());
  return (
    <QueryClientProvider client={client}>
      <Outlet />
    </QueryClientProvider>
  );
}

/**
 * A pathless layout route whose child routes have the query client: they render once it is created (a page loader
 * meanwhile; the area guards usually have waited for it already).
 */
export function queryScope(queries: AppQueries, children: RouteObject[]): RouteObject {
  return {
    element: (
      <Suspense fallback={<PageLoader />}>
        <ScopedOutlet queries={queries} />
      </Suspense>
    ),
    children,
  };
}
