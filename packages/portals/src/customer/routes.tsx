import { pageTitles } from '@drip/core';
import { type RouteObject, redirect } from 'react-router';
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

/** Spec 2.3: the customer portal under /cliente (and the legacy /customer/login). */
export function customerRoutes(deps: CustomerDeps, queries: AppQueries): RouteObject[] {
  return [
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
        children: [
          { index: true, ...redirectRoute('/cliente/pedidos') },
          {
            path: 'pedidos',
            ...lazyPage(
              () => import('./OrdersPage.tsx'),
              (m) => m.CustomerOrdersPage,
            ),
          },
          {
            path: 'pedidos/:orderId',
            ...lazyPage(
              () => import('./OrderDetailsPage.tsx'),
              (m) => m.CustomerOrderDetailsPage,
            ),
          },
          {
            path: 'perfil',
            loader: async () => {
              // Child loaders run beside the area guard: prefetch only with a session, or the 401 of an
              // anonymous prefetch would log out and drop the guard's redirect target.
              if (deps.session.hasSession()) {
                const [{ customerUserQueryOptions }, queryClient] = await Promise.all([
                  import('./api/user.ts'),
                  queries.load(),
                ]);
                void queryClient.prefetchQuery(customerUserQueryOptions(deps.client));
              }
              return null;
            },
            ...lazyPage(
              () => import('./ProfilePage.tsx'),
              (m) => m.CustomerProfilePage,
            ),
          },
        ],
      },
    ]),
  ];
}
