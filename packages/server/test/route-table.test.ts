import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteDef } from '../src/http/route-table.ts';
import { bearer, loginAdmin, loginCustomer, loginMerchant, seededApp } from './helpers.ts';

let t: Awaited<ReturnType<typeof seededApp>>;
let tokens: Record<'admin' | 'merchant' | 'customer', string>;

beforeAll(async () => {
  t = await seededApp();
  tokens = {
    admin: (await loginAdmin(t)).token,
    merchant: (await loginMerchant(t)).token,
    customer: (await loginCustomer(t)).token,
  };
});
afterAll(async () => {
  await t.dispose();
});

const concrete = (route: RouteDef) => route.path.replace(/:(\w+)/g, 'x');
const send = (route: RouteDef, headers: Record<string, string>) =>
  t.request(route.method, concrete(route), route.method === 'GET' ? undefined : {}, headers);

describe('route table', () => {
  it('declares an audience for every route and has protected routes for each audience', () => {
    const audiences = new Set(t.built.routes.map((r) => r.audience));
    for (const a of ['public', 'admin', 'merchant', 'customer', 'sandbox', 'merchantApiKey'])
      expect(audiences).toContain(a);
  });

  it('every protected route answers 401 without a token and with a malformed one', async () => {
    const protectedRoutes = t.built.routes.filter((r) => r.audience !== 'public' && r.audience !== 'sandbox');
    for (const route of protectedRoutes) {
      const none = await send(route, {});
      expect(none.status, `${route.method} ${route.path}`).toBe(401);
      expect(none.body.error.code).toBe('UNAUTHORIZED');
      const bad = await send(route, bearer('not.a.jwt'));
      expect(bad.status, `${route.method} ${route.path}`).toBe(401);
    }
  });

  it("every protected route answers 403 with another audience's valid token", async () => {
    for (const route of t.built.routes) {
      if (route.audience !== 'admin' && route.audience !== 'merchant' && route.audience !== 'customer')
        continue;
      for (const other of ['admin', 'merchant', 'customer'] as const) {
        if (other === route.audience) continue;
        const res = await send(route, bearer(tokens[other]));
        expect(res.status, `${route.method} ${route.path} with ${other}`).toBe(403);
        expect(res.body.error.code).toBe('FORBIDDEN');
      }
    }
  });

  it('every protected route answers 401 with its own audience token once expired', async () => {
    const fresh = {
      admin: (await loginAdmin(t)).token,
      merchant: (await loginMerchant(t)).token,
      customer: (await loginCustomer(t)).token,
    };
    t.clock.advance(901 * 1000);
    for (const route of t.built.routes) {
      if (route.audience !== 'admin' && route.audience !== 'merchant' && route.audience !== 'customer')
        continue;
      const res = await send(route, bearer(fresh[route.audience]));
      expect(res.status, `${route.method} ${route.path}`).toBe(401);
    }
  });

  it('merchant API key routes refuse a portal JWT of every audience (a JWT is not a key)', async () => {
    const fresh = {
      admin: (await loginAdmin(t)).token,
      merchant: (await loginMerchant(t)).token,
      customer: (await loginCustomer(t)).token,
    };
    const keyRoutes = t.built.routes.filter((r) => r.audience === 'merchantApiKey');
    expect(keyRoutes.length).toBeGreaterThan(0);
    for (const route of keyRoutes) {
      for (const jwt of Object.values(fresh)) {
        const res = await send(route, { ...bearer(jwt), 'idempotency-key': 'k' });
        expect(res.status, `${route.method} ${route.path}`).toBe(401);
      }
    }
  });

  it('a token signed with another secret is refused', async () => {
    const { SignJWT } = await import('jose');
    const forged = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('x')
      .setAudience('admin')
      .setIssuer('drip')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    const route = t.built.routes.find((r) => r.audience === 'admin');
    if (!route) throw new Error('no admin route');
    expect((await send(route, bearer(forged))).status).toBe(401);
  });
});
