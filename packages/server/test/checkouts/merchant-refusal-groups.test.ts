/**
 * A merchant never reads an individual fraud signal (spec 8 "Block reason groups"): every answer of the merchant
 * audience — the sales list and detail, the chart, the links, the merchant API — carries the refusal's group.
 */
import {
  DENIAL_REASONS,
  fillPath,
  getCheckout,
  merchantCheckoutDetails,
  merchantCheckoutGraphic,
  merchantCheckoutLinks,
  merchantCheckoutStatistics,
  merchantCheckouts,
} from '@drip/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeyOf } from '../checkout-helpers.ts';
import { bearer, loginMerchant, seededApp } from '../helpers.ts';
import { insertSale, merchantIdOf } from '../merchant-sales-helpers.ts';

let t: Awaited<ReturnType<typeof seededApp>>;
let read: Record<string, string>;
const byReason = new Map<string, string>();
const reasonOfCode = new Map<string, string>();

const FRAUD_SIGNALS = [
  'INVALID_CUSTOMER_DATA',
  'DRIP_MAX_VALUE_GLOBAL',
  'DRIP_MAX_VALUE_PER_DAY',
  'BLOCKED_CUSTOMER_PHONE',
  'BLOCKED_CUSTOMER_CPF',
  'BLOCKED_CUSTOMER_ADDRESS_CEP',
  'BLOCKED_BANK_CODE',
  'ANTI_FRAUD_SCORE',
];
/** Every denial reason but DEFAULT and EXPIRED, whose codes are also group names. */
const INDIVIDUAL = DENIAL_REASONS.filter((r) => r !== 'DEFAULT' && r !== 'EXPIRED');

beforeAll(async () => {
  t = await seededApp();
  read = bearer((await loginMerchant(t, 'leitura@aurora.demo', '+5511976543210')).token);
  const aurora = await merchantIdOf(t, 'Loja Aurora');
  // Today in São Paulo (the clock: 2026-03-10T12:00:00Z), a minute apart: one Drip link refused for each reason.
  let minute = 0;
  for (const reason of DENIAL_REASONS.filter((r) => r !== 'EXPIRED')) {
    minute += 1;
    reasonOfCode.set(`KO-${minute}`, reason);
    byReason.set(
      reason,
      await insertSale(t, {
        merchantId: aurora,
        // Not named after the reason: the code is the merchant's own text, shown as typed.
        code: `KO-${minute}`,
        status: 'KO',
        koReason: reason,
        customerName: 'Maria da Silva',
        creatorEmail: 'admin@aurora.demo',
        createdAt: new Date(Date.parse('2026-03-10T10:00:00Z') + minute * 60_000),
      }),
    );
  }
});
afterAll(async () => {
  await t.dispose();
});

const get = (path: string, headers = read) => t.request('GET', path, undefined, headers);

/** No individual reason code appears anywhere in the answer. */
function expectNoSignal(text: string) {
  for (const reason of INDIVIDUAL) expect(text, reason).not.toContain(reason);
}

describe("refusals as the merchant reads them: spec 8's groups", () => {
  it('the sales list shows FRAUD for every fraud signal, the group for the others', async () => {
    const res = await get(`${merchantCheckouts.path}?size=100&denied=true`);
    expect(res.status).toBe(200);
    expectNoSignal(res.text);
    const reasons = new Map(
      res.body.content.map((c: { code: string; koReason: string }) => [reasonOfCode.get(c.code), c.koReason]),
    );
    for (const signal of FRAUD_SIGNALS) expect(reasons.get(signal), signal).toBe('FRAUD');
    expect(reasons.get('LATE_INSTALMENTS')).toBe('LATE_CUSTOMER');
    expect(reasons.get('ORDER_ABOVE_MAX_VALUE')).toBe('CUSTOMER_LIMIT');
    expect(reasons.get('LEGALLY_PROTECTED_MINOR')).toBe('DEFAULT');
    expect(reasons.get('DEFAULT')).toBe('DEFAULT');
  });

  it('the detail, the links and the merchant API carry the group too', async () => {
    const apiKey = bearer(await apiKeyOf(t, 'Loja Aurora'));
    for (const signal of FRAUD_SIGNALS) {
      const id = byReason.get(signal) ?? '';
      const detail = await get(fillPath(merchantCheckoutDetails.path, { id }));
      expect(detail.body.koReason, signal).toBe('FRAUD');
      expectNoSignal(detail.text);
      const api = await get(fillPath(getCheckout.path, { id }), apiKey);
      expect(api.status).toBe(200);
      expect(api.body.koReason, signal).toBe('FRAUD');
      expectNoSignal(api.text);
    }
    const links = await get(`${merchantCheckoutLinks.path}?size=100`);
    expectNoSignal(links.text);
    const blocked = links.body.content.find(
      (l: { code: string }) => reasonOfCode.get(l.code) === 'BLOCKED_CUSTOMER_CPF',
    );
    expect(blocked.koReason).toBe('FRAUD');
  });

  it('the chart counts the refusals per group; the big numbers count them all', async () => {
    const chart = await get(`${merchantCheckoutGraphic.path}?period=DAILY`);
    expect(chart.status).toBe(200);
    expectNoSignal(chart.text);
    const totals = new Map<string, number>();
    for (const item of chart.body)
      for (const r of item.reasons as { reason: string; quantity: number }[])
        totals.set(r.reason, (totals.get(r.reason) ?? 0) + r.quantity);
    expect(totals.get('FRAUD')).toBe(FRAUD_SIGNALS.length);
    expect(totals.get('DEFAULT')).toBe(2);
    expect([...totals.values()].reduce((a, b) => a + b, 0)).toBe(byReason.size);
    const stats = await get(`${merchantCheckoutStatistics.path}?period=DAILY`);
    expect(stats.body.checkoutsDenied).toBe(byReason.size);
  });
});
