import type { QueryClient } from '@tanstack/react-query';
import type { PatchRoutesOnNavigationFunction, RouteObject } from 'react-router';
import { adminArea } from '../admin/area.tsx';
import { customerArea } from '../customer/area.tsx';
import { merchantArea } from '../merchant/area.tsx';
import { type AreaRoutes, areaOf, patchAreaRoutes } from '../shared/areaRoutes.ts';
import { ErrorPage } from '../shared/ErrorPage.tsx';
import { NotFoundPage } from '../shared/NotFoundPage.tsx';
import { PageLoader } from '../shared/QueryState.tsx';
import { type AppQueries, toAppQueries } from '../shared/queries.tsx';
import { redirectRoute } from '../shared/redirectRoute.tsx';
import type { AppDeps } from './deps.ts';
import { RootLayout } from './RootLayout.tsx';

/** What a router of the portals is created with: `createBrowserRouter(app.routes, { ...app.options })`. */
export interface AppRoutes {
  readonly routes: RouteObject[];
  readonly options: { readonly patchRoutesOnNavigation: PatchRoutesOnNavigationFunction };
  /**
   * Fetches the route table of the area `pathname` is in (a login page's first key, tap or focus asks for it: the
   * visitor is about to sign in and go there).
   */
  readonly prefetchArea: (pathname: string) => Promise<void>;
}

/**
 * Every route of the portals (spec 2.1–2.4); anything else is the 404 page. The entry holds each area's login,
 * recovery page and guarded prefix route; an area's pages are patched in by `patchRoutesOnNavigation` on the first
 * navigation into it (`shared/areaRoutes.ts`). `queries` is the app's deferred query client (main.tsx), or a
 * `QueryClient` that exists already (tests, stories).
 */
export function createAppRoutes(deps: AppDeps, queries: AppQueries | QueryClient): AppRoutes {
  const appQueries = toAppQueries(queries);
  const areas: AreaRoutes[] = [
    adminArea(deps.admin, appQueries),
    merchantArea(deps.merchant, appQueries),
    customerArea(deps.customer, appQueries),
  ];
  const routes: RouteObject[] = [
    {
      element: <RootLayout />,
      hydrateFallbackElement: <PageLoader />,
      errorElement: <ErrorPage />,
      children: [
        { path: '/', ...redirectRoute('/cliente') },
        { path: '/ajuda', ...redirectRoute('/cliente/login?ajuda=true') },
        ...areas.flatMap((area) => area.routes),
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
  return {
    routes,
    options: { patchRoutesOnNavigation: patchAreaRoutes(areas) },
    prefetchArea: async (pathname) => {
      await areaOf(areas, pathname)?.children();
    },
  };
}
