import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launch, newPage, snap } from './browser.ts';
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

function adminUser() {
  const user = world.merchants[0]?.users.find((u) => u.permissions.includes('ADMIN'));
  if (!user) throw new Error('the demo world has no merchant ADMIN user');
  return user;
}
function readOnlyUser() {
  const user = world.merchants[0]?.users.find((u) => !u.permissions.includes('ADMIN'));
  if (!user) throw new Error('the demo world has no read-only merchant user');
  return user;
}

async function passwordStep(page: Page, email: string, password: string) {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel(/^Senha/).fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

async function signIn(page: Page, user: { email: string; password: string; phone: string }) {
  const before = await outbox(baseUrl(), user.phone);
  await passwordStep(page, user.email, user.password);
  await page.getByText('Verificação de 2 etapas').waitFor();
  const sms = await newMessage(baseUrl(), user.phone, before);
  expect(sms.code).toMatch(/^\d{6}$/);
  await page.getByLabel('Drip Token').fill(sms.code ?? '');
  await page.getByRole('button', { name: 'Confirmar' }).click();
}

describe('merchant portal', () => {
  it('rejects a wrong password with the exact spec message', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/parceira/login');
    await passwordStep(page, adminUser().email, 'senha-errada-123');
    await page.getByText('E-mail e/ou senha incorretos.').waitFor();
    await context.close();
  });

  it('signs in with the SMS code read from the sandbox outbox, after a wrong code', async () => {
    const { context, page } = await newPage(browser);
    const user = adminUser();
    await page.goto('/merchant/login');
    const before = await outbox(baseUrl(), user.phone);
    await passwordStep(page, user.email, user.password);
    await page.getByText('Verificação de 2 etapas').waitFor();
    const sms = await newMessage(baseUrl(), user.phone, before);
    const wrong = sms.code === '000000' ? '111111' : '000000';
    await page.getByLabel('Drip Token').fill(wrong);
    await page.getByRole('button', { name: 'Confirmar' }).click();
    await page.getByText('Drip Token inválido, verifique o número inserido.').waitFor();
    await page.getByLabel('Drip Token').fill(sms.code ?? '');
    await page.getByRole('button', { name: 'Confirmar' }).click();
    await page.waitForURL('**/parceira/pedidos**');
    await page.getByText('Minhas Vendas').first().waitFor();
    await page.getByText('Criar Drip Link').first().waitFor();
    await snap(page, 'merchant-home');
    await context.close();
  });

  it("'Voltar' on the token step returns to the credentials", async () => {
    const { context, page } = await newPage(browser);
    const user = adminUser();
    await page.goto('/parceira/login');
    await passwordStep(page, user.email, user.password);
    await page.getByText('Verificação de 2 etapas').waitFor();
    await page.getByRole('button', { name: 'Voltar' }).click();
    await page.getByLabel(/^Senha/).waitFor();
    await context.close();
  });

  it('hides Criar Drip Link from a read-only user and keeps the target route through login', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/parceira/perfil');
    await page.waitForURL('**/parceira/login**');
    expect(page.url()).toContain('redirectTo');
    await signIn(page, readOnlyUser());
    await page.waitForURL('**/parceira/perfil**');
    await page.getByText('Minhas Vendas').first().waitFor();
    expect(await page.getByText('Criar Drip Link').count()).toBe(0);
    await context.close();
  });

  it('recovers the password through the e-mailed link', async () => {
    const { context, page } = await newPage(browser);
    const user = world.merchants[1]?.users[0];
    if (!user) throw new Error('the demo world needs a second merchant with a user');
    await page.goto('/parceira/recuperar-login');
    const before = await outbox(baseUrl(), user.email);
    await page.getByLabel('E-mail').fill(user.email);
    await page.getByRole('button', { name: 'Enviar link' }).click();
    const mail = await newMessage(baseUrl(), user.email, before);
    expect(mail.link).toContain('recovery_id=');
    await page.goto(
      new URL(mail.link ?? '', baseUrl()).pathname + new URL(mail.link ?? '', baseUrl()).search,
    );
    const newPassword = 'nova-senha-456';
    await page.getByLabel(/^Nova senha/).fill(newPassword);
    await page.getByLabel('Confirme a nova senha').fill(newPassword);
    await page.getByRole('button', { name: 'Alterar senha' }).click();
    await page.waitForURL('**/parceira/login**');
    await signIn(page, { ...user, password: newPassword });
    await page.waitForURL('**/parceira/pedidos**');
    // The link is single use.
    const res = await fetch(
      new URL(
        `/merchant_backoffice/api/v1/recover/password/${new URL(mail.link ?? '').searchParams.get('recovery_id')}`,
        baseUrl(),
      ),
    );
    expect(await res.json()).toEqual({ linkExpired: true });
    // Other files sign in as this demo user with its demo password: give it back, through the same recovery.
    const json = { 'content-type': 'application/json' };
    const again = await outbox(baseUrl(), user.email);
    const asked = await fetch(new URL('/merchant_backoffice/api/v1/recover/password', baseUrl()), {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ merchantUserEmail: user.email }),
    });
    expect(asked.status).toBe(200);
    const restore = await newMessage(baseUrl(), user.email, again);
    const recoveryId = new URL(restore.link ?? '', baseUrl()).searchParams.get('recovery_id');
    const reset = await fetch(
      new URL(`/merchant_backoffice/api/v1/recover/password/${recoveryId}`, baseUrl()),
      {
        method: 'PUT',
        headers: json,
        body: JSON.stringify({ password: user.password, repeatPassword: user.password }),
      },
    );
    expect(reset.status, await reset.text()).toBe(200);
    await context.close();
  });

  it('recovers the login e-mail by SMS', async () => {
    const { context, page } = await newPage(browser);
    const user = adminUser();
    await page.goto('/parceira/recuperar-login');
    await page.getByRole('button', { name: 'Esqueci meu e-mail de acesso' }).click();
    await page.getByText('Recuperar e-mail de acesso').waitFor();
    const before = await outbox(baseUrl(), user.phone);
    await page.getByLabel('Celular').pressSequentially(user.phone.replace(/^\+55/, ''));
    await page.getByRole('button', { name: 'Enviar SMS' }).click();
    await page.getByText('SMS enviado com sucesso').waitFor();
    const sms = await newMessage(baseUrl(), user.phone, before);
    expect(sms.body).toContain(user.email);
    await context.close();
  });
});
