import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin } from './admin-portal.ts';
import { baseUrl, launch, newPage, shotsDir, snap } from './browser.ts';
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

describe('admin back office', () => {
  it("runs Chromium in pt-BR: a date field takes the day first (dd/mm/aaaa), as a Brazilian's browser does", async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/admin/login');
    await page.evaluate(() => {
      const probe = document.createElement('input');
      probe.type = 'date';
      probe.id = 'date-order-probe';
      document.body.append(probe);
    });
    await page.locator('#date-order-probe').focus();
    await page.keyboard.type('01112026');
    expect(await page.locator('#date-order-probe').inputValue()).toBe('2026-11-01');
    await context.close();
  });

  it("at 390 px a section's long title wraps beside its 'Adicionar' button, not above it", async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    await signInAdmin(page, world.admin);
    const merchant = world.merchants[0];
    if (!merchant) throw new Error('the demo world needs a merchant');
    await page.goto(`/admin/merchants/${merchant.id}`);
    const section = page.getByRole('region', { name: 'Configurações de repasse' });
    const title = await section.getByRole('heading', { name: 'Configurações de repasse' }).boundingBox();
    const add = await section.getByRole('link', { name: 'Adicionar' }).boundingBox();
    if (!title || !add) throw new Error('the section has no title or no Adicionar');
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shotsDir()}/admin-merchant-settlement-section-390.png` });
    // On the title's first line, at its right.
    expect(add.y).toBeLessThan(title.y + title.height / 2);
    expect(add.x).toBeGreaterThan(title.x);
    await context.close();
  });

  it('rejects a wrong password with the exact spec message', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/admin');
    await page.waitForURL('**/admin/login');
    await page.getByText('Olá', { exact: true }).waitFor();
    await page.getByLabel('E-mail').fill(world.admin.email);
    await page.getByLabel(/^Senha/).fill('senha-errada-123');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.getByText('E-Mail e/ou senha incorreta').waitFor();
    await snap(page, 'admin-login-error');
    await context.close();
  });

  it('signs in, shows the navigation and signs out', async () => {
    const { context, page } = await newPage(browser);
    await signInAdmin(page, world.admin);
    for (const item of ['Pedidos', 'Parceiros', 'Lojas (B2C)', 'Clientes']) {
      await page.getByRole('link', { name: item }).first().waitFor();
    }
    await snap(page, 'admin-home');
    const refreshToken = await page.evaluate(
      () => sessionStorage.getItem('adminUserRefreshToken') ?? localStorage.getItem('adminUserRefreshToken'),
    );
    expect(refreshToken).toBeTruthy();
    await page
      .getByRole('button', { name: 'Sair' })
      .or(page.getByRole('link', { name: 'Sair' }))
      .first()
      .click();
    await page.waitForURL('**/admin/login');
    // 'Sair' ended the session on the server too: the refresh token no longer refreshes.
    await expect
      .poll(
        async () =>
          (
            await fetch(`${baseUrl()}/admin_backoffice/api/v1/login`, {
              method: 'PUT',
              headers: { RefreshToken: refreshToken ?? '' },
            })
          ).status,
      )
      .toBe(401);
    await context.close();
  });

  it('logs out to the admin login when the session is no longer valid (401)', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/admin/login');
    await page.getByLabel('E-mail').fill(world.admin.email);
    await page.getByLabel(/^Senha/).fill(world.admin.password);
    await page.getByLabel('Mantenha-me conectado').check();
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL('**/admin/orders');
    // Both tokens become worthless: the API answers 401, the refresh fails, the client logs out.
    await page.evaluate(() => {
      for (const storage of [localStorage, sessionStorage]) {
        if (storage.getItem('adminUser')) {
          storage.setItem('adminUser', 'invalid.token.value');
          storage.setItem('adminUserRefreshToken', 'invalid-refresh');
        }
      }
    });
    await page.goto('/admin/profile');
    await page.waitForURL('**/admin/login');
    await context.close();
  });
});
