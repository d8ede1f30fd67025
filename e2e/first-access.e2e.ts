// A first-time shopper has no password: with the order comes an SMS whose link opens the customer portal's
// create-password screen; the password is created there (390 px wide, as on a phone) and the shopper signs in.
import { generateCpf } from '@drip/core';
import type { Browser } from 'playwright-core';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launch, newPage, snap } from './browser.ts';
import { createCheckout, merchantKey } from './checkout-helpers.ts';
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

const Step = v.object({
  result: v.string(),
  fields: v.array(v.object({ fieldName: v.string(), fieldData: v.optional(v.unknown()) })),
});

async function call(path: string, method: string, body?: unknown) {
  const res = await fetch(`${baseUrl()}${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  expect(res.status, `${method} ${path}: ${text}`).toBe(200);
  return text ? JSON.parse(text) : undefined;
}

/** A first purchase at Casa Pitanga through the checkout API, the verification Pix paid from the shopper's CPF. */
async function firstPurchase(shopper: { cpf: string; phone: string }) {
  const checkout = await createCheckout(baseUrl(), merchantKey(world, 'Casa Pitanga'), 120);
  const put = async (body: unknown) =>
    v.parse(Step, await call(`/api/v1/checkouts/${checkout.id}`, 'PUT', body));
  const field = (res: v.InferOutput<typeof Step>, name: string) =>
    res.fields.find((f) => f.fieldName === name);
  await put({});
  const before = await outbox(baseUrl(), shopper.phone);
  let res = await put({
    customerPhone: shopper.phone,
    customerCpf: shopper.cpf,
    customerName: 'Carla Primeira',
    customerEmail: `carla.${shopper.cpf}@cliente.demo`,
    addressCep: '01310100',
    addressStreet: 'Avenida Paulista',
    addressNumber: '200',
    addressNeighborhood: 'Bela Vista',
    addressCity: 'São Paulo',
    addressState: 'SP',
  });
  res = await put({ phoneVerificationCode: (await newMessage(baseUrl(), shopper.phone, before)).code });
  for (let step = 0; step < 20 && res.result === 'MORE_INFO'; step++) {
    const payment = v.safeParse(
      v.object({ paymentQrCodeText: v.string() }),
      field(res, 'payment')?.fieldData,
    );
    if (payment.success) {
      await call('/sandbox/pix/pay', 'POST', {
        brcode: payment.output.paymentQrCodeText,
        payerCpf: shopper.cpf,
        payerBankCode: '260',
      });
      res = await put({});
    } else if (field(res, 'checkoutConfirmation')) res = await put({ checkoutConfirmed: true });
    else {
      await new Promise((r) => setTimeout(r, 500));
      res = await put({});
    }
  }
  expect(res.result).toBe('OK');
}

describe('first access', () => {
  it('the SMS sent with a first order opens the create-password screen; the shopper then signs in', async () => {
    const n = (Date.now() % 1_000_000) + 515_151;
    const shopper = { cpf: generateCpf(n), phone: `+55119${String(n).padStart(8, '0').slice(-8)}` };
    const before = await outbox(baseUrl(), shopper.phone);
    await firstPurchase(shopper);
    const sms = (await outbox(baseUrl(), shopper.phone)).find(
      (m) => !before.some((b) => b.id === m.id) && m.link?.includes('/cliente/recuperar-login?acesso='),
    );
    expect(sms?.body).toContain('crie sua senha');
    const link = new URL(sms?.link ?? '');

    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByRole('heading', { name: 'Crie sua senha' }).waitFor();
    await snap(page, 'first-access-390');
    const password = 'Primeira-senha-1';
    await page.getByLabel(/^Nova senha/).fill(password);
    await page.getByLabel('Confirme a nova senha').fill(password);
    await page.getByRole('button', { name: 'Criar senha' }).click();
    await page.waitForURL('**/cliente/login**');
    await page.getByLabel('CPF').pressSequentially(shopper.cpf);
    await page.getByLabel(/^Senha/).fill(password);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL('**/cliente/pedidos');

    // Single use: the same link now says it expired.
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByText('Link expirado, faça a solicitação novamente').waitFor();
    await context.close();
  });
});
