import { type LoaderFunctionArgs, type RouteObject, redirect } from 'react-router';
import type { AreaRoutes } from '../shared/areaRoutes.ts';
import { clientReady } from '../shared/deferredClient.ts';
import { lazyPage } from '../shared/lazyPage.tsx';
import { type AppQueries, queryScope } from '../shared/queries.tsx';
import { redirectRoute } from '../shared/redirectRoute.tsx';
import { MERCHANT_HOME_PATH, MERCHANT_LOGIN_PATH, type MerchantDeps } from './context.tsx';

const login = lazyPage(
  () => import('./LoginPage.tsx'),
  (m) => m.MerchantLoginPage,
);

/**
 * The merchant portal as the entry knows it (spec 2.4): the logins (and the legacy /merchant/login), the recovery
 * page, and /parceira with its guard, layout and home redirect. The pages under it (`routes.tsx`) are a chunk of
 * their own, fetched when a visit goes into the area.
 */
export function merchantArea(deps: MerchantDeps, queries: AppQueries): AreaRoutes {
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
  const routes: RouteObject[] = [
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
        id: 'merchant',
        path: MERCHANT_HOME_PATH,
        loader: guard,
        ...lazyPage(
          () => import('./MerchantLayout.tsx'),
          (m) => m.MerchantLayout,
        ),
        // `/parceira` itself matches without its pages being known: its redirect stays here.
        children: [{ index: true, ...redirectRoute('/parceira/pedidos') }],
      },
    ]),
  ];
  return {
    routes,
    parentId: 'merchant',
    // The legacy login's visitors sign in here too: prefetching the table from there is worth it.
    prefixes: [MERCHANT_HOME_PATH, '/merchant'],
    children: async () => (await import('./routes.tsx')).merchantRoutes(deps, queries),
  };
}
