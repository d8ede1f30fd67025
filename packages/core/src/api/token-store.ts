/** Token stores for the three audiences' sessions (spec section 3 "Sessions"). */
import type { TokenPair } from '../contract/auth.ts';
import type { TokenStore } from './http.ts';

export interface SessionKeys {
  token: string;
  refreshToken: string;
}

/** Storage keys of each audience's token pair (spec section 3 "Sessions"). */
export const SESSION_KEYS = {
  admin: { token: 'adminUser', refreshToken: 'adminUserRefreshToken' },
  merchant: { token: 'merchantUser', refreshToken: 'merchantUserRefreshToken' },
  customer: { token: 'customerUser', refreshToken: 'customerUserRefreshToken' },
} as const satisfies Record<'admin' | 'merchant' | 'customer', SessionKeys>;

/** The part of the Web Storage API the store uses (declared here so that Node consumers need no DOM types). */
export interface WebStorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Keeps the pair in memory only (server side, tests, or a session that must not survive a reload). */
export function createMemoryTokenStore(initial: TokenPair | null = null): TokenStore {
  let current = initial;
  return {
    get: () => current,
    set: (tokens) => {
      current = tokens;
    },
  };
}

/**
 * Keeps the pair in a Web Storage (localStorage or sessionStorage, injected). A pair is returned only when both
 * keys are present. Storage errors (quota, blocked storage in private mode) are swallowed: the session then
 * behaves as logged out instead of crashing the app.
 */
export function createWebStorageTokenStore(storage: WebStorageLike, keys: SessionKeys): TokenStore {
  return {
    get() {
      try {
        const token = storage.getItem(keys.token);
        const refreshToken = storage.getItem(keys.refreshToken);
        return token && refreshToken ? { token, refreshToken } : null;
      } catch {
        return null;
      }
    },
    set(tokens) {
      try {
        if (tokens) {
          storage.setItem(keys.token, tokens.token);
          storage.setItem(keys.refreshToken, tokens.refreshToken);
        } else {
          storage.removeItem(keys.token);
          storage.removeItem(keys.refreshToken);
        }
      } catch {
        // Storage unavailable: nothing to persist or clear.
      }
    },
  };
}
