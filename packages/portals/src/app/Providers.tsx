import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { AdminProvider } from '../admin/context.tsx';
import { CustomerProvider } from '../customer/context.tsx';
import { MerchantProvider } from '../merchant/context.tsx';
import { loadToasts, onFirstToast, TOAST_MS } from '../shared/notify.ts';
import { theme } from '../shared/theme.ts';
import type { AppDeps } from './deps.ts';

// The toasts' container mounts on the first toast; its code is prefetched once the page has settled, so that the
// first toast does not wait for a download.
const Notifications = lazy(async () => ({ default: (await loadToasts()).Notifications }));
const PREFETCH_TOASTS_AFTER_MS = 3000;

function Toasts() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (wanted) return;
    const unsubscribe = onFirstToast(() => setWanted(true));
    // Offline: the first toast loads it again.
    const prefetch = window.setTimeout(() => void loadToasts().catch(() => {}), PREFETCH_TOASTS_AFTER_MS);
    return () => {
      unsubscribe();
      window.clearTimeout(prefetch);
    };
  }, [wanted]);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="bottom-center" autoClose={TOAST_MS} />
    </Suspense>
  );
}

export function Providers({
  deps,
  queryClient,
  env = 'default',
  children,
}: {
  deps: AppDeps;
  /**
   * A query client for everything below (tests, stories). Without one, the routes that use TanStack Query provide
   * the app's client themselves (shared/queries.tsx), so that a login page does not load it.
   */
  queryClient?: QueryClient;
  /** 'test' turns Mantine's transitions and portals off (component tests). */
  env?: 'default' | 'test';
  children: ReactNode;
}) {
  const areas = (
    <AdminProvider value={deps.admin}>
      <MerchantProvider value={deps.merchant}>
        <CustomerProvider value={deps.customer}>{children}</CustomerProvider>
      </MerchantProvider>
    </AdminProvider>
  );
  return (
    // All of the theme's CSS variables are written by the provider (not only those that differ from Mantine's
    // defaults): the build leaves Mantine's static copy of the defaults out of the stylesheet (vite.config.ts).
    <MantineProvider theme={theme} env={env} deduplicateCssVariables={false}>
      <Toasts />
      {queryClient ? <QueryClientProvider client={queryClient}>{areas}</QueryClientProvider> : areas}
    </MantineProvider>
  );
}
