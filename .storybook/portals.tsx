/**
 * Renders the portals app at a path for a story: the same providers as main.tsx (MantineProvider with the Drip
 * theme, TanStack Query, the three areas' sessions) over a memory router, with an in-memory session store and a
 * `fetch` that answers every call with 401 (a story never reaches a server; a login attempt shows its error).
 */
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createAppDeps, LOGIN_PATHS } from '../packages/portals/src/app/deps.ts';
import { Providers } from '../packages/portals/src/app/Providers.tsx';
import { createQueryClient } from '../packages/portals/src/app/queryClient.ts';
import { createAppRoutes } from '../packages/portals/src/app/routes.tsx';

/** A `Storage` kept in memory, so that stories never touch the browser's real sessions. */
export class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();
  get length(): number {
    return this.items.size;
  }
  clear(): void {
    this.items.clear();
  }
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  key(index: number): string | null {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
  setItem(key: string, value: string): void {
    this.items.set(key, value);
  }
}

const unauthorised: typeof fetch = async () =>
  new Response(JSON.stringify({ error: { code: 'UNAUTHORIZED', message: 'Credenciais inválidas' } }), {
    status: 401,
    headers: { 'content-type': 'application/json' },
  });

export function PortalStory({ path, env = 'default' }: { path: string; env?: 'default' | 'test' }) {
  const [app] = useState(() => {
    const queryClient = createQueryClient();
    let navigate: ((to: string) => void) | null = null;
    const deps = createAppDeps({
      fetch: unauthorised,
      local: new MemoryStorage(),
      session: new MemoryStorage(),
      onLogout: (area) => navigate?.(LOGIN_PATHS[area]),
    });
    const router = createMemoryRouter(createAppRoutes(deps, queryClient), { initialEntries: [path] });
    navigate = (to) => void router.navigate(to);
    return { deps, queryClient, router };
  });
  return (
    <Providers deps={app.deps} queryClient={app.queryClient} env={env}>
      <RouterProvider router={app.router} />
    </Providers>
  );
}
