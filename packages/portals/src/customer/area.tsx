import { pageTitles } from '@drip/core';
import { type RouteObject, redirect } from 'react-router';
import type { AreaRoutes } from '../shared/areaRoutes.ts';
import { clientReady } from '../shared/deferredClient.ts';
import { lazyPage } from '../shared/lazyPage.tsx';
import { type AppQueries, queryScope } from '../shared/queries.tsx';
import { redirectRoute } from '../shared/redirectRoute.tsx';
import { CUSTOMER_HOME_PATH, CUSTOMER_LOGIN_PATH, type CustomerDeps } from './context.tsx';

const handle = { title: pageTitles.customerPortal };
const login = lazyPage(
  () => import('./LoginPage.tsx'),
  (m) => m.CustomerLoginPage,
);

/**
 * The customer portal as the entry knows it (spec 2.3): the logins (and the legacy /customer/login), the recovery
 * page, and /cliente with its guard, layout and home redirect. The pages under it (`routes.tsx`) are a chunk of
 * their own, fetched when a visit goes into the area.
 */
export function customerArea(deps: CustomerDeps, queries: AppQueries): AreaRoutes {
  const routes: RouteObject[] = [
    { path: CUSTOMER_LOGIN_PATH, handle, ...login },
    { path: '/customer/login', handle, ...login },
    queryScope(queries, [
      {
        path: '/cliente/recuperar-login',
        handle,
        ...lazyPage(
          () => import('./RecoveryPage.tsx'),
          (m) => m.CustomerRecoveryPage,
        ),
      },
      {
        id: 'customer',
        path: CUSTOMER_HOME_PATH,
        handle,
        loader: async () => {
          if (!deps.session.hasSession()) return redirect(CUSTOMER_LOGIN_PATH);
          await Promise.all([clientReady(deps.client), queries.load()]);
          return null;
        },
        ...lazyPage(
          () => import('./CustomerLayout.tsx'),
          (m) => m.CustomerLayout,
        ),
        // `/cliente` itself matches without its pages being known: its redirect stays here.
        children: [{ index: true, ...redirectRoute('/cliente/pedidos') }],
      },
    ]),
  ];
  return {
    routes,
    parentId: 'customer',
    // The legacy login's visitors sign in here too: prefetching the table from there is worth it.
    prefixes: [CUSTOMER_HOME_PATH, '/customer'],
    children: async () => (await import('./routes.tsx')).customerRoutes(deps, queries),
  };
}
