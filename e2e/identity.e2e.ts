// A stranger who knows a customer's CPF, in the browser (docs/identity.md): the token proves the stranger's phone,
// not the CPF, so the R$ 1,00 payer-CPF Pix is asked, paying it from another CPF is denied, and the customer's
// contact data (hence the portal's password recovery) stays the customer's.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launch, newPage, snap } from './browser.ts';
import {
  createCheckout,
  enterToken,
  fillCustomerData,
  JOAO,
  merchantKey,
  merchantView,
  outboxOf,
  payShownPix,
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
  await browser?.close();
});

const STRANGER: Shopper = {
  ...JOAO,
  phone: '11955550101',
  name: 'Estranho',
  email: 'estranho@example.com',
  cep: '01001000',
  number: '1',
};
const STRANGER_OWN_CPF = '39053344705';

describe('a stranger with a customer’s CPF', () => {
  it('is asked for the payer-CPF Pix even at a store without upfront payment, is denied paying from another CPF, and never gets the recovery SMS', async () => {
    const { context, page } = await newPage(browser);
    // Casa Pitanga has no upfront payment, and João already has an order there: before, this was approved at once.
    const checkout = await createCheckout(baseUrl(), merchantKey(world, 'Casa Pitanga'), 150);
    await page.goto(`${new URL(checkout.url).pathname}?transparent=false`);
    const before = await outboxOf(baseUrl(), STRANGER);
    await fillCustomerData(page, STRANGER);
    await enterToken(page, baseUrl(), STRANGER, before);
    await page
      .getByRole('heading', { name: 'Confirme sua conta com um Pix de R$ 1,00' })
      .waitFor({ timeout: 30_000 });
    await payShownPix(page, baseUrl(), STRANGER_OWN_CPF);
    await page
      .getByRole('heading', { name: 'Não foi possível aprovar a sua compra com Drip' })
      .waitFor({ timeout: 40_000 });
    await snap(page, 'identity-stranger-denied');
    await context.close();

    // The portal's password recovery for João's CPF texts João's phone, never the stranger's.
    const strangerBefore = await outbox(baseUrl(), `+55${STRANGER.phone}`);
    const joaoBefore = await outbox(baseUrl(), `+55${JOAO.phone}`);
    const res = await fetch(`${baseUrl()}/customer_backoffice/api/v1/recover/password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ customerCpf: JOAO.cpf }),
    });
    expect(res.status).toBe(200);
    await newMessage(baseUrl(), `+55${JOAO.phone}`, joaoBefore, 10_000);
    expect(await outbox(baseUrl(), `+55${STRANGER.phone}`)).toHaveLength(strangerBefore.length);
  });
});

describe('the phone-only form', () => {
  it('asks a customer the merchant prefilled for the phone only, and the phone on file skips the Pix', async () => {
    const { context, page } = await newPage(browser);
    const checkout = await createCheckout(baseUrl(), merchantKey(world, 'Casa Pitanga'), 120, {
      customer: { prefill: { cpf: JOAO.cpf } },
    });
    await page.goto(`${new URL(checkout.url).pathname}?transparent=false`);
    await page.getByRole('button', { name: 'Começar' }).click();
    await page.getByLabel('Celular').pressSequentially(JOAO.phone);
    expect(await page.getByLabel('CPF').count()).toBe(0);
    await snap(page, 'identity-phone-only');
    const before = await outboxOf(baseUrl(), JOAO);
    await page.getByRole('button', { name: 'Continuar' }).click();
    await enterToken(page, baseUrl(), JOAO, before);
    // The analysis ran on the token alone: the confirmation, or a denial for João's other orders (the checkout
    // journeys of other files may have bought as João first), never the R$ 1,00 Pix nor a denial for the identity.
    const confirmation = page.getByRole('button', { name: 'Confirmar' });
    const denied = page.getByRole('heading', { name: 'Não foi possível aprovar a sua compra com Drip' });
    await confirmation.or(denied).first().waitFor({ timeout: 30_000 });
    expect(
      await page.getByRole('heading', { name: 'Confirme sua conta com um Pix de R$ 1,00' }).count(),
    ).toBe(0);
    const view = await merchantView(baseUrl(), merchantKey(world, 'Casa Pitanga'), checkout.id);
    expect(view.koReason ?? null).not.toBe('INVALID_CUSTOMER_DATA');
    await context.close();
  });
});
