/**
 * The terms an admin sets are the ones the engines read: a new fee is the next order's fee on its `Venda` row, a new
 * cashback is the rate the next checkout shows, a new settlement configuration plans the next sale's transfers and
 * leaves the transfers already planned where they were (docs/settlements.md, "Changing the terms").
 */
import {
  adminCreateMerchantCashback,
  adminCreateMerchantFee,
  adminCreateSettlementConfiguration,
  adminDisableMerchant,
  adminUpdateMerchant,
  instalmentsSimulator,
} from '@drip/core';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { nextTransferDay } from '../../src/modules/settlements/calendar.ts';
import { settlementEntries } from '../../src/modules/settlements/tables.ts';
import { createCheckout, field, put } from '../checkout-helpers.ts';
import { createOrder } from '../instalment-helpers.ts';
import { type AdminApp, createMerchant, merchantForm, withAdminApp } from './admin-merchant-helpers.ts';

let t: AdminApp['t'];
let admin: AdminApp['admin'];
let call: AdminApp['call'];
withAdminApp((app) => {
  ({ t, admin, call } = app);
});

async function saleRow(orderId: string) {
  const [row] = await t.database.db
    .select()
    .from(settlementEntries)
    .where(and(eq(settlementEntries.orderId, orderId), eq(settlementEntries.kind, 'SALE')));
  if (!row) throw new Error('sale not booked');
  return row;
}

describe('the terms are live', () => {
  it("a new fee is the next order's fee and its settlement row's", async () => {
    const created = await createMerchant(t, admin);
    const name = created.body.name as string;
    const before = await createOrder(t, { merchant: name, total: 10_000 });
    t.clock.advance(1000);
    const fee = await call(adminCreateMerchantFee, { merchantId: created.body.id }, { amount: 3 });
    expect(fee.status).toBe(201);
    t.clock.advance(1000);
    const after = await createOrder(t, { merchant: name, total: 10_000 });
    await t.built.services.settlements.run();
    expect(await saleRow(before.id)).toMatchObject({ feeRateBps: 0, feeAmount: 0, payoutAmount: 10_000 });
    expect(await saleRow(after.id)).toMatchObject({ feeRateBps: 300, feeAmount: 300, payoutAmount: 9_700 });
    const detail = await t.built.services.settlements.saleFee(created.body.id, after.id);
    expect(detail).toMatchObject({ rateBps: 300, amount: 300 });
  });

  it("a new cashback is the rate the merchant's next checkout shows", async () => {
    const created = await createMerchant(t, admin);
    const first = await createCheckout(t, created.body.apiKey);
    const sim = (id: string) => t.request('GET', `${instalmentsSimulator.path}?checkoutId=${id}`);
    expect((await sim(first)).body.cashbackRate).toBe(0);
    const cb = await call(adminCreateMerchantCashback, { merchantId: created.body.id }, { ratio: 0.05 });
    expect(cb.status).toBe(201);
    const next = await createCheckout(t, created.body.apiKey);
    const res = await sim(next);
    expect(res.body.cashbackRate).toBe(0.05);
    const total = res.body.instalments.reduce(
      (sum: number, i: { cashbackAmount: number }) => sum + i.cashbackAmount,
      0,
    );
    // Cashback = rate × total (R$ 300,00 → R$ 15,00).
    expect(total).toBeCloseTo(15, 2);
  });

  it('a settlement configuration plans the next sales; transfers already planned keep their dates', async () => {
    const created = await createMerchant(t, admin, { settlementPaymentType: 'BUSINESS_DAYS_ONLY' });
    const name = created.body.name as string;
    const booked = await createOrder(t, { merchant: name });
    await t.built.services.settlements.run();
    const bookedDates = (await saleRow(booked.id)).transferDates;
    // Made before the change, booked after it: the terms of the day it was made.
    const madeBefore = await createOrder(t, { merchant: name });
    t.clock.advance(1000);
    const cfg = await call(
      adminCreateSettlementConfiguration,
      { merchantId: created.body.id },
      { transferDelayInDays: 7, payAllInOneSettlement: true },
    );
    expect(cfg.status).toBe(201);
    t.clock.advance(1000);
    const next = await createOrder(t, { merchant: name });
    await t.built.services.settlements.run();
    const day = (await saleRow(next.id)).day;
    expect((await saleRow(booked.id)).transferDates).toBe(bookedDates);
    expect((await saleRow(madeBefore.id)).transferDates).toBe(bookedDates);
    const plusSeven = new Date(`${day}T12:00:00Z`);
    plusSeven.setUTCDate(plusSeven.getUTCDate() + 7);
    const expected = nextTransferDay('BUSINESS_DAYS_ONLY', plusSeven.toISOString().slice(0, 10));
    expect((await saleRow(next.id)).transferDates).toBe(expected);
    expect((await saleRow(next.id)).configurationId).toBe(cfg.body.id);
  });

  it("the merchant form's limits change the next checkout; disabling stops the API key", async () => {
    const created = await createMerchant(t, admin);
    const update = await call(
      adminUpdateMerchant,
      { merchantId: created.body.id },
      merchantForm({ name: created.body.name, flexibleInstallments: true, maxInstalments: 6 }),
    );
    expect(update.status).toBe(200);
    const id = await createCheckout(t, created.body.apiKey);
    const sim = await t.request('GET', `${instalmentsSimulator.path}?checkoutId=${id}`);
    expect(sim.body).toMatchObject({ flexibleInstallments: true, maxInstalments: 6 });
    // The shopper's first answer carries the merchant's new terms.
    const renamed = await call(
      adminUpdateMerchant,
      { merchantId: created.body.id },
      merchantForm({ name: 'Loja Reaberta', upfrontPaymentStatus: 'MANDATORY', flexibleInstallments: false }),
    );
    expect(renamed.status).toBe(200);
    const summary = field(await put(t, await createCheckout(t, created.body.apiKey)), 'merchantSummary');
    expect(summary.fieldData).toMatchObject({
      name: 'Loja Reaberta',
      upfrontPaymentStatus: 'MANDATORY',
      flexibleInstallments: false,
    });
    const off = await call(adminDisableMerchant, { merchantId: created.body.id });
    expect(off.status).toBe(200);
    await expect(createCheckout(t, created.body.apiKey)).rejects.toThrow(/create failed: 401/);
  });
});
