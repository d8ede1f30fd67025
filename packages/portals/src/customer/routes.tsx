import type { RouteObject } from 'react-router';
import { lazyPage } from '../shared/lazyPage.tsx';
import type { AppQueries } from '../shared/queries.tsx';
import type { CustomerDeps } from './context.tsx';

/**
 * Spec 2.3: the customer pages under /cliente (the logins, the recovery page, the guard, the layout and the home
 * redirect are in `area.tsx`). This table is a chunk of its own, fetched on the first visit into the area.
 */
export function customerRoutes(deps: CustomerDeps, queries: AppQueries): RouteObject[] {
  return [
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
  ];
}
