/** Big numbers and the chart of 'Minhas Vendas' (spec 3, 7, 9): OK and KO only, expired left out, São Paulo days. */
import { merchantCheckoutGraphic, merchantCheckoutStatistics } from '@drip/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginMerchant, seededApp } from '../helpers.ts';
import { insertSale, merchantIdOf } from '../merchant-sales-helpers.ts';

let t: Awaited<ReturnType<typeof seededApp>>;
let read: Record<string, string>;

// The app's clock: Tuesday 2026-03-10T12:00:00Z (09:00 in São Paulo); the week started on Monday the 9th.
const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  t = await seededApp();
  read = bearer((await loginMerchant(t, 'leitura@aurora.demo', '+5511976543210')).token);
  const aurora = await merchantIdOf(t, 'Loja Aurora');
  const pitanga = await merchantIdOf(t, 'Casa Pitanga');
  const sale = (spec: Omit<Parameters<typeof insertSale>[1], 'merchantId'>) =>
    insertSale(t, { merchantId: aurora, ...spec });
  // Today (the 10th in São Paulo): 2 approved (R$ 100 + R$ 50), 1 denied, 1 expired, 1 open.
  await sale({ amount: 10_000, createdAt: at('2026-03-10T03:30:00Z') });
  await sale({ amount: 5_000, createdAt: at('2026-03-10T11:10:00Z') });
  await sale({ status: 'KO', koReason: 'LATE_INSTALMENTS', createdAt: at('2026-03-10T11:20:00Z') });
  await sale({ status: 'KO', koReason: 'EXPIRED', createdAt: at('2026-03-10T04:00:00Z') });
  await sale({ status: 'EXPIRED', createdAt: at('2026-03-10T05:00:00Z') });
  await sale({ status: 'MORE_INFO', createdAt: at('2026-03-10T06:00:00Z') });
  // Yesterday (Monday the 9th, still this week): R$ 100 approved, 1 denied. 02:00 UTC on the 10th is the 9th in SP.
  await sale({ amount: 10_000, createdAt: at('2026-03-10T02:00:00Z') });
  await sale({ status: 'KO', koReason: 'BLOCKED_CUSTOMER_CPF', createdAt: at('2026-03-09T13:00:00Z') });
  // Last week (the 4th) and last month (February): R$ 300 and R$ 200 approved.
  await sale({ amount: 30_000, createdAt: at('2026-03-04T15:00:00Z') });
  await sale({ amount: 20_000, createdAt: at('2026-02-20T15:00:00Z') });
  // Another merchant's sale never counts.
  await insertSale(t, { merchantId: pitanga, amount: 99_900, createdAt: at('2026-03-10T11:00:00Z') });
});
afterAll(async () => {
  await t.dispose();
});

const stats = (period?: string) =>
  t.request('GET', `${merchantCheckoutStatistics.path}${period ? `?period=${period}` : ''}`, undefined, read);
const graphic = (period: string) =>
  t.request('GET', `${merchantCheckoutGraphic.path}?period=${period}`, undefined, read);

describe('GET v2/checkouts/statistics', () => {
  it('counts today by default and compares the approved volume with yesterday', async () => {
    const res = await stats();
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({
      amount: 150,
      comparisonPercentage: 50,
      checkoutsApproved: 2,
      checkoutsDenied: 1,
    });
  });

  it('counts the week from Monday against last week, and the month against the previous one', async () => {
    expect((await stats('WEEKLY')).body).toEqual({
      amount: 250,
      comparisonPercentage: Math.round(((250 - 300) / 300) * 10_000) / 100,
      checkoutsApproved: 3,
      checkoutsDenied: 2,
    });
    expect((await stats('MONTHLY')).body).toEqual({
      amount: 550,
      comparisonPercentage: 175,
      checkoutsApproved: 4,
      checkoutsDenied: 2,
    });
  });

  it('answers a null comparison when the previous period sold nothing', async () => {
    t.clock.advance(40 * 86_400_000);
    try {
      // A token of the later day (the morning's has expired by then).
      const later = bearer((await loginMerchant(t, 'leitura@aurora.demo', '+5511976543210')).token);
      const res = await t.request('GET', `${merchantCheckoutStatistics.path}?period=DAILY`, undefined, later);
      expect(res.body).toEqual({
        amount: 0,
        comparisonPercentage: null,
        checkoutsApproved: 0,
        checkoutsDenied: 0,
      });
    } finally {
      t.clock.advance(-40 * 86_400_000);
    }
  });

  it('refuses an unknown period with 400', async () => {
    const res = await stats('YEARLY');
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBeTruthy();
  });
});

describe('GET v2/checkouts/graphic', () => {
  it('answers 24 hours for today, with approved, denied and the reasons, expired left out', async () => {
    const res = await graphic('DAILY');
    expect(res.status, res.text).toBe(200);
    expect(res.body).toHaveLength(24);
    expect(res.body[0]).toMatchObject({
      initialDate: '2026-03-10T03:00:00.000Z',
      finalDate: '2026-03-10T03:59:59.999Z',
      checkoutsApproved: 1,
      checkoutsDenied: 0,
      reasons: [],
    });
    // 08:00-09:00 in São Paulo: one approved and one denied.
    expect(res.body[8]).toMatchObject({
      checkoutsApproved: 1,
      checkoutsDenied: 1,
      reasons: [{ reason: 'LATE_CUSTOMER', quantity: 1 }],
    });
    const totals = res.body.reduce(
      (sum: number[], item: { checkoutsApproved: number; checkoutsDenied: number }) => [
        (sum[0] ?? 0) + item.checkoutsApproved,
        (sum[1] ?? 0) + item.checkoutsDenied,
      ],
      [0, 0],
    );
    expect(totals).toEqual([2, 1]);
  });

  it('answers the 7 days of the week and the 31 days of March', async () => {
    const week = (await graphic('WEEKLY')).body;
    expect(week).toHaveLength(7);
    expect(week[0]).toMatchObject({
      initialDate: '2026-03-09T03:00:00.000Z',
      checkoutsApproved: 1,
      checkoutsDenied: 1,
      // A blocked CPF is counted in its group: the merchant never reads the signal.
      reasons: [{ reason: 'FRAUD', quantity: 1 }],
    });
    expect(week[1]).toMatchObject({ checkoutsApproved: 2, checkoutsDenied: 1 });
    const month = (await graphic('MONTHLY')).body;
    expect(month).toHaveLength(31);
    expect(month[3]).toMatchObject({ initialDate: '2026-03-04T03:00:00.000Z', checkoutsApproved: 1 });
  });
});
