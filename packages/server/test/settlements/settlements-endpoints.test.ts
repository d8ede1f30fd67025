import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchants } from '../../src/modules/merchants/tables.ts';
import { bearer, loginMerchant, seededApp } from '../helpers.ts';
import { cancel, dayAt, payoutsOf, sell } from '../settlements-helpers.ts';

const BASE = '/merchant_backoffice/api/v1/settlements';

describe('merchant settlement endpoints', () => {
  let t: Awaited<ReturnType<typeof seededApp>>;
  let aurora: string;
  let token: string;
  let pitangaToken: string;
  const get = (path: string, tk = token) => t.request('GET', path, undefined, bearer(tk));

  beforeAll(async () => {
    t = await seededApp();
    const [m] = await t.built.services.database.db
      .select()
      .from(merchants)
      .where(eq(merchants.name, 'Loja Aurora'));
    aurora = m?.id as string;
    const s = t.built.services.settlements;
    await s.addFee(aurora, { rateBps: 250, at: new Date('2027-01-01T12:00:00Z') });
    // Twelve days of January 2027 with one sale each, then a cancellation in February.
    let first = '';
    for (let d = 1; d <= 12; d++) {
      const day = `2027-01-${String(d).padStart(2, '0')}`;
      t.clock.set(new Date(`${day}T13:00:00Z`));
      const { orderId } = await sell(t, aurora, { total: 10_000 + d });
      if (d === 1) first = orderId;
      await dayAt(t, day);
    }
    t.clock.set(new Date('2027-02-03T13:00:00Z'));
    await sell(t, aurora, { total: 40_000 });
    await cancel(t, first, 10_001);
    await dayAt(t, '2027-02-03');
    token = (await loginMerchant(t)).token;
    pitangaToken = (await loginMerchant(t, 'leitura@pitanga.demo', '+5521976541234')).token;
  });
  afterAll(async () => {
    await t.dispose();
  });

  it('lists the current month by default: days newest first, each with its orders, transfers and debt', async () => {
    const res = await get(BASE);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      number: 0,
      size: 10,
      totalElements: 1,
      totalPages: 1,
      from: '2027-02-01',
      to: '2027-02-03',
      transferColumns: 12,
    });
    const [day] = res.body.content;
    // Sale 400,00 − 10,00 fee; cancellation of the 100,01 sale paid in January: −(100,01 − 2,50).
    expect(day.date).toBe('2027-02-03');
    expect(
      day.orders.map((o: { type: string; amount: number; merchantFee: { totalAmount: number } }) => [
        o.type,
        o.amount,
        o.merchantFee.totalAmount,
      ]),
    ).toEqual(
      expect.arrayContaining([
        ['Venda', 400, 10],
        ['Cancelamento', -100.01, -2.5],
      ]),
    );
    expect(day.amount).toBe(292.49);
    expect(day.outstandingBalance).toBe(0);
    // Taken by the day's settlement: its date and what the bank received.
    expect(day.transferDates).toEqual([
      { transferDate: '2027-02-03', amount: 292.49, transferred: true, status: 'PAID' },
    ]);
    expect(day.transfer).toEqual({
      amount: 292.49,
      partsAmount: 292.49,
      debtIn: 0,
      debtOut: 0,
      status: 'PAID',
    });
    expect(day.orders[0].customerName).toBe('Maria da Silva');
  });

  it('pages the previous month ten days at a time', async () => {
    const p0 = await get(`${BASE}?period=PREVIOUS_MONTH`);
    expect(p0.status).toBe(200);
    expect(p0.body).toMatchObject({ totalElements: 12, totalPages: 2, from: '2027-01-01', to: '2027-01-31' });
    expect(p0.body.content).toHaveLength(10);
    expect(p0.body.content[0].date).toBe('2027-01-12');
    const p1 = await get(`${BASE}?period=PREVIOUS_MONTH&page=1`);
    expect(p1.body.content.map((d: { date: string }) => d.date)).toEqual(['2027-01-02', '2027-01-01']);
    expect(p1.body.content[1].orders[0]).toMatchObject({
      type: 'Venda',
      amount: 100.01,
      settlementAmount: 97.51,
    });
  });

  it('refuses an unknown period with a 400 in Portuguese', async () => {
    const res = await get(`${BASE}?period=FOREVER`);
    expect(res.status).toBe(400);
    expect(res.text).toContain('O período deve ser um de');
  });

  it('big numbers of a period', async () => {
    const res = await get(`${BASE}/big_numbers?period=LAST_3_MONTHS`);
    expect(res.status).toBe(200);
    const sales = 12 * 10_000 + 78 + 40_000; // 1 + 2 + … + 12 = 78
    expect(res.body).toMatchObject({
      from: '2026-12-01',
      to: '2027-02-03',
      salesAmount: sales / 100,
      // The amount canceled; the fee it gave back (2,50) is in the fees.
      cancellationAmount: -100.01,
      outstandingBalance: 0,
      scheduledAmount: 0,
    });
    // Transfers made in the period: January's and February's payouts (the demo world's older sales included).
    const paid = (await payoutsOf(t, aurora)).filter(
      (p) => p.transferDate >= '2026-12-01' && p.status === 'PAID',
    );
    expect(res.body.transferredAmount).toBe(paid.reduce((a, p) => a + p.amount, 0) / 100);
  });

  it('another merchant sees none of it', async () => {
    // Pitanga's January holds only its own transfer of the demo world's sales, none of Aurora's rows.
    const res = await get(`${BASE}?period=PREVIOUS_MONTH`, pitangaToken);
    expect(res.status).toBe(200);
    expect(res.body.content.flatMap((d: { orders: unknown[] }) => d.orders)).toEqual([]);
    const csv = await get(`${BASE}/export-csv?month=1&year=2027`, pitangaToken);
    expect(csv.status).toBe(200);
    expect(csv.text).not.toContain('Venda');
    expect((await get(`${BASE}/export-csv?month=12&year=2026`, pitangaToken)).status).toBe(404);
  });

  it('exports a month as CSV named after extract, month and year', async () => {
    const res = await get(`${BASE}/export-csv?month=1&year=2027`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="extrato-01-2027.csv"');
    const lines = res.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe(
      'Data;Tipo;Pedido Drip;Pedido da loja;Cliente;Data do pedido;Valor;Taxa;Repasse;Datas de repasse;Saldo devedor compensado;Saldo devedor',
    );
    expect(lines.filter((l) => l.split(';')[1] === 'Venda')).toHaveLength(12);
    expect(lines[1]).toMatch(
      /^01\/01\/2027;Venda;DRP-[^;]+;PED-[^;]+;Maria da Silva;01\/01\/2027 10:00;100,01;2,50;97,51;04\/01\/2027;;$/,
    );
    // Each transfer on the day it was made, as the bank received it.
    const settled = (await payoutsOf(t, aurora)).filter((p) => p.transferDate.startsWith('2027-01'));
    expect(lines.filter((l) => l.split(';')[1] === 'Repasse')).toHaveLength(settled.length);
    expect(lines).toContain('05/01/2027;Repasse;;;;;97,55;;97,55;05/01/2027;0,00;0,00');
  });

  it('answers 404 with the spec text for a month without rows, 400 for a bad month', async () => {
    const none = await get(`${BASE}/export-csv?month=6&year=2025`);
    expect(none.status).toBe(404);
    expect(none.body.error.message).toBe('Extrato para o período informado não está disponível');
    expect((await get(`${BASE}/export-csv?month=13&year=2027`)).status).toBe(400);
    expect((await get(`${BASE}/export-csv?year=2027`)).status).toBe(400);
  });

  it('the export reads by keyset batches: every row once, in order, whatever the batch', async () => {
    const rows: string[] = [];
    let transfers = 0;
    for await (const r of t.built.services.settlements.exportRows(aurora, 1, 2027, 5)) {
      if (r.kind === 'TRANSFER') transfers++;
      else rows.push(String(r.day));
    }
    expect(rows).toHaveLength(12);
    expect(rows).toEqual([...rows].sort());
    expect(new Set(rows).size).toBe(12);
    expect(transfers).toBe(
      (await payoutsOf(t, aurora)).filter((p) => p.transferDate.startsWith('2027-01')).length,
    );
  });

  it('needs a merchant session', async () => {
    expect((await t.request('GET', BASE)).status).toBe(401);
  });
});
