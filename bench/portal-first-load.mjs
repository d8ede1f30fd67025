#!/usr/bin/env node
// Benchmark: what a browser pays to open a portal page, in headless Chromium (Debian's, through playwright-core,
// with the e2e flags), against Drip started as `npm start` starts it. For each page: the JavaScript and CSS
// requested until the page's first screen is usable (its form, or its content after the data came), in gzip bytes
// (each file compressed again at level 9, as in checkout-first-load.mjs); then, apart, what the page fetches
// after that until the network is idle, at least SETTLE_MS later (prefetches for the next steps: not counted in the target).
// The signed-in pages get their session the way the portals keep it: the token pair from the API's login, put in
// localStorage under the area's keys (spec 3 "Sessions", SESSION_KEYS in @drip/core).
// Pages: the logins, and every admin page (lists, details, forms, the risk screens, the profile: the `:id` ones on
// the demo world's first records and a promotion the bench creates), the merchant's and the customer's orders.
// Targets: each area's login page ≤ 150 KB, each back-office page ≤ 220 KB (JS + CSS, gzip).
// Usage: node bench/portal-first-load.mjs [--verbose] [--only WORD]
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { findChromium } from '../scripts/lib.mjs';
import { CHROMIUM_FLAGS, firstScreenAt, markFirstScreen, startLikeNpmStart } from './lib.mjs';

const VERBOSE = process.argv.includes('--verbose');
// `--only WORD`: only the pages whose name contains WORD (e.g. `--only form`), to measure a few quickly.
const ONLY = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
const KB = 1024;
const LOGIN_TARGET = 150 * KB;
const PAGE_TARGET = 220 * KB;
// Quiet time after which the network counts as idle; and how long at least to watch after the first screen (the
// portals prefetch what the next steps need a few seconds after it, e.g. the toasts).
const IDLE_MS = 700;
const SETTLE_MS = 4500;

// The first screen is usable when the login form's button is there, or when the page's content (a table, or an
// empty state) has replaced the loader.
const LOGIN_READY = 'form button[type="submit"]';
const CONTENT_READY = 'main :is(table, [role="status"]:not([aria-live]))';
// A form page is usable when its submit button is there (an edit form renders it once the record came); a details
// page when its first section is.
const FORM_READY = 'main form button[type="submit"]';
const STORE_DETAILS_READY = 'main section[aria-label="Loja"]';
// The order details are usable once their products offer their operations (an active order's).
const ORDER_DETAILS_READY = 'main section[aria-label="Produtos"] button';
const MERCHANT_DETAILS_READY = 'main section[aria-label="Dados do comerciante"]';
const CUSTOMER_DETAILS_READY = 'main section[aria-label="Dados do cliente"]';
// Another details page: its first titled section, or its table, once the record came.
const DETAILS_READY = 'main :is(section[aria-label], table)';

/** The keys of each area's token pair in Web Storage (SESSION_KEYS in packages/core/src/api/token-store.ts). */
const KEYS = {
  admin: ['adminUser', 'adminUserRefreshToken'],
  merchant: ['merchantUser', 'merchantUserRefreshToken'],
  customer: ['customerUser', 'customerUserRefreshToken'],
};

async function post(url, body) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = await res.json().catch(() => null);
  if (!res.ok) throw new Error(`POST ${url} answered ${res.status}: ${JSON.stringify(json)}`);
  return json;
}

/** Token pairs of the demo admin, merchant user and customer, signed in through the API. */
async function signIn(dripUrl) {
  const world = await (await fetch(`${dripUrl}/sandbox/demo`)).json();
  const admin = await post(`${dripUrl}/admin_backoffice/api/v1/login`, {
    username: world.admin.email,
    password: world.admin.password,
  });
  // The merchant's login is in two steps: the password, then the code sent by SMS (read from the sandbox outbox).
  const user =
    world.merchants[0].users.find((u) => u.permissions.length === 0) ?? world.merchants[0].users[0];
  await post(`${dripUrl}/merchant_backoffice/api/v1/login`, {
    username: user.email,
    password: user.password,
  });
  const outbox = await (await fetch(`${dripUrl}/sandbox/outbox?to=${encodeURIComponent(user.phone)}`)).json();
  const code = outbox.messages.findLast((m) => m.code)?.code;
  if (!code) throw new Error(`no SMS code for ${user.phone} in the sandbox outbox`);
  const merchant = await post(`${dripUrl}/merchant_backoffice/api/v1/login`, {
    username: user.email,
    smsCode: code,
  });
  const c = world.customers[0];
  const customer = await post(`${dripUrl}/customer_backoffice/api/v2/login`, {
    username: c.cpf.replace(/\D/g, ''),
    password: c.password,
  });
  return { admin, merchant, customer };
}

/** A 1×1 PNG: the image of the promotion the bench creates (the demo world has none). */
const PNG_1X1 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/**
 * Ids for the admin's `:id` pages, read through the admin API: the first merchant, store, order, customer, store
 * category and tag of the demo world, and a promotion the bench creates (the demo world has none).
 */
async function demoIds(dripUrl, admin) {
  const headers = { Authorization: `Bearer ${admin.token}`, 'Content-Type': 'application/json' };
  const get = async (path) => {
    const res = await fetch(`${dripUrl}${path}`, { headers });
    if (!res.ok) throw new Error(`GET ${path} answered ${res.status}`);
    return res.json();
  };
  const first = (page, what) => {
    const row = (page.content ?? page.items ?? page.data ?? page)[0];
    if (!row?.id) throw new Error(`no ${what} in ${JSON.stringify(page).slice(0, 200)}`);
    return row.id;
  };
  const api = '/admin_backoffice/api/v1';
  const storesService = `${api}/merchants/stores-service`;
  const merchants = await get(`${api}/merchants?page=0&size=1`);
  const stores = await get(`${storesService}/stores?page=0&size=1`);
  const storeId = first(stores, 'store');
  const promotion = await fetch(`${dripUrl}${api}/promotion-banner`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      name: 'Vitrine do benchmark',
      type: 'PAGE_VIEW',
      storeId,
      productsPageUrl: 'https://loja.example/vitrine',
      from: new Date().toISOString().slice(0, 10),
      to: null,
      status: 'ACTIVE',
      image: PNG_1X1,
    }),
  });
  if (!promotion.ok) throw new Error(`POST promotion-banner answered ${promotion.status}`);
  return {
    merchantId: first(merchants, 'merchant'),
    storeId,
    orderId: first(await get(`${api}/orders?status=ACTIVE&page=0&size=1`), 'order'),
    customerId: first(await get(`${api}/customers?page=0&size=1`), 'customer'),
    categoryId: first(await get(`${storesService}/categories`), 'category'),
    tagId: first(await get(`${storesService}/tags`), 'tag'),
    promotionId: (await promotion.json()).id,
  };
}

/** One cold load of `path` in a fresh context; the JS/CSS requested before and after the first usable screen. */
async function oneLoad(browser, dripUrl, page, sessions) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'pt-BR' });
  if (page.area) {
    const [tokenKey, refreshKey] = KEYS[page.area];
    const pair = sessions[page.area];
    await context.addInitScript(
      ([k1, v1, k2, v2]) => {
        localStorage.setItem(k1, v1);
        localStorage.setItem(k2, v2);
      },
      [tokenKey, pair.token, refreshKey, pair.refreshToken],
    );
  }
  await markFirstScreen(
    context,
    (selector) =>
      document.querySelector(selector) !== null && !document.querySelector('main [aria-busy="true"]'),
    page.ready,
  );
  const tab = await context.newPage();
  const cdp = await context.newCDPSession(tab);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const requests = new Map();
  let lastActivity = Date.now();
  let inFlight = 0;
  cdp.on('Network.requestWillBeSent', (e) => {
    // A redirect sends the same request again (one loadingFinished for both).
    if (!e.redirectResponse) inFlight++;
    lastActivity = Date.now();
    if (!requests.has(e.requestId)) {
      requests.set(e.requestId, { url: e.request.url, type: e.type, sentAt: e.wallTime * 1000 });
    }
  });
  const done = () => {
    inFlight = Math.max(0, inFlight - 1);
    lastActivity = Date.now();
  };
  cdp.on('Network.loadingFinished', done);
  cdp.on('Network.loadingFailed', done);
  await tab.goto(`${dripUrl}${page.path}`, { waitUntil: 'commit' });
  await tab.waitForFunction(() => window.__dripFirstScreenAt !== undefined, null, { timeout: 60_000 });
  const usableAt = await firstScreenAt(tab);
  // From the navigation's start to the first usable screen.
  const ms = usableAt - (await tab.evaluate(() => performance.timeOrigin));
  const finalPath = new URL(tab.url()).pathname;
  // Network idle: nothing in flight and nothing new for IDLE_MS.
  const deadline = usableAt + 15_000;
  const idle = () =>
    inFlight === 0 && Date.now() - lastActivity >= IDLE_MS && Date.now() - usableAt >= SETTLE_MS;
  while (Date.now() < deadline && !idle()) {
    await new Promise((r) => setTimeout(r, 50));
  }
  await context.close();
  const assets = [...requests.values()]
    .filter((r) => r.type === 'Script' || r.type === 'Stylesheet')
    .map((r) => ({ ...r, afterUsable: r.sentAt > usableAt }));
  return { ms, finalPath, assets };
}

const gzipCache = new Map();
async function gzipBytes(url) {
  if (!gzipCache.has(url)) {
    const res = await fetch(url, { headers: { 'Accept-Encoding': 'gzip' } });
    gzipCache.set(url, gzipSync(Buffer.from(await res.arrayBuffer()), { level: 9 }).byteLength);
  }
  return gzipCache.get(url);
}

async function sum(assets, type) {
  let n = 0;
  for (const a of assets) if (!type || a.type === type) n += await gzipBytes(a.url);
  return n;
}

const PAGES = [
  { name: 'admin login', path: '/admin/login', ready: LOGIN_READY, target: LOGIN_TARGET },
  { name: 'merchant login', path: '/parceira/login', ready: LOGIN_READY, target: LOGIN_TARGET },
  { name: 'customer login', path: '/cliente/login', ready: LOGIN_READY, target: LOGIN_TARGET },
  { name: 'admin orders', path: '/admin/orders', area: 'admin', ready: CONTENT_READY, target: PAGE_TARGET },
  {
    name: 'admin order details',
    path: '/admin/orders/:orderId',
    area: 'admin',
    ready: ORDER_DETAILS_READY,
    target: PAGE_TARGET,
  },
  {
    name: 'admin merchants',
    path: '/admin/merchants',
    area: 'admin',
    ready: CONTENT_READY,
    target: PAGE_TARGET,
  },
  {
    name: 'admin promotions',
    path: '/admin/promotions',
    area: 'admin',
    ready: CONTENT_READY,
    target: PAGE_TARGET,
  },
  {
    name: 'admin stores',
    path: '/admin/stores',
    area: 'admin',
    ready: CONTENT_READY,
    target: PAGE_TARGET,
  },
  {
    name: 'merchant form',
    path: '/admin/merchants/create',
    area: 'admin',
    ready: FORM_READY,
    target: PAGE_TARGET,
  },
  {
    name: 'merchant details',
    path: '/admin/merchants/:merchantId',
    area: 'admin',
    ready: MERCHANT_DETAILS_READY,
    target: PAGE_TARGET,
  },
  {
    name: 'customer details',
    path: '/admin/customers/:customerId',
    area: 'admin',
    ready: CUSTOMER_DETAILS_READY,
    target: PAGE_TARGET,
  },
  {
    name: 'merchant edit',
    path: '/admin/merchants/:merchantId/edit',
    area: 'admin',
    ready: FORM_READY,
    target: PAGE_TARGET,
  },
  {
    name: 'store form',
    path: '/admin/stores/create',
    area: 'admin',
    ready: FORM_READY,
    target: PAGE_TARGET,
  },
  {
    name: 'store details',
    path: '/admin/stores/:storeId',
    area: 'admin',
    ready: STORE_DETAILS_READY,
    target: PAGE_TARGET,
  },
  {
    name: 'store edit',
    path: '/admin/stores/:storeId/edit',
    area: 'admin',
    ready: FORM_READY,
    target: PAGE_TARGET,
  },
  {
    name: 'promotion form',
    path: '/admin/promotions/create',
    area: 'admin',
    ready: FORM_READY,
    target: PAGE_TARGET,
  },
  {
    name: 'promotion edit',
    path: '/admin/promotions/:promotionId/edit',
    area: 'admin',
    ready: FORM_READY,
    target: PAGE_TARGET,
  },
  {
    name: 'promotion details',
    path: '/admin/promotions/:promotionId',
    area: 'admin',
    ready: DETAILS_READY,
    target: PAGE_TARGET,
  },
  {
    name: 'merchant user form',
    path: '/admin/merchants/:merchantId/users/create',
    area: 'admin',
    ready: FORM_READY,
    target: PAGE_TARGET,
  },
  {
    name: 'fee form',
    path: '/admin/merchants/:merchantId/fees/create',
    area: 'admin',
    ready: FORM_READY,
    target: PAGE_TARGET,
  },
  {
    name: 'cashback form',
    path: '/admin/merchants/:merchantId/cashbacks/create',
    area: 'admin',
    ready: FORM_READY,
    target: PAGE_TARGET,
  },
  {
    name: 'settlement form',
    path: '/admin/merchants/:merchantId/settlement_configurations/create',
    area: 'admin',
    ready: FORM_READY,
    target: PAGE_TARGET,
  },
  {
    name: 'admin categories',
    path: '/admin/store-categories',
    area: 'admin',
    ready: CONTENT_READY,
    target: PAGE_TARGET,
  },
  {
    name: 'category form',
    path: '/admin/store-categories/create',
    area: 'admin',
    ready: FORM_READY,
    target: PAGE_TARGET,
  },
  {
    name: 'category edit',
    path: '/admin/store-categories/edit/:categoryId',
    area: 'admin',
    ready: FORM_READY,
    target: PAGE_TARGET,
  },
  { name: 'admin tags', path: '/admin/store-tags', area: 'admin', ready: CONTENT_READY, target: PAGE_TARGET },
  {
    name: 'tag form',
    path: '/admin/store-tags/create',
    area: 'admin',
    ready: FORM_READY,
    target: PAGE_TARGET,
  },
  {
    name: 'tag edit',
    path: '/admin/store-tags/edit/:tagId',
    area: 'admin',
    ready: FORM_READY,
    target: PAGE_TARGET,
  },
  {
    name: 'admin customers',
    path: '/admin/customers',
    area: 'admin',
    ready: CONTENT_READY,
    target: PAGE_TARGET,
  },
  {
    name: 'customer edit',
    path: '/admin/customers/:customerId/edit',
    area: 'admin',
    ready: FORM_READY,
    target: PAGE_TARGET,
  },
  { name: 'block user', path: '/admin/block-user', area: 'admin', ready: FORM_READY, target: PAGE_TARGET },
  { name: 'whitelist', path: '/admin/whitelist', area: 'admin', ready: FORM_READY, target: PAGE_TARGET },
  { name: 'debt list', path: '/admin/debt-list', area: 'admin', ready: FORM_READY, target: PAGE_TARGET },
  {
    name: 'debt payment',
    path: '/admin/add-debt-negotiation-payment',
    area: 'admin',
    // Its ids are typed first; the payment itself is confirmed further on.
    ready: 'main textarea',
    target: PAGE_TARGET,
  },
  { name: 'admin profile', path: '/admin/profile', area: 'admin', ready: FORM_READY, target: PAGE_TARGET },
  {
    name: 'dead tasks',
    path: '/admin/dead-tasks',
    area: 'admin',
    ready: CONTENT_READY,
    target: PAGE_TARGET,
  },
  {
    name: 'merchant orders',
    path: '/parceira/pedidos',
    area: 'merchant',
    ready: CONTENT_READY,
    target: PAGE_TARGET,
  },
  {
    name: 'customer orders',
    path: '/cliente/pedidos',
    area: 'customer',
    ready: CONTENT_READY,
    target: PAGE_TARGET,
  },
];

const executablePath = findChromium();
if (!executablePath) {
  console.error('Chromium is missing (apt-get install chromium, or set CHROMIUM_PATH).');
  process.exit(1);
}
const drip = await startLikeNpmStart('drip-bench-portal-load-');
let browser;
try {
  const sessions = await signIn(drip.url);
  const ids = await demoIds(drip.url, sessions.admin);
  for (const page of PAGES) page.path = page.path.replace(/:(\w+)/g, (_, name) => ids[name]);
  browser = await chromium.launch({ executablePath, args: CHROMIUM_FLAGS });
  // Warm-up (the server's compression caches, PGlite).
  await oneLoad(browser, drip.url, PAGES[0], sessions);
  const kb = (n) => `${(n / KB).toFixed(1)} KB`;
  console.log('portal first load (cold cache, JS + CSS in gzip bytes until the first screen is usable)');
  console.log(
    `  ${'page'.padEnd(18)} ${'path'.padEnd(28)} ${'JS'.padStart(9)} ${'CSS'.padStart(9)} ${'total'.padStart(9)}  ${'target'.padStart(10)}  ${'ms'.padStart(5)}   ${'prefetched after'.padStart(16)}`,
  );
  let missed = 0;
  for (const page of PAGES) {
    if (ONLY && !page.name.includes(ONLY)) continue;
    const load = await oneLoad(browser, drip.url, page, sessions);
    if (load.finalPath !== page.path) {
      throw new Error(`${page.path} ended on ${load.finalPath} (is the session accepted?)`);
    }
    const first = load.assets.filter((a) => !a.afterUsable);
    const after = load.assets.filter((a) => a.afterUsable);
    const js = await sum(first, 'Script');
    const css = await sum(first, 'Stylesheet');
    const later = await sum(after);
    const ok = js + css <= page.target;
    if (!ok) missed++;
    console.log(
      `  ${page.name.padEnd(18)} ${page.path.padEnd(28)} ${kb(js).padStart(9)} ${kb(css).padStart(9)} ${kb(js + css).padStart(9)}  ≤ ${kb(page.target).padStart(8)}  ${String(Math.round(load.ms)).padStart(5)}   ${kb(later).padStart(9)} (${after.length} files) ${ok ? 'met' : 'NOT met'}`,
    );
    if (VERBOSE) {
      for (const a of first) console.log(`      ${new URL(a.url).pathname} ${kb(await gzipBytes(a.url))}`);
      for (const a of after)
        console.log(`    + ${new URL(a.url).pathname} ${kb(await gzipBytes(a.url))} (after)`);
    }
  }
  console.log(`\n${missed ? `${missed} page(s) over target` : 'every portal page within its target'}`);
  process.exitCode = missed ? 1 : 0;
} finally {
  await browser?.close();
  await drip.stop();
}
