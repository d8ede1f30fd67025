/** Shared steps of the checkout tests: create through the merchant API, walk the shopper steps, pay Pix. */
import { randomUUID } from 'node:crypto';
import { CheckoutResponse, checkoutPaths, generateCpf } from '@drip/core';
import * as v from 'valibot';
import { latestCode, type TestApp, type TestResponse } from './helpers.ts';

export const AURORA = 'Loja Aurora';
export const PITANGA = 'Casa Pitanga';

export async function apiKeyOf(t: TestApp, merchantName: string): Promise<string> {
  const demo = await t.request('GET', '/sandbox/demo');
  const m = demo.body.merchants.find((x: { name: string }) => x.name === merchantName);
  if (!m) throw new Error(`no demo merchant ${merchantName}`);
  return m.apiKey;
}

export function createBody(overrides: Record<string, unknown> = {}) {
  return {
    amount: 300,
    merchantOrderCode: `PED-${randomUUID().slice(0, 8)}`,
    products: [
      { name: 'Camiseta', quantity: 2, amount: 50 },
      { name: 'Calça', quantity: 1, amount: 200 },
    ],
    resolveUrl: 'https://loja.example/ok',
    cancelUrl: 'https://loja.example/carrinho',
    ...overrides,
  };
}

export async function createCheckout(
  t: TestApp,
  apiKey: string,
  overrides: Record<string, unknown> = {},
): Promise<string> {
  const res = await t.request('POST', checkoutPaths.merchantCheckouts, createBody(overrides), {
    authorization: `Bearer ${apiKey}`,
    'idempotency-key': randomUUID(),
  });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${res.text}`);
  return res.body.id;
}

let phoneSeq = 0;
/** A fresh valid mobile phone and CPF (first-time customer) per call. */
export function freshShopper(seed = Math.floor(Math.random() * 1e9)) {
  phoneSeq += 1;
  const tail = String((seed + phoneSeq) % 1e8).padStart(8, '0');
  return { cpf: generateCpf(seed), phone: `+55119${tail}` };
}

export function customerData(cpf: string, phone: string, extra: Record<string, unknown> = {}) {
  return {
    customerPhone: phone,
    customerCpf: cpf,
    customerName: 'Ana Teste',
    customerEmail: 'ana.teste@example.com',
    addressCep: '01310-100',
    addressStreet: 'Avenida Paulista',
    addressNumber: '1000',
    addressNeighborhood: 'Bela Vista',
    addressCity: 'São Paulo',
    addressState: 'SP',
    ...extra,
  };
}

/** PUT /checkouts/{id} and parse the answer with the contract (fails the test on a contract mismatch). */
export async function put(t: TestApp, id: string, body: unknown = {}): Promise<TestResponse> {
  const res = await t.request('PUT', checkoutPaths.checkout(id), body);
  if (res.status === 200) v.parse(CheckoutResponse, res.body);
  return res;
}

export function field(res: TestResponse, name: string) {
  return res.body.fields.find((f: { fieldName: string }) => f.fieldName === name);
}

export function fieldNames(res: TestResponse): string[] {
  return res.body.fields.map((f: { fieldName: string }) => f.fieldName);
}

/** Customer data then the right token: returns the answer to the token. */
export async function throughToken(
  t: TestApp,
  id: string,
  cpf: string,
  phone: string,
): Promise<TestResponse> {
  const sent = await put(t, id, customerData(cpf, phone));
  if (sent.status !== 200) throw new Error(`customer data failed: ${sent.status} ${sent.text}`);
  const code = await latestCode(t, phone);
  const res = await put(t, id, { phoneVerificationCode: code });
  if (res.status !== 200 || res.body.isValid !== true)
    throw new Error(`token failed: ${res.status} ${res.text}`);
  return res;
}

export async function payPix(t: TestApp, brcode: string, payerCpf: string, payerBankCode = '260') {
  const res = await t.request('POST', '/sandbox/pix/pay', { brcode, payerCpf, payerBankCode });
  if (res.status !== 200) throw new Error(`pix pay failed: ${res.status} ${res.text}`);
  return res;
}

/** Through customer data, token and (first purchase) the R$ 1,00 verification Pix: the answer after analysis. */
export async function toAnalysis(
  t: TestApp,
  id: string,
  cpf: string,
  phone: string,
  payer: { cpf?: string; bank?: string } = {},
): Promise<TestResponse> {
  const afterToken = await throughToken(t, id, cpf, phone);
  const payment = field(afterToken, 'payment');
  if (!payment) return afterToken;
  await payPix(t, payment.fieldData.paymentQrCodeText, payer.cpf ?? cpf, payer.bank ?? '260');
  return put(t, id);
}
