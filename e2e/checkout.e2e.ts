import { DENIAL_REASONS, type DenialReason, denialView, KoVariables, shopperKoReason } from '@drip/core';
import type { Browser, Page } from 'playwright-core';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launch, newPage, snap } from './browser.ts';
import {
  createCheckout,
  enterToken,
  fillCustomerData,
  JOAO,
  merchantKey,
  merchantView,
  newShopper,
  outboxOf,
  payShownPix,
  payVerificationIfAsked,
  type Shopper,
} from './checkout-helpers.ts';
import { type Demo, demo, newMessage, outbox } from './sandbox.ts';

let browser: Browser;
let world: Demo;

beforeAll(async () => {
  browser = await launch();
  world = await demo(baseUrl());
});
afterAll(async () => {
  await fetch(`${baseUrl()}/sandbox/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ reset: true }),
  });
  await browser?.close();
});

async function openCheckout(page: Page, url: string) {
  const path = new URL(url).pathname;
  await page.goto(`${path}?transparent=false`);
}

async function heading(page: Page): Promise<string> {
  const h1 = page.getByRole('heading', { level: 1 });
  await h1.first().waitFor({ timeout: 20_000 });
  return (await h1.first().textContent()) ?? '';
}

// ------------------------------------------------------------------ every denial reason

interface Path {
  reason: DenialReason;
  /** The test's name when the reason is reached by several paths. */
  name?: string;
  merchant: 'Casa Pitanga' | 'Loja Aurora';
  amount: number;
  shopper: () => Shopper;
  payer?: (s: Shopper) => { cpf: string; bank: string };
  /** Runs just before the analysis (e.g. the admin disables the merchant); `after` undoes it. */
  beforeAnalysis?: () => Promise<void>;
  after?: () => Promise<void>;
}

async function merchantStatus(name: string, action: 'disable' | 'enable') {
  const login = await fetch(`${baseUrl()}/admin_backoffice/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: world.admin.email, password: world.admin.password }),
  });
  const { token } = (await login.json()) as { token: string };
  const id = world.merchants.find((m) => m.name === name)?.id;
  const res = await fetch(`${baseUrl()}/admin_backoffice/api/v1/merchants/${id}/${action}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(200);
}

const PATHS: Path[] = [
  {
    reason: 'LEGALLY_PROTECTED_MINOR',
    merchant: 'Casa Pitanga',
    amount: 100,
    shopper: () => newShopper('90100000010'),
  },
  {
    reason: 'ANTI_FRAUD_SCORE',
    merchant: 'Casa Pitanga',
    amount: 100,
    shopper: () => newShopper('90200000047'),
  },
  {
    reason: 'INVALID_CUSTOMER_DATA',
    merchant: 'Casa Pitanga',
    amount: 100,
    shopper: () => newShopper(),
    payer: () => ({ cpf: '52998224725', bank: '260' }),
  },
  { reason: 'DEFAULT', merchant: 'Casa Pitanga', amount: 100, shopper: () => newShopper('90400000008') },
  {
    reason: 'ORDER_ABOVE_CUSTOMER_MAX_VALUE',
    merchant: 'Casa Pitanga',
    amount: 150,
    shopper: () => newShopper('90500000026'),
  },
  {
    reason: 'LATE_INSTALMENTS',
    merchant: 'Casa Pitanga',
    amount: 100,
    shopper: () => newShopper('90800000005'),
  },
  {
    reason: 'ACTIVE_ORDERS_WITH_FIRST_INSTALMENT_NOT_PAID',
    merchant: 'Casa Pitanga',
    amount: 100,
    shopper: () => newShopper('90900000031'),
  },
  {
    reason: 'ALREADY_HAVE_ACTIVE_ORDER',
    merchant: 'Casa Pitanga',
    amount: 100,
    shopper: () => newShopper('91000000001'),
  },
  {
    // R$ 2.900,00 already open: R$ 200,00 more goes past the per-customer maximum.
    reason: 'MAX_MULTIPLE_ORDERS_VALUE_PER_CUSTOMER',
    merchant: 'Casa Pitanga',
    amount: 200,
    shopper: () => newShopper('91100000038'),
  },
  {
    reason: 'DRIP_MAX_VALUE_PER_DAY',
    merchant: 'Casa Pitanga',
    amount: 100,
    shopper: () => newShopper('91200000064'),
  },
  {
    reason: 'DRIP_MAX_VALUE_GLOBAL',
    merchant: 'Casa Pitanga',
    amount: 100,
    shopper: () => newShopper('91300000090'),
  },
  {
    reason: 'BLOCKED_CUSTOMER_CPF',
    merchant: 'Casa Pitanga',
    amount: 100,
    shopper: () => newShopper('91400000017'),
  },
  {
    reason: 'BLOCKED_CUSTOMER_PHONE',
    merchant: 'Casa Pitanga',
    amount: 100,
    shopper: () => ({ ...newShopper(), phone: '11900000666' }),
  },
  {
    reason: 'BLOCKED_CUSTOMER_ADDRESS_CEP',
    merchant: 'Casa Pitanga',
    amount: 100,
    shopper: () => ({ ...newShopper(), cep: '66666000' }),
  },
  {
    reason: 'BLOCKED_BANK_CODE',
    merchant: 'Casa Pitanga',
    amount: 100,
    shopper: () => newShopper(),
    payer: (s) => ({ cpf: s.cpf, bank: '380' }),
  },
  {
    // The merchant is archived by the admin while the shopper is in the checkout: the generic denial.
    reason: 'DEFAULT',
    name: 'DEFAULT (merchant archived)',
    merchant: 'Loja Aurora',
    amount: 100,
    shopper: () => newShopper(),
    beforeAnalysis: () => merchantStatus('Loja Aurora', 'disable'),
    after: () => merchantStatus('Loja Aurora', 'enable'),
  },
  { reason: 'ORDER_ABOVE_MAX_VALUE', merchant: 'Casa Pitanga', amount: 2500, shopper: () => newShopper() },
];

async function put(id: string, body: unknown) {
  const res = await fetch(`${baseUrl()}/api/v1/checkouts/${id}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  // biome-ignore lint/suspicious/noExplicitAny: the response is read field by field
  return (await res.json()) as any;
}

/** Runs a checkout through the API up to its result (customer data, token, verification Pix when asked). */
async function runToResult(path: Path) {
  const key = merchantKey(world, path.merchant);
  const shopper = path.shopper();
  const checkout = await createCheckout(baseUrl(), key, path.amount);
  await put(checkout.id, {});
  const phone = `+55${shopper.phone}`;
  const before = await outbox(baseUrl(), phone);
  const cep = await (await fetch(`${baseUrl()}/api/v1/cep/${shopper.cep}`)).json();
  let res = await put(checkout.id, {
    customerPhone: phone,
    customerCpf: shopper.cpf,
    customerName: shopper.name,
    customerEmail: shopper.email,
    addressCep: shopper.cep,
    addressStreet: cep.logradouro || 'Rua de Teste',
    addressNumber: shopper.number,
    addressNeighborhood: cep.bairro || 'Centro',
    addressCity: cep.localidade || 'São Paulo',
    addressState: cep.uf || 'SP',
  });
  if (
    res.result === 'MORE_INFO' &&
    res.fields.some((f: { fieldName: string }) => f.fieldName === 'phoneVerificationCode')
  ) {
    const sms = await newMessage(baseUrl(), phone, before);
    res = await put(checkout.id, { phoneVerificationCode: sms.code });
  }
  const payment = res.fields.find(
    (f: { fieldName: string; fieldData?: unknown }) => f.fieldName === 'payment' && f.fieldData,
  );
  await path.beforeAnalysis?.();
  if (res.result === 'MORE_INFO' && payment) {
    const payer = path.payer?.(shopper) ?? { cpf: shopper.cpf, bank: '260' };
    const paid = await fetch(`${baseUrl()}/sandbox/pix/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        brcode: payment.fieldData.paymentQrCodeText,
        payerCpf: payer.cpf,
        payerBankCode: payer.bank,
      }),
    });
    expect(paid.status).toBe(200);
    res = await put(checkout.id, {});
  }
  return { checkout, res };
}

describe('every denial reason reaches its title and message, and no fraud signal reaches the wire', () => {
  it.each(PATHS.map((p) => [p.name ?? p.reason, p] as const))('%s', async (name, path) => {
    const reason = path.reason;
    const { checkout, res } = await runToResult(path).finally(() => path.after?.());
    expect(res.result).toBe('KO');
    // Anyone holding the id reads this answer, the store included: a reason whose screen is the generic one (a
    // blocked CPF, phone, CEP or bank, the anti-fraud score, a minor, an active order) travels as DEFAULT.
    const koReason = res.fields.find((f: { fieldName: string }) => f.fieldName === 'koReason')?.fieldData;
    expect(koReason).toBe(shopperKoReason(reason));
    // The wire carries reais; the contract schema turns them into centavos, as the checkout page does.
    const wire =
      res.fields.find((f: { fieldName: string }) => f.fieldName === 'koVariables')?.fieldData ?? {};
    // The page still shows the title and message of the reason Drip decided.
    const expected = denialView(reason, v.parse(KoVariables, wire));
    const { context, page } = await newPage(browser);
    await openCheckout(page, checkout.url);
    const full = res.fields.some(
      (f: { fieldName: string; fieldData?: unknown }) =>
        f.fieldName === 'paymentForFullAmount' && f.fieldData,
    );
    if (full) {
      // The KOs with a full-amount offer show the Pix step first (spec 4, priority 10).
      expect(await heading(page)).toBe('Pagamento à vista');
    } else {
      expect(await heading(page)).toBe(expected.title);
      await page.getByText(expected.message).first().waitFor();
    }
    await snap(page, `checkout-denied-${name.replace(/\W+/g, '-').replace(/-$/, '')}`);
    await context.close();
  });

  it('covers every reason an analysis gives (EXPIRED below)', () => {
    // FAILED_MERCHANT_ORDER_CONFIRMATION is the store failing to confirm an order: nothing confirms orders yet.
    const covered = new Set<string>([
      ...PATHS.map((p) => p.reason),
      'EXPIRED',
      'FAILED_MERCHANT_ORDER_CONFIRMATION',
    ]);
    expect(DENIAL_REASONS.filter((r) => !covered.has(r))).toEqual([]);
  });
});

// The journeys run after the denial list: the magic CPFs are still fresh there.
describe('hosted checkout, end to end', () => {
  it('approves a returning customer in 3x after a wrong then a right Drip Token, and redirects to resolveUrl', async () => {
    const { context, page } = await newPage(browser);
    const key = merchantKey(world, 'Casa Pitanga');
    const checkout = await createCheckout(baseUrl(), key, 150);
    await openCheckout(page, checkout.url);
    expect(await page.title()).toBe('Drip - Checkout');
    await page.getByText('Passo 1 de 3').first().waitFor();
    const before = await outboxOf(baseUrl(), JOAO);
    await fillCustomerData(page, JOAO);
    await enterToken(page, baseUrl(), JOAO, before, { wrongFirst: true });
    // Analysis (about 8.5 s), then the confirmation with the schedule and the credit disclosure.
    await page.getByText('Passo 2 de 3').first().waitFor({ timeout: 30_000 });
    await snap(page, 'checkout-confirmation');
    await page.getByRole('button', { name: 'Confirmar' }).click();
    await page.getByRole('heading', { name: 'Compra aprovada!' }).waitFor({ timeout: 20_000 });
    // The catalogue's highlight stores (the demo world's active ones) under the approved purchase, but for the store
    // of this purchase.
    const highlights = page.getByRole('region', { name: 'Use a Drip também nestas lojas' });
    await highlights.getByText('Livraria Sabiá').waitFor({ timeout: 10_000 });
    expect(await highlights.getByText('Casa Pitanga').count()).toBe(0);
    await snap(page, 'checkout-approved');
    const view = await merchantView(baseUrl(), key, checkout.id);
    expect(view.status).toBe('OK');
    expect(view.order.instalments).toHaveLength(3);
    const total = view.order.instalments.reduce(
      (s: number, i: { amount: number }) => s + Math.round(i.amount * 100),
      0,
    );
    expect(total).toBe(15000);
    await page.waitForURL('**/loja/sucesso', { timeout: 15_000 });
    await context.close();
  });

  it('approves a flexible purchase in 6x with the first instalment paid upfront by Pix', async () => {
    const { context, page } = await newPage(browser);
    const key = merchantKey(world, 'Loja Aurora');
    const shopper = newShopper();
    const checkout = await createCheckout(baseUrl(), key, 600);
    await openCheckout(page, checkout.url);
    const before = await outboxOf(baseUrl(), shopper);
    await fillCustomerData(page, shopper);
    await enterToken(page, baseUrl(), shopper, before);
    await payVerificationIfAsked(page, baseUrl(), shopper.cpf, 'Em quantas parcelas?');
    await page.getByText('Em quantas parcelas?').waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Quantidade de parcelas' }).click();
    await page.getByRole('option', { name: /^6x de R\$\s?100,00 sem juros/ }).click();
    await page.getByRole('button', { name: 'Continuar' }).click();
    // Upfront OPTIONAL: the plan starts "sem entrada" (first instalment in 15 days); the shopper chooses to pay the
    // first instalment today by Pix ("com entrada"), and the schedule then shows it due 'Hoje'.
    const withEntry = page.getByRole('button', { name: 'Pagar a 1ª parcela hoje (entrada)' });
    const later = page.getByRole('button', { name: 'Pagar a 1ª parcela depois (sem entrada)' });
    await expect.poll(() => later.getAttribute('aria-pressed'), { timeout: 10_000 }).toBe('true');
    // On a 390 px phone both choices are on the first screen, above the 6x schedule and the calendar.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate(() => window.scrollTo(0, 0));
    for (const choice of [withEntry, later]) {
      const box = await choice.boundingBox();
      expect(box && box.y >= 0 && box.y + box.height <= 844 && box.width <= 390).toBe(true);
    }
    await snap(page, 'checkout-confirmation-optional-390');
    await page.setViewportSize({ width: 1280, height: 800 });
    await snap(page, 'checkout-confirmation-optional-1280');
    await withEntry.click();
    await expect.poll(() => withEntry.getAttribute('aria-pressed'), { timeout: 10_000 }).toBe('true');
    await page.getByText('Data da 1º parcela alterada').first().waitFor();
    expect(
      await page
        .getByText('Data do primeiro vencimento')
        .locator('xpath=following-sibling::dd')
        .textContent(),
    ).toBe('Hoje');
    await snap(page, 'checkout-confirmation-with-entry-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await snap(page, 'checkout-confirmation-with-entry-390');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('button', { name: 'Confirmar' }).click();
    await page.getByRole('heading', { name: 'Pague a 1ª parcela no Pix' }).waitFor({ timeout: 20_000 });
    await snap(page, 'checkout-first-instalment-pix');
    await payShownPix(page, baseUrl(), shopper.cpf);
    await page.getByRole('heading', { name: 'Compra aprovada!' }).waitFor({ timeout: 20_000 });
    const view = await merchantView(baseUrl(), key, checkout.id);
    expect(view.status).toBe('OK');
    expect(view.order.instalments).toHaveLength(6);
    expect(view.order.instalments[0].status).toBe('PAID');
    await context.close();
  });

  it('approves a flexible purchase in 6x with a first due date chosen in the calendar', async () => {
    const { context, page } = await newPage(browser);
    const key = merchantKey(world, 'Loja Aurora');
    const shopper = newShopper();
    const checkout = await createCheckout(baseUrl(), key, 300);
    await openCheckout(page, checkout.url);
    const before = await outboxOf(baseUrl(), shopper);
    await fillCustomerData(page, shopper);
    await enterToken(page, baseUrl(), shopper, before);
    await payVerificationIfAsked(page, baseUrl(), shopper.cpf, 'Em quantas parcelas?');
    await page.getByText('Em quantas parcelas?').waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Quantidade de parcelas' }).click();
    await page.getByRole('option', { name: /^6x de/ }).click();
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByText('Data da 1ª parcela').waitFor();
    // Any enabled day of the calendar other than the current one.
    const days = page.locator('.calendar__day[aria-pressed="false"]');
    await days.nth(3).click();
    await page.getByRole('button', { name: /^Alterar para \d{2}\/\d{2}\/\d{4}$/ }).click();
    await page.getByText('Data da 1º parcela alterada').first().waitFor();
    await page.getByRole('button', { name: 'Confirmar' }).click();
    await page.getByRole('heading', { name: 'Compra aprovada!' }).waitFor({ timeout: 20_000 });
    const view = await merchantView(baseUrl(), key, checkout.id);
    expect(view.order.instalments).toHaveLength(6);
    expect(view.order.instalments.every((i: { status: string }) => i.status === 'PENDING')).toBe(true);
    await context.close();
  });

  it("verifies a first purchase with a R$ 1,00 Pix from the shopper's own account", async () => {
    const { context, page } = await newPage(browser);
    const key = merchantKey(world, 'Casa Pitanga');
    const shopper = newShopper();
    const checkout = await createCheckout(baseUrl(), key, 120);
    await openCheckout(page, checkout.url);
    const before = await outboxOf(baseUrl(), shopper);
    await fillCustomerData(page, shopper);
    await enterToken(page, baseUrl(), shopper, before);
    await page
      .getByRole('heading', { name: 'Confirme sua conta com um Pix de R$ 1,00' })
      .waitFor({ timeout: 30_000 });
    await snap(page, 'checkout-verification-pix');
    await payShownPix(page, baseUrl(), shopper.cpf);
    await page.getByRole('button', { name: 'Confirmar' }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Confirmar' }).click();
    await page.getByRole('heading', { name: 'Compra aprovada!' }).waitFor({ timeout: 20_000 });
    expect((await merchantView(baseUrl(), key, checkout.id)).status).toBe('OK');
    await context.close();
  });

  it('buys from a CEP the lookup knows only by its state: the shopper types the city, nothing blocks', async () => {
    const { context, page } = await newPage(browser);
    const key = merchantKey(world, 'Casa Pitanga');
    // Manaus: in the sandbox, AM by the Correios ranges, no street nor city.
    const shopper = { ...newShopper(), cep: '69005040', city: 'Manaus' };
    const checkout = await createCheckout(baseUrl(), key, 90);
    await openCheckout(page, checkout.url);
    const before = await outboxOf(baseUrl(), shopper);
    await page.getByRole('button', { name: 'Começar' }).waitFor();
    await fillCustomerData(page, shopper);
    await enterToken(page, baseUrl(), shopper, before);
    await payVerificationIfAsked(page, baseUrl(), shopper.cpf, 'Confirmar');
    await page.getByRole('button', { name: 'Confirmar' }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Confirmar' }).click();
    await page.getByRole('heading', { name: 'Compra aprovada!' }).waitFor({ timeout: 20_000 });
    expect((await merchantView(baseUrl(), key, checkout.id)).status).toBe('OK');
    await context.close();
  });

  it('offers the full amount by Pix after a KO, and approves when it is paid', async () => {
    const { context, page } = await newPage(browser);
    const key = merchantKey(world, 'Casa Pitanga');
    const shopper = newShopper('91300000090');
    const checkout = await createCheckout(baseUrl(), key, 200);
    await openCheckout(page, checkout.url);
    const before = await outboxOf(baseUrl(), shopper);
    await fillCustomerData(page, shopper);
    await enterToken(page, baseUrl(), shopper, before);
    await payVerificationIfAsked(page, baseUrl(), shopper.cpf, 'Pagamento à vista');
    await page.getByRole('heading', { name: 'Pagamento à vista' }).waitFor({ timeout: 30_000 });
    await snap(page, 'checkout-full-amount');
    await payShownPix(page, baseUrl(), shopper.cpf);
    await page.getByRole('heading', { name: 'Compra aprovada!' }).waitFor({ timeout: 20_000 });
    await context.close();
  });

  it('cancels and goes back to the store through cancelUrl', async () => {
    const { context, page } = await newPage(browser);
    const key = merchantKey(world, 'Casa Pitanga');
    const checkout = await createCheckout(baseUrl(), key, 90);
    await openCheckout(page, checkout.url);
    await page.getByRole('button', { name: 'Começar' }).waitFor();
    await page.getByRole('button', { name: 'Cancelar compra' }).click();
    await page.waitForURL('**/loja/carrinho', { timeout: 15_000 });
    expect((await merchantView(baseUrl(), key, checkout.id)).status).not.toBe('OK');
    await context.close();
  });
});

describe('expiry', () => {
  it("shows 'Esta compra está expirada' once the checkout is past its expiry", async () => {
    const key = merchantKey(world, 'Casa Pitanga');
    const checkout = await createCheckout(baseUrl(), key, 80);
    const moved = await fetch(`${baseUrl()}/sandbox/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advanceDays: 2 }),
    });
    expect(moved.status).toBe(200);
    try {
      const { context, page } = await newPage(browser);
      await openCheckout(page, checkout.url);
      expect(await heading(page)).toBe('Esta compra está expirada');
      expect((await merchantView(baseUrl(), key, checkout.id)).status).toBe('EXPIRED');
      await context.close();
    } finally {
      await fetch(`${baseUrl()}/sandbox/clock`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ reset: true }),
      });
    }
  });
});
