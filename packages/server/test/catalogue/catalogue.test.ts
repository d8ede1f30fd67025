/**
 * The store catalogue API: its own key, the calls of spec 7 (categories, subcategories, tags, stores,
 * update-status, buckets), their validations and the images they carry.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CATALOGUE_API } from '@drip/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueKeyOf, loadConfig, SANDBOX_CATALOGUE_API_KEY } from '../../src/config.ts';
import { HIGHLIGHT_STORES_RELAYED } from '../../src/modules/catalogue/routes.ts';
import { bearer, loginAdmin, seededApp, type TestResponse, testConfig } from '../helpers.ts';
import { makeJpeg, makePng } from '../images/png-fixtures.ts';

let t: Awaited<ReturnType<typeof seededApp>>;
const KEY = { 'X-Api-Key': SANDBOX_CATALOGUE_API_KEY };
const PNG = makePng(4, 4).toString('base64');

beforeAll(async () => {
  t = await seededApp({ config: { dataDir: mkdtempSync(join(tmpdir(), 'drip-catalogue-')) } });
});
afterAll(async () => {
  await t.dispose();
});

const api = (method: string, path: string, body?: unknown, headers: Record<string, string> = KEY) =>
  t.request(method, `${CATALOGUE_API}${path}`, body, headers);

function expectError(res: TestResponse, status: number, message: string) {
  expect(res.status, res.text).toBe(status);
  const all = [
    res.body?.error?.message,
    ...(res.body?.error?.issues ?? []).map((i: { message: string }) => i.message),
  ];
  expect(all).toContain(message);
}

async function tag(name = `Tag ${Math.random()}`) {
  const res = await api('POST', '/management/tags', { name, type: 'STYLE', priority: 5, logo: PNG });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string; name: string; logoUrl: string };
}

async function category(tagsId: string[] = []) {
  const res = await api('POST', '/categories', {
    name: `Categoria ${Math.random()}`,
    subCategory: [{ name: 'Sub A' }, { name: '  ' }, { name: 'Sub B' }],
    tagsId,
  });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string; subCategory: { id: string; name: string; status: string }[] };
}

const storeBody = (extra: Record<string, unknown> = {}) => ({
  name: `Loja ${Math.random()}`,
  url: 'https://loja.example',
  origin: 'INTERNAL',
  platform: 'WEB',
  minimumCashback: 0.01,
  customerCashback: 0.035,
  tax: 0.03,
  merchantInitials: 'LJ',
  offerPixDiscount: true,
  categoriesIds: [],
  tagsIds: [],
  logo: PNG,
  ...extra,
});

async function store(extra: Record<string, unknown> = {}) {
  const res = await api('POST', '/management/stores', storeBody(extra));
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string; name: string; logoUrl: string; status: string };
}

describe('the catalogue key', () => {
  it('refuses every call without the key, with another key or with a merchant or admin credential (401)', async () => {
    const admin = bearer((await loginAdmin(t)).token);
    const callers: Record<string, string>[] = [{}, { 'X-Api-Key': 'wrong' }, { 'X-Api-Key': '' }, admin];
    for (const headers of callers) {
      for (const [method, path] of [
        ['GET', '/categories'],
        ['GET', '/management/tags'],
        ['GET', '/management/stores'],
        ['GET', '/management/stores/buckets'],
        ['POST', '/management/stores'],
      ] as const) {
        const res = await api(method, path, method === 'POST' ? storeBody() : undefined, headers);
        expect(res.status, `${method} ${path}`).toBe(401);
        expect(res.body.error.message).toMatch(/chave do catálogo/i);
      }
    }
  });

  it('refuses the sandbox key when another key is configured', async () => {
    const other = await seededApp({ config: { catalogueApiKey: 'a-production-catalogue-key-0123' } });
    try {
      const sandbox = await other.request('GET', `${CATALOGUE_API}/categories`, undefined, KEY);
      expect(sandbox.status).toBe(401);
      const right = await other.request('GET', `${CATALOGUE_API}/categories`, undefined, {
        'X-Api-Key': 'a-production-catalogue-key-0123',
      });
      expect(right.status).toBe(200);
    } finally {
      await other.dispose();
    }
  });

  it('is shown by /sandbox/demo', async () => {
    const res = await t.request('GET', '/sandbox/demo');
    expect(res.body.catalogue).toEqual({
      apiKeyHeader: 'X-Api-Key',
      apiKey: SANDBOX_CATALOGUE_API_KEY,
      basePath: CATALOGUE_API,
    });
  });
});

describe('categories and subcategories', () => {
  it('lists the seeded active categories with their subcategories and tags', async () => {
    const res = await api('GET', '/categories');
    expect(res.status).toBe(200);
    const moda = res.body.find((c: { name: string }) => c.name === 'Moda');
    expect(moda.subCategory.map((s: { name: string }) => s.name)).toEqual([
      'Calçados',
      'Feminino',
      'Masculino',
    ]);
    expect(moda.tags.map((x: { name: string }) => x.name)).toEqual(['Estilo casual', 'Black Friday']);
  });

  it('creates a category dropping empty subcategory names, and refuses an unknown tag (422)', async () => {
    const created = await category();
    expect(created.subCategory.map((s) => s.name)).toEqual(['Sub A', 'Sub B']);
    expect(created.subCategory.every((s) => s.status === 'ACTIVE')).toBe(true);
    const unknown = await api('POST', '/categories', {
      name: 'X',
      tagsId: ['00000000-0000-4000-8000-000000000000'],
    });
    expectError(unknown, 422, 'Tag não encontrada');
    expectError(await api('POST', '/categories', { name: '  ' }), 400, 'Nome é obrigatório');
  });

  it('edits a category, then a subcategory by its own id, and adds subcategories', async () => {
    const t1 = await tag();
    const created = await category();
    const patched = await api('PATCH', `/categories/${created.id}`, {
      name: 'Renomeada',
      status: 'DISABLE',
      tagsId: [t1.id],
    });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body).toMatchObject({ name: 'Renomeada', status: 'DISABLE', tags: [{ id: t1.id }] });
    const sub = created.subCategory[0];
    const subPatched = await api('PATCH', `/categories/${sub?.id}`, { name: 'Sub A2', status: 'DISABLE' });
    expect(subPatched.body).toMatchObject({ name: 'Sub A2', status: 'DISABLE' });
    const added = await api('POST', `/categories/${created.id}/subcategories`, [{ name: 'Sub C' }]);
    expect(added.status, added.text).toBe(201);
    expect(added.body.subCategory.map((s: { name: string }) => s.name)).toEqual(['Sub A2', 'Sub B', 'Sub C']);
    // A disabled category is only in the ALL list.
    const active = await api('GET', '/categories');
    expect(active.body.map((c: { id: string }) => c.id)).not.toContain(created.id);
    const all = await api('GET', '/categories?status=ALL');
    expect(all.body.map((c: { id: string }) => c.id)).toContain(created.id);
    expectError(
      await api('PATCH', `/categories/${created.id}`, { status: 'DISABLED' }),
      400,
      'Status da categoria deve ser ACTIVE ou DISABLE',
    );
    expectError(
      await api('POST', `/categories/${sub?.id}/subcategories`, [{ name: 'Neta' }]),
      422,
      'Uma subcategoria não pode ter subcategorias',
    );
    expect((await api('GET', '/categories/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await api('GET', '/categories/not-a-uuid')).status).toBe(404);
  });
});

describe('tags', () => {
  it('creates, reads, lists and edits a tag; without a new image the current one stays', async () => {
    const created = await tag('Presentes');
    expect(created.logoUrl).toMatch(/\/images\/[0-9a-f]{64}\.png$/);
    const read = await api('GET', `/management/tags/${created.id}`);
    expect(read.body).toMatchObject({ name: 'Presentes', type: 'STYLE', priority: 5, status: 'ACTIVE' });
    const edited = await api('PUT', `/management/tags/${created.id}`, {
      name: 'Presentes!',
      type: 'MOMENT',
      priority: 1,
      status: 'DISABLED',
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body).toMatchObject({
      name: 'Presentes!',
      type: 'MOMENT',
      status: 'DISABLED',
      logoUrl: created.logoUrl,
    });
    const list = await api('GET', '/management/tags');
    expect(list.body.map((x: { id: string }) => x.id)).toContain(created.id);
  });

  it('requires the image on create and an integer priority', async () => {
    const noLogo = await api('POST', '/management/tags', { name: 'Sem imagem', type: 'OTHER', priority: 1 });
    expect(noLogo.status).toBe(400);
    expectError(
      await api('POST', '/management/tags', { name: 'x', type: 'OTHER', priority: 1.5, logo: PNG }),
      400,
      'Prioridade deve ser um número inteiro',
    );
  });
});

describe('stores', () => {
  it('creates a store with a category, a subcategory and a tag; it is in the buckets', async () => {
    const t1 = await tag('Destaque da semana');
    const c = await category();
    const sub = c.subCategory[0];
    const created = await api(
      'POST',
      '/management/stores',
      storeBody({ name: 'Loja Nova', categoriesIds: [sub?.id], tagsIds: [t1.id] }),
    );
    expect(created.status, created.text).toBe(201);
    // The subcategory brings its category; percentages come back exactly as sent.
    expect(created.body).toMatchObject({
      name: 'Loja Nova',
      customerCashback: 0.035,
      status: 'ACTIVE',
      categories: [{ id: c.id, subCategory: [{ id: sub?.id, name: 'Sub A' }] }],
      tags: [{ id: t1.id, name: 'Destaque da semana' }],
    });
    const buckets = await api('GET', '/management/stores/buckets');
    expect(buckets.status).toBe(200);
    expect(buckets.body[0].name).toBe('Highlights');
    expect(buckets.body[0].stores).toContainEqual({
      id: created.body.id,
      name: 'Loja Nova',
      logoUrl: created.body.logoUrl,
    });
    const tagBucket = buckets.body.find((b: { name: string }) => b.name === 'Destaque da semana');
    expect(tagBucket.stores.map((s: { id: string }) => s.id)).toEqual([created.body.id]);
    // Seeded disabled and archived stores are never highlights.
    const names = buckets.body[0].stores.map((s: { name: string }) => s.name);
    expect(names).toContain('Loja Aurora');
    expect(names).not.toContain('Ateliê Ipê');
    expect(names).not.toContain('Brechó Jabuticaba');
  });

  it('validates the store form (spec 5) with pt-BR messages', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ merchantInitials: 'ABC' }, 'Abreviação do nome deve ter no máximo 2 caracteres'],
      [{ tax: -0.1 }, 'Taxa não pode ser negativo'],
      [{ url: 'nem uma url' }, 'Link da loja inválido'],
      [{ origin: 'OUTRA' }, 'Origem deve ser INTERNAL, AWIN ou AFILIO'],
      [{ name: '' }, 'Nome é obrigatório'],
    ];
    for (const [change, message] of cases)
      expectError(await api('POST', '/management/stores', storeBody(change)), 400, message);
    const noLogo = storeBody();
    delete (noLogo as Record<string, unknown>).logo;
    expect((await api('POST', '/management/stores', noLogo)).status).toBe(400);
    expectError(
      await api(
        'POST',
        '/management/stores',
        storeBody({ categoriesIds: ['00000000-0000-4000-8000-000000000000'] }),
      ),
      422,
      'Categoria não encontrada',
    );
  });

  it('lists stores by page (size 20 by default), status and name', async () => {
    const page = await api('GET', '/management/stores');
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ number: 0, size: 20 });
    const byName = await api('GET', `/management/stores?storeName=${encodeURIComponent('sabi')}`);
    expect(byName.body.content.map((s: { name: string }) => s.name)).toEqual(['Livraria Sabiá']);
    const archived = await api('GET', '/management/stores?status=ARCHIVED&size=50');
    expect(archived.body.content.every((s: { status: string }) => s.status === 'ARCHIVED')).toBe(true);
    expect(archived.body.content.map((s: { name: string }) => s.name)).toContain('Brechó Jabuticaba');
    expect((await api('GET', '/management/stores?size=0')).status).toBe(400);
    // A '%' is searched as itself.
    expect((await api('GET', '/management/stores?storeName=%25')).body.content).toEqual([]);
  });

  it('edits a store keeping its logo when the current URL is sent, and refuses another URL (422)', async () => {
    const s = await store();
    const kept = await api(
      'PUT',
      `/management/stores/${s.id}`,
      storeBody({ id: s.id, name: 'Editada', logo: s.logoUrl }),
    );
    expect(kept.status, kept.text).toBe(200);
    expect(kept.body).toMatchObject({ name: 'Editada', logoUrl: s.logoUrl });
    const foreign = await api(
      'PUT',
      `/management/stores/${s.id}`,
      storeBody({ logo: 'https://evil.example/x.png' }),
    );
    expectError(foreign, 422, 'A imagem deve ser um arquivo PNG válido');
    expect(
      (await api('PUT', '/management/stores/00000000-0000-4000-8000-000000000000', storeBody())).status,
    ).toBe(404);
  });

  it('changes status through update-status: disable, enable, archive; an archived store only comes back as ACTIVE', async () => {
    const s = await store();
    const status = async (newStatus?: string) =>
      api('PUT', `/management/stores/${s.id}/update-status${newStatus ? `?newStatus=${newStatus}` : ''}`);
    expect((await status('DISABLED')).body.status).toBe('DISABLED');
    const buckets = await api('GET', '/management/stores/buckets');
    expect(buckets.body[0].stores.map((x: { id: string }) => x.id)).not.toContain(s.id);
    expect((await status()).body.status).toBe('ACTIVE');
    expect((await status('ARCHIVED')).body.status).toBe('ARCHIVED');
    expectError(await status('DISABLED'), 409, 'Uma loja arquivada só pode ser habilitada');
    expect((await api('GET', `/management/stores/${s.id}`)).body.status).toBe('ARCHIVED');
    expect((await status('ACTIVE')).body.status).toBe('ACTIVE');
    expect((await status('SUMIDA')).status).toBe(400);
    expect((await api('PUT', '/management/stores/not-a-uuid/update-status')).status).toBe(404);
  });
});

describe('images', () => {
  it('serves a stored image as an immutable PNG, by its content hash', async () => {
    const s = await store();
    const path = new URL(s.logoUrl).pathname;
    const res = await t.built.app.request(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await res.arrayBuffer()).toString('base64')).toBe(PNG);
    const again = await t.built.app.request(path, {
      headers: { 'if-none-match': res.headers.get('etag') ?? '' },
    });
    expect(again.status).toBe(304);
    expect((await t.built.app.request('/images/..%2F..%2Fetc%2Fpasswd')).status).toBe(404);
    expect((await t.built.app.request(`/images/${'0'.repeat(64)}.png`)).status).toBe(404);
  });

  it('accepts a PNG by its content, whatever it was called', async () => {
    // The body carries no file name: a PNG saved as logo.jpg arrives as the same bytes and is accepted.
    const res = await api(
      'POST',
      '/management/stores',
      storeBody({ logo: makePng(7, 3).toString('base64') }),
    );
    expect(res.status, res.text).toBe(201);
  });

  it('refuses a JPEG sent as a PNG, a truncated PNG and text with 422', async () => {
    const png = makePng(32, 32, true);
    for (const bytes of [makeJpeg(), png.subarray(0, png.length - 30), Buffer.from('hello world!')]) {
      const res = await api('POST', '/management/stores', storeBody({ logo: bytes.toString('base64') }));
      expectError(res, 422, 'A imagem deve ser um arquivo PNG válido');
    }
    expectError(
      await api('POST', '/management/stores', storeBody({ logo: 'não é base64!' })),
      422,
      'A imagem deve ser um arquivo PNG válido',
    );
    const tagRes = await api('POST', '/management/tags', {
      name: 'x',
      type: 'OTHER',
      priority: 1,
      logo: makeJpeg().toString('base64'),
    });
    expectError(tagRes, 422, 'A imagem deve ser um arquivo PNG válido');
  });

  it('refuses a real PNG over 1 MB with 422, and a body far over the limit with 413', async () => {
    const big = makePng(600, 584, true);
    expect(big.length).toBeGreaterThan(1024 * 1024);
    const res = await api('POST', '/management/stores', storeBody({ logo: big.toString('base64') }));
    expectError(res, 422, 'A imagem deve ter no máximo 1 MB');
    const huge = await api('POST', '/management/stores', storeBody({ logo: 'A'.repeat(3 * 1024 * 1024) }));
    expect(huge.status).toBe(413);
  });
});

describe("the checkout's highlight stores", () => {
  it("relay the catalogue's 'Highlights' bucket to anyone, without the key", async () => {
    const s = await store({ name: 'Loja em Destaque' });
    const res = await t.request('GET', '/api/v1/highlight-stores');
    expect(res.status, res.text).toBe(200);
    expect(res.body).toContainEqual({ id: s.id, name: 'Loja em Destaque', logoUrl: s.logoUrl });
    const buckets = await api('GET', '/management/stores/buckets');
    expect(res.body).toEqual(buckets.body[0].stores.slice(0, HIGHLIGHT_STORES_RELAYED));
    await api('PUT', `/management/stores/${s.id}/update-status?newStatus=DISABLED`);
    const after = await t.request('GET', '/api/v1/highlight-stores');
    expect(after.body.map((x: { id: string }) => x.id)).not.toContain(s.id);
  });

  it('relay the head of the bucket only: a checkout page never carries the whole catalogue', async () => {
    const created = [];
    for (let i = 0; i < HIGHLIGHT_STORES_RELAYED + 3; i++)
      created.push(await store({ name: `AAA Destaque ${String(i).padStart(2, '0')}` }));
    const res = await t.request('GET', '/api/v1/highlight-stores');
    expect(res.status, res.text).toBe(200);
    expect(res.body).toHaveLength(HIGHLIGHT_STORES_RELAYED);
    expect(res.body.map((x: { name: string }) => x.name)).toEqual(
      created.slice(0, HIGHLIGHT_STORES_RELAYED).map((x) => x.name),
    );
    const buckets = await api('GET', '/management/stores/buckets');
    expect(res.body).toEqual(buckets.body[0].stores.slice(0, HIGHLIGHT_STORES_RELAYED));
  });
});

describe('the catalogue key configuration', () => {
  it('reads CATALOGUE_API_KEY, refuses a short one, and has no key outside the sandbox unless configured', () => {
    const DRIP_DATA_DIR = mkdtempSync(join(tmpdir(), 'drip-catalogue-config-'));
    expect(loadConfig({ DRIP_DATA_DIR, CATALOGUE_API_KEY: 'k'.repeat(30) }).catalogueApiKey).toBe(
      'k'.repeat(30),
    );
    expect(() => loadConfig({ DRIP_DATA_DIR, CATALOGUE_API_KEY: 'curta' })).toThrow(/CATALOGUE_API_KEY/);
    expect(catalogueKeyOf(testConfig())).toBe(SANDBOX_CATALOGUE_API_KEY);
    expect(catalogueKeyOf(testConfig({ sandbox: false }))).toBeNull();
    expect(catalogueKeyOf(testConfig({ sandbox: false, catalogueApiKey: 'k'.repeat(30) }))).toBe(
      'k'.repeat(30),
    );
  });
});
