import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  acceptedEncoding,
  cachedEmbedOrigins,
  defaultEmbedOrigins,
  parseEmbedOrigins,
  type StaticOptions,
  staticApps,
} from '../../src/static.ts';

let dir: string;
let options: StaticOptions;
const SDK_SOURCE = `var Drip=(function(){${'/* the SDK */ '.repeat(200)}return{}})();`;
const BIG_JS = `console.log(${JSON.stringify('x'.repeat(5000))});`;

function appWith(extra: Partial<StaticOptions> = {}) {
  const app = new Hono();
  app.get('*', staticApps({ ...options, ...extra }));
  return app;
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'drip-static-'));
  const portalsDist = join(dir, 'portals');
  const checkoutDist = join(dir, 'checkout');
  const sdkDir = join(dir, 'sdk');
  mkdirSync(join(portalsDist, 'assets'), { recursive: true });
  mkdirSync(join(checkoutDist, 'checkout-assets'), { recursive: true });
  mkdirSync(join(sdkDir, 'dist'), { recursive: true });
  writeFileSync(join(portalsDist, 'index.html'), '<!doctype html><title>portals</title>');
  writeFileSync(join(checkoutDist, 'index.html'), '<!doctype html><title>checkout</title>');
  writeFileSync(join(checkoutDist, 'checkout-assets', 'main-abc.js'), BIG_JS);
  writeFileSync(
    join(sdkDir, 'package.json'),
    JSON.stringify({ name: '@drip/checkout-sdk', version: '1.2.3' }),
  );
  writeFileSync(join(sdkDir, 'dist', 'drip.iife.js'), SDK_SOURCE);
  options = {
    portalsDist,
    checkoutDist,
    sdkDir,
    embedOrigins: ['https://loja.example', 'http://localhost:3100'],
  };
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('frame-ancestors', () => {
  it.each([
    '/checkouts/chk-1',
    '/checkouts/chk-1?transparent=true',
    '/checkout-feedback/chk-1',
    '/drip_banner?amount=300',
    '/drip-modal',
    '/instalments_simulator',
  ])('%s may be framed by Drip and the allowed embed origins only', async (path) => {
    const res = await appWith().request(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toBe(
      "frame-ancestors 'self' https://loja.example http://localhost:3100",
    );
    expect(res.headers.get('x-frame-options')).toBeNull();
  });

  it.each(['/', '/admin', '/parceira/login', '/cliente', '/nao-existe', '/app-download', '/index.html'])(
    '%s may not be framed at all',
    async (path) => {
      const res = await appWith().request(path);
      expect(res.headers.get('content-security-policy')).toBe("frame-ancestors 'none'");
      expect(res.headers.get('x-frame-options')).toBe('DENY');
    },
  );

  it('with no allowed origin, only Drip itself may frame the checkout', async () => {
    const res = await appWith({ embedOrigins: [] }).request('/checkouts/chk-1');
    expect(res.headers.get('content-security-policy')).toBe("frame-ancestors 'self'");
  });

  it('even the not-built answer of an embeddable page carries its frame-ancestors', async () => {
    const res = await appWith({ checkoutDist: join(dir, 'missing') }).request('/checkouts/chk-1');
    expect(res.status).toBe(503);
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
  });

  it('DRIP_EMBED_ORIGINS: comma-separated origins, normalised, duplicates dropped', () => {
    expect(
      parseEmbedOrigins(' https://loja.example/ , http://127.0.0.1:3100,https://loja.example', []),
    ).toEqual(['https://loja.example', 'http://127.0.0.1:3100']);
    expect(parseEmbedOrigins(undefined, ['http://localhost:3100'])).toEqual(['http://localhost:3100']);
    expect(parseEmbedOrigins('  ', ['http://localhost:3100'])).toEqual(['http://localhost:3100']);
  });

  it.each(['loja.example', 'https://loja.example/checkout', 'ftp://loja.example', "'unsafe-inline'", '*'])(
    'DRIP_EMBED_ORIGINS rejects %s with a message naming the variable',
    (value) => {
      expect(() => parseEmbedOrigins(value, [])).toThrow(/DRIP_EMBED_ORIGINS must list http\(s\) origins/);
    },
  );

  it('defaults: the demo store in the sandbox (PORT_DEMO_STORE), nothing in production', () => {
    expect(defaultEmbedOrigins({}, true)).toEqual(['http://localhost:3100', 'http://127.0.0.1:3100']);
    expect(defaultEmbedOrigins({ PORT_DEMO_STORE: '4100' }, true)).toEqual([
      'http://localhost:4100',
      'http://127.0.0.1:4100',
    ]);
    expect(defaultEmbedOrigins({}, false)).toEqual([]);
  });
});

describe('/sdk/v{version}/drip.js', () => {
  it('serves the IIFE build, immutable, to any origin', async () => {
    const res = await appWith().request('/sdk/v1.2.3/drip.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(await res.text()).toBe(SDK_SOURCE);
  });

  it('answers another version with 404 naming the one it has', async () => {
    const res = await appWith().request('/sdk/v9.9.9/drip.js');
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('/sdk/v1.2.3/drip.js');
  });

  it('answers 503 with what to run when the SDK is not built', async () => {
    const sdkDir = join(dir, 'unbuilt-sdk');
    mkdirSync(sdkDir, { recursive: true });
    writeFileSync(join(sdkDir, 'package.json'), JSON.stringify({ version: '1.2.3' }));
    const res = await appWith({ sdkDir }).request('/sdk/v1.2.3/drip.js');
    expect(res.status).toBe(503);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.text()).toContain('npm run build -w @drip/checkout-sdk');
  });

  it('the real SDK folder is found by default (version of packages/checkout-sdk)', async () => {
    const app = new Hono();
    app.get('*', staticApps({ portalsDist: options.portalsDist, checkoutDist: options.checkoutDist }));
    const { default: pkg } = await import('../../../checkout-sdk/package.json', { with: { type: 'json' } });
    const res = await app.request(`/sdk/v${pkg.version}/drip.js`);
    // 200 once built, 503 before: never the "unknown version" 404.
    expect([200, 503]).toContain(res.status);
  });
});

describe('compression', () => {
  it('sends brotli, then gzip, as the browser accepts', async () => {
    const app = appWith();
    const br = await app.request('/checkout-assets/main-abc.js', {
      headers: { 'Accept-Encoding': 'gzip, deflate, br' },
    });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    const brBody = Buffer.from(await br.arrayBuffer());
    expect(Number(br.headers.get('content-length'))).toBe(brBody.byteLength);
    expect(brBody.byteLength).toBeLessThan(BIG_JS.length / 10);
    expect(brotliDecompressSync(brBody).toString()).toBe(BIG_JS);

    const gz = await app.request('/checkout-assets/main-abc.js', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(BIG_JS);

    const none = await app.request('/checkout-assets/main-abc.js');
    expect(none.headers.get('content-encoding')).toBeNull();
    expect(await none.text()).toBe(BIG_JS);
  });

  it('the SDK script is compressed too, small files are not', async () => {
    const sdk = await appWith().request('/sdk/v1.2.3/drip.js', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(sdk.headers.get('content-encoding')).toBe('gzip');
    const page = await appWith().request('/checkouts/chk-1', { headers: { 'Accept-Encoding': 'br' } });
    expect(page.headers.get('content-encoding')).toBeNull();
  });

  it('reads Accept-Encoding with q-values', () => {
    expect(acceptedEncoding('gzip;q=1.0, br;q=0')).toBe('gzip');
    expect(acceptedEncoding('identity')).toBeNull();
    expect(acceptedEncoding('*')).toBe('gzip');
    expect(acceptedEncoding(undefined)).toBeNull();
  });
});

describe("merchants' registered origins", () => {
  it('are added per checkout and for the widgets; a failing source leaves the configured origins', async () => {
    const app = appWith({
      merchantOrigins: {
        forCheckout: async (id) => (id === 'chk-1' ? ['https://um.example'] : []),
        forWidgets: async () => ['https://um.example', 'https://dois.example'],
      },
    });
    const csp = async (p: string) => (await app.request(p)).headers.get('content-security-policy');
    const base = "frame-ancestors 'self' https://loja.example http://localhost:3100";
    expect(await csp('/checkouts/chk-1')).toBe(`${base} https://um.example`);
    expect(await csp('/checkouts/chk-2')).toBe(base);
    expect(await csp('/drip-modal')).toBe(`${base} https://um.example https://dois.example`);
    const failing = appWith({
      merchantOrigins: {
        forCheckout: () => Promise.reject(new Error('db down')),
        forWidgets: () => Promise.reject(new Error('db down')),
      },
    });
    expect((await failing.request('/checkouts/chk-1')).headers.get('content-security-policy')).toBe(base);
  });

  it('are cached for the TTL and reloaded after it or after clear()', async () => {
    let now = 0;
    let loads = 0;
    const cache = cachedEmbedOrigins(
      {
        forCheckout: async () => {
          loads++;
          return [`https://v${loads}.example`];
        },
        forWidgets: async () => [],
      },
      1000,
      () => now,
    );
    expect(await cache.forCheckout('a')).toEqual(['https://v1.example']);
    now = 999;
    expect(await cache.forCheckout('a')).toEqual(['https://v1.example']);
    now = 1000;
    expect(await cache.forCheckout('a')).toEqual(['https://v2.example']);
    cache.clear();
    expect(await cache.forCheckout('a')).toEqual(['https://v3.example']);
  });
});
