import type { QueryClient } from '@tanstack/react-query';
import { type LoaderFunctionArgs, type RouteObject, redirect } from 'react-router';
import { redirectRoute } from '../shared/redirectRoute.tsx';
import { merchantInfoQueryOptions } from './api/merchant.ts';
import { merchantUserQueryOptions } from './api/user.ts';
import {
  MERCHANT_HOME_PATH,
  MERCHANT_LOGIN_PATH,
  type MerchantDeps,
  sessionIsMerchantAdmin,
} from './context.tsx';
import { MerchantLoginPage } from './LoginPage.tsx';
import { MerchantLayout } from './MerchantLayout.tsx';
import { MerchantProfilePage } from './ProfilePage.tsx';
import { MerchantRecoveryPage } from './RecoveryPage.tsx';
import { loginRedirectFor } from './redirect.ts';
import {
  CreateLinkPage,
  ExtractPage,
  LinksPage,
  OrderDetailsPage,
  OrdersListPage,
  PluginSignUpPage,
  SalesLayout,
} from './SalesPages.tsx';

/** Spec 2.4: the merchant portal under /parceira (and the legacy /merchant/login). */
export function merchantRoutes(deps: MerchantDeps, queryClient: QueryClient): RouteObject[] {
  const guard = ({ request }: LoaderFunctionArgs) => {
    if (!deps.session.hasSession())
      return redirect(loginRedirectFor(new URL(request.url), deps.redirectStorage));
    void queryClient.prefetchQuery(merchantInfoQueryOptions(deps.client));
    return null;
  };
  return [
    { path: MERCHANT_LOGIN_PATH, element: <MerchantLoginPage /> },
    { path: '/merchant/login', element: <MerchantLoginPage /> },
    { path: '/parceira/recuperar-login', element: <MerchantRecoveryPage /> },
    {
      path: MERCHANT_HOME_PATH,
      loader: guard,
      element: <MerchantLayout />,
      children: [
        { index: true, ...redirectRoute('/parceira/pedidos') },
        {
          path: 'pedidos',
          element: <SalesLayout />,
          children: [
            { index: true, element: <OrdersListPage /> },
            { path: 'extrato', element: <ExtractPage /> },
            { path: ':checkoutId', element: <OrderDetailsPage /> },
          ],
        },
        { path: 'checkout-links', element: <LinksPage /> },
        {
          path: 'checkout-links/criar',
          loader: () => (sessionIsMerchantAdmin(deps.session) ? null : redirect(MERCHANT_HOME_PATH)),
          element: <CreateLinkPage />,
        },
        {
          path: 'perfil',
          loader: () => {
            // Child loaders run beside the area guard: prefetch only with a session, or the 401 of an
            // anonymous prefetch would log out and drop the guard's redirect target.
            if (deps.session.hasSession())
              void queryClient.prefetchQuery(merchantUserQueryOptions(deps.client));
            return null;
          },
          element: <MerchantProfilePage />,
        },
        { path: 'plugin_sign_up/:platform', element: <PluginSignUpPage /> },
      ],
    },
  ];
}
