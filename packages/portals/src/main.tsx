// In the production build this is only Mantine's base (baseline, CSS variables, global rules): each component's
// styles come with the chunk that uses it (vite.config.ts).
import '@mantine/core/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { createAppDeps, LOGIN_PATHS, prefetchClients } from './app/deps.ts';
import { Providers } from './app/Providers.tsx';
import { createAppRoutes } from './app/routes.tsx';
import { deferredQueries } from './shared/queries.tsx';

// Created (with TanStack Query's core) by the first page that needs it: no login's first screen does.
const queries = deferredQueries(async () => (await import('./app/queryClient.ts')).createQueryClient());
let router: ReturnType<typeof createBrowserRouter> | null = null;

const deps = createAppDeps({
  local: window.localStorage,
  session: window.sessionStorage,
  onLogout: (area) => {
    queries.current()?.clear();
    void router?.navigate(LOGIN_PATHS[area], { replace: true });
  },
});
const app = createAppRoutes(deps, queries);
router = createBrowserRouter(app.routes, app.options);

const root = document.getElementById('root');
if (!root) throw new Error('index.html must contain <div id="root">.');
createRoot(root).render(
  <StrictMode>
    <Providers deps={deps}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);

// The API clients' code is not in the entry (app/deps.ts): fetch it once the visitor starts using the page, or
// after the first screen has settled, so that a login's first submit does not wait for it. At the first use, the
// route table of the area the page is in comes too (the pages behind a login are not in the entry, app/routes.tsx):
// the navigation after signing in then does not wait for it. Not on the timer: a login page that is only looked at
// fetches nothing more.
const PREFETCH_CLIENTS_AFTER_MS = 3000;
const FIRST_USE = ['pointerdown', 'keydown', 'focusin'] as const;
const prefetchClientsOnce = () => {
  window.clearTimeout(timer);
  void prefetchClients(deps).catch(() => {});
};
const onFirstUse = () => {
  for (const type of FIRST_USE) window.removeEventListener(type, onFirstUse, true);
  prefetchClientsOnce();
  void app.prefetchArea(window.location.pathname).catch(() => {});
};
const timer = window.setTimeout(prefetchClientsOnce, PREFETCH_CLIENTS_AFTER_MS);
for (const type of FIRST_USE) window.addEventListener(type, onFirstUse, true);
