import { generatePath, matchPath } from 'react-router';

/** Named merchant routes, for the guard's `redirectTo` (static paths before parameterised ones). */
export const MERCHANT_ROUTE_NAMES = {
  home: '/parceira',
  orders: '/parceira/pedidos',
  extract: '/parceira/pedidos/extrato',
  order: '/parceira/pedidos/:checkoutId',
  links: '/parceira/checkout-links',
  createLink: '/parceira/checkout-links/criar',
  profile: '/parceira/perfil',
  pluginSignUp: '/parceira/plugin_sign_up/:platform',
} as const;

export type MerchantRouteName = keyof typeof MERCHANT_ROUTE_NAMES;

/** sessionStorage key of the saved route params (and query) of the page to return to. */
export const REDIRECT_PARAMS_KEY = 'merchantRedirectParams';

interface SavedTarget {
  params: Record<string, string>;
  search: string;
}

function isName(value: string): value is MerchantRouteName {
  return Object.hasOwn(MERCHANT_ROUTE_NAMES, value);
}

/** The named route a path belongs to, with its params. */
export function matchMerchantRoute(
  pathname: string,
): { name: MerchantRouteName; params: Record<string, string> } | null {
  for (const name of Object.keys(MERCHANT_ROUTE_NAMES)) {
    if (!isName(name)) continue;
    const match = matchPath({ path: MERCHANT_ROUTE_NAMES[name], end: true }, pathname);
    if (match) {
      const params: Record<string, string> = {};
      for (const [key, value] of Object.entries(match.params)) if (value !== undefined) params[key] = value;
      return { name, params };
    }
  }
  return null;
}

/** The login URL for an unauthenticated visit to `url`; saves the params in `storage`. */
export function loginRedirectFor(url: URL, storage: Storage): string {
  const target = matchMerchantRoute(url.pathname.replace(/\/+$/, '') || '/');
  if (!target || target.name === 'home') return '/parceira/login';
  const saved: SavedTarget = { params: target.params, search: url.search };
  try {
    storage.setItem(REDIRECT_PARAMS_KEY, JSON.stringify(saved));
  } catch {
    // Storage unavailable: the user lands on the route without its params.
  }
  return `/parceira/login?${new URLSearchParams({ redirectTo: target.name }).toString()}`;
}

function readSaved(storage: Storage): SavedTarget {
  const empty: SavedTarget = { params: {}, search: '' };
  let raw: string | null = null;
  try {
    raw = storage.getItem(REDIRECT_PARAMS_KEY);
    storage.removeItem(REDIRECT_PARAMS_KEY);
  } catch {
    return empty;
  }
  if (raw === null) return empty;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return empty;
  }
  if (typeof parsed !== 'object' || parsed === null) return empty;
  const params: Record<string, string> = {};
  if ('params' in parsed && typeof parsed.params === 'object' && parsed.params !== null) {
    for (const [key, value] of Object.entries(parsed.params))
      if (typeof value === 'string') params[key] = value;
  }
  const search = 'search' in parsed && typeof parsed.search === 'string' ? parsed.search : '';
  return { params, search: search.startsWith('?') ? search : '' };
}

/** Where to go after login: the saved target route, else the merchant home. */
export function resolveLoginRedirect(redirectTo: string | null, storage: Storage): string {
  const saved = readSaved(storage);
  if (redirectTo === null || !isName(redirectTo)) return '/parceira';
  try {
    return generatePath(MERCHANT_ROUTE_NAMES[redirectTo], saved.params) + saved.search;
  } catch {
    return '/parceira';
  }
}
