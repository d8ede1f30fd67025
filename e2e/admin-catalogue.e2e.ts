// An operator builds the B2C catalogue in the admin portal (tag, category with a subcategory, store with its logo)
// and the store shows in the catalogue's buckets: the admin screens reach the catalogue without its key.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launch, newPage, snap } from './browser.ts';
import { type Demo, demo } from './sandbox.ts';

let browser: Browser;
let world: Demo;

/** A real 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const logo = (name: string) => ({ name, mimeType: 'image/png', buffer: PNG });

beforeAll(async () => {
  browser = await launch();
  world = await demo(baseUrl());
});
afterAll(async () => {
  await browser?.close();
});

async function signIn(page: Page) {
  await page.goto('/admin/login');
  await page.getByLabel('E-mail').fill(world.admin.email);
  await page.getByLabel(/^Senha/).fill(world.admin.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.waitForURL('**/admin/orders');
}

/** Picks `option` in the form's native select labelled `label` (a required field's name ends with its asterisk). */
async function choose(page: Page, label: string, option: string) {
  await page
    .getByLabel(new RegExp(`^${label}`))
    .first()
    .selectOption({ label: option });
}

describe('admin store catalogue', () => {
  it('creates a tag, a category with a subcategory and a store that appears in the buckets', async () => {
    const suffix = Date.now().toString(36);
    const tagName = `Tag e2e ${suffix}`;
    const categoryName = `Categoria e2e ${suffix}`;
    const storeName = `Loja e2e ${suffix}`;
    const { context, page } = await newPage(browser);
    await signIn(page);

    await page.goto('/admin/store-tags/create');
    await page.getByRole('heading', { name: 'Cadastrar Tag' }).waitFor();
    await page.getByLabel(/^Nome/).fill(tagName);
    await choose(page, 'Tipo', 'Por estilo');
    await page.getByLabel(/^Prioridade/).fill('1');
    await page.locator('input[type="file"]').setInputFiles(logo('tag.png'));
    await page.getByRole('img', { name: 'Pré-visualização: Imagem' }).waitFor();
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Tags cadastradas com sucesso').waitFor();
    await page.getByRole('cell', { name: tagName, exact: true }).filter({ visible: true }).waitFor();

    await page.goto('/admin/store-categories/create');
    await page.getByLabel(/^Nome/).fill(categoryName);
    await page.getByLabel('Subcategoria 1', { exact: true }).fill('Sub e2e');
    await page.getByRole('checkbox', { name: tagName }).check();
    await page.getByRole('button', { name: 'Salvar Categoria' }).click();
    await page.getByText('Categoria criada com sucesso').waitFor();

    await page.goto('/admin/stores/create');
    await page.getByRole('heading', { name: 'Nova loja' }).waitFor();
    await page.getByLabel(/^Nome/).fill(storeName);
    await page.getByLabel(/^Link da loja/).fill('https://loja-e2e.example');
    await page.getByLabel(/^Origem/).selectOption('INTERNAL');
    await page.getByLabel(/^Desconto mínimo/).fill('1');
    await page.getByLabel(/^Abreviação do nome/).fill('LE');
    await page.getByLabel(/^Cashback \(%\)/).fill('5');
    await page.getByLabel(/^Taxa \(%\)/).fill('2,5');
    await page.getByLabel('Categoria 1', { exact: true }).selectOption({ label: categoryName });
    await page.getByRole('checkbox', { name: 'Sub e2e' }).check();
    await page.getByRole('checkbox', { name: tagName }).check();
    await page.locator('input[type="file"]').setInputFiles(logo('logo.png'));
    await page.getByRole('img', { name: 'Pré-visualização: Imagem' }).waitFor();
    await page.getByRole('button', { name: 'Criar' }).click();
    await page.waitForURL('**/admin/stores');
    await page.getByText('Loja criada com sucesso').waitFor();

    await page.getByLabel('Nome da loja').fill(suffix);
    await page.getByRole('button', { name: 'Buscar' }).click();
    await page.getByRole('cell', { name: storeName, exact: true }).filter({ visible: true }).click();
    await page.getByRole('heading', { name: 'Detalhes da loja' }).waitFor();
    await page.getByText(`${categoryName} (Sub e2e)`).waitFor();
    await page.getByText('5,00%').waitFor();
    await snap(page, 'admin-store-details');

    // The catalogue's own API (with its key) shows the store in 'Highlights' and in its tag's bucket.
    const sandbox = (await (await fetch(`${baseUrl()}/sandbox/demo`)).json()) as {
      catalogue: { apiKeyHeader: string; apiKey: string; basePath: string };
    };
    const res = await fetch(`${baseUrl()}${sandbox.catalogue.basePath}/management/stores/buckets`, {
      headers: { [sandbox.catalogue.apiKeyHeader]: sandbox.catalogue.apiKey },
    });
    expect(res.status).toBe(200);
    const buckets = (await res.json()) as { name: string; stores: { name: string }[] }[];
    const names = (bucket: string) => buckets.find((b) => b.name === bucket)?.stores.map((s) => s.name);
    expect(names('Highlights')).toContain(storeName);
    expect(names(tagName)).toEqual([storeName]);

    // Archived after the confirmation, it leaves the buckets.
    await page.getByRole('button', { name: 'Arquivar' }).click();
    await page
      .getByRole('dialog', { name: 'Você tem certeza?' })
      .getByRole('button', { name: 'Confirmar' })
      .click();
    await page.getByText('Loja arquivada com sucesso').waitFor();
    await page.getByRole('button', { name: 'Habilitar' }).waitFor();
    const after = (await (
      await fetch(`${baseUrl()}${sandbox.catalogue.basePath}/management/stores/buckets`, {
        headers: { [sandbox.catalogue.apiKeyHeader]: sandbox.catalogue.apiKey },
      })
    ).json()) as { name: string; stores: { name: string }[] }[];
    expect(after.find((b) => b.name === 'Highlights')?.stores.map((s) => s.name)).not.toContain(storeName);
    await context.close();
  });
});
