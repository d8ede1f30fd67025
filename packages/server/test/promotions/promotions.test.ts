/**
 * Promotions (spec 3, 5, 7): promotion banners and their products, admin only, with spec 5's validations as pt-BR
 * 422s, stores checked against the catalogue and images checked as real PNGs.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ADMIN_API, CATALOGUE_API } from '@drip/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_CATALOGUE_API_KEY } from '../../src/config.ts';
import { auditLog } from '../../src/modules/audit/tables.ts';
import { promotionProducts } from '../../src/modules/promotions/tables.ts';
import { bearer, loginAdmin, loginMerchant, seededApp, type TestResponse } from '../helpers.ts';
import { makeJpeg, makePng } from '../images/png-fixtures.ts';

let t: Awaited<ReturnType<typeof seededApp>>;
let admin: Record<string, string>;
let storeId: string;
let otherStoreId: string;
const PNG = makePng(4, 4).toString('base64');
const OTHER_PNG = makePng(6, 3).toString('base64');
const BANNERS = `${ADMIN_API}/promotion-banner`;
const PRODUCTS = `${ADMIN_API}/affiliate-product`;

async function catalogueStore(name: string) {
  const res = await t.request(
    'POST',
    `${CATALOGUE_API}/management/stores`,
    {
      name,
      url: 'https://loja.example',
      origin: 'INTERNAL',
      platform: 'WEB',
      minimumCashback: 0.01,
      customerCashback: 0.03,
      tax: 0.02,
      merchantInitials: 'LP',
      logo: PNG,
    },
    { 'X-Api-Key': SANDBOX_CATALOGUE_API_KEY },
  );
  expect(res.status, res.text).toBe(201);
  return res.body.id as string;
}

beforeAll(async () => {
  t = await seededApp({ config: { dataDir: mkdtempSync(join(tmpdir(), 'drip-promotions-')) } });
  admin = bearer((await loginAdmin(t)).token);
  storeId = await catalogueStore('Loja Promo');
  otherStoreId = await catalogueStore('Outra Loja');
});
afterAll(async () => {
  await t.dispose();
});

const call = (method: string, path: string, body?: unknown, headers = admin) =>
  t.request(method, path, body, headers);

/** Spec 5's rules on the body's shape answer 400 VALIDATION_ERROR (as every contract does, docs/errors.md); what
 * only the server can judge (an unknown store, bytes that are not a PNG) answers 422. Both carry the pt-BR text. */
function expectIssue(res: TestResponse, message: string, status = 400) {
  expect(res.status, res.text).toBe(status);
  const all = [
    res.body?.error?.message,
    ...(res.body?.error?.issues ?? []).map((i: { message: string }) => i.message),
  ];
  expect(all).toContain(message);
}

const pageView = (extra: Record<string, unknown> = {}) => ({
  name: 'Semana do cliente',
  storeId,
  productsPageUrl: 'https://loja.example/promo',
  from: '2026-12-01',
  to: '2026-12-10',
  status: 'ACTIVE',
  type: 'PAGE_VIEW',
  image: PNG,
  ...extra,
});

const product = (extra: Record<string, unknown> = {}) => ({
  name: 'Tênis',
  description: 'Tênis de corrida',
  url: 'https://loja.example/tenis',
  image: 'https://loja.example/tenis.png',
  basePrice: 399.9,
  price: 299.9,
  storeId,
  ...extra,
});

async function productView() {
  const res = await call('POST', BANNERS, {
    name: 'Vitrine',
    from: '2026-12-01',
    type: 'PRODUCT_VIEW',
    status: 'ACTIVE',
  });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string };
}

describe('promotion banners', () => {
  it('creates a PAGE_VIEW promotion with its store and PNG image, reads it back and audits it', async () => {
    const res = await call('POST', BANNERS, pageView());
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Semana do cliente',
      store: { id: storeId, name: 'Loja Promo' },
      storeId,
      productsPageUrl: 'https://loja.example/promo',
      from: '2026-12-01',
      to: '2026-12-10',
      status: 'ACTIVE',
      type: 'PAGE_VIEW',
      products: [],
    });
    expect(res.body.image).toMatch(/\/images\/[0-9a-f]{64}\.png$/);
    const image = await t.request('GET', new URL(res.body.image).pathname);
    expect(image.status).toBe(200);
    const got = await call('GET', `${BANNERS}/${res.body.id}`);
    expect(got.status).toBe(200);
    expect(got.body).toEqual(res.body);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, res.body.id));
    expect(audit.map((a) => a.action)).toEqual(['PROMOTION_CREATED']);
  });

  it('takes the defaults of spec 5 (status ACTIVE, type PAGE_VIEW) and no end date', async () => {
    const res = await call('POST', BANNERS, {
      name: 'Sem fim',
      storeId,
      productsPageUrl: 'https://loja.example',
      from: '2026-12-01',
      to: '',
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ status: 'ACTIVE', type: 'PAGE_VIEW', to: null, image: null });
  });

  it('refuses what spec 5 refuses, each with its pt-BR message (422)', async () => {
    expectIssue(await call('POST', BANNERS, pageView({ name: '  ' })), 'Nome é obrigatório');
    expectIssue(await call('POST', BANNERS, pageView({ from: '' })), 'Data de início é obrigatória');
    expectIssue(await call('POST', BANNERS, pageView({ from: undefined })), 'Data de início é obrigatória');
    expectIssue(
      await call('POST', BANNERS, pageView({ from: '2026-12-10', to: '2026-12-09' })),
      'A data de término não pode ser anterior à data de início',
    );
    expectIssue(
      await call('POST', BANNERS, pageView({ productsPageUrl: '' })),
      'Link da página de produtos é obrigatório',
    );
    expectIssue(
      await call('POST', BANNERS, pageView({ productsPageUrl: 'javascript:alert(1)' })),
      'Link da página de produtos inválido',
    );
    expectIssue(await call('POST', BANNERS, pageView({ storeId: null })), 'Loja é obrigatória');
    expectIssue(
      await call('POST', BANNERS, pageView({ status: 'ON' })),
      'Status deve ser ACTIVE ou DISABLED',
    );
    expectIssue(
      await call('POST', BANNERS, pageView({ storeId: '00000000-0000-4000-8000-000000000000' })),
      'Loja não encontrada',
      422,
    );
    expectIssue(
      await call('POST', BANNERS, pageView({ image: makeJpeg().toString('base64') })),
      'A imagem deve ser um arquivo PNG válido',
      422,
    );
    const list = await call('GET', `${BANNERS}/all?size=100`);
    expect(list.body.content.map((p: { name: string }) => p.name)).not.toContain('');
  });

  it('needs neither store nor products page link for a PRODUCT_VIEW promotion', async () => {
    const res = await call('POST', BANNERS, { name: 'Produtos', from: '2026-12-01', type: 'PRODUCT_VIEW' });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ store: null, storeId: null, productsPageUrl: null });
  });

  it('pages the promotions newest first, 20 by default', async () => {
    for (let i = 0; i < 21; i++) {
      t.clock.advance(1000);
      const res = await call('POST', BANNERS, pageView({ name: `Promo ${i}`, image: null }));
      expect(res.status).toBe(201);
    }
    const first = await call('GET', `${BANNERS}/all`);
    expect(first.status).toBe(200);
    expect(first.body.content).toHaveLength(20);
    expect(first.body.size).toBe(20);
    expect(first.body.number).toBe(0);
    expect(first.body.content[0]).toMatchObject({ name: 'Promo 20', store: { name: 'Loja Promo' } });
    expect(first.body.totalElements).toBeGreaterThanOrEqual(21);
    const second = await call('GET', `${BANNERS}/all?page=1&size=20`);
    expect(second.body.content[0].name).toBe('Promo 0');
    const bad = await call('GET', `${BANNERS}/all?size=0`);
    expect(bad.status).toBe(400);
  });

  it("updates a promotion's data and keeps its image; changes the image through the logo call", async () => {
    const created = (await call('POST', BANNERS, pageView())).body;
    const updated = await call('PUT', BANNERS, {
      ...pageView({ name: 'Novo nome', storeId: otherStoreId, status: 'DISABLED', to: null }),
      id: created.id,
      image: undefined,
    });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.body).toMatchObject({
      name: 'Novo nome',
      store: { id: otherStoreId, name: 'Outra Loja' },
      status: 'DISABLED',
      to: null,
      image: created.image,
    });
    const logo = await call('PUT', `${BANNERS}/logo/${created.id}`, { image: OTHER_PNG });
    expect(logo.status, logo.text).toBe(200);
    expect(logo.body.image).not.toBe(created.image);
    expect(logo.body.name).toBe('Novo nome');
    expectIssue(
      await call('PUT', `${BANNERS}/logo/${created.id}`, { image: 'bm90IGEgcG5n' }),
      'A imagem deve ser um arquivo PNG válido',
      422,
    );
    expectIssue(
      await call('PUT', BANNERS, { ...pageView({ from: '2026-12-05', to: '2026-12-01' }), id: created.id }),
      'A data de término não pode ser anterior à data de início',
    );
  });

  it('answers 404 for an unknown or malformed promotion', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await call('GET', `${BANNERS}/${unknown}`)).status).toBe(404);
    expect((await call('GET', `${BANNERS}/nope`)).status).toBe(404);
    expect((await call('PUT', BANNERS, { ...pageView(), id: unknown })).status).toBe(404);
    expect((await call('PUT', `${BANNERS}/logo/${unknown}`, { image: PNG })).status).toBe(404);
    expect((await call('POST', `${PRODUCTS}/${unknown}`, [product()])).status).toBe(404);
  });
});

describe('promotion products', () => {
  it('adds, edits (the link stays) and removes the products of a PRODUCT_VIEW promotion, prices in centavos', async () => {
    const promotion = await productView();
    const added = await call('POST', `${PRODUCTS}/${promotion.id}`, [
      product(),
      product({ name: 'Meia', url: 'https://loja.example/meia', basePrice: null, price: 0 }),
    ]);
    expect(added.status, added.text).toBe(201);
    expect(added.body).toHaveLength(2);
    expect(added.body[0]).toMatchObject({
      name: 'Tênis',
      price: 299.9,
      basePrice: 399.9,
      store: { id: storeId },
    });
    const [row] = await t.database.db
      .select()
      .from(promotionProducts)
      .where(eq(promotionProducts.id, added.body[0].id));
    expect(row?.priceCents).toBe(29990);
    expect(row?.basePriceCents).toBe(39990);

    const edited = await call('PUT', `${PRODUCTS}/`, {
      ...product({ name: 'Tênis azul', price: 249.5, storeId: otherStoreId, url: 'https://evil.example' }),
      id: added.body[0].id,
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body).toMatchObject({
      name: 'Tênis azul',
      price: 249.5,
      url: 'https://loja.example/tenis',
      store: { id: otherStoreId, name: 'Outra Loja' },
    });

    const removed = await call('DELETE', `${PRODUCTS}/${added.body[1].id}`);
    expect(removed.status).toBe(200);
    const got = await call('GET', `${BANNERS}/${promotion.id}`);
    expect(got.body.products.map((p: { name: string }) => p.name)).toEqual(['Tênis azul']);
    expect((await call('DELETE', `${PRODUCTS}/${added.body[1].id}`)).status).toBe(404);
  });

  it('adds all the products or none, and only to a PRODUCT_VIEW promotion', async () => {
    const promotion = await productView();
    expectIssue(
      await call('POST', `${PRODUCTS}/${promotion.id}`, [
        product(),
        product({ storeId: '00000000-0000-4000-8000-000000000000' }),
      ]),
      'Loja não encontrada',
      422,
    );
    expect((await call('GET', `${BANNERS}/${promotion.id}`)).body.products).toEqual([]);
    const page = (await call('POST', BANNERS, pageView({ image: null }))).body;
    expectIssue(
      await call('POST', `${PRODUCTS}/${page.id}`, [product()]),
      'Somente promoções do tipo Produtos (PRODUCT_VIEW) têm produtos',
      422,
    );
  });

  it("refuses a product that misses spec 5's fields or has a negative price", async () => {
    const promotion = await productView();
    const at = `${PRODUCTS}/${promotion.id}`;
    expectIssue(await call('POST', at, [product({ name: '' })]), 'Nome do produto é obrigatório');
    expectIssue(await call('POST', at, [product({ description: '' })]), 'Descrição do produto é obrigatória');
    expectIssue(await call('POST', at, [product({ url: '' })]), 'Link do produto é obrigatório');
    expectIssue(await call('POST', at, [product({ image: 'ftp://x' })]), 'Link da imagem inválido');
    expectIssue(await call('POST', at, [product({ price: -1 })]), 'O preço não pode ser negativo');
    expectIssue(await call('POST', at, [product({ price: null })]), 'Preço é obrigatório');
    expectIssue(
      await call('POST', at, [product({ price: 1.005 })]),
      'O preço deve ter no máximo 2 casas decimais',
    );
    expectIssue(await call('POST', at, [product({ storeId: '' })]), 'Loja é obrigatória');
    expectIssue(await call('POST', at, []), 'Envie ao menos um produto');
  });
});

describe('the store picker', () => {
  it('offers active catalogue stores by name, any case, and never a disabled or archived one', async () => {
    const all = await call('GET', `${BANNERS}/stores`);
    expect(all.status, all.text).toBe(200);
    const names = all.body.map((s: { name: string }) => s.name);
    expect(names).toEqual(expect.arrayContaining(['Loja Promo', 'Outra Loja', 'Loja Aurora']));
    // The demo world's disabled and archived stores.
    expect(names).not.toContain('Ateliê Ipê');
    expect(names).not.toContain('Brechó Jabuticaba');
    expect(all.body.length).toBeLessThanOrEqual(50);
    const found = await call('GET', `${BANNERS}/stores?storeName=${encodeURIComponent('outra')}`);
    expect(found.body).toEqual([{ id: otherStoreId, name: 'Outra Loja' }]);
    const none = await call('GET', `${BANNERS}/stores?storeName=${encodeURIComponent('%_')}`);
    expect(none.body).toEqual([]);
  });
});

describe('who may call', () => {
  it('admits only an admin: anonymous 401, a merchant or customer token 403', async () => {
    const merchant = bearer((await loginMerchant(t)).token);
    const calls: [string, string, unknown?][] = [
      ['GET', `${BANNERS}/all`],
      ['POST', BANNERS, pageView()],
      ['PUT', BANNERS, { ...pageView(), id: 'x' }],
      ['POST', `${PRODUCTS}/x`, [product()]],
    ];
    for (const [method, path, body] of calls) {
      expect((await t.request(method, path, body)).status, `${method} ${path}`).toBe(401);
      expect((await t.request(method, path, body, merchant)).status, `${method} ${path}`).toBe(403);
    }
  });
});
