#!/usr/bin/env node
// The Drip demo store: a plain HTML shop on its own origin (a real cross-origin embed), no framework and no
// dependency beyond the workspace. It shows the Drip banner on a product page, buys in modal mode and in redirect
// mode with the script-tag SDK served by Drip (`/sdk/v{version}/drip.js`, pinned with its SRI hash), creates
// checkouts from its backend with the merchant API key (`POST /api/checkout`), and checks the outcome on the
// server when the shopper comes back (`/pedido/sucesso`, `/pedido/cancelado`). Every page carries exactly the
// Content-Security-Policy that the SDK README asks of a merchant page.
//
//   node examples/demo-store/server.mjs        (PORT_DEMO_STORE=3100, DRIP_URL=http://localhost:3000)
//   DRIP_MERCHANT_API_KEY=sk_... DRIP_MERCHANT_ID=... node examples/demo-store/server.mjs
//
// Without DRIP_MERCHANT_API_KEY the store sells for the sandbox's Casa Pitanga (`GET /sandbox/demo`: its API key
// and id). What the page promises (cashback, instalments) is the merchant's real terms, read from Drip's public
// simulator (`GET /api/v1/instalments_simulator?merchantId=`): never a number typed into the store.
import { createHash, randomUUID } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);

/** The product the store sells (prices in reais, as the merchant API takes them). */
export const PRODUCT = {
  name: 'Cafeteira Pitanga Inox',
  description: 'Cafeteira elétrica de inox, 1,2 L, com jarra térmica e filtro permanente.',
  amount: 299.9,
};

/** The sandbox merchant the store sells for when no API key is given. */
export const SANDBOX_MERCHANT = 'Casa Pitanga';

/** The exact directives of the SDK README ("Content-Security-Policy for the merchant page"). */
export function storeCsp(dripOrigin) {
  return `frame-src ${dripOrigin}; script-src 'self' ${dripOrigin};`;
}

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
};

const escapeHtml = (value) =>
  String(value).replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch],
  );

const brl = (reais) => new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(reais);
const percent = (fraction) =>
  new Intl.NumberFormat('pt-BR', {
    style: 'percent',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(fraction);

/** What the product page says of paying with Drip, from the merchant's terms (null: not read, say nothing). */
export function termsText(terms) {
  if (!terms) return null;
  const plan = terms.flexibleInstallments
    ? `Em até ${terms.maxInstalments}x sem juros no Pix`
    : `Em ${terms.maxInstalments}x sem juros no Pix`;
  return terms.cashbackRate > 0 ? `${plan}, com ${percent(terms.cashbackRate)} de cashback` : plan;
}

/** The SDK's version and the SRI hash of its IIFE build (what a merchant copies from `npm run sri`). */
async function sdkScript() {
  const pkgPath = require.resolve('@drip/checkout-sdk/package.json');
  const { version } = JSON.parse(await readFile(pkgPath, 'utf8'));
  try {
    const source = await readFile(join(dirname(pkgPath), 'dist', 'drip.iife.js'));
    return { version, integrity: `sha384-${createHash('sha384').update(source).digest('base64')}` };
  } catch {
    return { version, integrity: null };
  }
}

function layout({ title, dripOrigin, body, sdk, scripts = [] }) {
  const sdkTag = sdk
    ? `<script src="${escapeHtml(`${dripOrigin}/sdk/v${sdk.version}/drip.js`)}"${
        sdk.integrity ? ` integrity="${sdk.integrity}"` : ''
      } crossorigin="anonymous"></script>`
    : '';
  return `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Loja Demo</title>
<link rel="stylesheet" href="/store.css">
<link rel="icon" href="/favicon.svg">
</head>
<body data-drip-origin="${escapeHtml(dripOrigin)}">
<header class="top"><a href="/" class="brand">Loja Demo</a><span class="tag">loja de exemplo · outra origem</span></header>
<main>${body}</main>
${sdkTag}
${scripts.map((src) => `<script src="${escapeHtml(src)}"></script>`).join('\n')}
</body>
</html>`;
}

function productPage(dripOrigin, sdk, merchant, terms) {
  const missing = sdk.integrity
    ? ''
    : '<p class="warning" role="alert">O SDK da Drip não está compilado: rode <code>npm run build -w @drip/checkout-sdk</code>.</p>';
  return layout({
    title: PRODUCT.name,
    dripOrigin,
    sdk,
    scripts: ['/store.js'],
    body: `${missing}
<article class="product" data-amount="${PRODUCT.amount}" data-merchant-id="${escapeHtml(merchant?.id ?? '')}">
  <div class="photo" aria-hidden="true">☕</div>
  <div>
    <h1>${escapeHtml(PRODUCT.name)}</h1>
    <p>${escapeHtml(PRODUCT.description)}</p>
    <p class="price">${escapeHtml(brl(PRODUCT.amount))}</p>
    ${termsText(terms) ? `<p class="terms" id="terms">${escapeHtml(termsText(terms))}</p>` : ''}
    <div id="drip-banner"></div>
    <div class="buy">
      <button type="button" id="buy-modal" data-mode="modal">Comprar com Drip</button>
      <button type="button" id="buy-redirect" data-mode="redirect" class="secondary">Comprar com Drip (redirecionamento)</button>
    </div>
    <p id="status" role="status" aria-live="polite"></p>
  </div>
</article>
<section class="events">
  <h2>Eventos do SDK</h2>
  <ol id="events" aria-label="Eventos do SDK"></ol>
</section>
<p class="more"><a href="/react/">A mesma loja em React (pacote npm)</a></p>`,
  });
}

/** The outcome pages: what the shopper sees back on the store, checked with Drip from the store's backend. */
function outcomePage(dripOrigin, { title, lead, order, view, error }) {
  const rows = view
    ? `<dl class="facts">
  <dt>Pedido</dt><dd id="order-code">${escapeHtml(view.merchantOrderCode)}</dd>
  <dt>Status na Drip</dt><dd id="drip-status">${escapeHtml(view.status)}</dd>
  <dt>Valor</dt><dd>${escapeHtml(brl(view.amount))}</dd>
</dl>`
    : `<p id="drip-status-error" role="alert">${escapeHtml(error ?? `Pedido ${order ?? ''} desconhecido nesta loja.`)}</p>`;
  return layout({
    title,
    dripOrigin,
    sdk: null,
    body: `<section class="outcome"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(lead)}</p>${rows}<p><a href="/">Voltar para a loja</a></p></section>`,
  });
}

/**
 * Starts the demo store. `dripUrl`: the Drip server (its origin serves the SDK and the checkout). `apiKey`: the
 * merchant API key (default DRIP_MERCHANT_API_KEY, else the sandbox's first merchant). Resolves once listening.
 */
export async function startDemoStore({
  port = Number(process.env.PORT_DEMO_STORE ?? 3100),
  host = '127.0.0.1',
  dripUrl = process.env.DRIP_URL ?? 'http://localhost:3000',
  apiKey = process.env.DRIP_MERCHANT_API_KEY,
  merchantId = process.env.DRIP_MERCHANT_ID,
  log = (line) => console.log(line),
} = {}) {
  const dripOrigin = new URL(dripUrl).origin;
  const publicDir = join(here, 'public');
  const reactDir = normalize(join(here, '..', 'react-store', 'dist'));
  /** order code -> checkout id, so that the outcome pages can ask Drip (the browser can be tampered with). */
  const orders = new Map();
  let sandboxMerchant = null;

  /** The merchant the store sells for: `{ id, apiKey, name }` (the sandbox's Casa Pitanga without an API key). */
  async function merchant() {
    if (apiKey) return { id: merchantId ?? null, apiKey, name: null };
    if (sandboxMerchant) return sandboxMerchant;
    const res = await fetch(`${dripOrigin}/sandbox/demo`);
    if (!res.ok) {
      throw new Error(
        `no DRIP_MERCHANT_API_KEY and ${dripOrigin}/sandbox/demo answered ${res.status} (is the Drip sandbox on?)`,
      );
    }
    const demo = await res.json();
    const list = Array.isArray(demo?.merchants) ? demo.merchants : [];
    const found = list.find((m) => m?.name === SANDBOX_MERCHANT) ?? list[0];
    if (typeof found?.apiKey !== 'string')
      throw new Error('the Drip sandbox lists no merchant with an API key');
    sandboxMerchant = { id: found.id, apiKey: found.apiKey, name: found.name };
    return sandboxMerchant;
  }
  const merchantApiKey = async () => (await merchant()).apiKey;

  /** The merchant's terms from Drip's public simulator, or null (the page then promises nothing). */
  async function merchantTerms(id) {
    if (!id) return null;
    const url = new URL('/api/v1/instalments_simulator', dripOrigin);
    url.searchParams.set('amount', PRODUCT.amount.toFixed(2));
    url.searchParams.set('merchantId', id);
    const res = await fetch(url);
    if (!res.ok) {
      log(`demo store: ${url.pathname} answered ${res.status} for merchant ${id}`);
      return null;
    }
    return res.json();
  }

  async function createCheckout(storeOrigin) {
    const orderCode = `DEMO-${Date.now().toString(36).toUpperCase()}-${randomUUID().slice(0, 4).toUpperCase()}`;
    const body = {
      amount: PRODUCT.amount,
      merchantOrderCode: orderCode,
      products: [{ name: PRODUCT.name, quantity: 1, amount: PRODUCT.amount }],
      resolveUrl: `${storeOrigin}/pedido/sucesso?pedido=${encodeURIComponent(orderCode)}`,
      cancelUrl: `${storeOrigin}/pedido/cancelado?pedido=${encodeURIComponent(orderCode)}`,
    };
    const res = await fetch(`${dripOrigin}/api/v1/merchant/checkouts`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${await merchantApiKey()}`,
        'Content-Type': 'application/json',
        // One key per order: a retry of this request cannot create a second checkout.
        'Idempotency-Key': orderCode,
      },
      body: JSON.stringify(body),
    });
    const answer = await res.json().catch(() => null);
    if (res.status !== 201 || typeof answer?.id !== 'string') {
      const detail = answer?.message ?? answer?.error ?? JSON.stringify(answer);
      throw new Error(`Drip answered ${res.status} to POST /api/v1/merchant/checkouts: ${detail}`);
    }
    orders.set(orderCode, answer.id);
    return { id: answer.id, url: answer.url, expiresAt: answer.expiresAt, orderCode };
  }

  async function checkoutView(orderCode) {
    const id = orderCode ? orders.get(orderCode) : undefined;
    if (!id) return { view: null };
    const res = await fetch(`${dripOrigin}/api/v1/merchant/checkouts/${encodeURIComponent(id)}`, {
      headers: { Authorization: `Bearer ${await merchantApiKey()}` },
    });
    if (!res.ok) return { view: null, error: `A Drip respondeu ${res.status} ao consultar o pedido.` };
    return { view: await res.json() };
  }

  const send = (res, status, type, body, extra = {}) => {
    res.writeHead(status, {
      'Content-Type': type,
      'Cache-Control': 'no-store',
      'Content-Security-Policy': storeCsp(dripOrigin),
      'X-Content-Type-Options': 'nosniff',
      ...extra,
    });
    res.end(body);
  };
  const json = (res, status, value) => send(res, status, TYPES['.json'], JSON.stringify(value));

  async function sendFile(res, file, fallback) {
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) {
      if (fallback) return sendFile(res, fallback, null);
      return send(res, 404, 'text/plain; charset=utf-8', 'Não encontrado\n');
    }
    send(res, 200, TYPES[extname(file)] ?? 'application/octet-stream', await readFile(file));
  }

  async function handle(req, res) {
    const url = new URL(req.url ?? '/', 'http://store.invalid');
    const storeOrigin = `http://${req.headers.host ?? `127.0.0.1:${port}`}`;
    const path = url.pathname;
    if (req.method === 'POST' && path === '/api/checkout') {
      try {
        const created = await createCheckout(storeOrigin);
        log(`demo store: checkout ${created.id} for ${created.orderCode}`);
        return json(res, 201, created);
      } catch (err) {
        log(`demo store: ${err.message}`);
        return json(res, 502, { message: `Não foi possível criar o checkout na Drip: ${err.message}` });
      }
    }
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return json(res, 405, { message: 'Método não permitido' });
    // For the React store (examples/react-store), built once, which learns the Drip origin here.
    if (path === '/api/config') {
      const seller = await merchant().catch(() => null);
      return json(res, 200, { dripOrigin, merchantId: seller?.id ?? null });
    }
    if (path === '/') {
      const seller = await merchant().catch((err) => {
        log(`demo store: ${err.message}`);
        return null;
      });
      const terms = await merchantTerms(seller?.id).catch(() => null);
      return send(res, 200, TYPES['.html'], productPage(dripOrigin, await sdkScript(), seller, terms));
    }
    if (path === '/pedido/sucesso' || path === '/pedido/cancelado') {
      const ok = path === '/pedido/sucesso';
      const order = url.searchParams.get('pedido');
      const checked = await checkoutView(order).catch((err) => ({ view: null, error: err.message }));
      return send(
        res,
        200,
        TYPES['.html'],
        outcomePage(dripOrigin, {
          title: ok ? 'Pedido confirmado' : 'Pedido cancelado',
          lead: ok
            ? 'Obrigado! Seu pagamento com Drip foi aprovado.'
            : 'A compra com Drip não foi concluída. Você pode tentar de novo.',
          order,
          ...checked,
        }),
      );
    }
    if (path === '/react' || path.startsWith('/react/')) {
      const rel = path.replace(/^\/react\/?/, '') || 'index.html';
      const file = normalize(join(reactDir, decodeURIComponent(rel)));
      if (!file.startsWith(reactDir + sep))
        return send(res, 404, 'text/plain; charset=utf-8', 'Não encontrado\n');
      const index = join(reactDir, 'index.html');
      const built = await stat(index).catch(() => null);
      if (!built) {
        return send(
          res,
          503,
          'text/plain; charset=utf-8',
          'A loja React não está compilada: rode `npm run build -w @drip/example-react-store`.\n',
        );
      }
      return sendFile(res, file, index);
    }
    const file = normalize(join(publicDir, decodeURIComponent(path)));
    if (!file.startsWith(publicDir + sep))
      return send(res, 404, 'text/plain; charset=utf-8', 'Não encontrado\n');
    return sendFile(res, file, null);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err) => {
      log(`demo store: ${err.stack ?? err}`);
      if (!res.headersSent) json(res, 500, { message: 'Erro interno da loja demo' });
      else res.end();
    });
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  const url = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${actualPort}`;
  return {
    url,
    port: actualPort,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const store = await startDemoStore();
  console.log(`Demo store: ${store.url} (Drip: ${process.env.DRIP_URL ?? 'http://localhost:3000'})`);
}
