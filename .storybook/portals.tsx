/**
 * Renders the portals app at a path for a story: the same providers as main.tsx (MantineProvider with the Drip
 * theme, TanStack Query, the three areas' sessions) over a memory router, with an in-memory session store and a
 * `fetch` that answers every call with 401 (a story never reaches a server; a login attempt shows its error).
 */
import { SESSION_KEYS } from '@drip/core';
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

/** What a story's fake server answers, by `METHOD /path` (the query string is passed to the answer). */
export type FixtureAnswers = Record<string, (search: URLSearchParams) => { status: number; body?: unknown }>;

const unauthorised = () => ({
  status: 401,
  body: { error: { code: 'UNAUTHORIZED', message: 'Credenciais inválidas' } },
});

/** A `fetch` over fixture answers: nothing leaves the browser; an unknown call answers 404 (401 with no answers). */
function fixtureFetch(answers: FixtureAnswers | undefined): typeof fetch {
  return async (input, init) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://x',
    );
    const answer = answers
      ? (answers[`${init?.method ?? 'GET'} ${url.pathname}`]?.(url.searchParams) ?? {
          status: 404,
          body: { error: { code: 'NOT_FOUND', message: 'Não encontrado' } },
        })
      : unauthorised();
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  };
}

const storageWith = (items: Record<string, string> = {}) => {
  const storage = new MemoryStorage();
  for (const [key, value] of Object.entries(items)) storage.setItem(key, value);
  return storage;
};

/** An unsigned token with the merchant claims (the portal only reads them). */
export function merchantStoryToken(permissions: string[]): string {
  const encode = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  const now = Math.floor(Date.now() / 1000);
  const claims = { sub: 'u1', aud: 'merchant', merchantId: 'm1', permissions, iat: now, exp: now + 3600 };
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}.story`;
}

export interface PortalStoryProps {
  path: string;
  env?: 'default' | 'test';
  /** The fake server; without it every call answers 401 (a login attempt shows its error). */
  answers?: FixtureAnswers;
  /** What the session stores hold at start (a signed-in story puts its tokens here). */
  local?: Record<string, string>;
  session?: Record<string, string>;
}

export function PortalStory({ path, env = 'default', answers, local, session }: PortalStoryProps) {
  const [app] = useState(() => {
    const queryClient = createQueryClient();
    let navigate: ((to: string) => void) | null = null;
    const deps = createAppDeps({
      fetch: fixtureFetch(answers),
      local: storageWith(local),
      session: storageWith(session),
      onLogout: (area) => navigate?.(LOGIN_PATHS[area]),
    });
    const routes = createAppRoutes(deps, queryClient);
    const router = createMemoryRouter(routes.routes, { ...routes.options, initialEntries: [path] });
    navigate = (to) => void router.navigate(to);
    return { deps, queryClient, router };
  });
  return (
    <Providers deps={app.deps} queryClient={app.queryClient} env={env}>
      <RouterProvider router={app.router} />
    </Providers>
  );
}

/** A merchant user with these permissions signed in, over fixture answers: nothing leaves the browser. */
export function MerchantStory({
  path,
  answers,
  permissions,
}: {
  path: string;
  answers: FixtureAnswers;
  permissions: string[];
}) {
  const local = {
    [SESSION_KEYS.merchant.token]: merchantStoryToken(permissions),
    [SESSION_KEYS.merchant.refreshToken]: 'story',
  };
  return <PortalStory path={path} answers={answers} local={local} />;
}

/** An unsigned token with the admin claims (the portal only reads them). */
export function adminStoryToken(): string {
  const encode = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  const now = Math.floor(Date.now() / 1000);
  const claims = { sub: 'admin-1', aud: 'admin', iat: now, exp: now + 3600 };
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}.story`;
}

/** A signed-in admin over fixture answers: nothing leaves the browser. */
export function AdminStory({ path, answers }: { path: string; answers: FixtureAnswers }) {
  const local = {
    [SESSION_KEYS.admin.token]: adminStoryToken(),
    [SESSION_KEYS.admin.refreshToken]: 'story',
  };
  return <PortalStory path={path} answers={answers} local={local} />;
}
