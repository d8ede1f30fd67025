import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launch, newPage, snap } from './browser.ts';
import { type DripServer, startDrip } from './drip-server.ts';
import { type Demo, demo, newMessage, outbox } from './sandbox.ts';

let browser: Browser;
let world: Demo;

beforeAll(async () => {
  browser = await launch();
  world = await demo(baseUrl());
});
afterAll(async () => {
  await browser?.close();
});

function customer(i: number) {
  const c = world.customers[i];
  if (!c) throw new Error(`the demo world needs at least ${i + 1} customers`);
  return c;
}

async function signIn(page: Page, cpf: string, password: string) {
  await page.getByLabel('CPF').pressSequentially(cpf);
  await page.getByLabel(/^Senha/).fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

describe('customer portal', () => {
  it('masks the CPF and rejects a wrong password with the exact spec message', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/customer/login');
    await page.getByLabel('CPF').pressSequentially(customer(0).cpf);
    // The mask is fetched after the first screen and masks what was typed before it arrived (CpfInput): on a busy
    // machine the typing can finish first, so the value is read until the mask has had its chance.
    await expect
      .poll(() => page.getByLabel('CPF').inputValue(), { timeout: 10_000 })
      .toMatch(/^\d{3}\.\d{3}\.\d{3}-\d{2}$/);
    await page.getByLabel(/^Senha/).fill('senha-errada-123');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.getByText('CPF e/ou senha inválidos').waitFor();
    await context.close();
  });

  it('signs in, shows Minhas compras and Meu perfil, with the portal title', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/');
    await page.waitForURL('**/cliente/login**');
    await signIn(page, customer(0).cpf, customer(0).password);
    await page.waitForURL('**/cliente/pedidos');
    expect(await page.title()).toBe('Drip - Portal');
    await page.getByText('Minhas compras').first().waitFor();
    await page.getByText('Meu perfil').first().click();
    await expect
      .poll(() => page.getByLabel(/^Nome/).inputValue(), { timeout: 10_000 })
      .toBe(customer(0).name);
    await snap(page, 'customer-profile');
    await context.close();
  });

  it('opens the help chat two seconds after a help login (/ajuda)', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/ajuda');
    await page.waitForURL('**/cliente/login?ajuda=true');
    await page.getByRole('dialog').waitFor({ timeout: 5000 });
    await context.close();
  });

  it('recovers the password with the SMS token in three steps', async () => {
    const { context, page } = await newPage(browser);
    const c = customer(1);
    await page.goto('/cliente/login');
    await page.getByText('Esqueci a senha').click();
    await page.waitForURL('**/cliente/recuperar-login');
    const before = await outbox(baseUrl(), c.phone);
    await page.getByLabel('CPF').pressSequentially(c.cpf);
    await page.getByRole('button', { name: 'Enviar código' }).click();
    const sms = await newMessage(baseUrl(), c.phone, before);
    await page.getByLabel('Código recebido por SMS').fill(sms.code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Confirmar código' }).click();
    await page.getByText('Token inválido').waitFor();
    await page.getByLabel('Código recebido por SMS').fill(sms.code ?? '');
    await page.getByRole('button', { name: 'Confirmar código' }).click();
    const newPassword = 'Nova-senha-789';
    await page.getByLabel(/^Nova senha/).fill(newPassword);
    await page.getByLabel('Confirme a nova senha').fill(newPassword);
    await page.getByRole('button', { name: 'Redefinir senha' }).click();
    await page.getByText('Senha atualizada com sucesso!').waitFor();
    await page.waitForURL('**/cliente/login**');
    await signIn(page, c.cpf, newPassword);
    await page.waitForURL('**/cliente/pedidos');
    await context.close();
  });

  it("lists the orders: a table at 1280 px, cards at 390 px with Total, Status and 'Detalhes' on screen", async () => {
    // Maria has an order in the demo world.
    const maria = world.customers.find((c) => c.cpf === '52998224725');
    if (!maria) throw new Error('the demo world has no Maria');
    const { context, page } = await newPage(browser);
    await page.goto('/cliente/login');
    await signIn(page, maria.cpf, maria.password);
    await page.waitForURL('**/cliente/pedidos');
    const row = page.getByRole('row').filter({ hasText: 'DEMO-MARIA-0001' });
    await row.waitFor();
    for (const header of [
      'Loja',
      'Código Drip',
      'Código do pedido',
      'Total',
      'Pagamentos pendentes',
      'Status',
    ])
      await page.getByRole('columnheader', { name: header, exact: true }).waitFor();
    await snap(page, 'customer-orders-1280');

    await page.setViewportSize({ width: 390, height: 844 });
    const card = page.getByRole('listitem').filter({ hasText: 'DEMO-MARIA-0001' });
    await card.waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
    const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(sideways).toBeLessThanOrEqual(0);
    for (const target of [
      card.getByText('Total', { exact: true }),
      card.getByText('Status', { exact: true }),
      card.getByRole('link', { name: /Detalhes/ }),
    ]) {
      const box = await target.boundingBox();
      expect(box, 'on screen').not.toBeNull();
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
    }
    await snap(page, 'customer-orders-390');
    await card.getByRole('link', { name: /Detalhes/ }).click();
    await page.getByRole('heading', { name: 'Detalhes da compra' }).waitFor();
    await context.close();
  });

  it('logs out to the customer login when the API answers 401 and the refresh fails', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/cliente/login');
    await signIn(page, customer(2).cpf, customer(2).password);
    await page.waitForURL('**/cliente/pedidos');
    await page.evaluate(() => {
      for (const storage of [localStorage, sessionStorage]) {
        if (storage.getItem('customerUser')) {
          storage.setItem('customerUser', 'invalid.token.value');
          storage.setItem('customerUserRefreshToken', 'invalid-refresh');
        }
      }
    });
    await page.goto('/cliente/perfil');
    await page.waitForURL('**/cliente/login**');
    await context.close();
  });
});

describe('customer portal with short-lived access tokens', () => {
  let shortLived: DripServer;
  beforeAll(async () => {
    shortLived = await startDrip('short-tokens', { ACCESS_TOKEN_TTL_SECONDS: '2' });
  });
  afterAll(async () => {
    await shortLived?.stop();
  });

  it('refreshes an expired access token transparently', async () => {
    const context = await browser.newContext({ baseURL: shortLived.url, locale: 'pt-BR' });
    const page = await context.newPage();
    const local = await demo(shortLived.url);
    const c = local.customers[0];
    if (!c) throw new Error('no demo customer');
    await page.goto('/cliente/login');
    await signIn(page, c.cpf, c.password);
    await page.waitForURL('**/cliente/pedidos');
    const tokenBefore = await page.evaluate(
      () => localStorage.getItem('customerUser') ?? sessionStorage.getItem('customerUser'),
    );
    await new Promise((r) => setTimeout(r, 3000));
    const refreshed = page.waitForResponse(
      (r) => r.url().endsWith('/customer_backoffice/api/v2/login') && r.request().method() === 'PUT',
    );
    await page.getByText('Meu perfil').first().click();
    expect((await refreshed).status()).toBe(201);
    await expect.poll(() => page.getByLabel(/^Nome/).inputValue(), { timeout: 10_000 }).toBe(c.name);
    expect(page.url()).toContain('/cliente/perfil');
    const tokenAfter = await page.evaluate(
      () => localStorage.getItem('customerUser') ?? sessionStorage.getItem('customerUser'),
    );
    expect(tokenAfter).toBeTruthy();
    expect(tokenAfter).not.toBe(tokenBefore);
    await context.close();
  });
});
