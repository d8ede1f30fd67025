// Every app has the Drip icon: browsers ask for /favicon.ico whatever a page links, and each app's HTML links one.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageDir } from '../src/package-dir.ts';
import { staticApps } from '../src/static.ts';
import { seededApp } from './helpers.ts';

let empty: string;
let t: Awaited<ReturnType<typeof seededApp>>;
beforeAll(async () => {
  empty = mkdtempSync(join(tmpdir(), 'drip-favicon-'));
  t = await seededApp();
});
afterAll(async () => {
  rmSync(empty, { recursive: true, force: true });
  await t.dispose();
});

describe('favicon', () => {
  it('/favicon.ico is a real icon and /favicon.svg the same drop, even before the apps are built', async () => {
    const app = new Hono();
    // Neither app is built here: the icon does not depend on them.
    app.get(
      '*',
      staticApps({ portalsDist: join(empty, 'p'), checkoutDist: join(empty, 'c'), embedOrigins: [] }),
    );
    const ico = await app.request('/favicon.ico');
    expect(ico.status).toBe(200);
    expect(ico.headers.get('content-type')).toBe('image/x-icon');
    expect(ico.headers.get('cache-control')).toBe('public, max-age=86400');
    const bytes = new Uint8Array(await ico.arrayBuffer());
    // ICONDIR: reserved 0, type 1 (icon), at least one image.
    expect([...bytes.slice(0, 4)]).toEqual([0, 0, 1, 0]);
    expect(bytes[4]).toBeGreaterThan(0);
    const svg = await app.request('/favicon.svg');
    expect(svg.status).toBe(200);
    expect(svg.headers.get('content-type')).toBe('image/svg+xml');
    expect(await svg.text()).toMatch(/^<svg [^>]*><title>Drip<\/title>/);
    const head = await app.request('/favicon.ico', { method: 'HEAD' });
    expect(head.status).toBe(200);
  });

  it('the whole server answers it (not the 404 page)', async () => {
    const res = await t.raw('/favicon.ico', { method: 'GET' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/x-icon');
  });

  it("every app's HTML links it: checkout, portals, sandbox bank and inbox", async () => {
    const root = join(packageDir(), '..');
    const icon = /<link rel="icon" href="[^"]+"/;
    expect(readFileSync(join(root, 'checkout-ui', 'index.html'), 'utf8')).toMatch(icon);
    expect(readFileSync(join(root, 'portals', 'index.html'), 'utf8')).toMatch(icon);
    for (const page of ['/sandbox/bank', '/sandbox/inbox']) {
      const html = await (await t.raw(page, { method: 'GET' })).text();
      expect(html, page).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
    }
  });
});
