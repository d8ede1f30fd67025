// After checkout (issue 5): a shopper who bought through the checkout API sets a password by SMS, signs in to the
// customer portal, pays instalment 1 by Pix and then all the rest at once (the order closes); the public instalment
// page flips to 'Pagamento confirmado' by server-sent events while open; after the sandbox clock passes a due date
// the late alert and the fee appear; and the renegotiation page answers each outcome.
import { cents, formatBRL, formatDate, generateCpf } from '@drip/core';
import type { Browser, Page } from 'playwright-core';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launch, newPage, snap } from './browser.ts';
import { createCheckout, merchantKey } from './checkout-helpers.ts';
import { type Demo, demo, newMessage, outbox } from './sandbox.ts';

let browser: Browser;
let world: Demo;

interface Buyer {
  cpf: string;
  phone: string;
  password: string;
}
let buyer: Buyer;

const Instalment = v.object({
  id: v.string(),
  number: v.number(),
  dueDate: v.string(),
  status: v.string(),
  feesAmount: v.number(),
});
const Order = v.object({
  id: v.string(),
  merchantOrderCode: v.string(),
  status: v.string(),
  instalments: v.array(Instalment),
});

async function json(path: string, init: RequestInit = {}, expected = 200): Promise<unknown> {
  const res = await fetch(`${baseUrl()}${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', ...init.headers },
  });
  const text = await res.text();
  expect(res.status, `${init.method ?? 'GET'} ${path}: ${text}`).toBe(expected);
  return text ? JSON.parse(text) : undefined;
}

const fieldOf = (res: { fields: { fieldName: string; fieldData?: unknown }[] }, name: string) =>
  res.fields.find((f) => f.fieldName === name);

/** A whole purchase through the checkout API at Casa Pitanga (3x); returns the merchant order code. */
async function purchase(shopper: { cpf: string; phone: string }, amount: number): Promise<string> {
  const key = merchantKey(world, 'Casa Pitanga');
  const checkout = await createCheckout(baseUrl(), key, amount);
  const put = async (body: unknown) => {
    const res = await json(`/api/v1/checkouts/${checkout.id}`, { method: 'PUT', body: JSON.stringify(body) });
    return v.parse(
      v.object({
        result: v.string(),
        fields: v.array(v.object({ fieldName: v.string(), fieldData: v.optional(v.unknown()) })),
      }),
      res,
    );
  };
  await put({});
  const before = await outbox(baseUrl(), shopper.phone);
  let res = await put({
    customerPhone: shopper.phone,
    customerCpf: shopper.cpf,
    customerName: 'Bruna Pagadora',
    customerEmail: `bruna.${shopper.cpf}@cliente.demo`,
    addressCep: '01310100',
    addressStreet: 'Avenida Paulista',
    addressNumber: '100',
    addressNeighborhood: 'Bela Vista',
    addressCity: 'São Paulo',
    addressState: 'SP',
  });
  if (fieldOf(res, 'phoneVerificationCode')) {
    const sms = await newMessage(baseUrl(), shopper.phone, before);
    res = await put({ phoneVerificationCode: sms.code });
  }
  for (let step = 0; step < 10 && res.result === 'MORE_INFO'; step++) {
    const payment = fieldOf(res, 'payment')?.fieldData;
    if (payment) {
      const { paymentQrCodeText } = v.parse(v.object({ paymentQrCodeText: v.string() }), payment);
      await json('/sandbox/pix/pay', {
        method: 'POST',
        body: JSON.stringify({ brcode: paymentQrCodeText, payerCpf: shopper.cpf, payerBankCode: '260' }),
      });
      res = await put({});
    } else if (fieldOf(res, 'instalmentSelection') && !fieldOf(res, 'instalmentSelection')?.fieldData) {
      res = await put({ totalInstalments: 3 });
    } else if (fieldOf(res, 'checkoutConfirmation')) {
      res = await put({ checkoutConfirmed: true });
    } else {
      await new Promise((r) => setTimeout(r, 500));
      res = await put({});
    }
  }
  expect(res.result).toBe('OK');
  const view = v.parse(
    v.object({ merchantOrderCode: v.string() }),
    await json(`/api/v1/merchant/checkouts/${checkout.id}`, { headers: { authorization: `Bearer ${key}` } }),
  );
  return view.merchantOrderCode;
}

/** The customer portal's password recovery by SMS, as a new customer (created at checkout) does it. */
async function setPassword(shopper: { cpf: string; phone: string }, password: string): Promise<void> {
  const before = await outbox(baseUrl(), shopper.phone);
  expect(
    await json('/customer_backoffice/api/v1/recover/password', {
      method: 'POST',
      body: JSON.stringify({ customerCpf: shopper.cpf }),
    }),
  ).toEqual({ smsDelivered: true });
  const sms = await newMessage(baseUrl(), shopper.phone, before);
  const token = sms.code ?? '';
  await json('/customer_backoffice/api/v1/recover/validate', {
    method: 'PUT',
    body: JSON.stringify({ token, customerCpf: shopper.cpf, type: 'password' }),
  });
  await json('/customer_backoffice/api/v1/recover/password', {
    method: 'PUT',
    body: JSON.stringify({ token, customerCpf: shopper.cpf, password, repeatPassword: password }),
  });
}

async function customerToken(who: Buyer): Promise<string> {
  const body = await json('/customer_backoffice/api/v2/login', {
    method: 'POST',
    body: JSON.stringify({ username: who.cpf, password: who.password }),
  });
  return v.parse(v.object({ token: v.string() }), body).token;
}

async function orderByCode(who: Buyer, code: string) {
  const auth = { authorization: `Bearer ${await customerToken(who)}` };
  const page = v.parse(
    v.object({ content: v.array(v.object({ id: v.string(), merchantOrderCode: v.string() })) }),
    await json('/customer_backoffice/api/v1/orders?page=0&size=50', { headers: auth }),
  );
  const summary = page.content.find((o) => o.merchantOrderCode === code);
  if (!summary) throw new Error(`order ${code} is not in the customer's list`);
  return v.parse(Order, await json(`/customer_backoffice/api/v1/orders/${summary.id}`, { headers: auth }));
}

async function signIn(page: Page, who: Buyer) {
  await page.goto('/cliente/login');
  await page.getByLabel('CPF').pressSequentially(who.cpf);
  await page.getByLabel(/^Senha/).fill(who.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.waitForURL('**/cliente/pedidos');
}

/** Pays the Pix shown in the open dialog through the sandbox bank. */
async function payDialogPix(page: Page, payerCpf: string) {
  const text = page.getByRole('dialog').locator('textarea');
  await text.waitFor({ timeout: 15_000 });
  const brcode = await text.inputValue();
  expect(brcode).toMatch(/^000201/);
  await json('/sandbox/pix/pay', {
    method: 'POST',
    body: JSON.stringify({ brcode, payerCpf, payerBankCode: '260' }),
  });
}

async function clock(body: Record<string, unknown>) {
  await json('/sandbox/clock', { method: 'POST', body: JSON.stringify(body) });
}

beforeAll(async () => {
  browser = await launch();
  world = await demo(baseUrl());
  const n = (Date.now() % 1_000_000) + 424_242;
  buyer = {
    cpf: generateCpf(n),
    phone: `+5511${String(970_000_000 + (n % 29_999_999)).slice(0, 9)}`,
    password: 'senha-da-bruna-1',
  };
});
afterAll(async () => {
  await clock({ reset: true }).catch(() => undefined);
  await browser?.close();
});

describe('customers pay their instalments', () => {
  it('pays instalment 1 in the portal, then all the rest at once, and the order closes', async () => {
    const code = await purchase(buyer, 300);
    await setPassword(buyer, buyer.password);
    const { context, page } = await newPage(browser);
    await signIn(page, buyer);
    const row = page.getByRole('row').filter({ hasText: code });
    await row
      .getByRole('button', { name: /Detalhes/ })
      .or(row.getByRole('link', { name: /Detalhes/ }))
      .click();
    await page.getByRole('heading', { name: 'Detalhes da compra' }).waitFor();

    await page.getByRole('button', { name: 'Pagar parcela 1' }).click();
    await payDialogPix(page, buyer.cpf);
    // The modal polls every 3 s until the instalment is paid.
    await page.getByText('Parcela paga!').waitFor({ timeout: 15_000 });
    await snap(page, 'customer-instalment-paid');
    await page.getByRole('dialog').getByRole('button', { name: 'Fechar' }).first().click();
    await page.getByRole('button', { name: 'Pagar parcela 2' }).waitFor({ timeout: 10_000 });

    await page.getByRole('button', { name: 'Pague todas as parcelas' }).click();
    await payDialogPix(page, buyer.cpf);
    await page.getByText('Parcela paga!').waitFor({ timeout: 15_000 });
    await page.getByRole('dialog').getByRole('button', { name: 'Fechar' }).first().click();
    await page.getByText('Fechada').first().waitFor({ timeout: 10_000 });
    expect(await page.getByRole('button', { name: /Pagar parcela/ }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Pague todas as parcelas' }).count()).toBe(0);

    const order = await orderByCode(buyer, code);
    expect(order.status).toBe('CLOSED');
    expect(order.instalments.every((i) => i.status === 'PAID')).toBe(true);
    await context.close();
  });

  it('the public instalment page flips to Pagamento confirmado by server-sent events, without a reload', async () => {
    const code = await purchase(buyer, 150);
    const order = await orderByCode(buyer, code);
    const first = order.instalments.find((i) => i.number === 1);
    if (!first) throw new Error('no instalment 1');
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    await page.goto(`/pagamento/${first.id}`);
    await page.getByRole('heading', { name: 'Pagamento da sua parcela' }).waitFor();
    await page.getByText('O pagamento sem encargos deve ser feito até o dia').waitFor();
    await page.evaluate(() => Reflect.set(window, 'sameDocument', true));
    const brcode = await page.locator('textarea').inputValue();
    await json('/sandbox/pix/pay', {
      method: 'POST',
      body: JSON.stringify({ brcode, payerCpf: buyer.cpf, payerBankCode: '260' }),
    });
    await page.getByRole('heading', { name: 'Pagamento confirmado' }).waitFor({ timeout: 10_000 });
    expect(await page.evaluate(() => Reflect.get(window, 'sameDocument'))).toBe(true);
    await snap(page, 'instalment-page-paid');
    await context.close();
  });

  it('after the clock passes a due date, the late alert and the fee appear', async () => {
    // The order of the previous test: instalment 1 paid, instalment 2 due 30 days after it.
    const orders = v.parse(
      v.object({ content: v.array(v.object({ merchantOrderCode: v.string(), status: v.string() })) }),
      await json('/customer_backoffice/api/v1/orders', {
        headers: { authorization: `Bearer ${await customerToken(buyer)}` },
      }),
    );
    const active = orders.content.find((o) => o.status === 'ACTIVE');
    if (!active) throw new Error('the buyer has no active order');
    const before = await orderByCode(buyer, active.merchantOrderCode);
    const second = before.instalments.find((i) => i.number === 2);
    if (!second) throw new Error('no instalment 2');
    const dueInDays = Math.ceil((Date.parse(`${second.dueDate}T12:00:00-03:00`) - Date.now()) / 86_400_000);
    await clock({ advanceDays: dueInDays + 5 });
    try {
      const after = await orderByCode(buyer, active.merchantOrderCode);
      const late = after.instalments.find((i) => i.number === 2);
      expect(late?.feesAmount).toBeGreaterThan(0);
      const fee = formatBRL(cents(Math.round((late?.feesAmount ?? 0) * 100)));

      const { context, page } = await newPage(browser, { width: 390, height: 844 });
      await page.goto(`/pagamento/${second.id}`);
      await page
        .getByText(`O pagamento venceu no dia ${formatDate(second.dueDate)}. Evite o bloqueio da sua conta`)
        .waitFor();
      await snap(page, 'instalment-page-late');

      await signIn(page, buyer);
      // A phone (390 px) shows the orders as cards (list items), a desktop as table rows.
      const row = page
        .getByRole('row')
        .or(page.getByRole('listitem'))
        .filter({ hasText: active.merchantOrderCode });
      await row
        .getByRole('button', { name: /Detalhes/ })
        .or(row.getByRole('link', { name: /Detalhes/ }))
        .click();
      const line = page
        .getByRole('row')
        .or(page.getByRole('listitem'))
        .filter({ hasText: formatDate(second.dueDate) });
      await line.getByText(fee).first().waitFor();
      await line.getByText('Em atraso', { exact: false }).first().waitFor();
      await context.close();
    } finally {
      await clock({ reset: true });
    }
  });
});

describe('renegotiation', () => {
  async function request(page: Page, cpf: string, phone: string) {
    await page.goto('/renegociacao');
    await page.getByRole('heading', { name: 'Renegocie sua dívida com a Drip' }).waitFor();
    await page.getByLabel('CPF').pressSequentially(cpf);
    await page.getByLabel('Celular').pressSequentially(phone.replace(/^\+55/, ''));
    await page.getByRole('button', { name: 'Renegociar' }).click();
  }

  it('answers an unknown customer, one without debts, a request, and a repeated request', async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    await request(page, generateCpf(777_123), '+5511987650000');
    await page.getByText('Usuário não foi encontrado, verifique as informações e tenta novamente').waitFor();

    const luiza = world.customers.find((c) => c.cpf === '39053344705');
    if (!luiza) throw new Error('the demo world has no Luíza');
    await request(page, luiza.cpf, luiza.phone);
    await page.getByText('Não existe débitos para esse CPF').waitFor();

    // Maria has an instalment five days late in the demo world.
    const maria = world.customers.find((c) => c.cpf === '52998224725');
    if (!maria) throw new Error('the demo world has no Maria');
    await request(page, maria.cpf, maria.phone);
    await page.getByRole('heading', { name: 'Sua solicitação foi enviada!' }).waitFor();
    expect(await page.getByRole('button', { name: 'Renegociar' }).count()).toBe(0);
    await snap(page, 'renegotiation-sent');

    await request(page, maria.cpf, maria.phone);
    await page.getByText('O CPF informado já solicitou uma negociação').waitFor();
    await context.close();
  });
});
