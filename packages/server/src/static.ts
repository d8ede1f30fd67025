import { readFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlib } from 'node:zlib';
import type { Context } from 'hono';
import { packageDir } from './package-dir.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.wasm': 'application/wasm',
};

const CHECKOUT_SPA = [
  /^\/checkouts(\/|$)/,
  /^\/checkout-feedback(\/|$)/,
  /^\/drip_banner\/?$/,
  /^\/drip-modal\/?$/,
  /^\/instalments_simulator\/?$/,
  /^\/app-download\/?$/,
  /^\/renegociacao\/?$/,
  /^\/pagamento(\/|$)/,
];
const PORTALS_SPA = [
  /^\/$/,
  /^\/ajuda\/?$/,
  /^\/admin/,
  /^\/parceira/,
  /^\/merchant/,
  /^\/cliente/,
  /^\/customer/,
];

/** Resolves a URL path inside root, or null when it escapes it. */
function safeJoin(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const full = normalize(join(root, decoded));
  return full === root || full.startsWith(root + sep) ? full : null;
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

function cacheControl(urlPath: string): string {
  if (/^\/(assets|checkout-assets)\//.test(urlPath)) return 'public, max-age=31536000, immutable';
  if (urlPath.endsWith('.html')) return 'no-cache';
  return 'public, max-age=300';
}

// ---------------------------------------------------------------------------------------------------------------
// Compression: text assets are sent with brotli or gzip when the browser accepts it (the checkout's first load is
// measured in gzip bytes on the wire, bench/checkout-first-load.mjs). Compressed bodies are cached in memory by
// file, modification time and encoding, so each file is compressed once per build.

const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.map',
  '.svg',
  '.txt',
  '.webmanifest',
]);
const MIN_COMPRESS_BYTES = 1024;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
type Encoding = 'br' | 'gzip';
const compressed = new Map<string, Promise<Buffer>>();

/** The best encoding the request accepts (brotli first), or null. `q=0` refuses an encoding. */
export function acceptedEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  const accepted = new Set<string>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const refused = params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p));
    if (!refused) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
}

function compress(path: string, mtimeMs: number, body: Buffer, encoding: Encoding): Promise<Buffer> {
  const key = `${encoding}:${mtimeMs}:${path}`;
  let entry = compressed.get(key);
  if (!entry) {
    entry =
      encoding === 'br'
        ? brotli(body, {
            params: {
              [zlib.BROTLI_PARAM_QUALITY]: 11,
              [zlib.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
              [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
            },
          })
        : gzipAsync(body, { level: 9 });
    entry.catch(() => compressed.delete(key));
    compressed.set(key, entry);
  }
  return entry;
}

interface Served {
  status: number;
  cache: string;
  head: boolean;
  /** Accept-Encoding of the request. */
  acceptEncoding: string | undefined;
  /** Extra headers (CSP, CORS). */
  headers?: Record<string, string>;
}

async function fileResponse(path: string, served: Served): Promise<Response> {
  const [body, info] = await Promise.all([readFile(path), stat(path)]);
  const ext = extname(path).toLowerCase();
  const headers: Record<string, string> = {
    'Content-Type': TYPES[ext] ?? 'application/octet-stream',
    'Cache-Control': served.cache,
    'X-Content-Type-Options': 'nosniff',
    ...served.headers,
  };
  let payload: Buffer = body;
  if (COMPRESSIBLE.has(ext)) {
    headers.Vary = 'Accept-Encoding';
    const encoding = body.byteLength >= MIN_COMPRESS_BYTES ? acceptedEncoding(served.acceptEncoding) : null;
    if (encoding) {
      payload = await compress(path, info.mtimeMs, body, encoding);
      headers['Content-Encoding'] = encoding;
    }
  }
  headers['Content-Length'] = String(payload.byteLength);
  return new Response(served.head ? null : payload, { status: served.status, headers });
}

function notBuilt(name: string, dir: string, headers: Record<string, string> = {}): Response {
  return new Response(
    `The ${name} app is not built (missing ${join(dir, 'index.html')}). Run \`npm run build\` at the repository root, then reload.\n`,
    {
      status: 503,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...headers },
    },
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Framing: which pages another site may put in an iframe (CSP frame-ancestors). The hosted checkout, its feedback
// page and the widgets may be framed by Drip itself and by the allowed embed origins; every other page (portals,
// 404, app download, payment pages) by no one.

/** The hosted pages the SDK frames (spec 2.1, 2.5). */
const EMBEDDABLE = [
  /^\/checkouts(\/|$)/,
  /^\/checkout-feedback(\/|$)/,
  /^\/drip_banner\/?$/,
  /^\/drip-modal\/?$/,
  /^\/instalments_simulator\/?$/,
];

/** Sandbox default of DRIP_EMBED_ORIGINS: the demo store (examples/demo-store) on its default port. */
export function defaultEmbedOrigins(env: Record<string, string | undefined>, sandbox: boolean): string[] {
  if (!sandbox) return [];
  const port = env.PORT_DEMO_STORE?.trim() || '3100';
  return [`http://localhost:${port}`, `http://127.0.0.1:${port}`];
}

/**
 * Parses DRIP_EMBED_ORIGINS: comma-separated origins (`https://loja.example, http://localhost:3100`). Unset or
 * empty means the default (the demo store in the sandbox, nothing in production). A value that is not a bare
 * http(s) origin throws at start, with the value in the message.
 */
export function parseEmbedOrigins(raw: string | undefined, fallback: readonly string[]): string[] {
  if (raw === undefined || raw.trim() === '') return [...fallback];
  const origins: string[] = [];
  for (const item of raw.split(',')) {
    const value = item.trim();
    if (value === '') continue;
    let origin: string | null = null;
    try {
      const url = new URL(value);
      const bare = url.pathname === '/' && !url.search && !url.hash && !url.username;
      if ((url.protocol === 'http:' || url.protocol === 'https:') && bare) origin = url.origin;
    } catch {
      origin = null;
    }
    if (origin === null) {
      throw new Error(
        `DRIP_EMBED_ORIGINS must list http(s) origins separated by commas, like https://loja.example (got "${value}")`,
      );
    }
    if (!origins.includes(origin)) origins.push(origin);
  }
  return origins;
}

/**
 * Where the merchants' registered embed origins come from (merchants.allowed_embed_domains): a checkout's page
 * allows its merchant's origins; the widgets, which carry no checkout, allow every enabled merchant's.
 */
export interface EmbedOriginsSource {
  forCheckout(checkoutId: string): Promise<readonly string[]>;
  forWidgets(): Promise<readonly string[]>;
}

/**
 * Caches a source for `ttlMs` (pages are loaded far more often than merchants change their domains); `clear()`
 * after a change made by this process. Another instance sees a change after at most `ttlMs`.
 */
export function cachedEmbedOrigins(
  source: EmbedOriginsSource,
  ttlMs: number,
  now: () => number = Date.now,
): EmbedOriginsSource & { clear(): void } {
  const entries = new Map<string, { at: number; value: Promise<readonly string[]> }>();
  const get = (key: string, load: () => Promise<readonly string[]>) => {
    const hit = entries.get(key);
    if (hit && now() - hit.at < ttlMs) return hit.value;
    if (entries.size > 10_000) entries.clear();
    const value = load();
    entries.set(key, { at: now(), value });
    value.catch(() => entries.delete(key));
    return value;
  };
  return {
    forCheckout: (id) => get(`c:${id}`, () => source.forCheckout(id)),
    forWidgets: () => get('w', () => source.forWidgets()),
    clear: () => entries.clear(),
  };
}

const CHECKOUT_PAGE = /^\/(?:checkouts|checkout-feedback)\/([^/]+)\/?$/;

export function frameAncestors(origins: readonly string[]): string {
  return `frame-ancestors ${["'self'", ...origins].join(' ')}`;
}
export const NO_FRAMING = "frame-ancestors 'none'";

// ---------------------------------------------------------------------------------------------------------------
// The SDK for script tags: /sdk/v{version}/drip.js, the IIFE build of @drip/checkout-sdk. One URL per version, so
// it is cached for a year (immutable) and merchants pin it with an SRI hash; CORS `*` so that `integrity` and
// `crossorigin` work from any site.

const SDK_PATH = /^\/sdk\/v([^/]+)\/drip\.js$/;

function sdkVersion(sdkDir: string): string | null {
  try {
    const pkg: unknown = JSON.parse(readFileSync(join(sdkDir, 'package.json'), 'utf8'));
    if (typeof pkg === 'object' && pkg !== null && 'version' in pkg && typeof pkg.version === 'string') {
      return pkg.version;
    }
  } catch {
    // no package: handled by the caller
  }
  return null;
}

function plain(status: number, text: string, headers: Record<string, string> = {}): Response {
  return new Response(`${text}\n`, {
    status,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...headers },
  });
}

export interface StaticOptions {
  portalsDist: string;
  checkoutDist: string;
  /** Sandbox mode: the allowed embed origins default to the demo store. */
  sandbox?: boolean;
  /** Origins allowed to frame the hosted pages; by default DRIP_EMBED_ORIGINS (see parseEmbedOrigins). */
  embedOrigins?: readonly string[];
  /** Folder of @drip/checkout-sdk (package.json and dist/drip.iife.js); by default packages/checkout-sdk. */
  sdkDir?: string;
  /** The merchants' registered origins, added to `embedOrigins` on the embeddable pages. */
  merchantOrigins?: EmbedOriginsSource;
  /** Folder of the server's own files (the favicon); by default packages/server/assets. */
  assetsDir?: string;
}

/** The Drip icon, for every page of every app (browsers ask for /favicon.ico whatever the page links). */
const FAVICONS: Record<string, string> = { '/favicon.ico': 'favicon.ico', '/favicon.svg': 'favicon.svg' };

/**
 * Serves the built checkout-ui and portals apps: the SDK script, asset files from either dist folder, then the
 * single-page fallbacks of each area, then the portals' 404 page (index.html with status 404). Pages carry their
 * `frame-ancestors`; text assets are compressed.
 */
export function staticApps(options: StaticOptions) {
  const portals = normalize(options.portalsDist);
  const checkout = normalize(options.checkoutDist);
  const origins =
    options.embedOrigins ??
    parseEmbedOrigins(
      process.env.DRIP_EMBED_ORIGINS,
      defaultEmbedOrigins(process.env, options.sandbox ?? false),
    );
  const embeddable = { 'Content-Security-Policy': frameAncestors(origins) };
  const merchantOrigins = options.merchantOrigins;
  const framingFor = async (urlPath: string): Promise<Record<string, string>> => {
    if (!EMBEDDABLE.some((re) => re.test(urlPath))) return notFramed;
    if (!merchantOrigins) return embeddable;
    const checkoutId = CHECKOUT_PAGE.exec(urlPath)?.[1];
    let extra: readonly string[];
    try {
      extra = checkoutId
        ? await merchantOrigins.forCheckout(decodeURIComponent(checkoutId))
        : await merchantOrigins.forWidgets();
    } catch {
      // The database is unreachable or the id malformed: only the configured origins may frame the page.
      extra = [];
    }
    const all = [...new Set([...origins, ...extra])];
    return all.length === origins.length ? embeddable : { 'Content-Security-Policy': frameAncestors(all) };
  };
  // X-Frame-Options for browsers that ignore CSP frame-ancestors; never on the embeddable pages (DENY would win).
  const notFramed = { 'Content-Security-Policy': NO_FRAMING, 'X-Frame-Options': 'DENY' };
  const sdkDir = options.sdkDir ?? join(packageDir(), '..', 'checkout-sdk');
  const version = sdkVersion(sdkDir);
  const sdkFile = join(sdkDir, 'dist', 'drip.iife.js');
  const assetsDir = options.assetsDir ?? join(packageDir(), 'assets');

  return async (c: Context): Promise<Response> => {
    const urlPath = c.req.path;
    const head = c.req.method === 'HEAD';
    const acceptEncoding = c.req.header('accept-encoding');
    const sdk = SDK_PATH.exec(urlPath);
    if (sdk) {
      const cors = { 'Access-Control-Allow-Origin': '*', 'Cross-Origin-Resource-Policy': 'cross-origin' };
      if (version === null || sdk[1] !== version) {
        return plain(
          404,
          version === null
            ? `No Drip SDK here (missing ${join(sdkDir, 'package.json')}).`
            : `Unknown SDK version "${sdk[1]}": this server has /sdk/v${version}/drip.js.`,
          cors,
        );
      }
      if (!(await isFile(sdkFile))) {
        return plain(
          503,
          `The Drip SDK is not built (missing ${sdkFile}). Run \`npm run build -w @drip/checkout-sdk\` (or \`npm run build\`), then reload.`,
          cors,
        );
      }
      return fileResponse(sdkFile, {
        status: 200,
        cache: 'public, max-age=31536000, immutable',
        head,
        acceptEncoding,
        headers: cors,
      });
    }
    if (urlPath !== '/' && !urlPath.endsWith('/')) {
      for (const root of [portals, checkout]) {
        const file = safeJoin(root, urlPath);
        if (file && (await isFile(file))) {
          return fileResponse(file, {
            status: 200,
            cache: cacheControl(urlPath),
            head,
            acceptEncoding,
            headers: file.endsWith('.html') ? notFramed : {},
          });
        }
      }
    }
    const favicon = FAVICONS[urlPath];
    if (favicon && (await isFile(join(assetsDir, favicon)))) {
      return fileResponse(join(assetsDir, favicon), {
        status: 200,
        cache: 'public, max-age=86400',
        head,
        acceptEncoding,
      });
    }
    if (CHECKOUT_SPA.some((re) => re.test(urlPath))) {
      const headers = await framingFor(urlPath);
      const index = join(checkout, 'index.html');
      return (await isFile(index))
        ? fileResponse(index, { status: 200, cache: 'no-cache', head, acceptEncoding, headers })
        : notBuilt('checkout-ui', checkout, headers);
    }
    const index = join(portals, 'index.html');
    if (!(await isFile(index))) return notBuilt('portals', portals, notFramed);
    const status = PORTALS_SPA.some((re) => re.test(urlPath)) ? 200 : 404;
    return fileResponse(index, { status, cache: 'no-cache', head, acceptEncoding, headers: notFramed });
  };
}
