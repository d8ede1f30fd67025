import { pageTitles } from '@drip/core';
import type { QueryClient } from '@tanstack/react-query';
import { type RouteObject, redirect } from 'react-router';
import { redirectRoute } from '../shared/redirectRoute.tsx';
import { customerUserQueryOptions } from './api/user.ts';
import { CustomerLayout } from './CustomerLayout.tsx';
import { CUSTOMER_HOME_PATH, CUSTOMER_LOGIN_PATH, type CustomerDeps } from './context.tsx';
import { CustomerLoginPage } from './LoginPage.tsx';
import { CustomerOrderDetailsPage } from './OrderDetailsPage.tsx';
import { CustomerOrdersPage } from './OrdersPage.tsx';
import { CustomerProfilePage } from './ProfilePage.tsx';
import { CustomerRecoveryPage } from './RecoveryPage.tsx';

const handle = { title: pageTitles.customerPortal };

/** Spec 2.3: the customer portal under /cliente (and the legacy /customer/login). */
export function customerRoutes(deps: CustomerDeps, queryClient: QueryClient): RouteObject[] {
  return [
    { path: CUSTOMER_LOGIN_PATH, handle, element: <CustomerLoginPage /> },
    { path: '/customer/login', handle, element: <CustomerLoginPage /> },
    { path: '/cliente/recuperar-login', handle, element: <CustomerRecoveryPage /> },
    {
      path: CUSTOMER_HOME_PATH,
      handle,
      loader: () => (deps.session.hasSession() ? null : redirect(CUSTOMER_LOGIN_PATH)),
      element: <CustomerLayout />,
      children: [
        { index: true, ...redirectRoute('/cliente/pedidos') },
        { path: 'pedidos', element: <CustomerOrdersPage /> },
        { path: 'pedidos/:orderId', element: <CustomerOrderDetailsPage /> },
        {
          path: 'perfil',
          loader: () => {
            // Child loaders run beside the area guard: prefetch only with a session, or the 401 of an
            // anonymous prefetch would log out and drop the guard's redirect target.
            if (deps.session.hasSession())
              void queryClient.prefetchQuery(customerUserQueryOptions(deps.client));
            return null;
          },
          element: <CustomerProfilePage />,
        },
      ],
    },
  ];
}
