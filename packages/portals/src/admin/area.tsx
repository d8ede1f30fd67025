import { type RouteObject, redirect } from 'react-router';
import type { AreaRoutes } from '../shared/areaRoutes.ts';
import { clientReady } from '../shared/deferredClient.ts';
import { lazyPage } from '../shared/lazyPage.tsx';
import { type AppQueries, queryScope } from '../shared/queries.tsx';
import { redirectRoute } from '../shared/redirectRoute.tsx';
import { ADMIN_HOME_PATH, ADMIN_LOGIN_PATH, type AdminDeps } from './context.tsx';

/**
 * The admin area as the entry knows it: the login, and `/admin` with its guard, layout and home redirect. The pages
 * under it (`routes.tsx`) are a chunk of their own, fetched when a visit goes into the area: every login's first
 * load stays the same however many admin pages there are.
 */
export function adminArea(deps: AdminDeps, queries: AppQueries): AreaRoutes {
  const routes: RouteObject[] = [
    {
      path: ADMIN_LOGIN_PATH,
      ...lazyPage(
        () => import('./LoginPage.tsx'),
        (m) => m.AdminLoginPage,
      ),
    },
    queryScope(queries, [
      {
        id: 'admin',
        path: ADMIN_HOME_PATH,
        loader: async () => {
          if (!deps.session.hasSession()) return redirect(ADMIN_LOGIN_PATH);
          await Promise.all([clientReady(deps.client), queries.load()]);
          return null;
        },
        ...lazyPage(
          () => import('./AdminLayout.tsx'),
          (m) => m.AdminLayout,
        ),
        // `/admin` itself matches without its pages being known: its redirect stays here.
        children: [{ index: true, ...redirectRoute('/admin/orders') }],
      },
    ]),
  ];
  return {
    routes,
    parentId: 'admin',
    prefixes: [ADMIN_HOME_PATH],
    children: async () => (await import('./routes.tsx')).adminRoutes(deps, queries),
  };
}
