import { type RouteObject, redirect } from 'react-router';
import { lazyPage } from '../shared/lazyPage.tsx';
import type { AppQueries } from '../shared/queries.tsx';
import { MERCHANT_HOME_PATH, type MerchantDeps } from './context.tsx';

const sales = () => import('./SalesPages.tsx');

/**
 * Spec 2.4: the merchant pages under /parceira (the logins, the recovery page, the guard, the layout and the home
 * redirect are in `area.tsx`). This table is a chunk of its own, fetched on the first visit into the area.
 */
export function merchantRoutes(deps: MerchantDeps, queries: AppQueries): RouteObject[] {
  return [
    {
      path: 'pedidos',
      ...lazyPage(sales, (m) => m.SalesLayout),
      children: [
        {
          index: true,
          ...lazyPage(
            () => import('./sales/OrdersListPage.tsx'),
            (m) => m.OrdersListPage,
          ),
        },
        // 'Extrato de vendas': SettlementsTab.tsx holds the settlements screen.
        {
          path: 'extrato',
          ...lazyPage(
            () => import('./SettlementsTab.tsx'),
            (m) => m.SettlementsTab,
          ),
        },
        {
          path: ':checkoutId',
          ...lazyPage(
            () => import('./sales/OrderDetailsPage.tsx'),
            (m) => m.OrderDetailsPage,
          ),
        },
      ],
    },
    {
      path: 'checkout-links',
      ...lazyPage(
        () => import('./links/LinksPage.tsx'),
        (m) => m.LinksPage,
      ),
    },
    {
      path: 'checkout-links/criar',
      loader: async () => {
        // Without a session the area guard (running beside this loader) sends the visit to login with this
        // route as the target; redirecting home here as well would win and lose the target.
        if (!deps.session.hasSession()) return null;
        const { sessionIsMerchantAdmin } = await import('./role.ts');
        return sessionIsMerchantAdmin(deps.session) ? null : redirect(MERCHANT_HOME_PATH);
      },
      ...lazyPage(
        () => import('./links/CreateLinkPage.tsx'),
        (m) => m.CreateLinkPage,
      ),
    },
    {
      path: 'perfil',
      loader: async () => {
        // Child loaders run beside the area guard: prefetch only with a session, or the 401 of an
        // anonymous prefetch would log out and drop the guard's redirect target.
        if (deps.session.hasSession()) {
          const [{ merchantUserQueryOptions }, queryClient] = await Promise.all([
            import('./api/user.ts'),
            queries.load(),
          ]);
          void queryClient.prefetchQuery(merchantUserQueryOptions(deps.client));
        }
        return null;
      },
      ...lazyPage(
        () => import('./ProfilePage.tsx'),
        (m) => m.MerchantProfilePage,
      ),
    },
    {
      path: 'plugin_sign_up/:platform',
      ...lazyPage(
        () => import('./plugins/PluginSignUpPage.tsx'),
        (m) => m.PluginSignUpPage,
      ),
    },
  ];
}
