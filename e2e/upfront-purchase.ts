// A purchase whose first instalment is paid by Pix at checkout, made through the checkout API: the set-up of the
// walks that need an order with money already paid (a refund that sends a devolução, instalments to show).
import { isoDateInSaoPaulo } from '@drip/core';
import * as v from 'valibot';
import { expect } from 'vitest';
import { baseUrl } from './browser.ts';
import { createCheckout } from './checkout-helpers.ts';
import { newMessage, outbox } from './sandbox.ts';

/** A JSON call to the e2e server; the body parsed when there is one. */
export async function call(path: string, init: RequestInit = {}) {
  const res = await fetch(`${baseUrl()}${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', ...init.headers },
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as unknown) : undefined, text };
}

const Step = v.object({
  result: v.string(),
  fields: v.array(v.object({ fieldName: v.string(), fieldData: v.optional(v.unknown()) })),
});
type Step = v.InferOutput<typeof Step>;
const fieldOf = (step: Step, name: string) => step.fields.find((f) => f.fieldName === name);

export interface UpfrontPurchase {
  /** The store's API key (the store must offer the upfront payment). */
  apiKey: string;
  shopper: { cpf: string; phone: string; name: string; email: string; addressNumber: string };
  amount: number;
  products: { name: string; quantity: number; amount: number }[];
  instalments: number;
  /** The store's order code; a generated one when absent. */
  merchantOrderCode?: string;
}

/**
 * The shopper's answers step by step: customer data, the SMS code if asked, the verification Pix of a first
 * purchase, today as the first due date (so the first instalment is paid now by Pix), the instalments, the
 * confirmation. Returns the checkout's id once it is OK.
 */
export async function purchaseWithUpfrontPix(purchase: UpfrontPurchase): Promise<string> {
  const { checkoutId, result, fields, upfront } = await runUpfrontPurchase(purchase);
  expect(result, JSON.stringify(fields.map((f) => f.fieldName))).toBe('OK');
  expect(upfront).toBe(true);
  return checkoutId;
}

/**
 * The same answers up to the checkout's result, whatever it is: OK, or KO with the shopper's `koReason` field (a
 * refusal the analysis gives).
 */
export async function runUpfrontPurchase(purchase: UpfrontPurchase): Promise<{
  checkoutId: string;
  result: string;
  fields: Step['fields'];
  upfront: boolean;
  koReason: unknown;
}> {
  const { shopper } = purchase;
  const checkout = await createCheckout(baseUrl(), purchase.apiKey, purchase.amount, {
    products: purchase.products,
    ...(purchase.merchantOrderCode ? { merchantOrderCode: purchase.merchantOrderCode } : {}),
  });
  const step = async (body: unknown) => {
    const res = await call(`/api/v1/checkouts/${checkout.id}`, { method: 'PUT', body: JSON.stringify(body) });
    expect(res.status, res.text).toBe(200);
    return v.parse(Step, res.body);
  };
  await step({});
  const before = await outbox(baseUrl(), shopper.phone);
  let res = await step({
    customerPhone: shopper.phone,
    customerCpf: shopper.cpf,
    customerName: shopper.name,
    customerEmail: shopper.email,
    addressCep: '01310100',
    addressStreet: 'Avenida Paulista',
    addressNumber: shopper.addressNumber,
    addressNeighborhood: 'Bela Vista',
    addressCity: 'São Paulo',
    addressState: 'SP',
  });
  if (fieldOf(res, 'phoneVerificationCode')) {
    const sms = await newMessage(baseUrl(), shopper.phone, before);
    res = await step({ phoneVerificationCode: sms.code });
  }
  const clock = v.parse(v.object({ now: v.string() }), (await call('/sandbox/clock')).body);
  const today = isoDateInSaoPaulo(new Date(clock.now));
  let upfront = false;
  let selected = false;
  for (let i = 0; i < 60 && res.result === 'MORE_INFO'; i++) {
    // The verification Pix of a first purchase, then the first instalment's.
    const payment = (fieldOf(res, 'payment') ?? fieldOf(res, 'paymentForFirstInstalment'))?.fieldData;
    if (payment) {
      const { paymentQrCodeText } = v.parse(v.object({ paymentQrCodeText: v.string() }), payment);
      const paid = await call('/sandbox/pix/pay', {
        method: 'POST',
        body: JSON.stringify({ brcode: paymentQrCodeText, payerCpf: shopper.cpf, payerBankCode: '260' }),
      });
      expect(paid.status, paid.text).toBe(200);
      res = await step({});
    } else if (!upfront && (fieldOf(res, 'instalmentSelection') || fieldOf(res, 'checkoutConfirmation'))) {
      // Today as the first due date is "com entrada": the first instalment is paid now by Pix.
      res = await step({ firstInstallmentsDate: today });
      upfront = true;
    } else if (fieldOf(res, 'instalmentSelection') && !selected) {
      res = await step({ totalInstalments: purchase.instalments });
      selected = true;
    } else if (fieldOf(res, 'checkoutConfirmation')) {
      res = await step({ checkoutConfirmed: true });
    } else {
      await new Promise((r) => setTimeout(r, 500));
      res = await step({});
    }
  }
  return {
    checkoutId: checkout.id,
    result: res.result,
    fields: res.fields,
    upfront,
    koReason: fieldOf(res, 'koReason')?.fieldData,
  };
}
