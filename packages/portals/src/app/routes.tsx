import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { adminRoutes } from '../admin/routes.tsx';
import { customerRoutes } from '../customer/routes.tsx';
import { merchantRoutes } from '../merchant/routes.tsx';
import { ErrorPage } from '../shared/ErrorPage.tsx';
import { NotFoundPage } from '../shared/NotFoundPage.tsx';
import { PageLoader } from '../shared/QueryState.tsx';
import { type AppQueries, toAppQueries } from '../shared/queries.tsx';
import { redirectRoute } from '../shared/redirectRoute.tsx';
import type { AppDeps } from './deps.ts';
import { RootLayout } from './RootLayout.tsx';

/**
 * Every route of the portals (spec 2.1–2.4); anything else is the 404 page. `queries` is the app's deferred query
 * client (main.tsx), or a `QueryClient` that exists already (tests, stories).
 */
export function createAppRoutes(deps: AppDeps, queries: AppQueries | QueryClient): RouteObject[] {
  const appQueries = toAppQueries(queries);
  return [
    {
      element: <RootLayout />,
      hydrateFallbackElement: <PageLoader />,
      errorElement: <ErrorPage />,
      children: [
        { path: '/', ...redirectRoute('/cliente') },
        { path: '/ajuda', ...redirectRoute('/cliente/login?ajuda=true') },
        ...adminRoutes(deps.admin, appQueries),
        ...merchantRoutes(deps.merchant, appQueries),
        ...customerRoutes(deps.customer, appQueries),
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
}
