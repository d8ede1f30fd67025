/**
 * What the extract, its big numbers and its CSV say about past money is what the sandbox bank recorded, moved with
 * the sandbox clock across days: a refund after the sale was paid out leaves a debt that the next transfer nets.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginMerchant, seededApp } from '../helpers.ts';
import { cancel, dayAt, newMerchant, payoutsOf, sell, transfersOf } from '../settlements-helpers.ts';

const BASE = '/merchant_backoffice/api/v1/settlements';
const rowsOf = (r: unknown) => (r as { rows: Record<string, unknown>[] }).rows;

describe('the extract against the payout provider', () => {
  let t: Awaited<ReturnType<typeof seededApp>>;
  beforeAll(async () => {
    t = await seededApp();
  });
  afterAll(async () => {
    await t.dispose();
  });

  it('shows the debt a refund carries, and the transfer that netted it, as the bank received it', async () => {
    const s = t.built.services.settlements;
    const m = await newMerchant(t);
    await s.addConfiguration(m, {
      transferDelayInDays: 5,
      payAllInOneSettlement: true,
      at: new Date('2027-05-01T12:00:00Z'),
    });
    // 20/05: a sale of 368,44, transferred on 25/05.
    t.clock.set(new Date('2027-05-20T13:00:00Z'));
    const a = await sell(t, m, { total: 36_844 });
    await dayAt(t, '2027-05-20');
    await dayAt(t, '2027-05-25');
    // 26/05: a sale of 970,10, due on 31/05.
    t.clock.set(new Date('2027-05-26T13:00:00Z'));
    await sell(t, m, { total: 97_010 });
    await dayAt(t, '2027-05-26');
    // 30/05: the first sale is refunded in full, after its money was transferred: a debt of 368,44.
    t.clock.set(new Date('2027-05-30T13:00:00Z'));
    await cancel(t, a.orderId, 36_844);
    await dayAt(t, '2027-05-30');

    const on30 = await s.bigNumbers(m, 'CURRENT_MONTH');
    expect(on30.outstandingBalance).toBe(-368.44);
    expect(on30.scheduledAmount).toBe(970.1);
    expect(on30.transferredAmount).toBe(368.44);
    const page30 = await s.extract(m, { page: 0, size: 10, period: 'CURRENT_MONTH' });
    const day30 = page30.content.find((d) => d.date === '2027-05-30');
    expect(day30?.outstandingBalance).toBe(-368.44);
    expect(day30?.transfer).toEqual({
      amount: 0,
      partsAmount: -368.44,
      debtIn: 0,
      debtOut: -368.44,
      status: 'NONE',
    });

    // 31/05: the sale of 26/05 is due; the bank receives 970,10 − 368,44.
    await dayAt(t, '2027-05-31');
    const bank = await transfersOf(t, m);
    expect(bank.map((x) => x.amount)).toEqual([36_844, 60_166]);
    const page = await s.extract(m, { page: 0, size: 10, period: 'CURRENT_MONTH' });
    const byDay = new Map(page.content.map((d) => [d.date, d]));
    // The transfer belongs to the day it was made, with the bank's figure and the debt it netted.
    expect(byDay.get('2027-05-31')).toMatchObject({
      amount: 0,
      orders: [],
      outstandingBalance: 0,
      transfer: { amount: 601.66, partsAmount: 970.1, debtIn: -368.44, debtOut: 0, status: 'PAID' },
    });
    // The sale's day points at the transfer that paid it: its date and what the bank received, never 970,10 paid.
    expect(byDay.get('2027-05-26')?.transferDates).toEqual([
      { transferDate: '2027-05-31', amount: 601.66, transferred: true, status: 'PAID' },
    ]);
    expect(byDay.get('2027-05-30')?.transferDates).toEqual([
      { transferDate: '2027-05-30', amount: 0, transferred: true, status: 'NONE' },
    ]);
    expect(page.totalElements).toBe(5);
    const cards = await s.bigNumbers(m, 'CURRENT_MONTH');
    expect(cards.transferredAmount).toBe(970.1);
    expect(cards.outstandingBalance).toBe(0);
    expect(cards.scheduledAmount).toBe(0);
    expect((await payoutsOf(t, m)).map((p) => p.amount)).toEqual([36_844, 0, 60_166]);
  });

  it('lists an old share under the transfer that took it, on the day it was made, not on its planned day', async () => {
    const s = t.built.services.settlements;
    const m = await newMerchant(t);
    await s.addConfiguration(m, {
      transferDelayInDays: 5,
      payAllInOneSettlement: true,
      at: new Date('2027-07-01T12:00:00Z'),
    });
    // The job does not run between the sale and the refund (the server was off): the share due on 06/08 is
    // transferred, net of the refund, on 20/08.
    t.clock.set(new Date('2027-08-01T13:00:00Z'));
    const o = await sell(t, m, { total: 50_000 });
    t.clock.set(new Date('2027-08-20T13:00:00Z'));
    await cancel(t, o.orderId, 10_000);
    await dayAt(t, '2027-08-20');
    const page = await s.extract(m, { page: 0, size: 10, period: 'CURRENT_MONTH' });
    const byDay = new Map(page.content.map((d) => [d.date, d]));
    const want = [{ transferDate: '2027-08-20', amount: 400, transferred: true, status: 'PAID' }];
    expect(byDay.get('2027-08-01')?.transferDates).toEqual(want);
    expect(byDay.get('2027-08-20')?.transferDates).toEqual(want);
    expect(byDay.get('2027-08-20')?.transfer?.amount).toBe(400);
    // The CSV's 'Datas de repasse' are the days the shares were transferred too.
    const dates: unknown[] = [];
    for await (const r of s.exportRows(m, 8, 2027)) if (r.kind !== 'TRANSFER') dates.push(r.transfer_dates);
    expect(dates).toEqual(['2027-08-20', '2027-08-20']);
  });

  it('the cards add up: Vendas − Taxas + Cancelamentos = Valor líquido', async () => {
    const s = t.built.services.settlements;
    const m = await newMerchant(t);
    await s.addFee(m, { rateBps: 299, at: new Date('2027-09-01T12:00:00Z') });
    t.clock.set(new Date('2027-09-02T13:00:00Z'));
    const o = await sell(t, m, { total: 134_970 });
    await sell(t, m, { total: 30_000 });
    await dayAt(t, '2027-09-02');
    t.clock.set(new Date('2027-09-03T13:00:00Z'));
    await cancel(t, o.orderId, 42_000);
    await dayAt(t, '2027-09-03');
    const n = await s.bigNumbers(m, 'CURRENT_MONTH');
    // Fees 40,36 + 8,97, 12,56 given back; 420,00 refunded.
    expect(n).toMatchObject({ salesAmount: 1649.7, feeAmount: 36.77, cancellationAmount: -420 });
    expect(Math.round((n.salesAmount - n.feeAmount + n.cancellationAmount) * 100)).toBe(
      Math.round(n.settlementAmount * 100),
    );
  });

  it('exports a month that has a transfer and no sale, with the transfer as the bank received it', async () => {
    const s = t.built.services.settlements;
    const m = await newMerchant(t);
    await s.addConfiguration(m, {
      transferDelayInDays: 5,
      payAllInOneSettlement: true,
      at: new Date('2027-10-01T12:00:00Z'),
    });
    t.clock.set(new Date('2027-10-29T13:00:00Z'));
    await sell(t, m, { total: 25_050 });
    await dayAt(t, '2027-10-29');
    await dayAt(t, '2027-11-03');
    const rows: Record<string, unknown>[] = [];
    for await (const r of s.exportRows(m, 11, 2027)) rows.push(r);
    expect(rows).toMatchObject([{ kind: 'TRANSFER', day: '2027-11-03', amount: 25_050, payout: 25_050 }]);
    expect(await s.hasMonth(m, 11, 2027)).toBe(true);
  });

  it('the CSV of a month with only a transfer is served (not 404), the transfer as the bank received it', async () => {
    const s = t.built.services.settlements;
    const [aurora] = rowsOf(
      await t.built.services.database.db.execute(sql`select id from merchants where name = 'Loja Aurora'`),
    );
    const m = String(aurora?.id);
    await s.addConfiguration(m, {
      transferDelayInDays: 5,
      payAllInOneSettlement: true,
      at: new Date('2028-01-01T12:00:00Z'),
    });
    t.clock.set(new Date('2028-01-29T13:00:00Z'));
    await sell(t, m, { total: 25_050 });
    await dayAt(t, '2028-01-29');
    await dayAt(t, '2028-02-03');
    const { token } = await loginMerchant(t);
    const res = await t.request('GET', `${BASE}/export-csv?month=2&year=2028`, undefined, bearer(token));
    expect(res.status).toBe(200);
    const lines = res.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe(
      'Data;Tipo;Pedido Drip;Pedido da loja;Cliente;Data do pedido;Valor;Taxa;Repasse;Datas de repasse;Saldo devedor compensado;Saldo devedor',
    );
    expect(lines.slice(1)).toEqual(['03/02/2028;Repasse;;;;;250,50;;250,50;03/02/2028;0,00;0,00']);
    // A month after the current one has no extract yet: the spec's message, not a 404.
    const later = await t.request('GET', `${BASE}/export-csv?month=3&year=2028`, undefined, bearer(token));
    expect(later.status).toBe(400);
    expect(later.body.error.message).toBe('Selecione uma data válida');
  });
});
