import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AdminProvider } from '../admin/context.tsx';
import { CustomerProvider } from '../customer/context.tsx';
import { MerchantProvider } from '../merchant/context.tsx';
import { TOAST_MS } from '../shared/notify.ts';
import { theme } from '../shared/theme.ts';
import type { AppDeps } from './deps.ts';

export function Providers({
  deps,
  queryClient,
  env = 'default',
  children,
}: {
  deps: AppDeps;
  queryClient: QueryClient;
  /** 'test' turns Mantine's transitions and portals off (component tests). */
  env?: 'default' | 'test';
  children: ReactNode;
}) {
  return (
    <MantineProvider theme={theme} env={env}>
      <Notifications position="bottom-center" autoClose={TOAST_MS} />
      <QueryClientProvider client={queryClient}>
        <AdminProvider value={deps.admin}>
          <MerchantProvider value={deps.merchant}>
            <CustomerProvider value={deps.customer}>{children}</CustomerProvider>
          </MerchantProvider>
        </AdminProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
