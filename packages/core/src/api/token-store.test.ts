import { describe, expect, it } from 'vitest';
import {
  createMemoryTokenStore,
  createWebStorageTokenStore,
  SESSION_KEYS,
  type WebStorageLike,
} from './token-store.ts';

function mapStorage(): WebStorageLike & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => {
      data.set(k, v);
    },
    removeItem: (k) => {
      data.delete(k);
    },
  };
}

describe('token stores', () => {
  it('SESSION_KEYS are the spec keys', () => {
    expect(SESSION_KEYS).toEqual({
      admin: { token: 'adminUser', refreshToken: 'adminUserRefreshToken' },
      merchant: { token: 'merchantUser', refreshToken: 'merchantUserRefreshToken' },
      customer: { token: 'customerUser', refreshToken: 'customerUserRefreshToken' },
    });
  });

  it('memory store keeps and clears a pair', () => {
    const store = createMemoryTokenStore();
    expect(store.get()).toBeNull();
    store.set({ token: 'a', refreshToken: 'r' });
    expect(store.get()).toEqual({ token: 'a', refreshToken: 'r' });
    store.set(null);
    expect(store.get()).toBeNull();
  });

  it('web storage store writes both keys, reads a pair only when both exist, and clears them', () => {
    const storage = mapStorage();
    const store = createWebStorageTokenStore(storage, SESSION_KEYS.merchant);
    store.set({ token: 'a', refreshToken: 'r' });
    expect(storage.data.get('merchantUser')).toBe('a');
    expect(storage.data.get('merchantUserRefreshToken')).toBe('r');
    expect(store.get()).toEqual({ token: 'a', refreshToken: 'r' });
    storage.data.delete('merchantUserRefreshToken');
    expect(store.get()).toBeNull();
    store.set(null);
    expect(storage.data.size).toBe(0);
  });

  it('keeps audiences apart', () => {
    const storage = mapStorage();
    createWebStorageTokenStore(storage, SESSION_KEYS.admin).set({ token: 'adm', refreshToken: 'r1' });
    expect(createWebStorageTokenStore(storage, SESSION_KEYS.customer).get()).toBeNull();
  });

  it('survives a storage that throws (blocked storage)', () => {
    const broken: WebStorageLike = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    const store = createWebStorageTokenStore(broken, SESSION_KEYS.admin);
    expect(() => store.set({ token: 'a', refreshToken: 'r' })).not.toThrow();
    expect(store.get()).toBeNull();
  });
});
