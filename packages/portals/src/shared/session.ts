import { createWebStorageTokenStore, type TokenPair, type TokenStore } from '@drip/core';

type StorageKeys = Parameters<typeof createWebStorageTokenStore>[1];

/**
 * One audience's session: tokens live in localStorage when 'Mantenha-me conectado' was checked, otherwise in
 * sessionStorage. `tokens` is the store handed to the API client (refreshed pairs go back where the session is).
 */
export interface AreaSession {
  readonly tokens: TokenStore;
  hasSession(): boolean;
  save(pair: TokenPair, remember: boolean): void;
  clear(): void;
}

export function createAreaSession(keys: StorageKeys, local: Storage, session: Storage): AreaSession {
  const persistent = createWebStorageTokenStore(local, keys);
  const temporary = createWebStorageTokenStore(session, keys);
  const tokens: TokenStore = {
    get: () => persistent.get() ?? temporary.get(),
    set: (pair) => {
      if (pair === null) {
        persistent.set(null);
        temporary.set(null);
      } else if (persistent.get() !== null) {
        persistent.set(pair);
      } else {
        temporary.set(pair);
      }
    },
  };
  return {
    tokens,
    hasSession: () => tokens.get() !== null,
    save: (pair, remember) => {
      (remember ? temporary : persistent).set(null);
      (remember ? persistent : temporary).set(pair);
    },
    clear: () => tokens.set(null),
  };
}
