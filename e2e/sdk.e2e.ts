// The merchant SDK end to end (issue 4): the demo store on its own origin buys through the script-tag SDK in modal
// and redirect mode, closing fires `close`, messages from a third origin are ignored, and a page on an
// unregistered origin cannot frame the checkout (CSP frame-ancestors). A dedicated Drip server is started with
// DRIP_EMBED_ORIGINS = the demo store's origin only.
import { mkdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { generateCpf } from '@drip/core';
import type { Browser, FrameLocator, Locator, Page } from 'playwright-core';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type DemoStore,
  SANDBOX_MERCHANT,
  startDemoStore,
  storeCsp,
} from '../examples/demo-store/server.mjs';
import { launch, snap } from './browser.ts';
import { type DripServer, freePort, repoRoot, startDrip } from './drip-server.ts';
import { demo, newMessage, outbox } from './sandbox.ts';

let browser: Browser;
let drip: DripServer;
let store: DemoStore;
let third: { server: Server; url: string; otherUrl: string };
let hostile: { server: Server; url: string };
interface Shopper {
  cpf: string;
  phone: string;
  name: string;
}
/** A returning demo customer (a paid order already): no R$ 1,00 verification Pix. */
let returning: Shopper;
/** A first-time shopper (the R$ 1,00 verification Pix is paid through the sandbox bank). */
const newcomer: Shopper = { cpf: generateCpf(101), phone: '+5511987650101', name: 'Ana Teste' };
/** Another first-time shopper, on a phone. */
const phoneShopper: Shopper = { cpf: generateCpf(102), phone: '+5511987650102', name: 'Bia Teste' };

/**
 * What the screen shows (not the full page: a full-page capture resizes the viewport, which the modal follows),
 * under .e2e-artifacts/screens/.
 */
async function screen(page: Page, name: string): Promise<void> {
  const dir = join(repoRoot, '.e2e-artifacts', 'screens');
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`) });
}

const SDK_VERSION: string = JSON.parse(
  readFileSync(join(repoRoot, 'packages/checkout-sdk/package.json'), 'utf8'),
).version;

/**
 * The third origin: an unregistered site. `/frame.html?src=` frames a URL; `/host.html` loads the SDK from Drip;
 * `/forged.html` (and `/checkouts/*`) is a hostile page that speaks the child side of the protocol with the real
 * Penpal and claims the purchase succeeded.
 */
async function startThirdOrigin(dripUrl: string) {
  const port = await freePort();
  const penpal = readFileSync(join(repoRoot, 'node_modules/penpal/dist/penpal.mjs'));
  const forged = `<!doctype html><meta charset="utf-8"><title>forged</title><p>forged child</p>
<script type="module">
import { connect, WindowMessenger } from '/penpal.mjs';
const finished = { type: 'finished', status: 'OK', url: 'https://evil.example/ok' };
window.parent.postMessage(finished, '*');
const connection = connect({
  messenger: new WindowMessenger({ remoteWindow: window.parent, allowedOrigins: ['*'] }),
  channel: 'drip-checkout',
  methods: { protocolVersion: () => 1 },
});
const parent = await connection.promise;
await parent.emit({ type: 'open' });
await parent.emit(finished);
</script>`;
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://third.invalid');
    const html = (body: string) => {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(body);
    };
    if (url.pathname === '/penpal.mjs') {
      res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8' });
      res.end(penpal);
    } else if (url.pathname === '/frame.html') {
      html(
        `<!doctype html><title>frame</title><iframe id="f" src="${url.searchParams.get('src') ?? ''}"></iframe>`,
      );
    } else if (url.pathname === '/host.html') {
      html(
        `<!doctype html><title>host</title><script src="${dripUrl}/sdk/v${SDK_VERSION}/drip.js"></script>`,
      );
    } else if (url.pathname === '/forged.html' || url.pathname.startsWith('/checkouts/')) {
      html(forged);
    } else {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${port}`, otherUrl: `http://localhost:${port}` };
}

/**
 * A merchant page that does everything a page can to move, widen or hide the SDK's modal: a 2000 px wide element,
 * right-to-left, a transformed and filtered body, margins, paddings and borders on everything, `!important` rules
 * on iframes, divs, buttons, dialogs and popovers. `/?id=` opens that checkout in the modal at once.
 */
const HOSTILE_CSS = `
html { direction: rtl; }
* { margin: 40px; padding: 13px; border: 7px solid red; box-sizing: content-box; font-size: 40px; line-height: 3; }
html, body { transform: translateX(0); filter: saturate(1); overflow: visible !important; }
div { position: static !important; display: inline !important; width: 2500px !important; height: 10px !important; z-index: 0 !important; }
div::before { content: 'anúncio'; display: block; height: 300px; }
iframe { width: 3000px !important; height: 50px !important; position: relative !important; left: 500px !important; }
button { display: none !important; position: fixed !important; left: 3000px !important; }
[role=dialog] { transform: scale(2) !important; margin-left: 900px !important; }
[popover] { display: none !important; }
span { display: inline-block; width: 999px; }
.wide { width: 2000px; height: 40px; background: gold; }`;

async function startHostileOrigin(port: number, dripUrl: string) {
  const server = createServer((req, res) => {
    const id = new URL(req.url ?? '/', 'http://hostile.invalid').searchParams.get('id') ?? '';
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="pt-BR"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>loja hostil</title>
<style>${HOSTILE_CSS}</style></head>
<body><p class="wide">uma página mais larga que a tela</p><span>x</span>
<script src="${dripUrl}/sdk/v${SDK_VERSION}/drip.js"></script>
<script>window.events = []; Drip.openCheckout(${JSON.stringify(id)}, { mode: 'modal', checkoutOrigin: ${JSON.stringify(
      dripUrl,
    )}, onEvent: (e) => window.events.push(e) });</script></body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${port}` };
}

beforeAll(async () => {
  const storePort = await freePort();
  const hostilePort = await freePort();
  drip = await startDrip('sdk', {
    DRIP_EMBED_ORIGINS: `http://127.0.0.1:${storePort},http://127.0.0.1:${hostilePort}`,
  });
  store = await startDemoStore({ port: storePort, dripUrl: drip.url, log: () => {} });
  third = await startThirdOrigin(drip.url);
  hostile = await startHostileOrigin(hostilePort, drip.url);
  browser = await launch();
  const world = await demo(drip.url);
  const joao = world.customers.find((c) => c.cpf === '11144477735');
  if (!joao) throw new Error('the sandbox has no returning customer João (CPF 111.444.777-35)');
  returning = { cpf: joao.cpf, phone: joao.phone, name: joao.name };
});
afterAll(async () => {
  await browser?.close();
  await store?.close();
  await new Promise((r) => (third ? third.server.close(r) : r(undefined)));
  await new Promise((r) => (hostile ? hostile.server.close(r) : r(undefined)));
  await drip?.stop();
});

async function storePage(): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
  });
  return context.newPage();
}

/**
 * A 390 px phone. `mobile`: a phone browser, where a page wider than the screen stretches the layout viewport
 * (what `position: fixed; inset: 0` fills) to the page's width; otherwise a 390 px desktop window.
 */
async function phonePage(mobile = true): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: mobile,
    hasTouch: mobile,
    deviceScaleFactor: mobile ? 3 : 1,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
  });
  return context.newPage();
}

/**
 * The modal covers exactly what the shopper sees: the overlay's and (on a phone, full screen) the frame's boxes
 * equal the viewport, and the close button is inside it.
 */
async function expectModalFitsViewport(page: Page, where: string): Promise<void> {
  const viewport = page.viewportSize();
  if (!viewport) throw new Error('no viewport');
  const screen = { x: 0, y: 0, width: viewport.width, height: viewport.height };
  const dialog = page.getByRole('dialog', { name: 'Checkout Drip' });
  const round = (box: { x: number; y: number; width: number; height: number } | null) =>
    box && {
      x: Math.round(box.x),
      y: Math.round(box.y),
      width: Math.round(box.width),
      height: Math.round(box.height),
    };
  expect(round(await dialog.locator('xpath=..').boundingBox()), `overlay, ${where}`).toEqual(screen);
  expect(round(await dialog.locator('iframe').boundingBox()), `iframe, ${where}`).toEqual(screen);
  const close = await dialog.getByRole('button', { name: 'Fechar' }).boundingBox();
  expect(close, `close button, ${where}`).not.toBeNull();
  if (!close) return;
  expect(close.width, `close button, ${where}`).toBeGreaterThan(20);
  expect(close.x, `close button, ${where}`).toBeGreaterThanOrEqual(0);
  expect(close.y, `close button, ${where}`).toBeGreaterThanOrEqual(0);
  expect(close.x + close.width, `close button, ${where}`).toBeLessThanOrEqual(viewport.width);
  expect(close.y + close.height, `close button, ${where}`).toBeLessThanOrEqual(viewport.height);
  // What is on top at the button's centre is the button (nothing of the page covers it).
  const onTop = await page.evaluate(
    ({ x, y }) => document.elementFromPoint(x, y)?.getAttribute('aria-label') ?? null,
    { x: close.x + close.width / 2, y: close.y + close.height / 2 },
  );
  expect(onTop, `close button, ${where}`).toBe('Fechar');
}

/** The events the store page received (its `window.dripEvents`). */
async function storeEvents(page: Page): Promise<{ source: string; type: string; [key: string]: unknown }[]> {
  return page.evaluate(() => {
    const list: unknown = Reflect.get(window, 'dripEvents');
    return Array.isArray(list) ? JSON.parse(JSON.stringify(list)) : [];
  });
}

/**
 * Clicks a button inside the checkout. Through the DOM: the SDK's modal can be taller than the viewport (see the
 * issue-4 report), where a pointer click on a button below the fold would fail.
 */
async function press(button: Locator): Promise<void> {
  await button.waitFor();
  await button.evaluate((b) => {
    if (b instanceof HTMLElement) b.click();
  });
}

/** A purchase from the insight step to approval: customer data, Drip Token, the verification Pix if asked, confirm. */
async function buy(f: FrameLocator | Page, shopper: Shopper): Promise<void> {
  // The first step is drawn before the state machine loads, and its button is drawn anew when the machine takes
  // over (checkout-ui CheckoutPage.tsx): a DOM click on the node resolved just before that swap lands on a detached
  // node and does nothing. A person clicks what is on screen; the test presses again while 'Começar' is still there.
  const start = f.getByRole('button', { name: 'Começar' });
  const phone = f.getByLabel('Celular');
  await press(start);
  await expect
    .poll(
      async () => {
        if (await phone.isVisible()) return true;
        if (await start.isVisible()) await press(start);
        return phone.isVisible();
      },
      { timeout: 30_000, interval: 2_000 },
    )
    .toBe(true);
  await phone.fill(shopper.phone.replace(/^\+55/, ''));
  await f.getByLabel('CPF').fill(shopper.cpf);
  await f.getByLabel('Nome completo').fill(shopper.name);
  await f.getByLabel('E-mail').fill('comprador@example.com');
  await f.getByLabel('CEP').fill('01310-100');
  await expect.poll(() => f.getByLabel('Rua').inputValue(), { timeout: 10_000 }).not.toBe('');
  await f.getByLabel('Número').fill('100');
  const before = await outbox(drip.url, shopper.phone);
  await press(f.getByRole('button', { name: 'Continuar' }));
  await f.getByLabel('Drip Token').waitFor();
  const message = await newMessage(drip.url, shopper.phone, before);
  if (!message.code) throw new Error(`the token message has no code: ${message.body}`);
  await f.getByLabel('Drip Token').fill(message.code);
  await press(f.getByRole('button', { name: 'Continuar' }));
  // A first purchase shows the R$ 1,00 verification Pix: pay it through the sandbox bank, as the shopper.
  const confirm = f.getByRole('button', { name: 'Confirmar' });
  const pix = f.getByLabel('Pix copia e cola');
  await confirm.or(pix).first().waitFor({ timeout: 20_000 });
  if (await pix.isVisible()) {
    const paid = await fetch(`${drip.url}/sandbox/pix/pay`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ brcode: await pix.inputValue(), payerCpf: shopper.cpf, payerBankCode: '260' }),
    });
    if (paid.status !== 200)
      throw new Error(`/sandbox/pix/pay answered ${paid.status}: ${await paid.text()}`);
  }
  await confirm.waitFor({ timeout: 20_000 }).catch(async (err: unknown) => {
    const text = (await f.locator('body').textContent()) ?? '';
    throw new Error(`no confirmation step; the checkout shows:\n${text.slice(0, 600)}`, { cause: err });
  });
  await press(confirm);
  await f.getByRole('heading', { name: 'Compra aprovada!' }).waitFor({ timeout: 20_000 });
}

describe('merchant SDK on the demo store (another origin)', () => {
  it('the store page sends exactly the CSP of the SDK README and loads the SDK by script tag with SRI', async () => {
    const res = await fetch(`${store.url}/`);
    expect(res.headers.get('content-security-policy')).toBe(storeCsp(new URL(drip.url).origin));
    expect(res.headers.get('content-security-policy')).toBe(
      `frame-src ${drip.url}; script-src 'self' ${drip.url};`,
    );
    const html = await res.text();
    expect(html).toMatch(
      new RegExp(
        `<script src="${drip.url}/sdk/v${SDK_VERSION}/drip\\.js" integrity="sha384-[\\w+/=]+" crossorigin`,
      ),
    );
  });

  it('modal: the banner shows, the purchase completes in the iframe and the store receives finished OK', async () => {
    const page = await storePage();
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await page.goto(store.url);
    const banner = page.frameLocator('#drip-banner iframe');
    // R$ 299,90 in 3x is charged 99,98 + 99,96 + 99,96: the banner says so, not '3x de R$ 99,96'.
    await banner.getByText(/^Pague no Pix Parcelado em 3x \(1x R\$\s99,98 \+ 2x R\$\s99,96\),/).waitFor();
    await page.getByRole('button', { name: 'Comprar com Drip', exact: true }).waitFor();
    await snap(page, 'sdk-demo-store-1280');
    await page.getByRole('button', { name: 'Comprar com Drip', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Checkout Drip' });
    await dialog.waitFor();
    const f = page.frameLocator('iframe[title="Checkout Drip"]');
    // One close button: the SDK's (the checkout hides its own × once the SDK is connected).
    await f.getByRole('button', { name: 'Começar' }).waitFor();
    await expect.poll(() => f.getByRole('button', { name: 'Fechar' }).count()).toBe(0);
    await screen(page, 'sdk-demo-store-modal-1280');
    expect(await dialog.getByRole('button', { name: 'Fechar' }).count()).toBe(1);

    await buy(f, returning);
    await expect
      .poll(async () => (await storeEvents(page)).find((e) => e.type === 'finished'), { timeout: 10_000 })
      .toMatchObject({ source: 'checkout', status: 'OK' });
    const events = await storeEvents(page);
    const finished = events.find((e) => e.type === 'finished');
    expect(String(finished?.url)).toMatch(new RegExp(`^${store.url}/pedido/sucesso\\?pedido=DEMO-`));
    const types = events.filter((e) => e.source === 'checkout').map((e) => e.type);
    expect(types.slice(0, 1)).toEqual(['open']);
    expect(types).toContain('ready');
    const steps = events.filter((e) => e.type === 'step').map((e) => e.step);
    expect(steps).toEqual(expect.arrayContaining(['insight', 'form', 'token', 'confirmation', 'approved']));
    expect(events.find((e) => e.type === 'outcome')).toMatchObject({ status: 'OK' });
    await page.getByText(/Pagamento aprovado! Pedido DEMO-/).waitFor();
    // No CSP violation on the store page with exactly the README's directives.
    expect(errors.filter((e) => /Content Security Policy/i.test(e))).toEqual([]);
    await page.context().close();
  });

  it('redirect: the shopper buys on Drip and comes back to resolveUrl, which the store checks with Drip', async () => {
    const page = await storePage();
    await page.goto(store.url);
    await page.getByRole('button', { name: 'Comprar com Drip (redirecionamento)' }).click();
    await page.waitForURL((url) => url.origin === drip.url && url.pathname.startsWith('/checkouts/'));
    expect(new URL(page.url()).searchParams.get('transparent')).toBe('false');
    await buy(page, newcomer);
    // The approved page goes back to the store after 5 s.
    await page.waitForURL((url) => url.href.startsWith(`${store.url}/pedido/sucesso`), { timeout: 15_000 });
    await page.getByRole('heading', { name: 'Pedido confirmado' }).waitFor();
    expect(await page.locator('#drip-status').textContent()).toBe('OK');
    await page.context().close();
  });

  it("closing the modal with the SDK's close button fires close and settles CLOSED", async () => {
    const page = await storePage();
    await page.goto(store.url);
    await page.getByRole('button', { name: 'Comprar com Drip', exact: true }).click();
    const f = page.frameLocator('iframe[title="Checkout Drip"]');
    await f.getByRole('button', { name: 'Começar' }).waitFor();
    await page.getByRole('dialog', { name: 'Checkout Drip' }).getByRole('button', { name: 'Fechar' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    const events = await storeEvents(page);
    expect(events.filter((e) => e.source === 'checkout').at(-1)).toMatchObject({ type: 'close' });
    expect(events.find((e) => e.type === 'outcome')).toMatchObject({ status: 'CLOSED' });
    await page.context().close();
  });

  it('Escape inside the checkout frame closes the modal too', async () => {
    const page = await storePage();
    await page.goto(store.url);
    await page.getByRole('button', { name: 'Comprar com Drip', exact: true }).click();
    const f = page.frameLocator('iframe[title="Checkout Drip"]');
    // The checkout handles Escape once it is connected to the SDK (its `ready` event has reached the store).
    await expect
      .poll(
        async () => (await storeEvents(page)).some((e) => e.source === 'checkout' && e.type === 'ready'),
        {
          timeout: 20_000,
        },
      )
      .toBe(true);
    // Focus and key press on the element inside the frame in one action (no window for focus to move away). Not
    // awaited: the key closes the modal, which removes the frame, and Playwright's press then never settles (it
    // timed out although the checkout had closed — the old flake). The outcome below is what the test checks.
    void f
      .getByRole('button', { name: 'Começar' })
      .press('Escape', { timeout: 10_000 })
      .catch(() => undefined);
    await expect.poll(() => page.getByRole('dialog').count(), { timeout: 10_000 }).toBe(0);
    expect((await storeEvents(page)).find((e) => e.type === 'outcome')).toMatchObject({ status: 'CLOSED' });
    await page.context().close();
  });
});

describe('the modal on any page, at any width', () => {
  async function checkoutId(): Promise<string> {
    const res = await fetch(`${store.url}/api/checkout`, { method: 'POST' });
    return v.parse(v.object({ id: v.string() }), await res.json()).id;
  }

  for (const mobile of [true, false]) {
    it(`a hostile page wider than a 390 px ${mobile ? 'phone' : 'window'} cannot move, widen or hide it`, async () => {
      const page = await phonePage(mobile);
      await page.goto(`${hostile.url}/?id=${await checkoutId()}`);
      const f = page.frameLocator('iframe[title="Checkout Drip"]');
      await f.getByRole('button', { name: 'Começar' }).waitFor({ timeout: 20_000 });
      // The page really is wider than the screen (so the test can fail).
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeGreaterThan(2000);
      // After the checkout's own resize events, too.
      await expect
        .poll(() => page.evaluate(() => JSON.stringify(Reflect.get(window, 'events') ?? [])))
        .toContain('"resize"');
      await expectModalFitsViewport(page, 'hostile page');
      await screen(page, `sdk-hostile-390${mobile ? '-phone' : ''}`);
      // It still works: the close button closes it.
      await page
        .getByRole('dialog', { name: 'Checkout Drip' })
        .getByRole('button', { name: 'Fechar' })
        .click();
      await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
      await page.context().close();
    });
  }

  it('the demo store at 390 px: the modal is the screen from the first step to the approval', async () => {
    const page = await phonePage();
    await page.goto(store.url);
    await page
      .frameLocator('#drip-banner iframe')
      .getByText(/^Pague no Pix Parcelado/)
      .waitFor();
    await snap(page, 'sdk-demo-store-390');
    await page.getByRole('button', { name: 'Comprar com Drip', exact: true }).click();
    const f = page.frameLocator('iframe[title="Checkout Drip"]');
    await f.getByRole('button', { name: 'Começar' }).waitFor();
    // The checkout is live (connected to the SDK: its `ready` has reached the store) before the shopper starts.
    await expect
      .poll(async () => (await storeEvents(page)).some((e) => e.type === 'ready'), { timeout: 20_000 })
      .toBe(true);
    await expectModalFitsViewport(page, 'first step');
    await screen(page, 'sdk-demo-store-modal-390');
    // A first purchase: the approval comes after the verification Pix.
    await buy(f, phoneShopper);
    await expect
      .poll(async () => (await storeEvents(page)).some((e) => e.type === 'finished'), { timeout: 10_000 })
      .toBe(true);
    // The store's event log is full of unbroken JSON by now: it wraps, the page stays as wide as the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectModalFitsViewport(page, 'approval');
    await screen(page, 'sdk-demo-store-approved-390');
    await page.context().close();
  });
});

describe("the merchant's real terms", () => {
  it("the demo store and its banner promise the checkout merchant's cashback (Casa Pitanga: 2,00%, 3x)", async () => {
    const world = await demo(drip.url);
    const pitanga = world.merchants.find((m) => m.name === 'Casa Pitanga');
    if (!pitanga) throw new Error('no Casa Pitanga in the sandbox');
    // What Drip gives for this merchant (and the checkout applies): the store must say the same.
    const terms = await (
      await fetch(`${drip.url}/api/v1/instalments_simulator?amount=299.90&merchantId=${pitanga.id}`)
    ).json();
    expect(terms).toMatchObject({ cashbackRate: 0.02, maxInstalments: 3, flexibleInstallments: false });
    const page = await storePage();
    await page.goto(store.url);
    await page.getByText('Em 3x sem juros no Pix, com 2,00% de cashback').waitFor();
    const banner = page.frameLocator('#drip-banner iframe');
    await banner.getByText(/e 2,00%\s?de cashback/).waitFor();
    expect(await banner.locator('body').textContent()).not.toMatch(/5,00/);
    // The explainer too (opened from the banner's link).
    await banner.getByRole('button', { name: 'Entenda a Drip' }).click();
    const explainer = page.frameLocator('iframe[title="Drip"]').last();
    await explainer.getByText(/2,00%/).first().waitFor();
    await page.context().close();
  });
});

describe('the README on the demo store', () => {
  it('names its port variable, its merchant with its real terms, and who pays the R$ 1,00 Pix', async () => {
    const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
    const start = readFileSync(join(repoRoot, 'scripts/start.mjs'), 'utf8');
    for (const variable of ['PORT_DEMO_STORE', 'DRIP_DEMO_STORE']) {
      expect(start, `scripts/start.mjs reads ${variable}`).toContain(`process.env.${variable}`);
      expect(readme, `README names ${variable}`).toContain(`\`${variable}\``);
    }
    // The merchant the store sells for, and its terms as Drip gives them.
    expect(readme).toMatch(new RegExp(`demo store sells for \\*\\*${SANDBOX_MERCHANT}\\*\\*`));
    const pitanga = (await demo(drip.url)).merchants.find((m) => m.name === SANDBOX_MERCHANT);
    const terms = await (
      await fetch(`${drip.url}/api/v1/instalments_simulator?amount=100&merchantId=${pitanga?.id}`)
    ).json();
    expect(readme).toContain(
      `fixed ${terms.maxInstalments} instalments and ${Math.round(terms.cashbackRate * 100)} % cashback`,
    );
    expect(readme).toMatch(
      /R\$ 1,00 verification Pix\*\*[\s\S]*from the shopper's own CPF[\s\S]*INVALID_CUSTOMER_DATA/,
    );
  });
});

describe('origins', () => {
  it('a child on a third origin that speaks the protocol is ignored (and accepted when it is the configured origin)', async () => {
    const page = await storePage();
    await page.goto(`${third.url}/host.html`);
    const run = (checkoutOrigin: string, navigateTo: string | null) =>
      page.evaluate(
        async ({ checkoutOrigin, navigateTo }) => {
          const events: unknown[] = [];
          const sdk: unknown = Reflect.get(window, 'Drip');
          if (typeof sdk !== 'object' || sdk === null) throw new Error('no Drip global');
          const open: unknown = Reflect.get(sdk, 'openCheckout');
          if (typeof open !== 'function') throw new Error('no Drip.openCheckout');
          const handle = open('forged-checkout', {
            mode: 'modal',
            checkoutOrigin,
            fallbackToRedirect: false,
            connectTimeoutMs: 4000,
            onEvent: (e: unknown) => events.push(e),
          });
          const frame = document.querySelector('iframe');
          // The SDK's frame navigated away to a third-origin page (or any third-origin window posting to us).
          if (navigateTo && frame) frame.src = navigateTo;
          const outcome: unknown = await Reflect.get(handle, 'result');
          return JSON.parse(JSON.stringify({ outcome, events }));
        },
        { checkoutOrigin, navigateTo },
      );
    // Control: the same forged page at the configured checkout origin is believed (so the check below can fail).
    const trusted = await run(third.otherUrl, null);
    expect(trusted.outcome).toEqual({ status: 'OK', url: 'https://evil.example/ok' });
    // The real case: the checkout origin is Drip; the forged child on another origin gets nowhere.
    const ignored = await run(drip.url, `${third.otherUrl}/forged.html`);
    expect(ignored.events).not.toContainEqual(expect.objectContaining({ type: 'finished' }));
    expect(ignored.outcome).toMatchObject({ status: 'ERROR', code: 'CONNECTION_FAILED' });
    await page.context().close();
  });

  it('a page on an unregistered origin cannot frame the checkout (frame-ancestors)', async () => {
    const res = await fetch(`${store.url}/api/checkout`, { method: 'POST' });
    const { id } = v.parse(v.object({ id: v.string() }), await res.json());
    const checkoutUrl = `${drip.url}/checkouts/${id}?transparent=true`;
    const head = await fetch(checkoutUrl);
    const csp = head.headers.get('content-security-policy') ?? '';
    // The configured origin (the demo store) and the merchant's registered ones, never the third origin.
    expect(csp).toMatch(new RegExp(`^frame-ancestors 'self' ${store.url}( |$)`));
    expect(csp).not.toContain(third.url);

    const page = await storePage();
    const refused: string[] = [];
    page.on('console', (m) => {
      if (/frame-ancestors/.test(m.text())) refused.push(m.text());
    });
    await page.goto(`${third.url}/frame.html?src=${encodeURIComponent(checkoutUrl)}`);
    await expect.poll(() => refused.length, { timeout: 10_000 }).toBeGreaterThan(0);
    const frame = page.frames().find((f) => f !== page.mainFrame());
    // Blocked: the frame holds Chromium's error page, not the checkout.
    expect(await frame?.locator('text=Começar').count()).toBe(0);
    expect(frame?.url()).toMatch(/^chrome-error:/);
    await page.context().close();
  });

  it('an origin the merchant registers may frame its checkout (per-merchant embed domains)', async () => {
    const login = await fetch(`${drip.url}/admin_backoffice/api/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin@drip.dev', password: 'drip-demo-123' }),
    });
    const { token } = v.parse(v.object({ token: v.string() }), await login.json());
    const world = await demo(drip.url);
    const domainsOf = (id: string) =>
      `${drip.url}/admin_backoffice/api/v1/merchants/${encodeURIComponent(id)}/embed_domains`;
    const put = (id: string, domains: string[]) =>
      fetch(domainsOf(id), {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ domains }),
      });
    const before = new Map<string, string[]>();
    for (const m of world.merchants) {
      const res = await fetch(domainsOf(m.id), { headers: { authorization: `Bearer ${token}` } });
      before.set(m.id, v.parse(v.object({ domains: v.array(v.string()) }), await res.json()).domains);
      expect((await put(m.id, [...(before.get(m.id) ?? []), third.url])).status).toBe(200);
    }
    try {
      const res = await fetch(`${store.url}/api/checkout`, { method: 'POST' });
      const { id } = v.parse(v.object({ id: v.string() }), await res.json());
      const checkoutUrl = `${drip.url}/checkouts/${id}?transparent=true`;
      expect((await fetch(checkoutUrl)).headers.get('content-security-policy')).toContain(third.url);
      const page = await storePage();
      await page.goto(`${third.url}/frame.html?src=${encodeURIComponent(checkoutUrl)}`);
      await page.frameLocator('#f').getByRole('button', { name: 'Começar' }).waitFor({ timeout: 15_000 });
      await page.context().close();
    } finally {
      for (const [id, domains] of before) await put(id, domains);
    }
  });
});
