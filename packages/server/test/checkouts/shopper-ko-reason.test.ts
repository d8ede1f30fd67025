/**
 * The store that creates a checkout holds its id, and the shopper's calls answer anyone holding it. The attack: a
 * merchant creates a checkout through the merchant API, a fraud rule denies it, and the merchant reads it through
 * every call the product answers it with that id (the shopper's, the merchant API's, the back office's, the
 * anonymous ones): none names the individual signal. The shopper's screen stays the one of the real reason.
 */
import {
  type AnyEndpoint,
  checkoutPaths,
  DENIAL_REASONS,
  type DenialReason,
  denialView,
  endpointTable,
  FEEDBACK_REASONS,
  fillPath,
  pathParams,
  shopperKoReason,
} from '@drip/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkouts } from '../../src/modules/checkouts/tables.ts';
import {
  apiKeyOf,
  createCheckout,
  customerData,
  field,
  freshShopper,
  PITANGA,
  payPix,
  put,
  toAnalysis,
} from '../checkout-helpers.ts';
import { bearer, latestCode, loginMerchant, seededApp, type TestResponse } from '../helpers.ts';

let t: Awaited<ReturnType<typeof seededApp>>;
let apiKey: string;
let portal: Record<string, string>;

beforeAll(async () => {
  t = await seededApp();
  apiKey = await apiKeyOf(t, PITANGA);
  portal = bearer((await loginMerchant(t, 'admin@pitanga.demo', '+5521987651234')).token);
});
afterAll(async () => {
  await t.dispose();
});

/** The reasons whose denied step is the generic one: their codes must never leave Drip to the id's holder. */
const HIDDEN = DENIAL_REASONS.filter((r) => r !== 'DEFAULT' && shopperKoReason(r) === 'DEFAULT');
/** The merchant portal's old single-reason labels (a test of the portal keeps them off its pages too). */
const HIDDEN_LABELS = [
  'CPF bloqueado',
  'Análise antifraude',
  'Telefone bloqueado',
  'CEP bloqueado',
  'Banco bloqueado',
];

let seq = 0;
const phone = () => {
  seq += 1;
  return `+5511966${String(seq).padStart(6, '0')}`;
};

/** Each fraud signal (and the other hidden reasons the sandbox can give) by a path a real shopper takes. */
const DENIALS: { reason: DenialReason; run: (id: string) => Promise<TestResponse> }[] = [
  { reason: 'BLOCKED_CUSTOMER_CPF', run: (id) => toAnalysis(t, id, '91400000017', phone()) },
  { reason: 'ANTI_FRAUD_SCORE', run: (id) => toAnalysis(t, id, '90200000047', phone()) },
  {
    reason: 'BLOCKED_CUSTOMER_PHONE',
    run: (id) => toAnalysis(t, id, freshShopper(7101).cpf, '+5511900000666'),
  },
  {
    reason: 'BLOCKED_BANK_CODE',
    run: (id) => {
      const s = freshShopper(7102);
      return toAnalysis(t, id, s.cpf, s.phone, { bank: '380' });
    },
  },
  {
    reason: 'BLOCKED_CUSTOMER_ADDRESS_CEP',
    run: async (id) => {
      const s = freshShopper(7103);
      await put(t, id, customerData(s.cpf, s.phone, { addressCep: '66666-000' }));
      const afterToken = await put(t, id, { phoneVerificationCode: await latestCode(t, s.phone) });
      await payPix(t, field(afterToken, 'payment').fieldData.paymentQrCodeText, s.cpf);
      return put(t, id);
    },
  },
  { reason: 'LEGALLY_PROTECTED_MINOR', run: (id) => toAnalysis(t, id, '90100000010', phone()) },
  { reason: 'ALREADY_HAVE_ACTIVE_ORDER', run: (id) => toAnalysis(t, id, '91000000001', phone()) },
];

/** The audiences a store can act as: itself (API key, back office) and anyone (the shopper's and public calls). */
const MERCHANT_REACH = new Set(['shopper', 'anonymous', 'merchantApiKey', 'merchantRead', 'merchantAdmin']);

function headersFor(e: AnyEndpoint): Record<string, string> {
  if (e.audience === 'merchantApiKey') return { authorization: `Bearer ${apiKey}` };
  if (e.audience === 'merchantRead' || e.audience === 'merchantAdmin') return portal;
  return {};
}

/**
 * Every call the store can make that takes the checkout id: each endpoint of its reach with a path parameter (all
 * set to the id), each of its reads without one (the lists), the simulator by checkout, the feedback form and the
 * hosted page.
 */
async function everyReadOf(id: string): Promise<{ call: string; res: TestResponse }[]> {
  const answers: { call: string; res: TestResponse }[] = [];
  for (const e of endpointTable) {
    // The API reference lists every code of the contract: the same text for everyone, whatever the checkout.
    if (!MERCHANT_REACH.has(e.audience) || e.id.startsWith('meta.')) continue;
    const names = pathParams(e.path);
    if (names.length === 0 && e.method !== 'GET') continue;
    const path = fillPath(e.path, Object.fromEntries(names.map((n) => [n, id])));
    const body = e.method === 'GET' || e.method === 'DELETE' ? undefined : {};
    answers.push({ call: `${e.method} ${path}`, res: await t.request(e.method, path, body, headersFor(e)) });
  }
  const more: [string, string, unknown][] = [
    ['GET', `${checkoutPaths.instalmentsSimulator}?checkoutId=${id}`, undefined],
    ['POST', checkoutPaths.feedback, { checkoutID: id, feedback: FEEDBACK_REASONS[0]?.label, comment: '' }],
    ['POST', checkoutPaths.updateWaitlist(id), { oldStatus: 'WAITING_RESPONSE', newStatus: 'CONFIRMED' }],
    ['GET', checkoutPaths.hostedPage(id), undefined],
  ];
  for (const [method, path, body] of more)
    answers.push({ call: `${method} ${path}`, res: await t.request(method, path, body) });
  return answers;
}

describe('a store reading its own denied checkout by every call with the id', () => {
  it.each(DENIALS.map((d) => [d.reason, d] as const))('%s never shows', async (reason, denial) => {
    const id = await createCheckout(t, apiKey, { amount: 100 });
    const denied = await denial.run(id);
    expect(denied.body.result, denied.text).toBe('KO');
    // The rule really fired: Drip keeps the reason (the admin reads it)...
    const [row] = await t.database.db.select().from(checkouts).where(eq(checkouts.id, id));
    expect(row?.koReason).toBe(reason);

    const answers = await everyReadOf(id);
    const calls = answers.map((a) => a.call);
    // The walk reached the calls that answer with the checkout itself.
    for (const must of [
      `PUT ${checkoutPaths.checkout(id)}`,
      `PUT ${checkoutPaths.cancel(id)}`,
      `POST ${checkoutPaths.notifyPix(id)}`,
      `GET ${checkoutPaths.merchantCheckout(id)}`,
      `GET /merchant_backoffice/api/v2/checkouts/${id}`,
    ])
      expect(calls).toContain(must);
    const load = answers.find((a) => a.call === `PUT ${checkoutPaths.checkout(id)}`)?.res;
    expect(load?.status).toBe(200);
    const merchantView = answers.find((a) => a.call === `GET ${checkoutPaths.merchantCheckout(id)}`)?.res;
    expect(merchantView?.body).toMatchObject({ status: 'KO' });

    const leaks: string[] = [];
    for (const word of [...HIDDEN, ...HIDDEN_LABELS])
      if (denied.text.includes(word)) leaks.push(`the shopper's own answer: ${word}`);
    for (const { call, res } of answers) {
      const seen = `${res.text} ${JSON.stringify([...res.headers.entries()])}`;
      for (const word of [...HIDDEN, ...HIDDEN_LABELS])
        if (seen.includes(word)) leaks.push(`${call}: ${word}`);
    }
    expect(leaks).toEqual([]);
    // The shopper, whose answer the denial was, sees the screen of the real reason through the generic code.
    expect(field(denied, 'koReason').fieldData).toBe('DEFAULT');
    expect(denialView('DEFAULT')).toEqual(denialView(reason));
  });
});
