/**
 * A Pix paid for a checkout that cannot become an order: the payment is booked once, the webhook answers 2xx, and
 * the whole amount goes back to the payer by devolução, with its ledger entries — never a booking that fails on
 * every delivery of the PSP.
 */
import { randomUUID } from 'node:crypto';
import { cents, checkoutPaths } from '@drip/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkouts } from '../../src/modules/checkouts/tables.ts';
import { ledgerEntries, orders } from '../../src/modules/orders/tables.ts';
import { pixCharges, pixPayments, pixRefunds } from '../../src/modules/payments/tables.ts';
import {
  AURORA,
  apiKeyOf,
  createCheckout,
  field,
  freshShopper,
  PITANGA,
  payPix,
  put,
  throughToken,
  toAnalysis,
} from '../checkout-helpers.ts';
import { seededApp } from '../helpers.ts';

let t: Awaited<ReturnType<typeof seededApp>>;
let aurora: string;

beforeAll(async () => {
  t = await seededApp();
  aurora = await apiKeyOf(t, AURORA);
});
afterAll(async () => {
  t.built.services.sandboxPsp?.close();
  await t.dispose();
});

const db = () => t.database.db;
const hook = () =>
  `/api/v1/webhooks/pix?token=${encodeURIComponent(t.built.services.pixSettings.webhookSecret)}`;

/** A first purchase at Loja Aurora (upfront OPTIONAL) up to the first-instalment Pix: its checkout and charge. */
async function atFirstInstalmentPix(seed: number) {
  const s = freshShopper(seed);
  const id = await createCheckout(t, aurora, { amount: 600 });
  const afterToken = await throughToken(t, id, s.cpf, s.phone);
  await payPix(t, field(afterToken, 'payment').fieldData.paymentQrCodeText, s.cpf);
  await put(t, id, { totalInstalments: 6 });
  // "com entrada": the shopper chooses today (the test clock's date in São Paulo) as the first due date.
  await put(t, id, { firstInstallmentsDate: '2026-03-10' });
  const pix = await put(t, id, { checkoutConfirmed: true });
  const offered = field(pix, 'paymentForFirstInstalment')?.fieldData;
  if (!offered) throw new Error(`no first-instalment Pix: ${pix.text}`);
  const [row] = await db().select().from(checkouts).where(eq(checkouts.id, id));
  const chargeId = row?.firstInstalmentPix?.chargeId;
  if (!chargeId) throw new Error('no charge');
  return { id, shopper: s, brCode: offered.paymentQrCodeText as string, chargeId, amount: 10_000 };
}

/** The notice the PSP sends for a Pix, read back from the sandbox PSP. */
async function noticeOf(e2eid: string) {
  const pix = await t.built.services.sandboxPsp?.getPix(e2eid);
  if (!pix) throw new Error('no pix');
  return {
    pix: [
      {
        endToEndId: pix.endToEndId,
        txid: pix.txid,
        valor: (pix.valor / 100).toFixed(2),
        horario: pix.horario,
        pagador: pix.pagador,
      },
    ],
  };
}

async function expectGivenBack(checkoutId: string, chargeId: string, amount: number, e2eid: string) {
  const [charge] = await db().select().from(pixCharges).where(eq(pixCharges.id, chargeId));
  expect(charge).toMatchObject({ status: 'REFUNDED', endToEndId: e2eid, refundedAmount: amount });
  expect(await db().select().from(pixPayments).where(eq(pixPayments.chargeId, chargeId))).toMatchObject([
    { endToEndId: e2eid, outcome: 'BOOKED', amount },
  ]);
  const refunds = await db().select().from(pixRefunds).where(eq(pixRefunds.chargeId, chargeId));
  expect(refunds).toMatchObject([{ amount, status: 'REQUESTED' }]);
  const ledger = await db().select().from(ledgerEntries).where(eq(ledgerEntries.chargeId, chargeId));
  expect(ledger.map((e) => [e.type, e.amount, e.checkoutId]).sort()).toEqual([
    ['CHECKOUT_PAYMENT_RECEIVED', amount, checkoutId],
    ['CHECKOUT_PAYMENT_RETURNED', -amount, checkoutId],
  ]);
  expect(await db().select().from(orders).where(eq(orders.checkoutId, checkoutId))).toEqual([]);
  // The payments job sends the devolução: the sandbox PSP returned the whole amount to the payer.
  await t.built.services.payments.processPendingRefunds();
  const atPsp = await t.built.services.sandboxPsp?.getPix(e2eid);
  expect(atPsp?.devolucoes).toMatchObject([{ valor: amount, status: 'DEVOLVIDO' }]);
}

describe('a paid checkout Pix that cannot become an order', () => {
  it('order creation fails (stored products the order rows cannot hold): booked once, answered 2xx, given back in full, checkout KO', async () => {
    const c = await atFirstInstalmentPix(4101);
    // A checkout stored before the bounds existed: a quantity past the 32-bit column of order_products.
    await db()
      .update(checkouts)
      .set({ products: [{ name: 'Camiseta', quantity: 2_147_483_648, amount: 1 }] })
      .where(eq(checkouts.id, c.id));
    const paid = await payPix(t, c.brCode, c.shopper.cpf);
    // The PSP's first delivery was answered 2xx (a 500 would leave it retrying).
    expect(paid.body.webhook).toBe('DELIVERED');
    const e2eid: string = paid.body.endToEndId;
    // Redelivered, one after the other and at once: nothing more is booked nor given back.
    const notice = await noticeOf(e2eid);
    const again = await Promise.all([
      t.request('POST', hook(), notice),
      t.request('POST', hook(), notice),
      t.request('POST', hook(), notice),
    ]);
    for (const r of again) {
      expect(r.status).toBe(200);
      expect(r.body.results).toEqual([{ endToEndId: e2eid, outcome: 'DUPLICATE' }]);
    }
    await expectGivenBack(c.id, c.chargeId, c.amount, e2eid);
    // The shopper sees the checkout finished (KO), with no Pix to pay again.
    const poll = await put(t, c.id);
    expect(poll.body.result).toBe('KO');
    expect(field(poll, 'koReason')?.fieldData).toBe('DEFAULT');
    expect(field(poll, 'paymentForFirstInstalment')).toBeUndefined();
    expect(field(poll, 'paymentForFullAmount')).toBeUndefined();
  });

  it('a product amount past what centavos can hold fails the order the same way', async () => {
    const c = await atFirstInstalmentPix(4102);
    await db()
      .update(checkouts)
      .set({ products: [{ name: 'Camiseta', quantity: 1e300, amount: 1 }] })
      .where(eq(checkouts.id, c.id));
    const paid = await payPix(t, c.brCode, c.shopper.cpf);
    expect(paid.body.webhook).toBe('DELIVERED');
    await expectGivenBack(c.id, c.chargeId, c.amount, paid.body.endToEndId);
  });

  it('the full-amount Pix after a KO, whose order fails: given back, and the KO offers no further Pix', async () => {
    const pitanga = await apiKeyOf(t, PITANGA);
    const id = await createCheckout(t, pitanga, { amount: 120 });
    // This sandbox CPF is denied by the daily cap, with the full-amount offer.
    const ko = await toAnalysis(t, id, '91200000064', freshShopper(4104).phone);
    const offer = field(ko, 'paymentForFullAmount')?.fieldData;
    if (!offer) throw new Error(`no full-amount offer: ${ko.text}`);
    const [row] = await db().select().from(checkouts).where(eq(checkouts.id, id));
    const chargeId = row?.fullAmountPix?.chargeId;
    if (!chargeId) throw new Error('no charge');
    await db()
      .update(checkouts)
      .set({ products: [{ name: 'Camiseta', quantity: 2_147_483_648, amount: 1 }] })
      .where(eq(checkouts.id, id));
    const paid = await payPix(t, offer.paymentQrCodeText, '91200000064');
    expect(paid.body.webhook).toBe('DELIVERED');
    await expectGivenBack(id, chargeId, 12_000, paid.body.endToEndId);
    const poll = await put(t, id);
    expect(poll.body.result).toBe('KO');
    expect(field(poll, 'koReason')?.fieldData).toBe('DRIP_MAX_VALUE_PER_DAY');
    expect(field(poll, 'paymentForFullAmount')).toBeUndefined();
  });

  it('a paid Pix whose reference is a well-formed id of no checkout: given back, the webhook answered 2xx', async () => {
    // The checkout's load refuses the unknown id (not found); the paid-charge handler takes that refusal as "no
    // checkout" and gives the money back, instead of failing the booking on every delivery of the PSP.
    const amount = 500;
    const charge = await t.built.services.payments.createCharge(null, {
      purpose: 'FULL_AMOUNT',
      referenceId: randomUUID(),
      amount: cents(amount),
      description: 'Pagamento à vista',
    });
    const paid = await payPix(t, charge.brCode, freshShopper(4104).cpf);
    expect(paid.body.webhook).toBe('DELIVERED');
    const [row] = await db().select().from(pixCharges).where(eq(pixCharges.id, charge.id));
    expect(row).toMatchObject({ status: 'REFUNDED', refundedAmount: amount });
    const refunds = await db().select().from(pixRefunds).where(eq(pixRefunds.chargeId, charge.id));
    expect(refunds).toMatchObject([{ amount, status: 'REQUESTED' }]);
    const ledger = await db().select().from(ledgerEntries).where(eq(ledgerEntries.chargeId, charge.id));
    expect(ledger.map((e) => [e.type, e.amount, e.checkoutId]).sort()).toEqual([
      ['CHECKOUT_PAYMENT_RECEIVED', amount, null],
      ['CHECKOUT_PAYMENT_RETURNED', -amount, null],
    ]);
  });

  it('the checkout is no longer open when its Pix arrives (canceled by the shopper): given back with the ledger entries', async () => {
    const c = await atFirstInstalmentPix(4103);
    expect((await t.request('PUT', checkoutPaths.cancel(c.id))).status).toBe(200);
    const paid = await payPix(t, c.brCode, c.shopper.cpf);
    expect(paid.body.webhook).toBe('DELIVERED');
    await expectGivenBack(c.id, c.chargeId, c.amount, paid.body.endToEndId);
    const [row] = await db().select().from(checkouts).where(eq(checkouts.id, c.id));
    expect(row).toMatchObject({ status: 'KO', koReason: 'EXPIRED', orderId: null });
  });
});
