import { describe, expect, it, vi } from 'vitest';
import { clientReady, deferredClient } from './deferredClient.ts';

interface Client {
  login(body: { username: string }): Promise<string>;
  logout(): Promise<string>;
}

function fakeClient(calls: string[]): Client {
  return {
    login: async (body) => {
      calls.push(`login ${body.username}`);
      return 'token';
    },
    logout: () => {
      // Like core's logout: what it reads, it reads when called.
      calls.push('logout');
      return Promise.resolve('bye');
    },
  };
}

describe('deferredClient', () => {
  it('loads the client on the first call and forwards the call with its arguments', async () => {
    const calls: string[] = [];
    const load = vi.fn(async () => fakeClient(calls));
    const client = deferredClient<Client>(load, { login: true, logout: true });
    expect(load).not.toHaveBeenCalled();
    await expect(client.login({ username: 'ana' })).resolves.toBe('token');
    expect(calls).toEqual(['login ana']);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('calls a loaded client synchronously (logout reads the tokens before the app clears them)', async () => {
    const calls: string[] = [];
    const client = deferredClient<Client>(async () => fakeClient(calls), { login: true, logout: true });
    await clientReady(client);
    const done = client.logout();
    calls.push('store cleared');
    await expect(done).resolves.toBe('bye');
    expect(calls).toEqual(['logout', 'store cleared']);
  });

  it('rejects the calls of a failed load and loads again on the next call', async () => {
    const calls: string[] = [];
    const load = vi
      .fn<() => Promise<Client>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(fakeClient(calls));
    const client = deferredClient<Client>(load, { login: true, logout: true });
    await expect(client.login({ username: 'ana' })).rejects.toThrow('Failed to fetch');
    await expect(client.login({ username: 'ana' })).resolves.toBe('token');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('is ready at once for a client that is not deferred', async () => {
    await expect(clientReady(fakeClient([]))).resolves.toBeUndefined();
  });
});
