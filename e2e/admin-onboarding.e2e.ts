// An operator onboards a merchant in the back office and its terms are live: the merchant (CNPJ Pix key) with a
// 3 % fee, a 5 % cashback, a 7-day settlement configuration and an ADMIN user; the user signs in to the merchant
// portal; a checkout created with the merchant's API key offers 5 % cashback, and the shopper's order carries the
// 3 % fee in the merchant's extract; resetting the API key in the back office makes the old key answer 401.
import {
  addDaysIso,
  daysBetweenIso,
  formatBRL,
  formatCnpj,
  generateCnpj,
  generateCpf,
  isoDateInSaoPaulo,
  MERCHANT_API,
  reaisToCents,
  SettlementPage,
} from '@drip/core';
import type { Browser, Page } from 'playwright-core';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillMerchantForm, type NewMerchant, signInAdmin } from './admin-portal.ts';
import { baseUrl, launch, newPage, snapWidths } from './browser.ts';
import {
  createCheckout,
  enterToken,
  fillCustomerData,
  merchantView,
  newShopper,
  outboxOf,
  payVerificationIfAsked,
} from './checkout-helpers.ts';
import { merchantSessionToken, signInMerchant } from './merchant-portal.ts';
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

const normalise = (s: string | null) => (s ?? '').replace(/\s+/g, ' ').trim();

/** The API key shown in the details' 'Chave API' section. */
async function shownApiKey(page: Page): Promise<string> {
  const key = page.getByRole('region', { name: 'Chave API' }).getByText(/^sk_/);
  await key.waitFor();
  return normalise(await key.textContent());
}

/** From the merchant's details, a term's form ('Adicionar' in its section), filled by `fill`, saved, and back. */
async function addTerm(page: Page, section: string, title: string, fill: () => Promise<void>, shot: string) {
  await page.getByRole('region', { name: section }).getByRole('link', { name: 'Adicionar' }).click();
  await page.getByRole('heading', { name: title }).waitFor();
  await fill();
  await snapWidths(page, shot);
  await page.getByRole('button', { name: 'Criar' }).click();
  await page.getByRole('heading', { name: 'Detalhes do comerciante' }).waitFor();
}

describe('admin: onboarding a merchant', () => {
  it('creates a merchant with its terms and user; the terms are live and the key reset revokes the old key', async () => {
    const n = (Date.now() % 1_000_000) + 7;
    const merchant: NewMerchant = {
      name: `Loja Onboarding ${n}`,
      legalName: `Loja Onboarding ${n} Ltda`,
      cnpj: generateCnpj(n),
      initials: 'LO',
      settlementPlatform: 'STARKBANK',
      representativeCpf: generateCpf(n),
      pixKey: generateCnpj(n + 1),
      category: 'Moda',
    };
    const user = {
      email: `gerente.${n}@onboarding.demo`,
      phone: `119${String(60_000_000 + (n % 9_999_999)).padStart(8, '0')}`,
      password: 'Senha-forte-123',
    };

    // The operator signs in and creates the merchant; on success the form goes back to the list.
    const { context: adminContext, page: admin } = await newPage(browser);
    await admin.goto('/admin/login');
    await admin.getByText('Faça login para acessar sua conta').waitFor();
    await snapWidths(admin, 'admin-login');
    await signInAdmin(admin, world.admin);
    await admin.getByRole('link', { name: 'Parceiros' }).first().click();
    await admin.waitForURL('**/admin/merchants');
    await admin.getByRole('table', { name: 'Parceiros' }).getByRole('row').nth(1).waitFor();
    await snapWidths(admin, 'admin-merchants');
    await admin.getByRole('link', { name: 'Novo comerciante' }).click();
    await admin.getByRole('heading', { name: 'Novo comerciante' }).waitFor();
    await fillMerchantForm(admin, merchant);
    await snapWidths(admin, 'admin-merchant-create');
    await admin.getByRole('button', { name: 'Criar' }).click();
    await admin.waitForURL('**/admin/merchants');
    await admin.getByLabel('Nome da loja').fill(merchant.name);
    await admin.getByRole('button', { name: 'Buscar' }).click();
    await admin
      .getByRole('link', { name: `Detalhes de ${merchant.name}` })
      .first()
      .click();
    await admin.getByRole('heading', { name: 'Detalhes do comerciante' }).waitFor();
    const bank = admin.getByRole('region', { name: 'Conta bancária' });
    await bank.getByText(formatCnpj(merchant.pixKey)).waitFor();
    const apiKey = await shownApiKey(admin);

    // Its terms, each from its section of the details.
    await addTerm(
      admin,
      'Taxas',
      'Nova taxa',
      () => admin.getByLabel(/^Taxa \(%\)/).fill('3'),
      'admin-merchant-fee-create',
    );
    await addTerm(
      admin,
      'Cashbacks',
      'Novo cashback',
      () => admin.getByLabel(/^Cashback \(%\)/).fill('5'),
      'admin-merchant-cashback-create',
    );
    await addTerm(
      admin,
      'Configurações de repasse',
      'Nova configuração de repasse',
      async () => {
        await admin.getByRole('combobox', { name: 'Prazo de repasse' }).selectOption({ label: '7 dias' });
      },
      'admin-merchant-settlement-create',
    );
    // Each one the active one of its list.
    for (const [table, shown] of [
      ['Taxas', '3,00%'],
      ['Cashbacks', '5,00%'],
      ['Configurações de repasse', '7 dias'],
    ] as const) {
      const row = admin.getByRole('table', { name: table }).getByRole('row').filter({ hasText: shown });
      await row.waitFor();
      expect(await row.getAttribute('data-state')).toBe('ACTIVE');
    }

    // Its ADMIN user ('Pode cancelar/pedido': Sim).
    await admin.getByRole('region', { name: 'Usuários' }).getByRole('link', { name: 'Adicionar' }).click();
    await admin.getByRole('heading', { name: 'Novo usuário do comerciante' }).waitFor();
    await admin.getByLabel(/^E-mail/).fill(user.email);
    await admin.getByLabel(/^Telefone/).pressSequentially(user.phone);
    await admin.getByLabel(/^Nome/).fill('Gerente Onboarding');
    await admin
      .getByRole('radiogroup', { name: /Pode cancelar\/pedido/ })
      .getByLabel('Sim')
      .check();
    await admin.getByLabel(/^Senha/).fill(user.password);
    await snapWidths(admin, 'admin-merchant-user-create');
    await admin.getByRole('button', { name: 'Criar' }).click();
    await admin.getByRole('heading', { name: 'Detalhes do comerciante' }).waitFor();
    const users = admin.getByRole('table', { name: 'Usuários' });
    await users.getByRole('row').filter({ hasText: user.email }).filter({ hasText: 'Sim' }).waitFor();
    await snapWidths(admin, 'admin-merchant-details');

    // The user signs in to the merchant portal (the Drip Token from the sandbox inbox).
    const { context: merchantContext, page: portal } = await newPage(browser);
    await portal.goto('/parceira/login');
    await signInMerchant(portal, { email: user.email, password: user.password, phone: `+55${user.phone}` });
    await portal.waitForURL((url) => !url.pathname.includes('/login'));
    await portal.getByText(merchant.name).first().waitFor();

    // A checkout created with the merchant's key offers its 5 % cashback; the shopper buys in 3x.
    const checkout = await createCheckout(baseUrl(), apiKey, 200);
    const { context: shopperContext, page: shop } = await newPage(browser);
    const shopper = newShopper();
    await shop.goto(`${new URL(checkout.url).pathname}?transparent=false`);
    const before = await outboxOf(baseUrl(), shopper);
    await fillCustomerData(shop, shopper);
    await enterToken(shop, baseUrl(), shopper, before);
    await payVerificationIfAsked(shop, baseUrl(), shopper.cpf, 'Em quantas parcelas?');
    await shop.getByText('Em quantas parcelas?').waitFor({ timeout: 30_000 });
    await shop.getByText('5,00% de cashback no último pagamento').waitFor();
    await shop.getByRole('button', { name: 'Continuar' }).click();
    await shop.getByRole('button', { name: 'Confirmar' }).click();
    await shop.getByRole('heading', { name: 'Compra aprovada!' }).waitFor({ timeout: 20_000 });
    await shopperContext.close();

    // The order carries the 3 % fee: R$ 6,00 of R$ 200,00, in the merchant API and on the sale's extract row.
    const token = await merchantSessionToken(portal);
    const res = await fetch(`${baseUrl()}${MERCHANT_API}/v2/checkouts/${checkout.id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    const sale = v.parse(
      v.object({
        order: v.object({ code: v.string() }),
        merchantFee: v.object({ percentage: v.number(), totalAmount: v.number() }),
      }),
      await res.json(),
    );
    expect(sale.merchantFee).toEqual({ percentage: 0.03, totalAmount: 6 });
    // The settlements job books the sale on its next run (a sandbox clock call without moving it runs it now).
    const ran = await fetch(`${baseUrl()}/sandbox/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advanceMinutes: 0 }),
    });
    expect(ran.status).toBe(200);
    const { now } = v.parse(v.object({ now: v.string() }), await ran.json());
    const [year, month, day] = isoDateInSaoPaulo(new Date(now)).split('-');
    await portal.goto('/parceira/pedidos/extrato');
    await portal.locator('svg.recharts-surface').first().waitFor();
    await portal.getByRole('button', { name: `Expandir o dia ${day}/${month}/${year}` }).click();
    const row = portal
      .getByRole('table', { name: `Pedidos de ${day}/${month}/${year}` })
      .getByRole('row')
      .filter({ hasText: sale.order.code });
    await row.waitFor();
    // Tipo, Pedido, Cliente, Data do pedido, Valor, Taxa, Repasse.
    const cells = (await row.getByRole('cell').allTextContents()).map(normalise);
    expect(cells[0]).toBe('Venda');
    expect(cells.slice(4)).toEqual([200, 6, 194].map((reais) => normalise(formatBRL(reaisToCents(reais)))));

    // The 7-day configuration: each instalment's share of the payout goes on the first business day on or after
    // its due date + 7 (docs/settlements.md), never before.
    const auth = { headers: { authorization: `Bearer ${token}` } };
    const page = await fetch(`${baseUrl()}${MERCHANT_API}/v1/settlements?page=0&size=10`, auth);
    expect(page.status).toBe(200);
    const saleDay = v
      .parse(SettlementPage, await page.json())
      .content.find((d) => d.date === `${year}-${month}-${day}`);
    const transfers = (saleDay?.transferDates ?? []).map((t) => t.transferDate).sort();
    const dues = (await merchantView(baseUrl(), apiKey, checkout.id)).order.instalments
      .map((i: { dueDate: string }) => addDaysIso(i.dueDate, 7))
      .sort();
    expect(transfers).toHaveLength(3);
    transfers.forEach((transfer, i) => {
      // A weekend, a holiday or Carnaval moves it a few days at most.
      expect(daysBetweenIso(dues[i], transfer)).toBeGreaterThanOrEqual(0);
      expect(daysBetweenIso(dues[i], transfer)).toBeLessThanOrEqual(5);
    });
    await merchantContext.close();

    // The key reset, confirmed: the new key is shown, the old one answers 401 at once, the new one works.
    await admin.getByRole('button', { name: 'Redefinir chave API' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Você tem certeza?' });
    await dialog.getByRole('button', { name: 'Confirmar' }).click();
    await admin.getByText('A Chave API foi redefinida').first().waitFor();
    const fresh = admin.getByRole('region', { name: 'Chave API' }).getByRole('status').getByText(/^sk_/);
    const newKey = normalise(await fresh.textContent());
    expect(newKey).not.toBe(apiKey);
    // 'Copiar chave' is a button the size of its words, not a bar across the page.
    const copy = await admin.getByRole('button', { name: 'Copiar chave' }).boundingBox();
    expect(copy?.width).toBeLessThan(200);
    await snapWidths(admin, 'admin-merchant-key-reset');
    await expect(createCheckout(baseUrl(), apiKey, 50)).rejects.toThrow(/answered 401/);
    await createCheckout(baseUrl(), newKey, 50);
    await adminContext.close();
  }, 120_000);
});
