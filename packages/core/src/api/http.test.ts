import * as v from 'valibot';
import { describe, expect, it, vi } from 'vitest';
import { paths } from '../contract/paths.ts';
import {
  adminGetUser,
  adminLogin,
  customerLogin,
  customerValidateRecoveryToken,
  merchantLogin,
  merchantRecoverPassword,
} from '../endpoints/index.ts';
import { createAdminClient, createCustomerClient, createMerchantClient } from './clients.ts';
import { buildUrl, createHttp, type Timers } from './http.ts';
import { createMemoryTokenStore } from './token-store.ts';

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
}

/** A fake fetch that records calls and answers through `handler`. */
function fakeFetch(handler: Handler) {
  const calls: Call[] = [];
  const fn = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const headers = new Headers(init.headers);
    const record: Record<string, string> = {};
    headers.forEach((value, key) => {
      record[key] = value;
    });
    calls.push({
      url,
      method: init.method ?? 'GET',
      headers: record,
      body: typeof init.body === 'string' ? init.body : undefined,
    });
    return handler(url, init);
  };
  return { fetch: fn, calls };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const user = { id: 'u1', username: 'ana@drip.com.br', name: 'Ana' };
const oldPair = { token: 'old-access', refreshToken: 'old-refresh' };
const newPair = { token: 'new-access', refreshToken: 'new-refresh' };

/** Manual timers: `fire()` runs what is due, so time-outs need no real waiting. */
function manualTimers() {
  const pending = new Set<() => void>();
  const timers: Timers = {
    schedule(callback) {
      pending.add(callback);
      return () => pending.delete(callback);
    },
  };
  return {
    timers,
    pending,
    fireAll() {
      for (const cb of [...pending]) {
        pending.delete(cb);
        cb();
      }
    },
  };
}

/** An admin back end whose access check is `Bearer new-access`; `refresh` decides the refresh answer. */
function adminBackend(refresh: () => Response, guard: (auth: string | null) => Response | null = () => null) {
  return fakeFetch(async (url, init) => {
    const headers = new Headers(init.headers);
    if (url.endsWith(paths.admin.login) && init.method === 'PUT') {
      await new Promise((r) => setTimeout(r, 5));
      return refresh();
    }
    const denied = guard(headers.get('Authorization'));
    if (denied) return denied;
    if (headers.get('Authorization') !== 'Bearer new-access') {
      return json(401, { error: { code: 'TOKEN_EXPIRED', message: 'Sessão expirada' } });
    }
    return json(200, user);
  });
}

describe('buildUrl', () => {
  it('joins base, path and query, skipping empty values', () => {
    expect(buildUrl('', '/a', { page: 0, size: 10, name: undefined, q: null })).toBe('/a?page=0&size=10');
    expect(buildUrl('https://api.drip.com.br/', '/x', { s: 'a b&c' })).toBe(
      'https://api.drip.com.br/x?s=a+b%26c',
    );
  });
});

describe('createHttp', () => {
  it('sends JSON with the bearer token and parses the body with the schema', async () => {
    const f = fakeFetch(() => json(200, user));
    const tokens = createMemoryTokenStore(oldPair);
    const http = createHttp({ baseUrl: 'https://api.test', fetch: f.fetch, tokens });
    const r = await http.request({
      method: 'PUT',
      path: '/admin_backoffice/api/v1/user',
      body: { a: 1 },
      schema: v.object({ id: v.string(), username: v.string(), name: v.string() }),
    });
    expect(r).toMatchObject({ ok: true, status: 200, data: user });
    expect(f.calls[0]).toMatchObject({
      url: 'https://api.test/admin_backoffice/api/v1/user',
      method: 'PUT',
      body: '{"a":1}',
    });
    expect(f.calls[0]?.headers.authorization).toBe('Bearer old-access');
    expect(f.calls[0]?.headers['content-type']).toBe('application/json');
  });

  it('reports a time-out after timeoutMs as a value', async () => {
    const t = manualTimers();
    const f = fakeFetch(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const http = createHttp({ fetch: f.fetch, timers: t.timers, timeoutMs: 15_000 });
    const pending = http.request({ method: 'GET', path: '/slow', schema: v.unknown(), auth: false });
    await Promise.resolve();
    expect(t.pending.size).toBe(1);
    t.fireAll();
    const r = await pending;
    expect(r).toEqual({ ok: false, error: { kind: 'timeout', status: 0, message: expect.any(String) } });
  });

  it('uses the real 15 s default time-out (fake clock)', async () => {
    vi.useFakeTimers();
    try {
      const f = fakeFetch(
        (_url, init) =>
          new Promise<Response>((_resolve, reject) => {
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
      );
      const http = createHttp({ fetch: f.fetch });
      const pending = http.request({ method: 'GET', path: '/slow', schema: v.unknown(), auth: false });
      await vi.advanceTimersByTimeAsync(14_999);
      let settled = false;
      void pending.then(() => {
        settled = true;
      });
      await vi.advanceTimersByTimeAsync(0);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      const r = await pending;
      expect(r.ok === false && r.error.kind).toBe('timeout');
    } finally {
      vi.useRealTimers();
    }
  });

  it('clears the timer once answered', async () => {
    const t = manualTimers();
    const f = fakeFetch(() => json(200, { ok: 1 }));
    const http = createHttp({ fetch: f.fetch, timers: t.timers });
    await http.request({ method: 'GET', path: '/x', schema: v.unknown(), auth: false });
    expect(t.pending.size).toBe(0);
  });

  it('reports a network error as a value', async () => {
    const f = fakeFetch(() => {
      throw new TypeError('fetch failed');
    });
    const http = createHttp({ fetch: f.fetch });
    const r = await http.request({ method: 'GET', path: '/x', schema: v.unknown(), auth: false });
    expect(r).toEqual({ ok: false, error: { kind: 'network', status: 0, message: expect.any(String) } });
  });

  it('maps an ApiErrorBody with its status, code, message and issues', async () => {
    const issues = [{ path: 'username', message: 'O e-mail é obrigatório' }];
    const f = fakeFetch(() =>
      json(422, { error: { code: 'VALIDATION', message: 'Dados inválidos', issues } }),
    );
    const http = createHttp({ fetch: f.fetch });
    const r = await http.request({ method: 'POST', path: '/x', body: {}, schema: v.unknown(), auth: false });
    expect(r).toEqual({
      ok: false,
      error: { kind: 'http', status: 422, code: 'VALIDATION', message: 'Dados inválidos', issues },
    });
  });

  it("maps a body that is not an ApiErrorBody to 'HTTP_<status>'", async () => {
    const f = fakeFetch(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    const http = createHttp({ fetch: f.fetch });
    const r = await http.request({ method: 'GET', path: '/x', schema: v.unknown(), auth: false });
    expect(r).toEqual({
      ok: false,
      error: { kind: 'http', status: 502, code: 'HTTP_502', message: 'Ocorreu um erro inesperado (502)' },
    });
  });

  it('reports a body that does not match the schema as a parse error with the status', async () => {
    const f = fakeFetch(() => json(200, { id: 1 }));
    const http = createHttp({ fetch: f.fetch });
    const r = await http.request({
      method: 'GET',
      path: '/x',
      schema: v.object({ id: v.string() }),
      auth: false,
    });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.kind).toBe('parse');
      expect(r.error.status).toBe(200);
      expect(r.error.message).toContain('id');
    }
  });

  it('reports a body that is not JSON as a parse error', async () => {
    const f = fakeFetch(() => new Response('not json', { status: 200 }));
    const http = createHttp({ fetch: f.fetch });
    const r = await http.request({ method: 'GET', path: '/x', schema: v.unknown(), auth: false });
    expect(r.ok === false && r.error.kind).toBe('parse');
  });

  it('accepts an empty 204 body with a schema that allows undefined, and raw text on request', async () => {
    const f = fakeFetch((url) =>
      url === '/csv' ? new Response('a;b\n1;2', { status: 200 }) : new Response(null, { status: 204 }),
    );
    const http = createHttp({ fetch: f.fetch });
    const empty = await http.request({ method: 'PUT', path: '/x', schema: v.undefined(), auth: false });
    expect(empty).toMatchObject({ ok: true, status: 204, data: undefined });
    const csv = await http.request({ method: 'GET', path: '/csv', schema: v.string(), responseType: 'text' });
    expect(csv).toMatchObject({ ok: true, data: 'a;b\n1;2' });
  });

  it('exposes the response headers (Location, Content-Disposition)', async () => {
    const f = fakeFetch(
      () => new Response(null, { status: 201, headers: { Location: 'https://loja.example/ok' } }),
    );
    const http = createHttp({ fetch: f.fetch });
    const r = await http.request({ method: 'POST', path: '/x', schema: v.undefined(), auth: false });
    expect(r.ok && r.headers.get('Location')).toBe('https://loja.example/ok');
  });
});

describe('token refresh', () => {
  it('refreshes once for 3 concurrent 401s and retries each request once', async () => {
    const f = adminBackend(() => json(201, newPair));
    const tokens = createMemoryTokenStore(oldPair);
    const onLogout = vi.fn();
    const client = createAdminClient({ fetch: f.fetch, tokens, onLogout });

    const results = await Promise.all([
      client.call(adminGetUser),
      client.call(adminGetUser),
      client.call(adminGetUser),
    ]);

    for (const r of results) expect(r).toMatchObject({ ok: true, data: user });
    const refreshCalls = f.calls.filter((c) => c.method === 'PUT' && c.url === paths.admin.login);
    expect(refreshCalls).toHaveLength(1);
    expect(refreshCalls[0]?.headers.refreshtoken).toBe('old-refresh');
    expect(refreshCalls[0]?.headers.authorization).toBeUndefined();
    expect(f.calls.filter((c) => c.method === 'GET')).toHaveLength(6);
    expect(tokens.get()).toEqual(newPair);
    expect(onLogout).not.toHaveBeenCalled();
  });

  it('retries only once: a second 401 clears the store and logs out', async () => {
    const f = fakeFetch((url, init) =>
      init.method === 'PUT' && url === paths.admin.login
        ? json(201, newPair)
        : json(401, { error: { code: 'UNAUTHORIZED', message: 'Não autorizado' } }),
    );
    const tokens = createMemoryTokenStore(oldPair);
    const onLogout = vi.fn();
    const client = createAdminClient({ fetch: f.fetch, tokens, onLogout });
    const r = await client.call(adminGetUser);
    expect(r).toMatchObject({ ok: false, error: { kind: 'http', status: 401, code: 'UNAUTHORIZED' } });
    expect(f.calls.filter((c) => c.method === 'GET')).toHaveLength(2);
    expect(f.calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
    expect(tokens.get()).toBeNull();
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it('logs out once when the shared refresh fails', async () => {
    const f = adminBackend(() =>
      json(401, { error: { code: 'REFRESH_INVALID', message: 'Sessão expirada' } }),
    );
    const tokens = createMemoryTokenStore(oldPair);
    const onLogout = vi.fn();
    const client = createAdminClient({ fetch: f.fetch, tokens, onLogout });
    const results = await Promise.all([
      client.call(adminGetUser),
      client.call(adminGetUser),
      client.call(adminGetUser),
    ]);
    for (const r of results) expect(r).toMatchObject({ ok: false, error: { kind: 'http', status: 401 } });
    expect(f.calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
    expect(f.calls.filter((c) => c.method === 'GET')).toHaveLength(3);
    expect(tokens.get()).toBeNull();
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it('treats a refresh answer that is not a TokenPair as a failed refresh', async () => {
    const f = adminBackend(() => json(201, { token: 'only-access' }));
    const tokens = createMemoryTokenStore(oldPair);
    const onLogout = vi.fn();
    const r = await createAdminClient({ fetch: f.fetch, tokens, onLogout }).call(adminGetUser);
    expect(r.ok).toBe(false);
    expect(tokens.get()).toBeNull();
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it('logs out without a refresh when there is no session', async () => {
    const f = adminBackend(() => json(201, newPair));
    const tokens = createMemoryTokenStore(null);
    const onLogout = vi.fn();
    const r = await createAdminClient({ fetch: f.fetch, tokens, onLogout }).call(adminGetUser);
    expect(r.ok === false && r.error.status).toBe(401);
    expect(f.calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it('logs out on 403 without refreshing', async () => {
    const f = adminBackend(
      () => json(201, newPair),
      () => json(403, { error: { code: 'FORBIDDEN', message: 'Acesso negado' } }),
    );
    const tokens = createMemoryTokenStore(oldPair);
    const onLogout = vi.fn();
    const r = await createAdminClient({ fetch: f.fetch, tokens, onLogout }).call(adminGetUser);
    expect(r).toMatchObject({ ok: false, error: { kind: 'http', status: 403, code: 'FORBIDDEN' } });
    expect(f.calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    expect(tokens.get()).toBeNull();
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it('does not log out on other errors (404, 500)', async () => {
    const f = fakeFetch(() => json(500, { error: { code: 'INTERNAL', message: 'Erro' } }));
    const tokens = createMemoryTokenStore(oldPair);
    const onLogout = vi.fn();
    const r = await createAdminClient({ fetch: f.fetch, tokens, onLogout }).call(adminGetUser);
    expect(r.ok === false && r.error.status).toBe(500);
    expect(tokens.get()).toEqual(oldPair);
    expect(onLogout).not.toHaveBeenCalled();
  });

  it('never refreshes nor logs out for login and recovery calls', async () => {
    const f = fakeFetch(() => json(401, { error: { code: 'INVALID_CREDENTIALS', message: 'Inválido' } }));
    const tokens = createMemoryTokenStore(oldPair);
    const onLogout = vi.fn();
    const opts = { fetch: f.fetch, tokens, onLogout };
    const results = await Promise.all([
      createAdminClient(opts).call(adminLogin, { body: { username: 'ana@drip.com.br', password: 'x' } }),
      createMerchantClient(opts).call(merchantLogin, {
        body: { username: 'ana@loja.com.br', password: 'x' },
      }),
      createMerchantClient(opts).call(merchantRecoverPassword, {
        body: { merchantUserEmail: 'ana@loja.com.br' },
      }),
      createCustomerClient(opts).call(customerLogin, { body: { username: '123.456.789-09', password: 'x' } }),
      createCustomerClient(opts).call(customerValidateRecoveryToken, {
        body: {
          token: '123456',
          customerCpf: '12345678909',
          type: 'password',
        },
      }),
    ]);
    for (const r of results)
      expect(r).toMatchObject({ ok: false, error: { status: 401, code: 'INVALID_CREDENTIALS' } });
    expect(f.calls).toHaveLength(5);
    expect(f.calls.map((c) => c.method)).toEqual(['POST', 'POST', 'POST', 'POST', 'PUT']);
    for (const c of f.calls) expect(c.headers.authorization).toBeUndefined();
    expect(f.calls[3]?.body).toBe('{"username":"12345678909","password":"x"}');
    expect(tokens.get()).toEqual(oldPair);
    expect(onLogout).not.toHaveBeenCalled();
  });

  it('a request answered 401 after another refresh finished retries with the new token without refreshing', async () => {
    const tokens = createMemoryTokenStore(oldPair);
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const f = fakeFetch(async (url, init) => {
      const auth = new Headers(init.headers).get('Authorization');
      if (url === '/slow' && auth === 'Bearer old-access') {
        await gate;
        return json(401, { error: { code: 'TOKEN_EXPIRED', message: 'Sessão expirada' } });
      }
      if (init.method === 'PUT') return json(201, newPair);
      return auth === 'Bearer new-access' ? json(200, user) : json(401, {});
    });
    const http = createHttp({ fetch: f.fetch, tokens, refreshPath: paths.admin.login });
    const slow = http.request({ method: 'GET', path: '/slow', schema: v.unknown() });
    const fast = await http.request({ method: 'GET', path: '/fast', schema: v.unknown() });
    expect(fast.ok).toBe(true);
    release();
    const r = await slow;
    expect(r.ok).toBe(true);
    expect(f.calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
  });
});
