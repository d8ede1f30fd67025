import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import type { Context } from 'hono';

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

async function fileResponse(path: string, status: number, cache: string, head: boolean): Promise<Response> {
  const body = await readFile(path);
  return new Response(head ? null : body, {
    status,
    headers: {
      'Content-Type': TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream',
      'Content-Length': String(body.byteLength),
      'Cache-Control': cache,
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

function notBuilt(name: string, dir: string): Response {
  return new Response(
    `The ${name} app is not built (missing ${join(dir, 'index.html')}). Run \`npm run build\` at the repository root, then reload.\n`,
    { status: 503, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } },
  );
}

/**
 * Serves the built checkout-ui and portals apps: asset files from either dist folder, then the single-page
 * fallbacks of each area, then the portals' 404 page (index.html with status 404).
 */
export function staticApps(dirs: { portalsDist: string; checkoutDist: string }) {
  const portals = normalize(dirs.portalsDist);
  const checkout = normalize(dirs.checkoutDist);
  return async (c: Context): Promise<Response> => {
    const urlPath = c.req.path;
    const head = c.req.method === 'HEAD';
    if (urlPath !== '/' && !urlPath.endsWith('/')) {
      for (const root of [portals, checkout]) {
        const file = safeJoin(root, urlPath);
        if (file && (await isFile(file))) return fileResponse(file, 200, cacheControl(urlPath), head);
      }
    }
    if (CHECKOUT_SPA.some((re) => re.test(urlPath))) {
      const index = join(checkout, 'index.html');
      return (await isFile(index))
        ? fileResponse(index, 200, 'no-cache', head)
        : notBuilt('checkout-ui', checkout);
    }
    const index = join(portals, 'index.html');
    if (!(await isFile(index))) return notBuilt('portals', portals);
    const status = PORTALS_SPA.some((re) => re.test(urlPath)) ? 200 : 404;
    return fileResponse(index, status, 'no-cache', head);
  };
}
