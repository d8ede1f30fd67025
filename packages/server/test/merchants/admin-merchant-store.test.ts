/**
 * The merchant form's store part: catalogue categories (required on create) and tags of those categories, checked
 * through the catalogue's service, and the three logos through the image port (PNG by content, 1 MB), kept on edit.
 */
import {
  adminMerchant,
  adminUpdateMerchant,
  type Category,
  fillPath,
  MERCHANT_CATEGORIES_REQUIRED,
  MERCHANT_CATEGORY_UNKNOWN,
  MERCHANT_TAG_UNKNOWN,
} from '@drip/core';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchants } from '../../src/modules/merchants/tables.ts';
import { createCheckout, field, put } from '../checkout-helpers.ts';
import { seededApp } from '../helpers.ts';
import { makeJpeg, makePng } from '../images/png-fixtures.ts';
import { adminHeaders, catalogueOptions, createMerchant, merchantForm } from './admin-merchant-helpers.ts';

let t: Awaited<ReturnType<typeof seededApp>>;
let admin: Record<string, string>;
let moda: Category;
let livros: Category;
beforeAll(async () => {
  t = await seededApp();
  admin = await adminHeaders(t);
  const options = await catalogueOptions(t, admin);
  const byName = (name: string) => {
    const found = options.find((c) => c.name === name);
    if (!found) throw new Error(`no category ${name} in ${options.map((c) => c.name).join(', ')}`);
    return found;
  };
  moda = byName('Moda');
  livros = byName('Livros');
});
afterAll(async () => {
  await t.dispose();
});

const PNG_A = makePng(4, 4).toString('base64');
const PNG_B = makePng(6, 3).toString('base64');
const PNG_C = makePng(3, 7).toString('base64');

const issuesOf = (body: { error?: { issues?: { path: string; message: string }[] } }) =>
  body.error?.issues ?? [];
const merchantCount = async () => (await t.database.db.select({ n: count() }).from(merchants))[0]?.n ?? 0;
const sub = (c: Category, name: string) => {
  const found = c.subCategory.find((s) => s.name === name);
  if (!found) throw new Error(`no subcategory ${name}`);
  return found;
};
const tag = (c: Category, name: string) => {
  const found = c.tags.find((s) => s.name === name);
  if (!found) throw new Error(`no tag ${name}`);
  return found;
};

describe('merchant store categories and tags', () => {
  it('offers the active categories with their subcategories and tags to the admin only', async () => {
    expect(moda.subCategory.map((s) => s.name)).toEqual(
      expect.arrayContaining(['Feminino', 'Masculino', 'Calçados']),
    );
    expect(moda.tags.map((s) => s.name)).toEqual(expect.arrayContaining(['Estilo casual', 'Black Friday']));
    const anonymous = await t.request('GET', '/admin_backoffice/api/v1/merchant-catalogue-options');
    expect(anonymous.status).toBe(401);
  });

  it('requires a category on create: 422 on categoriesIds, and no merchant is created', async () => {
    const before = await merchantCount();
    for (const categoriesIds of [[], undefined]) {
      const res = await createMerchant(t, admin, { categoriesIds });
      expect(res.status, res.text).toBe(422);
      expect(issuesOf(res.body)).toContainEqual({
        path: 'categoriesIds',
        message: MERCHANT_CATEGORIES_REQUIRED,
      });
    }
    expect(await merchantCount()).toBe(before);
  });

  it('refuses unknown categories and tags outside the chosen categories with 422, never 500', async () => {
    const before = await merchantCount();
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { categoriesIds: ['00000000-0000-4000-8000-000000000000'] },
        'categoriesIds',
        MERCHANT_CATEGORY_UNKNOWN,
      ],
      [{ categoriesIds: ['não-é-um-id'] }, 'categoriesIds', MERCHANT_CATEGORY_UNKNOWN],
      [{ categoriesIds: [moda.id, 'x'] }, 'categoriesIds', MERCHANT_CATEGORY_UNKNOWN],
      [
        { categoriesIds: [moda.id], tagsIds: ['00000000-0000-4000-8000-000000000000'] },
        'tagsIds',
        MERCHANT_TAG_UNKNOWN,
      ],
      [{ categoriesIds: [moda.id], tagsIds: ['abc'] }, 'tagsIds', MERCHANT_TAG_UNKNOWN],
      // 'Estilo casual' is a tag of Moda, not of Livros.
      [
        { categoriesIds: [livros.id], tagsIds: [tag(moda, 'Estilo casual').id] },
        'tagsIds',
        MERCHANT_TAG_UNKNOWN,
      ],
    ];
    for (const [overrides, path, message] of cases) {
      const res = await createMerchant(t, admin, overrides);
      expect(res.status, `${JSON.stringify(overrides)} ${res.text}`).toBe(422);
      expect(issuesOf(res.body)).toContainEqual({ path, message });
    }
    expect(await merchantCount()).toBe(before);
  });

  it('stores a subcategory with its category and the tags, answers them and names them in the details', async () => {
    const feminino = sub(moda, 'Feminino');
    const casual = tag(moda, 'Estilo casual');
    const res = await createMerchant(t, admin, { categoriesIds: [feminino.id], tagsIds: [casual.id] });
    expect(res.status, res.text).toBe(201);
    expect([...res.body.categoriesIds].sort()).toEqual([moda.id, feminino.id].sort());
    expect(res.body.tagsIds).toEqual([casual.id]);
    const details = await t.request(
      'GET',
      fillPath(adminMerchant.path, { merchantId: res.body.id }),
      undefined,
      admin,
    );
    expect(details.status).toBe(200);
    expect(details.body.categories).toEqual([
      { id: moda.id, name: 'Moda', subCategory: [{ id: feminino.id, name: 'Feminino' }] },
    ]);
    expect(details.body.tags).toEqual([{ id: casual.id, name: 'Estilo casual' }]);
  });

  it('keeps the categories on an edit that does not send them, replaces them when sent, checks them again', async () => {
    const created = await createMerchant(t, admin, { categoriesIds: [moda.id] });
    const path = fillPath(adminUpdateMerchant.path, { merchantId: created.body.id });
    const kept = await t.request('PUT', path, merchantForm({ name: created.body.name }), admin);
    expect(kept.status, kept.text).toBe(200);
    expect(kept.body.categoriesIds).toEqual([moda.id]);
    const replaced = await t.request(
      'PUT',
      path,
      merchantForm({ name: created.body.name, categoriesIds: [livros.id], tagsIds: [] }),
      admin,
    );
    expect(replaced.body.categoriesIds).toEqual([livros.id]);
    // Required on create only (spec 5): an edit may leave a merchant without categories, as the seed's are.
    const emptied = await t.request(
      'PUT',
      path,
      merchantForm({ name: created.body.name, categoriesIds: [], tagsIds: [] }),
      admin,
    );
    expect(emptied.status, emptied.text).toBe(200);
    expect(emptied.body.categoriesIds).toEqual([]);
    const unknown = await t.request(
      'PUT',
      path,
      merchantForm({ name: created.body.name, categoriesIds: ['00000000-0000-4000-8000-000000000000'] }),
      admin,
    );
    expect(unknown.status).toBe(422);
    expect(issuesOf(unknown.body)).toContainEqual({
      path: 'categoriesIds',
      message: MERCHANT_CATEGORY_UNKNOWN,
    });
  });
});

describe('merchant logos', () => {
  it('stores the three PNG logos, answers their URLs and serves them', async () => {
    const res = await createMerchant(t, admin, { logo: PNG_A, logoB2b: PNG_B, logoBrand: PNG_C });
    expect(res.status, res.text).toBe(201);
    for (const [field, png] of [
      ['logoUrl', PNG_A],
      ['logoUrlB2b', PNG_B],
      ['logoUrlBrand', PNG_C],
    ] as const) {
      expect(res.body[field]).toMatch(/\/images\/[0-9a-f]{64}\.png$/);
      const image = await t.built.app.request(new URL(res.body[field]).pathname);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await image.arrayBuffer()).toString('base64')).toBe(png);
    }
  });

  it('refuses a JPEG, a truncated PNG and an oversized PNG with 422 on the field, creating nothing', async () => {
    const before = await merchantCount();
    const big = makePng(620, 620, true); // about 1.15 MB of noise: a real PNG over the limit
    expect(big.length).toBeGreaterThan(1024 * 1024);
    const truncated = makePng(16, 16, true);
    const cases: [string, Buffer, string][] = [
      ['logo', makeJpeg(), 'A imagem deve ser um arquivo PNG válido'],
      ['logoB2b', truncated.subarray(0, truncated.length - 20), 'A imagem deve ser um arquivo PNG válido'],
      ['logoBrand', big, 'A imagem deve ter no máximo 1 MB'],
    ];
    for (const [field, bytes, message] of cases) {
      const res = await createMerchant(t, admin, { [field]: bytes.toString('base64') });
      expect(res.status, `${field} ${res.text.slice(0, 200)}`).toBe(422);
      expect(issuesOf(res.body)).toContainEqual({ path: field, message });
    }
    expect(await merchantCount()).toBe(before);
  });

  it('keeps each logo on edit when none is chosen or its URL comes back; replaces only the one sent', async () => {
    const created = await createMerchant(t, admin, { logo: PNG_A, logoB2b: PNG_B });
    expect(created.status, created.text).toBe(201);
    const path = fillPath(adminUpdateMerchant.path, { merchantId: created.body.id });
    const form = merchantForm({ name: created.body.name });
    const none = await t.request('PUT', path, { ...form, logo: null, logoB2b: '' }, admin);
    expect(none.status, none.text).toBe(200);
    expect(none.body).toMatchObject({
      logoUrl: created.body.logoUrl,
      logoUrlB2b: created.body.logoUrlB2b,
      logoUrlBrand: null,
    });
    const replaced = await t.request(
      'PUT',
      path,
      { ...form, logo: created.body.logoUrl, logoB2b: PNG_C, logoBrand: PNG_A },
      admin,
    );
    expect(replaced.status, replaced.text).toBe(200);
    expect(replaced.body.logoUrl).toBe(created.body.logoUrl);
    expect(replaced.body.logoUrlB2b).not.toBe(created.body.logoUrlB2b);
    expect(replaced.body.logoUrlB2b).toMatch(/\.png$/);
    expect(replaced.body.logoUrlBrand).toBe(created.body.logoUrl); // same bytes, same content-addressed name
    // Another server's URL is not an image of this merchant.
    const foreign = await t.request('PUT', path, { ...form, logo: 'https://evil.example/x.png' }, admin);
    expect(foreign.status).toBe(422);
    expect(issuesOf(foreign.body)).toContainEqual({
      path: 'logo',
      message: 'A imagem deve ser um arquivo PNG válido',
    });
  });

  it('reads a form carrying three logos near the limit (not a 413)', async () => {
    // Three PNGs of about 0.9 MB each: the body is over the single-image limit of the catalogue calls.
    const near = () => makePng(540, 540, true).toString('base64');
    const res = await createMerchant(t, admin, { logo: near(), logoB2b: near(), logoBrand: near() });
    expect(res.status, res.text.slice(0, 200)).toBe(201);
  });

  it('gives the checkout the logo as a URL, not the stored image name', async () => {
    const created = await createMerchant(t, admin, { logo: PNG_A, logoB2b: PNG_B });
    const checkoutId = await createCheckout(t, created.body.apiKey);
    const loaded = await put(t, checkoutId);
    expect(field(loaded, 'merchantSummary').fieldData).toMatchObject({ logoUrl: created.body.logoUrl });
  });
});
