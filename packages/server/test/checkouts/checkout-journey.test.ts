import { addDaysIso, checkoutPaths } from '@drip/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  instalmentProducts,
  instalments,
  ledgerEntries,
  orderProducts,
  orders,
} from '../../src/modules/orders/tables.ts';
import {
  AURORA,
  apiKeyOf,
  createCheckout,
  field,
  fieldNames,
  freshShopper,
  PITANGA,
  payPix,
  put,
  throughToken,
} from '../checkout-helpers.ts';
import { seededApp } from '../helpers.ts';

let t: Awaited<ReturnType<typeof seededApp>>;
let aurora: string;
let pitanga: string;
const TODAY = '2026-03-10';

beforeAll(async () => {
  t = await seededApp();
  aurora = await apiKeyOf(t, AURORA);
  pitanga = await apiKeyOf(t, PITANGA);
});
afterAll(async () => {
  await t.dispose();
});

describe('checkout journey', () => {
  it('returning customer, fixed 3x without upfront: customer data → token → confirmation → OK with an order', async () => {
    const id = await createCheckout(t, pitanga, { amount: 100 });
    const first = await put(t, id);
    expect(first.status).toBe(200);
    expect(first.body.result).toBe('MORE_INFO');
    expect(fieldNames(first)).toEqual(
      expect.arrayContaining(['merchantSummary', 'customerCpf', 'customerPhone', 'customerEmail']),
    );
    expect(field(first, 'merchantSummary').fieldData).toMatchObject({
      name: PITANGA,
      flexibleInstallments: false,
      maxInstalments: 3,
      upfrontPaymentStatus: 'DISABLED',
      cashbackRate: 0.02,
      totalAmount: 100,
    });
    // João (seed) already has a paid order: no verification Pix.
    const afterToken = await throughToken(t, id, '11144477735', '+5521998765432');
    expect(afterToken.body.result).toBe('MORE_INFO');
    expect(fieldNames(afterToken), JSON.stringify(afterToken.body)).toContain('checkoutConfirmation');
    expect(fieldNames(afterToken)).not.toContain('payment');
    const plan = field(afterToken, 'instalments').fieldData;
    expect(plan).toEqual([
      { number: 1, dueDate: addDaysIso(TODAY, 15), amount: 33.34, cashbackAmount: 0 },
      { number: 2, dueDate: addDaysIso(TODAY, 45), amount: 33.33, cashbackAmount: 0 },
      { number: 3, dueDate: addDaysIso(TODAY, 75), amount: 33.33, cashbackAmount: 2 },
    ]);
    const ok = await put(t, id, { checkoutConfirmed: true });
    expect(ok.status).toBe(200);
    expect(ok.body.result).toBe('OK');
    expect(field(ok, 'instalments').fieldData).toEqual(plan);

    const view = await t.request('GET', checkoutPaths.merchantCheckout(id), undefined, {
      authorization: `Bearer ${pitanga}`,
    });
    expect(view.status).toBe(200);
    expect(view.body.status).toBe('OK');
    expect(view.body.order.status).toBe('ACTIVE');
    expect(view.body.order.instalments.map((i: { amount: number }) => i.amount)).toEqual([
      33.34, 33.33, 33.33,
    ]);
  });

  it('first purchase, flexible 6x, later first date (no upfront): verification Pix paid and refunded → selection → OK', async () => {
    const s = freshShopper(101);
    const id = await createCheckout(t, aurora, { amount: 600 });
    const afterToken = await throughToken(t, id, s.cpf, s.phone);
    const payment = field(afterToken, 'payment');
    expect(payment.fieldData.amount).toBe(1);
    await payPix(t, payment.fieldData.paymentQrCodeText, s.cpf);
    const afterPix = await put(t, id);
    expect(afterPix.body.result).toBe('MORE_INFO');
    const selection = field(afterPix, 'instalmentSelection').fieldData;
    expect(selection.options.map((o: { totalInstalments: number }) => o.totalInstalments)).toEqual([
      2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12,
    ]);
    const selected = await put(t, id, { totalInstalments: 6 });
    expect(fieldNames(selected)).toContain('checkoutConfirmation');
    // Upfront OPTIONAL: "sem entrada" by default, first due date today + 15.
    expect(field(selected, 'upfrontFirstInstalment')).toBeUndefined();
    expect(field(selected, 'instalments').fieldData[0].dueDate).toBe(addDaysIso(TODAY, 15));
    const firstDate = addDaysIso(TODAY, 20);
    const dated = await put(t, id, { firstInstallmentsDate: firstDate });
    expect(dated.status).toBe(200);
    expect(field(dated, 'upfrontFirstInstalment')).toBeUndefined();
    const ok = await put(t, id, { checkoutConfirmed: true });
    expect(ok.body.result).toBe('OK');
    const instalments = field(ok, 'instalments').fieldData;
    expect(instalments).toHaveLength(6);
    expect(instalments[0].dueDate).toBe(firstDate);
    expect(instalments[5].dueDate).toBe(addDaysIso(firstDate, 150));
    expect(instalments[5].cashbackAmount).toBe(30);
  });

  it('flexible 6x with the first instalment paid upfront (today chosen): confirmation → first-instalment Pix → OK', async () => {
    const s = freshShopper(202);
    const id = await createCheckout(t, aurora, { amount: 600 });
    const afterToken = await throughToken(t, id, s.cpf, s.phone);
    await payPix(t, field(afterToken, 'payment').fieldData.paymentQrCodeText, s.cpf);
    await put(t, id, { totalInstalments: 6 });
    // "com entrada": the shopper chooses today as the first due date.
    const entry = await put(t, id, { firstInstallmentsDate: TODAY });
    expect(field(entry, 'upfrontFirstInstalment').fieldData).toEqual({ amount: 100 });
    const pix = await put(t, id, { checkoutConfirmed: true });
    expect(pix.body.result).toBe('MORE_INFO');
    const charge = field(pix, 'paymentForFirstInstalment').fieldData;
    expect(charge.amount).toBe(100);
    expect(field(pix, 'instalments').fieldData[0].dueDate).toBe(TODAY);
    await payPix(t, charge.paymentQrCodeText, s.cpf);
    const ok = await put(t, id);
    expect(ok.body.result).toBe('OK');
    const view = await t.request('GET', checkoutPaths.merchantCheckout(id), undefined, {
      authorization: `Bearer ${aurora}`,
    });
    expect(view.body.order.instalments[0]).toMatchObject({ number: 1, status: 'PAID', dueDate: TODAY });
    expect(view.body.order.instalments[1]).toMatchObject({ number: 2, status: 'PENDING' });
  });

  it('invariants over every order in the database: instalments sum to the total, products split exactly, ledger written', async () => {
    const db = t.database.db;
    const all = await db.select().from(orders);
    expect(all.length).toBeGreaterThanOrEqual(3);
    for (const o of all) {
      const rows = await db.select().from(instalments).where(eq(instalments.orderId, o.id));
      expect(rows.reduce((a, r) => a + r.amount, 0)).toBe(o.amount);
      const last = rows.reduce((a, r) => (r.number > a.number ? r : a));
      expect(last.cashbackAmount).toBe(o.cashbackAmount);
      const products = await db.select().from(orderProducts).where(eq(orderProducts.orderId, o.id));
      for (const p of products) {
        const shares = await db
          .select()
          .from(instalmentProducts)
          .where(eq(instalmentProducts.orderProductId, p.id));
        expect(shares.reduce((a, r) => a + r.amount, 0)).toBe(p.amount);
      }
      const ledger = await db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, o.id));
      expect(ledger.some((e) => e.type === 'ORDER_CREATED' && e.amount === o.amount)).toBe(true);
    }
  });
});
