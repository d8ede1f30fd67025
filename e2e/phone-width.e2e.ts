// Every portal screen at 390 px (a phone) with real data: no screen scrolls sideways. A shopper buys at Loja Aurora
// in 12 instalments (the first paid at checkout) and the merchant refunds one of the two products, so that the
// merchant's order detail has its 'Estornos' and the customer's has twelve instalments with cancelled items. The
// list of screens is checked against the portals' routers, so that a new screen cannot be left out.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateCpf } from '@drip/core';
import type { Browser, Locator, Page } from 'playwright-core';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launch, newPage, snap } from './browser.ts';
import { merchantKey } from './checkout-helpers.ts';
import { repoRoot } from './drip-server.ts';
import { merchantUser, signInMerchant } from './merchant-portal.ts';
import { type Demo, demo, newMessage, outbox } from './sandbox.ts';
import { call, purchaseWithUpfrontPix } from './upfront-purchase.ts';

const PHONE = { width: 390, height: 844 };

let browser: Browser;
let world: Demo;
let sale: { checkoutId: string; orderId: string; buyer: { cpf: string; password: string } };

async function ok(path: string, init: RequestInit = {}): Promise<unknown> {
  const res = await call(path, init);
  expect(res.status, `${init.method ?? 'GET'} ${path}: ${res.text}`).toBeLessThan(300);
  return res.body;
}

/** A purchase at Loja Aurora through the checkout API: 12 instalments, the first paid today, two products. */
function purchaseIn12(shopper: { cpf: string; phone: string }): Promise<string> {
  return purchaseWithUpfrontPix({
    apiKey: merchantKey(world, 'Loja Aurora'),
    shopper: {
      ...shopper,
      name: 'Helena Doze Parcelas',
      email: `helena.${shopper.cpf}@cliente.demo`,
      addressNumber: '390',
    },
    amount: 150.07,
    products: [
      { name: 'Camiseta listrada', quantity: 1, amount: 90.07 },
      { name: 'Boné', quantity: 1, amount: 60 },
    ],
    instalments: 12,
  });
}

/** The customer portal's password, set through the SMS recovery (a shopper created at checkout has none). */
async function setPassword(shopper: { cpf: string; phone: string }, password: string) {
  const before = await outbox(baseUrl(), shopper.phone);
  await ok('/customer_backoffice/api/v1/recover/password', {
    method: 'POST',
    body: JSON.stringify({ customerCpf: shopper.cpf }),
  });
  const token = (await newMessage(baseUrl(), shopper.phone, before)).code ?? '';
  await ok('/customer_backoffice/api/v1/recover/validate', {
    method: 'PUT',
    body: JSON.stringify({ token, customerCpf: shopper.cpf, type: 'password' }),
  });
  await ok('/customer_backoffice/api/v1/recover/password', {
    method: 'PUT',
    body: JSON.stringify({ token, customerCpf: shopper.cpf, password, repeatPassword: password }),
  });
}

/** Both merchant login steps through the API; the bearer header of the session. */
async function merchantAuth(user: { email: string; password: string; phone: string }) {
  const before = await outbox(baseUrl(), user.phone);
  await ok('/merchant_backoffice/api/v1/login', {
    method: 'POST',
    body: JSON.stringify({ username: user.email, password: user.password }),
  });
  const code = (await newMessage(baseUrl(), user.phone, before)).code ?? '';
  const pair = v.parse(
    v.object({ token: v.string() }),
    await ok('/merchant_backoffice/api/v1/login', {
      method: 'POST',
      body: JSON.stringify({ username: user.email, smsCode: code }),
    }),
  );
  return { authorization: `Bearer ${pair.token}` };
}

/** The merchant refunds the first product of the order and waits until the refund is carried out. */
async function refundOneProduct(checkoutId: string): Promise<string> {
  const headers = await merchantAuth(merchantUser(world, true, 'Loja Aurora'));
  const detail = v.parse(
    v.object({ order: v.object({ id: v.string() }) }),
    await ok(`/merchant_backoffice/api/v2/checkouts/${checkoutId}`, { headers }),
  );
  const orderId = detail.order.id;
  const Order = v.object({
    products: v.array(v.object({ id: v.string() })),
    refunds: v.array(v.object({ status: v.string() })),
  });
  const order = v.parse(Order, await ok(`/merchant_backoffice/api/v1/orders/${orderId}`, { headers }));
  await ok(`/merchant_backoffice/api/v1/orders/${orderId}/products/cancel`, {
    method: 'PUT',
    headers,
    body: JSON.stringify({ productIds: [order.products[0]?.id] }),
  });
  const deadline = Date.now() + 45_000;
  for (;;) {
    const now = v.parse(Order, await ok(`/merchant_backoffice/api/v1/orders/${orderId}`, { headers }));
    if (now.refunds.length > 0 && now.refunds.every((r) => r.status !== 'PENDING')) break;
    if (Date.now() > deadline) throw new Error('the refund was not carried out within 45 s');
    await new Promise((r) => setTimeout(r, 1000));
  }
  return orderId;
}

beforeAll(async () => {
  browser = await launch();
  world = await demo(baseUrl());
  const n = (Date.now() % 1_000_000) + 390_390;
  const shopper = {
    cpf: generateCpf(n),
    phone: `+5511${String(970_000_000 + (n % 29_999_999)).slice(0, 9)}`,
  };
  const checkoutId = await purchaseIn12(shopper);
  const password = 'doze-parcelas-390';
  await setPassword(shopper, password);
  const orderId = await refundOneProduct(checkoutId);
  sale = { checkoutId, orderId, buyer: { cpf: shopper.cpf, password } };
}, 180_000);
afterAll(async () => {
  await browser?.close();
});

/** How far the page scrolls sideways at 390 px: 0 when nothing is wider than the screen. */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** Waits for the screen, lets late content land, checks the width and keeps a screenshot. */
async function checkScreen(page: Page, name: string, ready: Locator): Promise<number> {
  await ready.first().waitFor({ timeout: 20_000 });
  await page.waitForTimeout(600);
  await snap(page, `phone-${name}`);
  return overflow(page);
}

interface Screen {
  /** The route as the router declares it (params as `:name`). */
  route: string;
  /** The URL visited (params filled). */
  url?: string;
  ready: (page: Page) => Locator;
}

const heading = (page: Page) => page.getByRole('heading').first();

/** The admin screens reached without an id of the world (lists, forms, the risk lists). */
const ADMIN_PLAIN = [
  'orders',
  'customers',
  'promotions',
  'promotions/create',
  'block-user',
  'whitelist',
  'debt-list',
  'add-debt-negotiation-payment',
  'dead-tasks',
];

const ANONYMOUS: Screen[] = [
  { route: '/admin/login', ready: (p) => p.getByRole('button', { name: 'Entrar' }) },
  { route: '/parceira/login', ready: (p) => p.getByRole('button', { name: 'Entrar' }) },
  { route: '/merchant/login', ready: (p) => p.getByRole('button', { name: 'Entrar' }) },
  { route: '/parceira/recuperar-login', ready: heading },
  { route: '/cliente/login', ready: (p) => p.getByRole('button', { name: 'Entrar' }) },
  { route: '/customer/login', ready: (p) => p.getByRole('button', { name: 'Entrar' }) },
  { route: '/ajuda', url: '/ajuda', ready: (p) => p.getByRole('dialog') },
  { route: '/cliente/recuperar-login', ready: heading },
  { route: '*', url: '/nada-aqui', ready: heading },
];

const ADMIN: Screen[] = [
  { route: '/admin', ready: heading },
  ...ADMIN_PLAIN.map((route) => ({
    route: `/admin/${route}`,
    url: `/admin/${route.replace(/:\w+/g, '00000000-0000-4000-8000-000000000000')}`,
    ready: heading,
  })),
  { route: '/admin/profile', ready: (p: Page) => p.getByLabel('E-mail') },
];

/** The ids the merchant screens need: a merchant's, and one user, fee, cashback and settlement configuration of it. */
interface MerchantIds {
  merchantId: string;
  userId: string;
  feeId: string;
  cashbackId: string;
  configId: string;
}

/** Gives a demo merchant (not the one whose sale the other screens show) a fee, a cashback and settlement terms. */
async function merchantWithTerms(page: Page): Promise<MerchantIds> {
  const token = await page.evaluate(
    () => localStorage.getItem('adminUser') ?? sessionStorage.getItem('adminUser'),
  );
  const merchant = world.merchants.find((m) => m.name !== 'Loja Aurora' && m.users.length > 0);
  if (!token || !merchant) throw new Error('no admin session or no second demo merchant');
  const base = `${baseUrl()}/admin_backoffice/api/v1/merchants/${merchant.id}`;
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${base}/${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.status, path).toBe(201);
    return v.parse(v.object({ id: v.string() }), await res.json()).id;
  };
  return {
    merchantId: merchant.id,
    userId: merchant.users[0]?.id ?? '',
    feeId: await post('fees', { amount: 2.5, expirationDate: null }),
    cashbackId: await post('cashback', { ratio: 0.02, expirationDate: null }),
    configId: await post('settlement_configurations', {
      transferDelayInDays: 0,
      payAllInOneSettlement: false,
    }),
  };
}

const adminMerchantScreens = (ids: MerchantIds): Screen[] => {
  const form = (route: string, url: string, name: string): Screen => ({
    route: `/admin/merchants/:merchantId/${route}`,
    url: `/admin/merchants/${ids.merchantId}/${url}`,
    ready: (p) => p.getByRole('button', { name }),
  });
  return [
    {
      route: '/admin/merchants',
      ready: (p) =>
        p.getByRole('table', { name: 'Parceiros' }).or(p.getByRole('list', { name: 'Parceiros' })),
    },
    {
      route: '/admin/merchants/:merchantId',
      url: `/admin/merchants/${ids.merchantId}`,
      ready: (p) => p.getByRole('region', { name: 'Configurações de repasse' }),
    },
    { route: '/admin/merchants/create', ready: (p) => p.getByRole('button', { name: 'Criar' }) },
    form('edit', 'edit', 'Atualizar'),
    form('users/create', 'users/create', 'Criar'),
    form('users/:merchantUserId/edit', `users/${ids.userId}/edit`, 'Atualizar'),
    form('fees/create', 'fees/create', 'Criar'),
    form('fees/:merchantFeeId/edit', `fees/${ids.feeId}/edit`, 'Atualizar'),
    form('cashbacks/create', 'cashbacks/create', 'Criar'),
    form('cashbacks/:merchantCashbackId/edit', `cashbacks/${ids.cashbackId}/edit`, 'Atualizar'),
    form('settlement_configurations/create', 'settlement_configurations/create', 'Criar'),
    form(
      'settlement_configurations/:merchantSettlementConfigurationId/edit',
      `settlement_configurations/${ids.configId}/edit`,
      'Atualizar',
    ),
  ];
};

/** The ids the catalogue screens need: one seeded store, category and tag, read through the admin API. */
interface CatalogueIds {
  storeId: string;
  categoryId: string;
  tagId: string;
}

async function catalogueIds(page: Page): Promise<CatalogueIds> {
  const token = await page.evaluate(
    () => localStorage.getItem('adminUser') ?? sessionStorage.getItem('adminUser'),
  );
  if (!token) throw new Error('no admin session');
  const get = async (path: string) => {
    const res = await fetch(`${baseUrl()}/admin_backoffice/api/v1/merchants/stores-service/${path}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status, path).toBe(200);
    return res.json();
  };
  const Ref = v.object({ id: v.string() });
  const [store] = v.parse(
    v.object({ content: v.array(Ref) }),
    await get('stores?size=1&status=ACTIVE'),
  ).content;
  const [category] = v.parse(v.array(Ref), await get('categories?status=ALL'));
  const [tag] = v.parse(v.array(Ref), await get('tags'));
  if (!store || !category || !tag) throw new Error('the seed has no store, category or tag');
  return { storeId: store.id, categoryId: category.id, tagId: tag.id };
}

/** A promotion of the demo world's first active store, created through the admin API (the seed has none). */
async function promotionId(page: Page, storeId: string): Promise<string> {
  const token = await page.evaluate(
    () => localStorage.getItem('adminUser') ?? sessionStorage.getItem('adminUser'),
  );
  const res = await fetch(`${baseUrl()}/admin_backoffice/api/v1/promotion-banner`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Semana da casa',
      storeId,
      productsPageUrl: 'https://loja.example/semana-da-casa',
      from: new Date().toISOString().slice(0, 10),
    }),
  });
  expect(res.status).toBe(201);
  return v.parse(v.object({ id: v.string() }), await res.json()).id;
}

/** The demo world's first customer in the admin list. */
async function customerId(page: Page): Promise<string> {
  const token = await page.evaluate(
    () => localStorage.getItem('adminUser') ?? sessionStorage.getItem('adminUser'),
  );
  const res = await fetch(`${baseUrl()}/admin_backoffice/api/v1/customers?page=0&size=1`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(200);
  const [first] = v.parse(
    v.object({ content: v.array(v.object({ id: v.string() })) }),
    await res.json(),
  ).content;
  if (!first) throw new Error('the seed has no customer');
  return first.id;
}

const adminCustomerScreens = (id: string): Screen[] => [
  { route: '/admin/customers/:customerId', url: `/admin/customers/${id}`, ready: heading },
  { route: '/admin/customers/:customerId/edit', url: `/admin/customers/${id}/edit`, ready: heading },
];

const adminPromotionScreens = (id: string): Screen[] => [
  { route: '/admin/promotions/:id', url: `/admin/promotions/${id}`, ready: heading },
  { route: '/admin/promotions/:id/edit', url: `/admin/promotions/${id}/edit`, ready: heading },
];

const adminCatalogueScreens = (ids: CatalogueIds): Screen[] => {
  const list = (name: string) => (p: Page) =>
    p.getByRole('table', { name }).or(p.getByRole('list', { name }));
  const button = (name: string) => (p: Page) => p.getByRole('button', { name });
  return [
    { route: '/admin/stores', ready: list('Lojas') },
    { route: '/admin/stores/create', ready: button('Criar') },
    {
      route: '/admin/stores/:storeId',
      url: `/admin/stores/${ids.storeId}`,
      ready: (p) => p.getByRole('region', { name: 'Loja' }),
    },
    {
      route: '/admin/stores/:storeId/edit',
      url: `/admin/stores/${ids.storeId}/edit`,
      ready: button('Atualizar'),
    },
    { route: '/admin/store-categories', ready: list('Categorias') },
    { route: '/admin/store-categories/create', ready: button('Salvar Categoria') },
    {
      route: '/admin/store-categories/edit/:id',
      url: `/admin/store-categories/edit/${ids.categoryId}`,
      ready: button('Editar Categoria'),
    },
    { route: '/admin/store-tags', ready: list('Tags') },
    { route: '/admin/store-tags/create', ready: button('Salvar') },
    {
      route: '/admin/store-tags/edit/:id',
      url: `/admin/store-tags/edit/${ids.tagId}`,
      ready: button('Salvar'),
    },
  ];
};

const merchantScreens = (): Screen[] => [
  { route: '/parceira/pedidos', ready: (p) => p.getByText('Pedidos aprovados e negados') },
  { route: '/parceira/pedidos/extrato', ready: (p) => p.getByRole('list', { name: 'Extrato de vendas' }) },
  {
    route: '/parceira/pedidos/:checkoutId',
    url: `/parceira/pedidos/${sale.checkoutId}`,
    ready: (p) => p.getByRole('list', { name: 'Estornos' }),
  },
  { route: '/parceira/checkout-links', ready: heading },
  { route: '/parceira/checkout-links/criar', ready: heading },
  { route: '/parceira/perfil', ready: (p) => p.getByLabel('E-mail') },
  { route: '/parceira/plugin_sign_up/:platform', url: '/parceira/plugin_sign_up/vtex', ready: heading },
];

/** The admin's order details of the sale the other screens show (a product refunded: every line has a value). */
const adminOrderScreens = (): Screen[] => [
  {
    route: '/admin/orders/:orderId',
    url: `/admin/orders/${sale.orderId}`,
    ready: (p) => p.getByRole('region', { name: 'Histórico' }),
  },
];

const customerScreens = (): Screen[] => [
  { route: '/cliente/pedidos', ready: (p) => p.getByRole('list', { name: 'Suas compras' }) },
  {
    route: '/cliente/pedidos/:orderId',
    url: `/cliente/pedidos/${sale.orderId}`,
    ready: (p) => p.getByRole('list', { name: 'Parcelas' }),
  },
  { route: '/cliente/perfil', ready: heading },
];

/** Visits each screen in one signed-in page; returns the screens that scroll sideways, with how far. */
async function visitAll(page: Page, screens: Screen[]): Promise<string[]> {
  const wide: string[] = [];
  for (const screen of screens) {
    const url = screen.url ?? screen.route;
    await page.goto(url);
    const name = url.replace(/^\//, '').replace(/[^\w-]+/g, '-') || 'root';
    const excess = await checkScreen(page, name, screen.ready(page));
    if (excess > 0) wide.push(`${url}: ${excess} px wider than the screen`);
  }
  return wide;
}

/**
 * Path literals of the portals' routers: each area's entry routes (packages/portals/src/<area>/area.tsx) and its
 * pages (<area>/routes.tsx).
 */
function routerPaths(): string[] {
  const found: string[] = [];
  for (const area of ['admin', 'merchant', 'customer']) {
    for (const file of ['area.tsx', 'routes.tsx']) {
      const source = readFileSync(join(repoRoot, 'packages/portals/src', area, file), 'utf8');
      for (const m of source.matchAll(/(?:soon\(|path:\s*)'([^']+)'/g)) if (m[1]) found.push(m[1]);
    }
  }
  return found;
}

describe('every portal screen at 390 px', () => {
  it('the screens below are every route of the portals', () => {
    const ids = { merchantId: '', userId: '', feeId: '', cashbackId: '', configId: '' };
    const visited = [
      ...ANONYMOUS,
      ...ADMIN,
      ...adminMerchantScreens(ids),
      ...adminCatalogueScreens({ storeId: '', categoryId: '', tagId: '' }),
      ...adminOrderScreens(),
      ...adminPromotionScreens(''),
      ...adminCustomerScreens(''),
      ...merchantScreens(),
      ...customerScreens(),
    ].map((s) => s.route);
    const missing = routerPaths().filter(
      (path) => !visited.some((route) => route === path || route.endsWith(`/${path}`)),
    );
    expect(missing).toEqual([]);
  });

  it('signed out: the login, recovery, help and not-found pages', async () => {
    const { context, page } = await newPage(browser, PHONE);
    expect(await visitAll(page, ANONYMOUS)).toEqual([]);
    await context.close();
  });

  it('admin: every screen', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await page.goto('/admin/login');
    await page.getByLabel('E-mail').fill(world.admin.email);
    await page.getByLabel(/^Senha/).fill(world.admin.password);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL('**/admin/orders');
    const merchantScreensOfAdmin = adminMerchantScreens(await merchantWithTerms(page));
    const catalogue = await catalogueIds(page);
    const catalogueScreens = adminCatalogueScreens(catalogue);
    const promotionScreens = adminPromotionScreens(await promotionId(page, catalogue.storeId));
    const customerScreens = adminCustomerScreens(await customerId(page));
    expect(
      await visitAll(page, [
        ...adminOrderScreens(),
        ...ADMIN,
        ...merchantScreensOfAdmin,
        ...catalogueScreens,
        ...promotionScreens,
        ...customerScreens,
      ]),
    ).toEqual([]);
    await context.close();
  });

  it("merchant: sales with the chart in whole orders, the extract with a day open, an order's refunds, links, profile", async () => {
    const { context, page } = await newPage(browser, PHONE);
    await page.goto('/parceira/login');
    await signInMerchant(page, merchantUser(world, true, 'Loja Aurora'));
    await page.waitForURL('**/parceira/pedidos');
    expect(await visitAll(page, merchantScreens())).toEqual([]);

    // The sales chart counts orders: whole numbers, written the Brazilian way ('1.250'), never '0.5'.
    await page.goto('/parceira/pedidos');
    const ticks = page.locator('.recharts-yAxis-tick-labels text');
    await ticks.first().waitFor();
    const labels = await ticks.allTextContents();
    expect(labels.length).toBeGreaterThan(1);
    for (const label of labels) expect(label).toMatch(/^\d{1,3}(\.\d{3})*$/);

    // A day of the extract opened on its orders and its debt.
    await page.goto('/parceira/pedidos/extrato');
    await page
      .getByRole('button', { name: /^Expandir o dia/ })
      .first()
      .click();
    await page.getByTestId('debt-row').first().waitFor();
    await snap(page, 'phone-parceira-pedidos-extrato-open');
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    // Each day shows the transfers it has: no day carries an empty transfer column.
    expect(await page.getByText('—', { exact: true }).count()).toBe(0);
    await context.close();
  });

  it("customer: the orders, the 12 instalments with 'Valor a pagar' and 'Status' on screen, the profile", async () => {
    const { context, page } = await newPage(browser, PHONE);
    await page.goto('/cliente/login');
    await page.getByLabel('CPF').pressSequentially(sale.buyer.cpf);
    await page.getByLabel(/^Senha/).fill(sale.buyer.password);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL('**/cliente/pedidos');
    expect(await visitAll(page, customerScreens())).toEqual([]);

    await page.goto(`/cliente/pedidos/${sale.orderId}`);
    // The cards themselves, not the product lists inside them.
    const cards = page.getByRole('list', { name: 'Parcelas' }).locator(':scope > li');
    await cards.first().waitFor();
    expect(await cards.count()).toBe(12);
    for (const label of ['Valor a pagar', 'Status', 'Itens cancelados']) {
      const box = await cards.nth(11).getByText(label, { exact: true }).boundingBox();
      expect(box, label).not.toBeNull();
      expect((box?.x ?? 0) + (box?.width ?? 0), label).toBeLessThanOrEqual(PHONE.width);
    }
    await context.close();
  });
});
