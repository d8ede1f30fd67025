import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { manualClock, offsetClock } from '../../src/clock.ts';
import { createLogger } from '../../src/log.ts';
import { isTransferDay, nextTransferDay } from '../../src/modules/settlements/calendar.ts';
import { payoutConfig } from '../../src/modules/settlements/config.ts';
import { feeGivenBack, feeOf, planSale } from '../../src/modules/settlements/plan.ts';
import { seededApp, testConfig } from '../helpers.ts';
import {
  cancel,
  dayAt,
  entriesOf,
  markPaid,
  newMerchant,
  payoutsOf,
  sell,
  transfersOf,
} from '../settlements-helpers.ts';

describe('transfer days', () => {
  it('BUSINESS_DAYS_ONLY skips weekends and national and bank holidays; WEEKDAYS_ONLY only weekends', () => {
    // 2026-04-21 Tiradentes (Tuesday); 2026-02-16/17 Carnaval (bank holiday); 2026-03-14 is a Saturday.
    expect(nextTransferDay('BUSINESS_DAYS_ONLY', '2026-04-21')).toBe('2026-04-22');
    expect(nextTransferDay('WEEKDAYS_ONLY', '2026-04-21')).toBe('2026-04-21');
    expect(nextTransferDay('BUSINESS_DAYS_ONLY', '2026-02-14')).toBe('2026-02-18');
    expect(nextTransferDay('WEEKDAYS_ONLY', '2026-03-14')).toBe('2026-03-16');
    expect(nextTransferDay('EVERY_DAY', '2026-03-14')).toBe('2026-03-14');
    expect(isTransferDay('BUSINESS_DAYS_ONLY', '2026-12-25')).toBe(false);
  });

  it('fees round half up and a full cancellation gives back exactly the sale fee, whatever the steps', () => {
    expect(feeOf(30_000, 299)).toBe(897);
    expect(feeOf(50, 100)).toBe(1); // 0,5 centavo rounds up
    const sale = { amount: 10_001, saleFee: feeOf(10_001, 333), rateBps: 333 };
    const steps = [1, 3_333, 7_000, 10_001];
    let before = 0;
    let back = 0;
    for (const after of steps) {
      back += feeGivenBack({ ...sale, before, after });
      before = after;
    }
    expect(back).toBe(sale.saleFee);
  });

  it('one transfer per instalment: shares follow the due dates plus the delay, and sum to the payout', () => {
    const parts = planSale({
      day: '2026-03-10',
      payout: 29_103,
      instalments: [
        { id: 'a', number: 1, dueDate: '2026-03-25', amount: 10_000, paid: false },
        { id: 'b', number: 2, dueDate: '2026-04-24', amount: 10_000, paid: false },
        { id: 'c', number: 3, dueDate: '2026-05-24', amount: 10_000, paid: false },
      ],
      configuration: { id: null, transferDelayInDays: 5, payAllInOneSettlement: false },
      paymentType: 'BUSINESS_DAYS_ONLY',
      whenInstalmentPaid: true,
    });
    expect(parts.map((p) => [p.dueDate, p.amount, p.waitFor, p.instalmentId])).toEqual([
      ['2026-03-30', 9_701, 'INSTALMENT', 'a'],
      ['2026-04-29', 9_701, 'INSTALMENT', 'b'],
      ['2026-05-29', 9_701, 'INSTALMENT', 'c'],
    ]);
  });
});

describe('payout configuration', () => {
  it('defaults to the sandbox bank; Stark Bank needs its project and key; bad values are reported', () => {
    const problems: string[] = [];
    expect(payoutConfig({}, problems)).toEqual({ provider: 'sandbox' });
    const stark = payoutConfig(
      {
        PAYOUT_PROVIDER: 'starkbank',
        PAYOUT_STARKBANK_DESTINATION: 'cheque',
        STARKBANK_PRIVATE_KEY: '-----BEGIN EC PRIVATE KEY-----\\nabc\\n-----END EC PRIVATE KEY-----',
      },
      problems,
    );
    expect(stark.starkbank?.privateKey).toContain('\nabc\n');
    expect(problems).toEqual([
      'STARKBANK_PROJECT_ID is required when PAYOUT_PROVIDER=starkbank',
      'PAYOUT_STARKBANK_DESTINATION must be pix or bank_account (got "cheque")',
    ]);
  });
});

describe('settlement engine', () => {
  let t: Awaited<ReturnType<typeof seededApp>>;
  beforeAll(async () => {
    t = await seededApp();
  });
  afterAll(async () => {
    await t.dispose();
  });
  const s = () => t.built.services.settlements;

  it('a sale becomes a Venda row with the fee active when the order was made, and is paid out once', async () => {
    t.clock.set(new Date('2026-03-10T12:00:00Z'));
    const m = await newMerchant(t);
    await s().addFee(m, { rateBps: 299, at: new Date('2026-03-01T12:00:00Z') });
    const { orderId } = await sell(t, m, { total: 30_000 });
    // A fee created after the order does not apply to it.
    await s().addFee(m, { rateBps: 999, at: new Date('2026-03-10T12:30:00Z') });
    await dayAt(t, '2026-03-10');
    await dayAt(t, '2026-03-10');
    const [entry] = await entriesOf(t, m);
    expect(entry).toMatchObject({ orderId, kind: 'SALE', day: '2026-03-10', amount: 30_000, feeAmount: 897 });
    expect(entry?.payoutAmount).toBe(29_103);
    const payouts = await payoutsOf(t, m);
    expect(payouts.map((p) => [p.transferDate, p.amount, p.status])).toEqual([
      ['2026-03-10', 29_103, 'PAID'],
    ]);
    const transfers = await transfersOf(t, m);
    expect(transfers.map((x) => [x.amount, x.externalId])).toEqual([[29_103, payouts[0]?.externalId]]);
    expect(transfers[0]?.destination).toBe('Pix financeiro@loja.example');
  });

  it('the delay and BUSINESS_DAYS_ONLY move the transfer past a national holiday', async () => {
    t.clock.set(new Date('2026-04-16T12:00:00Z'));
    const m = await newMerchant(t, { settlementPaymentType: 'BUSINESS_DAYS_ONLY' });
    await s().addConfiguration(m, { transferDelayInDays: 5, payAllInOneSettlement: true });
    await sell(t, m, { total: 10_000 });
    await dayAt(t, '2026-04-16');
    await dayAt(t, '2026-04-21'); // Tiradentes: nothing
    expect(await payoutsOf(t, m)).toEqual([]);
    await dayAt(t, '2026-04-22');
    expect((await payoutsOf(t, m)).map((p) => [p.transferDate, p.amount, p.status])).toEqual([
      ['2026-04-22', 10_000, 'PAID'],
    ]);
  });

  it('refuses a delay outside 0, 5, 7, 15, 30, 45 and a fee outside 0–100 %', async () => {
    const m = await newMerchant(t);
    await expect(
      s().addConfiguration(m, { transferDelayInDays: 10, payAllInOneSettlement: true }),
    ).rejects.toMatchObject({
      code: 'INVALID_TRANSFER_DELAY',
    });
    await expect(s().addFee(m, { rateBps: 10_001 })).rejects.toMatchObject({ code: 'INVALID_FEE' });
  });

  it('an expired configuration is not the active one', async () => {
    t.clock.set(new Date('2026-06-01T12:00:00Z'));
    const m = await newMerchant(t);
    await s().addConfiguration(m, {
      transferDelayInDays: 30,
      payAllInOneSettlement: true,
      at: new Date('2026-05-01T12:00:00Z'),
    });
    await s().addConfiguration(m, {
      transferDelayInDays: 45,
      payAllInOneSettlement: true,
      expirationDate: '2026-05-20',
      at: new Date('2026-05-10T12:00:00Z'),
    });
    await sell(t, m, { total: 5_000 });
    await dayAt(t, '2026-06-01');
    await dayAt(t, '2026-07-01');
    expect((await payoutsOf(t, m)).map((p) => p.transferDate)).toEqual(['2026-07-01']);
  });

  it('settlementWhenInstalmentPaid: each instalment share waits for its payment, then goes on the next transfer day', async () => {
    t.clock.set(new Date('2026-03-10T12:00:00Z'));
    const m = await newMerchant(t, { settlementWhenInstalmentPaid: true });
    await s().addConfiguration(m, { transferDelayInDays: 0, payAllInOneSettlement: false });
    const { instalmentIds } = await sell(t, m, { total: 30_000, firstDueDate: '2026-03-20' });
    await dayAt(t, '2026-03-10');
    await dayAt(t, '2026-03-25'); // instalment 1 due, unpaid
    expect(await payoutsOf(t, m)).toEqual([]);
    await markPaid(t, instalmentIds[0] as string);
    await dayAt(t, '2026-03-26');
    expect((await payoutsOf(t, m)).map((p) => [p.transferDate, p.amount])).toEqual([['2026-03-26', 10_000]]);
    // Instalment 3 paid early: its share still waits for its due date (+ delay).
    await markPaid(t, instalmentIds[2] as string);
    await dayAt(t, '2026-04-20');
    expect((await payoutsOf(t, m)).map((p) => p.amount)).toEqual([10_000]);
  });

  it('a cancellation first offsets what was not transferred; beyond that the merchant carries a debt netted later', async () => {
    t.clock.set(new Date('2026-08-03T12:00:00Z'));
    const m = await newMerchant(t);
    await s().addFee(m, { rateBps: 500, at: new Date('2026-08-01T12:00:00Z') });
    const a = await sell(t, m, { total: 20_000 });
    await dayAt(t, '2026-08-03'); // paid 19 000
    await cancel(t, a.orderId, 20_000);
    await dayAt(t, '2026-08-04');
    const entries = await entriesOf(t, m);
    expect(entries.map((e) => [e.kind, e.day, e.amount, e.feeAmount, e.payoutAmount])).toEqual([
      ['SALE', '2026-08-03', 20_000, 1_000, 19_000],
      ['CANCELLATION', '2026-08-04', -20_000, -1_000, -19_000],
    ]);
    let payouts = await payoutsOf(t, m);
    expect(payouts.map((p) => [p.transferDate, p.amount, p.debtOut, p.status])).toEqual([
      ['2026-08-03', 19_000, 0, 'PAID'],
      ['2026-08-04', 0, -19_000, 'NONE'],
    ]);
    // The next sales net the debt: 9 500 then 14 250 → nothing, then 4 750.
    t.clock.set(new Date('2026-08-05T12:00:00Z'));
    await sell(t, m, { total: 10_000 });
    await dayAt(t, '2026-08-05');
    t.clock.set(new Date('2026-08-06T12:00:00Z'));
    await sell(t, m, { total: 15_000 });
    await dayAt(t, '2026-08-06');
    payouts = await payoutsOf(t, m);
    expect(payouts.slice(2).map((p) => [p.transferDate, p.debtIn, p.amount, p.debtOut])).toEqual([
      ['2026-08-05', -19_000, 0, -9_500],
      ['2026-08-06', -9_500, 4_750, 0],
    ]);
    expect((await transfersOf(t, m)).map((x) => x.amount)).toEqual([19_000, 4_750]);
  });

  it('a cancellation before the transfer reduces it (no debt); a partial one counts only the growth', async () => {
    t.clock.set(new Date('2026-09-01T12:00:00Z'));
    const m = await newMerchant(t);
    await s().addConfiguration(m, { transferDelayInDays: 7, payAllInOneSettlement: true });
    const a = await sell(t, m, { total: 10_000 });
    await dayAt(t, '2026-09-01');
    await cancel(t, a.orderId, 2_500);
    await dayAt(t, '2026-09-02');
    await dayAt(t, '2026-09-02');
    await cancel(t, a.orderId, 1_000);
    await dayAt(t, '2026-09-03');
    expect((await entriesOf(t, m)).map((e) => e.amount)).toEqual([10_000, -2_500, -1_000]);
    await dayAt(t, '2026-09-08');
    expect((await payoutsOf(t, m)).map((p) => [p.transferDate, p.amount, p.debtOut])).toEqual([
      ['2026-09-08', 6_500, 0],
    ]);
  });

  it('a failed payout is retried with back-off and paid once', async () => {
    t.clock.set(new Date('2026-10-01T12:00:00Z'));
    const m = await newMerchant(t);
    await sell(t, m, { total: 7_000 });
    const port = (t.built.services.settlements as unknown as { o: { payouts: { transfer: unknown } } }).o
      .payouts;
    const real = port.transfer as (r: unknown) => Promise<unknown>;
    let calls = 0;
    port.transfer = async (r: unknown) => {
      calls++;
      if (calls <= 2) throw new Error('bank unavailable');
      return real.call(port, r);
    };
    try {
      await dayAt(t, '2026-10-01');
      let [p] = await payoutsOf(t, m);
      expect(p).toMatchObject({ status: 'PENDING', attempts: 1, lastError: 'bank unavailable' });
      await s().payoutQueue.drain(); // not due yet (30 s back-off)
      expect(calls).toBe(1);
      t.clock.advance(31_000);
      await s().payoutQueue.drain();
      t.clock.advance(61_000);
      await s().payoutQueue.drain();
      [p] = await payoutsOf(t, m);
      expect(p).toMatchObject({ status: 'PAID', attempts: 3, amount: 7_000 });
      expect(calls).toBe(3);
      expect(await transfersOf(t, m)).toHaveLength(1);
    } finally {
      port.transfer = real;
    }
  });

  it('a crash between the transfer and the commit does not pay twice', async () => {
    t.clock.set(new Date('2026-10-05T12:00:00Z'));
    const m = await newMerchant(t);
    await sell(t, m, { total: 8_000 });
    const port = (t.built.services.settlements as unknown as { o: { payouts: { transfer: unknown } } }).o
      .payouts;
    const real = port.transfer as (r: unknown) => Promise<unknown>;
    let crashed = false;
    // The bank takes the transfer; the process dies before the payout row and the task are marked.
    port.transfer = async (r: unknown) => {
      await real.call(port, r);
      if (!crashed) {
        crashed = true;
        throw new Error('process died');
      }
      return real.call(port, r);
    };
    try {
      await dayAt(t, '2026-10-05');
      expect((await payoutsOf(t, m))[0]?.status).toBe('PENDING');
      expect(await transfersOf(t, m)).toHaveLength(1);
      t.clock.advance(5 * 60_000);
      await s().payoutQueue.drain();
      await s().payoutQueue.drain();
      expect((await payoutsOf(t, m))[0]?.status).toBe('PAID');
      const transfers = await transfersOf(t, m);
      expect(transfers.map((x) => x.amount)).toEqual([8_000]);
    } finally {
      port.transfer = real;
    }
  });

  it('MALGA_STARKBANK merchants are settled but not paid through Drip', async () => {
    t.clock.set(new Date('2026-10-07T12:00:00Z'));
    const m = await newMerchant(t, { paymentPlatform: 'MALGA_STARKBANK' });
    await sell(t, m, { total: 4_000 });
    await dayAt(t, '2026-10-07');
    expect((await payoutsOf(t, m)).map((p) => [p.amount, p.status])).toEqual([[4_000, 'EXTERNAL']]);
    expect(await transfersOf(t, m)).toEqual([]);
  });

  it('the sandbox bank page lists the transfers', async () => {
    const res = await t.request('GET', '/sandbox/bank');
    expect(res.status).toBe(200);
    expect(res.text).toContain('Repasses recebidos');
    expect(res.text).toContain('Pix financeiro@loja.example');
  });

  it('moving the sandbox clock runs the settlements and the payouts', async () => {
    const base = manualClock(new Date('2026-11-02T12:00:00Z'));
    const clock = offsetClock(base);
    const built = buildApp({
      config: testConfig(),
      database: t.database,
      clock,
      log: createLogger('silent'),
    });
    const m = await newMerchant(t);
    await s().addConfiguration(m, { transferDelayInDays: 5, payAllInOneSettlement: true });
    await sell({ built, clock: base }, m, { total: 3_000 });
    await built.services.settlements.run();
    expect(await payoutsOf(t, m)).toEqual([]);
    const res = await built.app.request('/sandbox/clock', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advanceDays: 5 }),
    });
    expect(res.status).toBe(200);
    expect((await payoutsOf(t, m)).map((p) => [p.transferDate, p.amount, p.status])).toEqual([
      ['2026-11-07', 3_000, 'PAID'],
    ]);
  });
});
