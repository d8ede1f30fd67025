/**
 * Promotions in Chromium against the real server: an operator creates a PRODUCT_VIEW promotion with two products
 * (added in the modal, each from a catalogue store), lands on its details, then edits the promotion and a product.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launch, newPage, snap } from './browser.ts';
import { type Demo, demo } from './sandbox.ts';

let browser: Browser;
let world: Demo;

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

/** Picks an option of the store picker (the kit's SearchSelect: Mantine's Select once its code came) by its label. */
async function choose(
  scope: Page | ReturnType<Page['getByRole']>,
  page: Page,
  label: RegExp,
  option: string,
) {
  await scope.getByRole('combobox', { name: label }).first().click();
  await page.getByRole('option', { name: option }).click();
}

async function addProduct(page: Page, name: string, price: string, store: string) {
  await page.getByRole('button', { name: 'Adicionar produto' }).click();
  const modal = page.getByRole('dialog', { name: 'Adicionar produto' });
  await modal.getByLabel(/^Nome/).fill(name);
  await modal.getByLabel(/^Descrição/).fill(`${name} da vitrine`);
  const slug = name.toLowerCase().replace(/\s+/g, '-');
  await modal.getByLabel(/^Link do produto/).fill(`https://loja.example/${slug}`);
  await modal.getByLabel(/^Link da imagem/).fill(`https://loja.example/${slug}.png`);
  await modal.getByLabel(/^Preço \*?$/).fill(price);
  await choose(modal, page, /^Loja/, store);
  await modal.getByRole('button', { name: 'Salvar produto' }).click();
  await modal.waitFor({ state: 'hidden' });
}

describe('admin promotions', () => {
  it('creates a promotion with two products, then edits it and one of its products', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page);
    await page.goto('/admin/promotions');
    await page.getByRole('link', { name: 'Criar promoção' }).click();
    await page.waitForURL('**/admin/promotions/create');
    const name = `Vitrine ${Date.now()}`;
    await page.getByLabel(/^Nome/).fill(name);
    await page.getByLabel(/^Tipo/).selectOption({ label: 'Visualização por produtos' });
    await addProduct(page, 'Tênis de corrida', '299,90', 'Loja Aurora');
    await addProduct(page, 'Caneca', '49,90', 'Casa Pitanga');
    await page.getByRole('button', { name: 'Criar' }).click();
    await page.waitForURL(/\/admin\/promotions\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { name: 'Detalhes da promoção' }).waitFor();
    const products = page.getByRole('table', { name: 'Produtos' });
    await products.getByText('Tênis de corrida').waitFor();
    await products.getByText('Caneca').waitFor();
    await products.getByText('Casa Pitanga').waitFor();
    await snap(page, 'admin-promotion-details');

    await page.getByRole('link', { name: 'Editar' }).click();
    await page.getByRole('heading', { name: 'Editar promoção' }).waitFor();
    await page.getByRole('button', { name: 'Editar Caneca' }).click();
    const modal = page.getByRole('dialog', { name: 'Editar produto' });
    expect(await modal.getByLabel(/^Link do produto/).isDisabled()).toBe(true);
    await modal.getByLabel(/^Preço \*?$/).fill('39,90');
    await modal.getByRole('button', { name: 'Salvar produto' }).click();
    await page.getByText('Produto atualizado com sucesso!').waitFor();
    await page.getByLabel(/^Nome/).first().fill(`${name} editada`);
    await page.getByRole('button', { name: 'Atualizar' }).click();
    await page.getByText('Promoção editada com sucesso!').waitFor();
    await page.waitForURL(/\/admin\/promotions\/[0-9a-f-]{36}$/);
    await page.getByText(`${name} editada`).waitFor();
    await page
      .getByRole('table', { name: 'Produtos' })
      .getByText(/R\$\s39,90/)
      .waitFor();
    await snap(page, 'admin-promotion-edited');

    await page.goto('/admin/promotions');
    await page.getByRole('table', { name: 'Promoções' }).getByText(`${name} editada`).waitFor();
    await context.close();
  });
});
