import { type LoaderFunctionArgs, type RouteObject, redirect } from 'react-router';
import { clientReady } from '../shared/deferredClient.ts';
import { lazyPage } from '../shared/lazyPage.tsx';
import { type AppQueries, queryScope } from '../shared/queries.tsx';
import { redirectRoute } from '../shared/redirectRoute.tsx';
import { MERCHANT_HOME_PATH, MERCHANT_LOGIN_PATH, type MerchantDeps } from './context.tsx';

const login = lazyPage(
  () => import('./LoginPage.tsx'),
  (m) => m.MerchantLoginPage,
);
const sales = () => import('./SalesPages.tsx');

/** Spec 2.4: the merchant portal under /parceira (and the legacy /merchant/login). */
export function merchantRoutes(deps: MerchantDeps, queries: AppQueries): RouteObject[] {
  const guard = async ({ request }: LoaderFunctionArgs) => {
    if (!deps.session.hasSession()) {
      // The redirect rules come with the login page's module, fetched only without a session (the visitor is
      // sent there next): about 0.5 KB gzip that the entry, fetched by every first page, no longer carries.
      const { loginRedirectFor } = await import('./LoginPage.tsx');
      return redirect(loginRedirectFor(new URL(request.url), deps.redirectStorage));
    }
    const [{ merchantInfoQueryOptions }, queryClient] = await Promise.all([
      import('./api/merchant.ts'),
      queries.load(),
      clientReady(deps.client),
    ]);
    void queryClient.prefetchQuery(merchantInfoQueryOptions(deps.client));
    return null;
  };
  return [
    { path: MERCHANT_LOGIN_PATH, ...login },
    { path: '/merchant/login', ...login },
    queryScope(queries, [
      {
        path: '/parceira/recuperar-login',
        ...lazyPage(
          () => import('./RecoveryPage.tsx'),
          (m) => m.MerchantRecoveryPage,
        ),
      },
      {
        path: MERCHANT_HOME_PATH,
        loader: guard,
        ...lazyPage(
          () => import('./MerchantLayout.tsx'),
          (m) => m.MerchantLayout,
        ),
        children: [
          { index: true, ...redirectRoute('/parceira/pedidos') },
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
          { path: 'plugin_sign_up/:platform', ...lazyPage(sales, (m) => m.PluginSignUpPage) },
        ],
      },
    ]),
  ];
}
