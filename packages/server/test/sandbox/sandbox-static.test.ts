import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { paths } from '@drip/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appOn, DEMO_PASSWORD, seededApp } from '../helpers.ts';

let t: Awaited<ReturnType<typeof seededApp>>;
beforeAll(async () => {
  t = await seededApp();
});
afterAll(async () => {
  await t.dispose();
});

describe('sandbox', () => {
  it('GET /healthz', async () => {
    const res = await t.request('GET', paths.healthz);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  it('/sandbox/demo lists the seeded world with working credentials', async () => {
    const res = await t.request('GET', paths.sandbox.demo);
    expect(res.status).toBe(200);
    expect(res.body.admin).toEqual({ email: 'admin@drip.dev', password: DEMO_PASSWORD });
    expect(res.body.merchants.map((m: { name: string }) => m.name)).toEqual(['Casa Pitanga', 'Loja Aurora']);
    for (const m of res.body.merchants) {
      expect(m.apiKey).toMatch(/^sk_sandbox_[\w-]{20,}$/);
      expect(m.users).toHaveLength(2);
    }
    expect(res.body.customers).toHaveLength(3);
    const c = res.body.customers[0];
    const login = await t.request('POST', paths.customer.login, { username: c.cpf, password: c.password });
    expect(login.status).toBe(200);
  });

  it('/sandbox/inbox is an escaped HTML page, newest first, filterable', async () => {
    await t.request('POST', paths.merchant.recoverPassword, { merchantUserEmail: 'admin@aurora.demo' });
    await t.request('POST', paths.customer.recoverPassword, { customerCpf: '52998224725' });
    const page = await t.raw(paths.sandbox.inbox, { method: 'GET' });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('Caixa de entrada do sandbox');
    expect(html.indexOf('+5511912345678')).toBeLessThan(html.indexOf('admin@aurora.demo'));
    expect(html).toContain('<mark class="hl">');
    const filtered = await (
      await t.raw(`${paths.sandbox.inbox}?to=${encodeURIComponent('<script>x</script>')}`, { method: 'GET' })
    ).text();
    expect(filtered).not.toContain('<script>x</script>');
    expect(filtered).toContain('&lt;script&gt;');
  });

  it('sandbox routes are absent when the sandbox is off', async () => {
    const prod = appOn(t.database, { config: { sandbox: false } });
    for (const path of [paths.sandbox.demo, paths.sandbox.outbox, paths.sandbox.inbox]) {
      const res = await prod.request('GET', path);
      expect(res.status, path).toBe(404);
    }
    // Messages still go to the outbox (PENDING) for a real provider.
    const res = await prod.request('POST', paths.merchant.recoverPassword, {
      merchantUserEmail: 'admin@aurora.demo',
    });
    expect(res.body).toEqual({ emailDelivered: true });
  });
});

describe('static apps', () => {
  let portals: string;
  let checkout: string;
  beforeAll(() => {
    const root = mkdtempSync(join(tmpdir(), 'drip-static-'));
    portals = join(root, 'portals');
    checkout = join(root, 'checkout');
    mkdirSync(join(portals, 'assets'), { recursive: true });
    mkdirSync(join(checkout, 'checkout-assets'), { recursive: true });
    writeFileSync(join(portals, 'index.html'), '<!doctype html><title>portals</title>');
    writeFileSync(join(portals, 'assets', 'app-abc123.js'), 'console.log(1)');
    writeFileSync(join(checkout, 'index.html'), '<!doctype html><title>checkout</title>');
    writeFileSync(join(checkout, 'checkout-assets', 'c-def456.css'), 'body{}');
  });

  const app = () => appOn(t.database, { config: { portalsDist: portals, checkoutDist: checkout } });

  it('serves hashed assets from both folders as immutable', async () => {
    const a = await app().raw('/assets/app-abc123.js', { method: 'GET' });
    expect(a.status).toBe(200);
    expect(a.headers.get('content-type')).toContain('text/javascript');
    expect(a.headers.get('cache-control')).toContain('immutable');
    const b = await app().raw('/checkout-assets/c-def456.css', { method: 'GET' });
    expect(b.status).toBe(200);
    expect(await b.text()).toBe('body{}');
  });

  it('single-page fallbacks per area, 404 page elsewhere, no-cache index', async () => {
    for (const path of ['/checkouts/abc', '/drip_banner', '/pagamento/x/y', '/renegociacao']) {
      const res = await app().raw(path, { method: 'GET' });
      expect(res.status, path).toBe(200);
      expect(await res.text()).toContain('checkout');
    }
    for (const path of [
      '/',
      '/admin/login',
      '/parceira/login',
      '/cliente',
      '/customer/x',
      '/merchant',
      '/ajuda',
    ]) {
      const res = await app().raw(path, { method: 'GET' });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toContain('portals');
    }
    const missing = await app().raw('/qualquer-coisa', { method: 'GET' });
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('portals');
  });

  it('refuses path traversal', async () => {
    const res = await app().raw('/assets/..%2f..%2f..%2fetc%2fpasswd', { method: 'GET' });
    expect(await res.text()).not.toContain('root:');
  });

  it('503 with a build hint when a dist folder is missing', async () => {
    const res = await t.raw('/admin/login', { method: 'GET' });
    expect(res.status).toBe(503);
    expect(await res.text()).toContain('npm run build');
  });
});
