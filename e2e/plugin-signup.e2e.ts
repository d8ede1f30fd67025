// A merchant installs Drip's Nuvemshop app on the sandbox's emulated store: the platform sends the installation code
// to /parceira/plugin_sign_up/nuvemshop (LOADING, then SUCCESS with the button back to the store's admin); a bad and a
// replayed code show FAILURE and change nothing. Then a shopper buys in the store, pays through the Drip checkout
// the store redirects to, and the order is paid on both sides.
import { pluginSignUpMessages } from '@drip/core';
import type { Browser, Page } from 'playwright-core';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launch, newPage, snapWidths } from './browser.ts';
import {
  enterToken,
  fillCustomerData,
  merchantKey,
  merchantView,
  newShopper,
  outboxOf,
  payVerificationIfAsked,
} from './checkout-helpers.ts';
import { merchantUser, signInMerchant } from './merchant-portal.ts';
import { type Demo, demo } from './sandbox.ts';

const MERCHANT = 'Casa Pitanga';
const NuvemshopDemo = v.object({
  nuvemshop: v.array(
    v.object({
      merchant: v.string(),
      storeId: v.string(),
      storeUrl: v.string(),
      installationCode: v.string(),
      signUpUrl: v.string(),
    }),
  ),
});

let browser: Browser;
let world: Demo;

async function storeOf(name: string) {
  const res = await fetch(`${baseUrl()}/sandbox/demo`);
  const store = v.parse(NuvemshopDemo, await res.json()).nuvemshop.find((s) => s.merchant === name);
  if (!store) throw new Error(`no emulated Nuvemshop store for ${name}`);
  return store;
}

const signUpPath = (code: string) => `/parceira/plugin_sign_up/nuvemshop?code=${encodeURIComponent(code)}`;
const providersOn = async (page: Page, storeUrl: string) => {
  await page.goto(`${storeUrl}/admin`);
  return page.getByTestId('provider').count();
};

beforeAll(async () => {
  browser = await launch();
  world = await demo(baseUrl());
});
afterAll(async () => {
  await browser?.close();
});

describe('plugin sign-up on Nuvemshop', () => {
  it('signs the merchant up: LOADING, then SUCCESS with the help centre and the button to the store; a replay and a bad code fail', async () => {
    const store = await storeOf(MERCHANT);
    const { context, page } = await newPage(browser);
    // The merchant is not signed in: the portal asks for the login and comes back with the code.
    await page.goto(signUpPath(store.installationCode));
    await page.waitForURL('**/parceira/login**');
    // Slows the sign-up answer down, so that the LOADING state is seen.
    await page.route('**/v1/plugin_sign_up/nuvemshop', async (route) => {
      await new Promise((r) => setTimeout(r, 800));
      await route.continue();
    });
    await signInMerchant(page, merchantUser(world, true, MERCHANT));
    await page.getByText(pluginSignUpMessages.loading).waitFor({ timeout: 20_000 });
    expect(page.url()).toContain(`code=${store.installationCode}`);
    await page.getByRole('heading', { name: pluginSignUpMessages.successTitle }).waitFor({ timeout: 20_000 });
    await page.getByText(pluginSignUpMessages.success('nuvemshop')).waitFor();
    await page.getByRole('link', { name: pluginSignUpMessages.helpCentre }).waitFor();
    await snapWidths(page, 'plugin-signup-success');
    await page.unroute('**/v1/plugin_sign_up/nuvemshop');

    await page.getByRole('link', { name: pluginSignUpMessages.backToPlatform('nuvemshop') }).click();
    await page.waitForURL(`${store.storeUrl}/admin`);
    await page.getByTestId('provider').getByText('Drip', { exact: true }).waitFor();
    expect(await page.getByTestId('provider').count()).toBe(1);

    // The same code again (a reload, a second tab): FAILURE, and the store still has one Drip provider.
    await page.goto(signUpPath(store.installationCode));
    await page.getByRole('heading', { name: pluginSignUpMessages.failureTitle }).waitFor({ timeout: 20_000 });
    await snapWidths(page, 'plugin-signup-failure');
    expect(await providersOn(page, store.storeUrl)).toBe(1);

    await page.goto(signUpPath('codigo-que-nao-existe'));
    await page.getByRole('heading', { name: pluginSignUpMessages.failureTitle }).waitFor({ timeout: 20_000 });
    await page.getByText(pluginSignUpMessages.failure).waitFor();
    expect(await providersOn(page, store.storeUrl)).toBe(1);
    await context.close();
  });

  it("buys through the emulated store's checkout, pays with Drip and sees the order paid on both sides", async () => {
    const store = await storeOf(MERCHANT);
    const { context, page } = await newPage(browser);
    await page.goto(store.storeUrl);
    await page.getByTestId('buy-2').click();
    const pay = page.getByRole('button', { name: 'Pagar com Pix parcelado Drip' });
    await pay.waitFor({ timeout: 20_000 });
    const orderId = new URL(page.url()).pathname.split('/').at(-1) ?? '';
    await pay.click();
    // The platform's redirect option: the Drip checkout of this order.
    await page.waitForURL('**/checkouts/**', { timeout: 20_000 });
    const checkoutId = new URL(page.url()).pathname.split('/').at(-1) ?? '';
    await page.getByText('Passo 1 de 3').first().waitFor({ timeout: 20_000 });
    // A shopper of its own: the demo's returning customers are bought with by other journeys on the same server.
    const shopper = newShopper();
    const before = await outboxOf(baseUrl(), shopper);
    await fillCustomerData(page, shopper);
    await enterToken(page, baseUrl(), shopper, before);
    await payVerificationIfAsked(page, baseUrl(), shopper.cpf, 'Passo 2 de 3');
    await page.getByText('Passo 2 de 3').first().waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Confirmar' }).click();
    await page.getByRole('heading', { name: 'Compra aprovada!' }).waitFor({ timeout: 20_000 });

    // Drip's side: the checkout is OK with its order, for the platform's amount.
    const view = await merchantView(baseUrl(), merchantKey(world, MERCHANT), checkoutId);
    expect(view.status).toBe('OK');
    expect(view.amount).toBe(89.9);
    // The platform's side: the store's order has a paid transaction (the sync jobs run every few seconds).
    await expect
      .poll(
        async () => {
          await page.goto(`${store.storeUrl}?order=${orderId}`);
          return page.getByTestId(`order-status-${orderId}`).textContent();
        },
        { timeout: 40_000, interval: 2_000 },
      )
      .toBe('paid');
    await context.close();
  });
});
