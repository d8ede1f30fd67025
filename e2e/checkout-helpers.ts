// The shopper's side of a checkout in the browser, and the merchant's and the bank's through the APIs.
import { generateCpf } from '@drip/core';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { type Demo, newMessage, outbox } from './sandbox.ts';

export interface Shopper {
  phone: string; // national digits, e.g. '21998765432'
  cpf: string;
  name: string;
  email: string;
  cep: string;
  number: string;
  /** Typed when the CEP lookup does not give them (a CEP the sandbox knows only by its state). */
  city?: string;
  state?: string;
}

/** João Pereira: a returning customer (a paid order in the demo world), so no R$ 1,00 verification. */
export const JOAO: Shopper = {
  phone: '21998765432',
  cpf: '11144477735',
  name: 'João Pereira',
  email: 'joao.pereira@cliente.demo',
  cep: '22640100',
  number: '1702',
};

let shopperSeq = 0;
/** A first-time shopper with a fresh valid CPF and phone (or the given magic CPF). */
export function newShopper(cpf?: string): Shopper {
  const n = (Date.now() % 1_000_000) + ++shopperSeq * 7919;
  return {
    phone: `119${String(70_000_000 + (n % 29_999_999)).padStart(8, '0')}`,
    cpf: cpf ?? generateCpf(n),
    name: 'Ana Teste',
    email: `ana.${n}@cliente.demo`,
    cep: '01310100',
    number: '100',
  };
}

export function merchantKey(world: Demo, name: string): string {
  const merchant = world.merchants.find((m) => m.name === name);
  if (!merchant) throw new Error(`no demo merchant named ${name}`);
  return merchant.apiKey;
}

let orderSeq = 0;
export async function createCheckout(
  baseUrl: string,
  apiKey: string,
  amount: number,
  extra: Record<string, unknown> = {},
): Promise<{ id: string; url: string }> {
  const code = `E2E-${Date.now()}-${++orderSeq}`;
  const res = await fetch(`${baseUrl}/api/v1/merchant/checkouts`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${apiKey}`,
      'idempotency-key': code,
      'content-type': 'application/json',
    },
    body: JSON.stringify({
      amount,
      merchantOrderCode: code,
      products: [{ name: 'Produto de teste', quantity: 1, amount }],
      resolveUrl: `${baseUrl}/loja/sucesso`,
      cancelUrl: `${baseUrl}/loja/carrinho`,
      ...extra,
    }),
  });
  if (res.status !== 201) throw new Error(`create checkout answered ${res.status}: ${await res.text()}`);
  const body = (await res.json()) as { id: string; url: string };
  return body;
}

export async function merchantView(baseUrl: string, apiKey: string, id: string) {
  const res = await fetch(`${baseUrl}/api/v1/merchant/checkouts/${id}`, {
    headers: { authorization: `Bearer ${apiKey}` },
  });
  expect(res.status).toBe(200);
  // biome-ignore lint/suspicious/noExplicitAny: assertions read the JSON view
  return (await res.json()) as any;
}

/** Insight → form: fills every field the way a person types it (masks included). */
export async function fillCustomerData(page: Page, shopper: Shopper): Promise<void> {
  await page.getByRole('button', { name: 'Começar' }).click();
  await page.getByLabel('Celular').pressSequentially(shopper.phone);
  await page.getByLabel('CPF').pressSequentially(shopper.cpf);
  await page.getByLabel('Nome completo').fill(shopper.name);
  await page.getByLabel('E-mail').fill(shopper.email);
  await page.getByLabel('CEP').pressSequentially(shopper.cep);
  // The CEP lookup fills what it knows (read-only); once it answered, the rest is typed.
  const city = page.getByLabel('Cidade');
  await expect
    .poll(async () => (await city.inputValue()) !== '' || (await city.isEditable()), { timeout: 10_000 })
    .toBe(true);
  if ((await city.inputValue()) === '') await city.fill(shopper.city ?? 'Cidade de Teste');
  const state = page.getByLabel('Estado');
  if ((await state.evaluate((el) => el.tagName)) === 'SELECT')
    await state.selectOption(shopper.state ?? 'SP');
  await page.getByLabel('Número').fill(shopper.number);
  if ((await page.getByLabel('Rua').inputValue()) === '') await page.getByLabel('Rua').fill('Rua de Teste');
  if ((await page.getByLabel('Bairro').inputValue()) === '') await page.getByLabel('Bairro').fill('Centro');
  await page.getByRole('button', { name: 'Continuar' }).click();
}

/** Reads the Drip Token sent to the shopper's phone and submits it (after a wrong one when asked). */
export async function enterToken(
  page: Page,
  baseUrl: string,
  shopper: Shopper,
  before: Awaited<ReturnType<typeof outbox>>,
  { wrongFirst = false } = {},
): Promise<void> {
  const phone = `+55${shopper.phone}`;
  const sms = await newMessage(baseUrl, phone, before, 15_000);
  expect(sms.code).toMatch(/^\d{6}$/);
  const field = page.getByLabel('Drip Token');
  await field.waitFor();
  if (wrongFirst) {
    await field.fill(sms.code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByText('Drip Token inválido, verifique o número inserido.').first().waitFor();
  }
  await field.fill(sms.code ?? '');
  await page.getByRole('button', { name: 'Continuar' }).click();
}

/** Pays the Pix shown on the page (its copy-paste text) through the sandbox bank, as `payerCpf`. */
export async function payShownPix(page: Page, baseUrl: string, payerCpf: string, payerBankCode = '260') {
  const textarea = page.locator('textarea');
  await textarea.waitFor({ timeout: 20_000 });
  const brcode = await textarea.inputValue();
  expect(brcode).toMatch(/^000201/);
  const res = await fetch(`${baseUrl}/sandbox/pix/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ brcode, payerCpf, payerBankCode }),
  });
  if (res.status !== 200) throw new Error(`sandbox pix pay answered ${res.status}: ${await res.text()}`);
}

export async function outboxOf(baseUrl: string, shopper: Shopper) {
  return outbox(baseUrl, `+55${shopper.phone}`);
}

/**
 * A first purchase asks for the R$ 1,00 verification Pix before the analysis; a shopper who already verified does
 * not. Pays it (from the shopper's own CPF) when the page asks, then returns.
 */
export async function payVerificationIfAsked(
  page: Page,
  baseUrl: string,
  payerCpf: string,
  next: string,
): Promise<void> {
  const verification = page.getByRole('heading', { name: 'Confirme sua conta com um Pix de R$ 1,00' });
  const following = page.getByText(next).first();
  await verification.or(following).first().waitFor({ timeout: 30_000 });
  if (await verification.isVisible()) await payShownPix(page, baseUrl, payerCpf);
}
