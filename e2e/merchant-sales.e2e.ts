import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launch, newPage, snap } from './browser.ts';
import { merchantUser, signInMerchant } from './merchant-portal.ts';
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

describe('merchant portal: sales and Drip links', () => {
  it('ADMIN creates a Drip link, opens it, and finds its sale with the filters', async () => {
    const { context, page } = await newPage(browser);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
    await page.goto('/parceira/checkout-links/criar');
    await page.waitForURL('**/parceira/login**');
    await signInMerchant(page, merchantUser(world, true));
    await page.waitForURL('**/parceira/checkout-links/criar');

    const code = `E2E-LINK-${Date.now()}`;
    await page.getByLabel(/^Valor/).fill('150,25');
    await page.getByLabel(/^Código do pedido/).fill(code);
    await page.getByRole('button', { name: 'Criar link' }).click();
    const linkBox = page.getByLabel('Link de pagamento');
    await linkBox.waitFor();
    const formUrl = await linkBox.inputValue();
    expect(formUrl).toMatch(/^http/);
    await page.getByRole('button', { name: 'Copiar link' }).click();
    await page.getByText('Copiado').first().waitFor();
    await snap(page, 'merchant-link-created');

    // The same code again: the spec's 409 message.
    await page.getByRole('button', { name: 'Criar outro link' }).click();
    await page.getByLabel(/^Valor/).fill('10');
    await page.getByLabel(/^Código do pedido/).fill(code);
    await page.getByRole('button', { name: 'Criar link' }).click();
    await page.getByText(`O código '${code}' já existe, insira outro e tente novamente`).waitFor();

    // The link opens the hosted checkout.
    const shopper = await context.newPage();
    await shopper.goto(`${new URL(formUrl).pathname}?transparent=false`);
    await shopper.getByRole('button', { name: 'Começar' }).waitFor({ timeout: 20_000 });
    await shopper.close();

    // 'Gerenciar Links' lists it; 'Minhas Vendas' finds its sale by order code, filters kept in the URL.
    await page.goto('/parceira/checkout-links');
    await page.getByRole('cell', { name: code }).waitFor();
    // Opened by a shopper ('Em uso'): no longer deactivated, by the portal's button as by the server (409).
    const linkRow = page.getByRole('row').filter({ hasText: code });
    expect(await linkRow.textContent()).toContain('Em uso');
    expect(await linkRow.getByRole('button', { name: 'Desativar' }).count()).toBe(0);
    await page.goto('/parceira/pedidos');
    await page.getByText('Volume aprovado').waitFor();
    await page.getByLabel('Código do pedido').fill(code);
    await page.getByRole('button', { name: 'Buscar' }).click();
    await page.waitForURL(`**code=${code}**`);
    const row = page.getByRole('row').filter({ hasText: code });
    await row.waitFor();
    expect(await row.textContent()).toContain('Em andamento');
    // A status toggle that excludes it: the list is empty.
    await page.getByRole('group', { name: 'Status' }).getByText('Aprovados', { exact: true }).click();
    await page.waitForURL('**approved=true**');
    await page.getByText('Nenhum pedido encontrado').waitFor();
    await page.getByRole('group', { name: 'Status' }).getByText('Aprovados', { exact: true }).click();
    await row.waitFor();
    // The chart (its own chunk, loaded after the numbers) draws its bars.
    await page.getByText('Pedidos aprovados e negados').waitFor();
    await page.locator('.recharts-surface').first().waitFor();
    await snap(page, 'merchant-sales-desktop');

    // Its details, without the tabs and the big numbers.
    await row.getByRole('link', { name: /Detalhes/ }).click();
    await page.getByRole('heading', { name: `Pedido ${code}` }).waitFor();
    expect(await page.getByText('Volume aprovado').count()).toBe(0);
    expect(await page.getByRole('tab').count()).toBe(0);
    await snap(page, 'merchant-sale-details');

    // At 390 px: cards, nothing scrolls sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/parceira/pedidos?code=${code}`);
    await page.getByText(code).first().waitFor();
    await page.getByText('Pedidos aprovados e negados').waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await snap(page, 'merchant-sales-phone');
    await page.goto('/parceira/checkout-links');
    await page.getByText(code).first().waitFor();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await snap(page, 'merchant-links-phone');
    await context.close();
  });

  it('a READ user cannot create links: no menu item, the route sends them back, the API refuses', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/parceira/login');
    await signInMerchant(page, merchantUser(world, false));
    await page.waitForURL('**/parceira/pedidos**');
    await page.goto('/parceira/checkout-links/criar');
    await page.waitForURL('**/parceira/pedidos**');
    expect(await page.getByText('Criar Drip Link').count()).toBe(0);
    await page.goto('/parceira/checkout-links');
    await page.getByText('Gerenciar Links').first().waitFor();
    expect(await page.getByText('Criar Drip Link').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Desativar' }).count()).toBe(0);
    // Not 'Mantenha-me conectado': the session's token is in sessionStorage under the spec's key.
    const token = await page.evaluate(() => sessionStorage.getItem('merchantUser'));
    expect(token).toBeTruthy();
    const res = await fetch(`${baseUrl()}/merchant_backoffice/api/v1/checkouts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ amount: 10, merchantCode: `E2E-READ-${Date.now()}` }),
    });
    expect(res.status).toBe(403);
    await context.close();
  });
});
