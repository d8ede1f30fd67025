// In the production build this is only Mantine's base (baseline, CSS variables, global rules): each component's
// styles come with the chunk that uses it (vite.config.ts).
import '@mantine/core/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { createAppDeps, LOGIN_PATHS } from './app/deps.ts';
import { Providers } from './app/Providers.tsx';
import { createQueryClient } from './app/queryClient.ts';
import { createAppRoutes } from './app/routes.tsx';

const queryClient = createQueryClient();
let router: ReturnType<typeof createBrowserRouter> | null = null;

const deps = createAppDeps({
  local: window.localStorage,
  session: window.sessionStorage,
  onLogout: (area) => {
    queryClient.clear();
    void router?.navigate(LOGIN_PATHS[area], { replace: true });
  },
});
router = createBrowserRouter(createAppRoutes(deps, queryClient));

const root = document.getElementById('root');
if (!root) throw new Error('index.html must contain <div id="root">.');
createRoot(root).render(
  <StrictMode>
    <Providers deps={deps} queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
