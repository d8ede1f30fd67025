// A purchase through the emulated VTEX store (/sandbox/vtex, docs/vtex.md): the VTEX gateway calls Drip's connector,
// the shopper is sent by paymentUrl to the Drip checkout, finishes it, and both sides agree on the outcome.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launch, newPage, snap } from './browser.ts';
import {
  enterToken,
  fillCustomerData,
  merchantKey,
  merchantView,
  newShopper,
  outboxOf,
  payVerificationIfAsked,
} from './checkout-helpers.ts';
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

interface GatewayAnswer {
  paymentId: string;
  createAnswer: { body: { status: string; paymentUrl: string } };
  retryAnswer: { body: { paymentUrl: string } };
}

/** Buys in the emulated VTEX store; answers the VTEX paymentId once the browser is on the Drip checkout. */
async function buyInVtexStore(page: Page, merchant: string, value: string): Promise<string> {
  await page.goto('/sandbox/vtex');
  const merchantId = world.merchants.find((m) => m.name === merchant)?.id ?? '';
  await page.getByLabel('Loja').selectOption(merchantId);
  await page.getByLabel('Valor (R$)').fill(value);
  // The gateway's answer, read on its way to the page (the page leaves for paymentUrl at once).
  const got: { order?: GatewayAnswer } = {};
  await page.route('**/sandbox/vtex/orders', async (route) => {
    const response = await route.fetch();
    got.order = await response.json();
    await route.fulfill({ response, json: got.order });
  });
  await page.getByRole('button', { name: 'Pagar com Drip' }).click();
  await page.waitForURL(/\/checkouts\//, { timeout: 20_000 });
  const order = got.order;
  if (!order) throw new Error('the emulated gateway did not answer the order');
  expect(order.createAnswer.body.status).toBe('undefined');
  // The gateway's retry of Create Payment answered the same payment.
  expect(order.retryAnswer.body.paymentUrl).toBe(order.createAnswer.body.paymentUrl);
  return order.paymentId;
}

/** What the emulated VTEX gateway knows of the payment, once it is `status` (the callback arrived). */
async function gatewayStatus(paymentId: string, status: string) {
  let order: { status: string; callbacks: { status: string }[] } | null = null;
  await expect
    .poll(
      async () => {
        order = await (await fetch(`${baseUrl()}/sandbox/vtex/orders/${paymentId}`)).json();
        return order?.status;
      },
      { timeout: 30_000, interval: 500 },
    )
    .toBe(status);
  return order as unknown as { status: string; callbacks: { status: string; body: { tid: string } }[] };
}

describe('VTEX store through the connector, end to end', () => {
  it('approved: paymentUrl leads to the Drip checkout, the purchase is approved and VTEX receives approved', async () => {
    const { context, page } = await newPage(browser);
    const shopper = newShopper();
    const paymentId = await buyInVtexStore(page, 'Casa Pitanga', '120.00');
    await page.getByText('Passo 1 de 3').first().waitFor();
    const before = await outboxOf(baseUrl(), shopper);
    await fillCustomerData(page, shopper);
    await enterToken(page, baseUrl(), shopper, before);
    await payVerificationIfAsked(page, baseUrl(), shopper.cpf, 'Passo 2 de 3');
    await page.getByText('Passo 2 de 3').first().waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Confirmar' }).click();
    await page.getByRole('heading', { name: 'Compra aprovada!' }).waitFor({ timeout: 20_000 });

    // VTEX's side: the callback said approved; the store page shows it.
    const order = await gatewayStatus(paymentId, 'approved');
    expect(order.callbacks.map((c) => c.status)).toEqual(['approved']);
    await page.goto(`/sandbox/vtex?paymentId=${paymentId}`);
    await page.locator('#status[data-status="approved"]').waitFor({ timeout: 10_000 });
    await snap(page, 'vtex-store-approved');
    // Drip's side: the checkout is OK with its order.
    const checkoutId = order.callbacks[0]?.body.tid ?? '';
    const view = await merchantView(baseUrl(), merchantKey(world, 'Casa Pitanga'), checkoutId);
    expect(view.status).toBe('OK');
    expect(view.order.status).toBe('ACTIVE');
    expect(view.amount).toBe(120);
    await context.close();
  });

  it('denied: a credit analysis that refuses sends denied to VTEX', async () => {
    const { context, page } = await newPage(browser);
    const shopper = newShopper('90400000008');
    const paymentId = await buyInVtexStore(page, 'Casa Pitanga', '100.00');
    await page.getByText('Passo 1 de 3').first().waitFor();
    const before = await outboxOf(baseUrl(), shopper);
    await fillCustomerData(page, shopper);
    await enterToken(page, baseUrl(), shopper, before);
    await payVerificationIfAsked(page, baseUrl(), shopper.cpf, 'Passo 2 de 3');
    const order = await gatewayStatus(paymentId, 'denied');
    expect(order.callbacks.map((c) => c.status)).toEqual(['denied']);
    const view = await merchantView(
      baseUrl(),
      merchantKey(world, 'Casa Pitanga'),
      order.callbacks[0]?.body.tid ?? '',
    );
    expect(view.status).toBe('KO');
    expect(view.order ?? null).toBeNull();
    await context.close();
  });
});
