/**
 * The back office's catalogue calls (`merchants/stores-service/...`): an administrator's session reaches the same
 * catalogue as the catalogue key, each change audited; merchants, customers and the key itself are refused.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ADMIN_STORES_SERVICE, CATALOGUE_API } from '@drip/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_CATALOGUE_API_KEY } from '../../src/config.ts';
import { auditLog } from '../../src/modules/audit/tables.ts';
import { bearer, loginAdmin, loginCustomer, loginMerchant, seededApp } from '../helpers.ts';
import { makePng } from '../images/png-fixtures.ts';

let t: Awaited<ReturnType<typeof seededApp>>;
let admin: Record<string, string>;
const KEY = { 'X-Api-Key': SANDBOX_CATALOGUE_API_KEY };
const PNG = makePng(4, 4).toString('base64');

beforeAll(async () => {
  t = await seededApp({ config: { dataDir: mkdtempSync(join(tmpdir(), 'drip-admin-catalogue-')) } });
  admin = bearer((await loginAdmin(t)).token);
});
afterAll(async () => {
  await t.dispose();
});

const asAdmin = (method: string, path: string, body?: unknown) =>
  t.request(method, `${ADMIN_STORES_SERVICE}${path}`, body, admin);

async function audited(action: string, entityId: string) {
  return t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, entityId)));
}

describe("the admin's catalogue calls", () => {
  it('create a tag, a category with a subcategory and a store, seen by the catalogue key as the same data, each audited', async () => {
    const tag = await asAdmin('POST', '/tags', { name: 'Presentes', type: 'MOMENT', priority: 1, logo: PNG });
    expect(tag.status, tag.text).toBe(201);
    const category = await asAdmin('POST', '/categories', {
      name: 'Casa',
      subCategory: [{ name: 'Cozinha' }, { name: '' }],
      tagsId: [tag.body.id],
    });
    expect(category.status, category.text).toBe(201);
    expect(category.body.subCategory.map((s: { name: string }) => s.name)).toEqual(['Cozinha']);
    const sub = category.body.subCategory[0].id as string;
    const store = await asAdmin('POST', '/stores', {
      name: 'Loja do Admin',
      url: 'https://admin.example',
      origin: 'AWIN',
      minimumCashback: 0.01,
      customerCashback: 0.05,
      tax: 0.025,
      merchantInitials: 'LA',
      categoriesIds: [sub],
      tagsIds: [tag.body.id],
      logo: PNG,
    });
    expect(store.status, store.text).toBe(201);
    const viaKey = await t.request(
      'GET',
      `${CATALOGUE_API}/management/stores/${store.body.id}`,
      undefined,
      KEY,
    );
    expect(viaKey.status).toBe(200);
    expect(viaKey.body).toEqual(store.body);
    expect(store.body.categories).toEqual([
      { id: category.body.id, name: 'Casa', subCategory: [{ id: sub, name: 'Cozinha' }] },
    ]);
    for (const [action, id] of [
      ['CATALOGUE_TAG_CREATED', tag.body.id],
      ['CATALOGUE_CATEGORY_CREATED', category.body.id],
      ['CATALOGUE_STORE_CREATED', store.body.id],
    ] as const) {
      const rows = await audited(action, id);
      expect(rows, action).toHaveLength(1);
      expect(rows[0]?.actorType).toBe('ADMIN');
    }
  });

  it('list with filters, edit, and change the status through update-status with the catalogue rules', async () => {
    const created = await asAdmin('POST', '/stores', {
      name: 'Zeta Busca Admin',
      url: 'https://zeta.example',
      origin: 'INTERNAL',
      minimumCashback: 0,
      customerCashback: 0.03,
      tax: 0.02,
      merchantInitials: 'ZB',
      logo: PNG,
    });
    expect(created.status, created.text).toBe(201);
    const id = created.body.id as string;
    const found = await asAdmin('GET', '/stores?storeName=busca%20admin&status=ACTIVE&size=5');
    expect(found.status).toBe(200);
    expect(found.body.content.map((s: { id: string }) => s.id)).toEqual([id]);
    expect(found.body.size).toBe(5);

    const archived = await asAdmin('PUT', `/stores/${id}/update-status?newStatus=ARCHIVED`);
    expect(archived.status, archived.text).toBe(200);
    expect(archived.body.status).toBe('ARCHIVED');
    expect(await audited('CATALOGUE_STORE_ARCHIVED', id)).toHaveLength(1);
    const none = await asAdmin('GET', '/stores?storeName=busca%20admin&status=ACTIVE');
    expect(none.body.content).toEqual([]);
    const refused = await asAdmin('PUT', `/stores/${id}/update-status?newStatus=DISABLED`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe('Uma loja arquivada só pode ser habilitada');
    const back = await asAdmin('PUT', `/stores/${id}/update-status`);
    expect(back.body.status).toBe('ACTIVE');

    const edited = await asAdmin('PUT', `/stores/${id}`, {
      ...created.body,
      name: 'Zeta Editada',
      logo: created.body.logoUrl,
      categoriesIds: [],
      tagsIds: [],
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body.name).toBe('Zeta Editada');
    expect(edited.body.logoUrl).toBe(created.body.logoUrl);
    expect(await audited('CATALOGUE_STORE_UPDATED', id)).toHaveLength(1);
  });

  it('edit a category, a subcategory by its id, add subcategories and edit a tag', async () => {
    const category = await asAdmin('POST', '/categories', {
      name: 'Moda',
      subCategory: [{ name: 'Calçados' }],
    });
    const id = category.body.id as string;
    const sub = category.body.subCategory[0].id as string;
    const renamed = await asAdmin('PATCH', `/categories/${sub}`, { name: 'Sapatos', status: 'DISABLE' });
    expect(renamed.status, renamed.text).toBe(200);
    const added = await asAdmin('POST', `/categories/${id}/subcategories`, [{ name: 'Bolsas' }]);
    expect(added.status, added.text).toBe(201);
    expect(added.body.subCategory.map((s: { name: string; status: string }) => [s.name, s.status])).toEqual([
      ['Bolsas', 'ACTIVE'],
      ['Sapatos', 'DISABLE'],
    ]);
    const all = await asAdmin('GET', '/categories?status=ALL');
    expect(all.body.some((c: { id: string }) => c.id === id)).toBe(true);
    const one = await asAdmin('GET', `/categories/${id}`);
    expect(one.body.name).toBe('Moda');

    const tag = await asAdmin('POST', '/tags', { name: 'Estilo', type: 'STYLE', priority: 2, logo: PNG });
    const edited = await asAdmin('PUT', `/tags/${tag.body.id}`, {
      name: 'Estilo novo',
      type: 'OTHER',
      priority: 3,
      status: 'DISABLED',
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body).toMatchObject({ name: 'Estilo novo', status: 'DISABLED', logoUrl: tag.body.logoUrl });
    expect((await asAdmin('GET', `/tags/${tag.body.id}`)).body.name).toBe('Estilo novo');
    expect((await asAdmin('GET', '/tags')).body.length).toBeGreaterThan(0);
    expect(await audited('CATALOGUE_TAG_UPDATED', tag.body.id)).toHaveLength(1);
  });

  it('answer bad input with a pt-BR 4xx, never a 500', async () => {
    const res = await asAdmin('POST', '/stores', { name: '', url: 'nada', origin: 'X', logo: 'not a png' });
    expect(res.status).toBe(400);
    const bad = await asAdmin('POST', '/tags', {
      name: 'Sem PNG',
      type: 'STYLE',
      priority: 1,
      logo: 'aGVsbG8=',
    });
    expect(bad.status).toBe(422);
    expect((await asAdmin('GET', '/stores/not-an-id')).status).toBe(404);
  });

  it('refuse merchants and customers (403), no credential and the catalogue key (401)', async () => {
    const merchant = bearer((await loginMerchant(t)).token);
    const customer = bearer((await loginCustomer(t)).token);
    for (const [method, path] of [
      ['GET', '/stores'],
      ['POST', '/stores'],
      ['GET', '/categories'],
      ['POST', '/tags'],
      ['PUT', '/stores/00000000-0000-4000-8000-000000000000/update-status?newStatus=ARCHIVED'],
    ] as const) {
      const url = `${ADMIN_STORES_SERVICE}${path}`;
      const body = method === 'GET' ? undefined : {};
      expect((await t.request(method, url, body, merchant)).status, `${method} ${path} merchant`).toBe(403);
      expect((await t.request(method, url, body, customer)).status, `${method} ${path} customer`).toBe(403);
      expect((await t.request(method, url, body, {})).status, `${method} ${path} anonymous`).toBe(401);
      expect((await t.request(method, url, body, KEY)).status, `${method} ${path} key`).toBe(401);
    }
  });
});
