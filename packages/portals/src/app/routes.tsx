import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { adminRoutes } from '../admin/routes.tsx';
import { customerRoutes } from '../customer/routes.tsx';
import { merchantRoutes } from '../merchant/routes.tsx';
import { ErrorPage } from '../shared/ErrorPage.tsx';
import { NotFoundPage } from '../shared/NotFoundPage.tsx';
import { PageLoader } from '../shared/QueryState.tsx';
import { redirectRoute } from '../shared/redirectRoute.tsx';
import type { AppDeps } from './deps.ts';
import { RootLayout } from './RootLayout.tsx';

/** Every route of the portals (spec 2.1–2.4); anything else is the 404 page. */
export function createAppRoutes(deps: AppDeps, queryClient: QueryClient): RouteObject[] {
  return [
    {
      element: <RootLayout />,
      hydrateFallbackElement: <PageLoader />,
      errorElement: <ErrorPage />,
      children: [
        { path: '/', ...redirectRoute('/cliente') },
        { path: '/ajuda', ...redirectRoute('/cliente/login?ajuda=true') },
        ...adminRoutes(deps.admin, queryClient),
        ...merchantRoutes(deps.merchant, queryClient),
        ...customerRoutes(deps.customer, queryClient),
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
}
