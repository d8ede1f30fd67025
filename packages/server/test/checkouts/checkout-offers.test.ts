/**
 * What the checkout offers the shopper and what its anonymous calls accept: the instalment counts (a flexible
 * merchant up to its maximum capped at what `{totalInstalments}` accepts, any other merchant in 3), the first due
 * date with an optional entry, the waiting list (join only), the feedback reasons, an archived merchant's checkout.
 */
import {
  addDaysIso,
  checkoutPaths,
  FEEDBACK_REASONS,
  instalmentOptions,
  reaisToCents,
  todayInSaoPaulo,
} from '@drip/core';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkouts } from '../../src/modules/checkouts/tables.ts';
import { merchants } from '../../src/modules/merchants/tables.ts';
import { instalments, orders } from '../../src/modules/orders/tables.ts';
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
  toAnalysis,
} from '../checkout-helpers.ts';
import { seededApp } from '../helpers.ts';

let t: Awaited<ReturnType<typeof seededApp>>;
let aurora: string;
let pitanga: string;
let today: string;

beforeAll(async () => {
  t = await seededApp();
  aurora = await apiKeyOf(t, AURORA);
  pitanga = await apiKeyOf(t, PITANGA);
  today = todayInSaoPaulo(t.clock);
});
afterAll(async () => {
  await t.dispose();
});

type MerchantSet = Partial<typeof merchants.$inferInsert>;
const seeded: Record<string, MerchantSet> = {
  [AURORA]: { maxInstalments: 12, flexibleInstallments: true, status: 'ENABLED' },
  [PITANGA]: { maxInstalments: 3, flexibleInstallments: false, status: 'ENABLED' },
};
const setMerchant = (name: string, set: MerchantSet) =>
  t.database.db.update(merchants).set(set).where(eq(merchants.name, name));
afterEach(async () => {
  for (const [name, set] of Object.entries(seeded)) await setMerchant(name, set);
});

async function merchantId(name: string): Promise<string> {
  const [m] = await t.database.db
    .select({ id: merchants.id })
    .from(merchants)
    .where(eq(merchants.name, name));
  if (!m) throw new Error(name);
  return m.id;
}

let seed = 7100;
/** A fresh shopper's checkout, through the analysis (verification Pix paid). */
async function analysed(apiKey: string, amount: number) {
  seed += 1;
  const s = freshShopper(seed);
  const id = await createCheckout(t, apiKey, { amount });
  const res = await toAnalysis(t, id, s.cpf, s.phone);
  expect(res.body.result, res.text).toBe('MORE_INFO');
  return { id, res };
}

const simulator = (query: string) => t.request('GET', `${checkoutPaths.instalmentsSimulator}?${query}`);

describe('instalment counts offered', () => {
  it('a flexible merchant with maxInstalments above 24 offers, shows and simulates at most 24', async () => {
    await setMerchant(AURORA, { maxInstalments: 30 });
    const { id, res } = await analysed(aurora, 600);
    expect(field(res, 'merchantSummary').fieldData.maxInstalments).toBe(24);
    const options = field(res, 'instalmentSelection').fieldData.options;
    expect(options.at(-1).totalInstalments).toBe(24);
    expect(options).toHaveLength(23);
    const bySimulator = await simulator(`checkoutId=${id}`);
    expect(bySimulator.body.maxInstalments).toBe(24);
    const byMerchant = await simulator(`amount=600&merchantId=${await merchantId(AURORA)}`);
    expect(byMerchant.body).toMatchObject({ flexibleInstallments: true, maxInstalments: 24 });
    expect((await put(t, id, { totalInstalments: 25 })).status).toBe(400);
    const chosen = await put(t, id, { totalInstalments: 24 });
    expect(chosen.status).toBe(200);
    expect(field(chosen, 'instalments').fieldData).toHaveLength(24);
  });

  it('a merchant that is not flexible sells in 3, whatever its maxInstalments', async () => {
    await setMerchant(PITANGA, { maxInstalments: 6 });
    const { id, res } = await analysed(pitanga, 600);
    expect(field(res, 'merchantSummary').fieldData).toMatchObject({
      flexibleInstallments: false,
      maxInstalments: 3,
    });
    expect(fieldNames(res)).toContain('checkoutConfirmation');
    expect(field(res, 'instalments').fieldData.map((i: { amount: number }) => i.amount)).toEqual([
      200, 200, 200,
    ]);
    for (const query of [`checkoutId=${id}`, `amount=600&merchantId=${await merchantId(PITANGA)}`]) {
      const sim = await simulator(query);
      expect(sim.body, query).toMatchObject({ flexibleInstallments: false, maxInstalments: 3 });
      expect(sim.body.instalments, query).toHaveLength(3);
    }
    const ok = await put(t, id, { checkoutConfirmed: true });
    expect(ok.body.result).toBe('OK');
    expect(field(ok, 'instalments').fieldData).toHaveLength(3);
  });

  it('a merchant saved without the flag is flexible (spec 3)', async () => {
    const [row] = await t.database.db
      .insert(merchants)
      .values({ name: 'Loja Nova', initials: 'LN', apiKey: 'flexible-default-key' })
      .returning({ flexible: merchants.flexibleInstallments });
    expect(row?.flexible).toBe(true);
  });
});

describe('the money shown is the money charged', () => {
  it('R$ 299,90: each option labels the plan the checkout shows, the simulator gives and the order books', async () => {
    const { id, res } = await analysed(aurora, 299.9);
    const summary = field(res, 'merchantSummary').fieldData;
    const total = reaisToCents(summary.totalAmount);
    const offered = field(res, 'instalmentSelection').fieldData.options;
    // The labels the shopper reads are core's, for the server's counts.
    const labels = instalmentOptions(total, summary.maxInstalments, summary.upfrontPaymentStatus).options;
    expect(labels.map((o) => o.totalInstalments)).toEqual(
      offered.map((o: { totalInstalments: number }) => o.totalInstalments),
    );
    for (const o of offered) {
      const label = labels.find((l) => l.totalInstalments === o.totalInstalments);
      // The wire's amount is the first instalment, the label's first amount.
      expect(reaisToCents(o.instalmentAmount)).toBe(label?.amounts[0]);
    }
    const three = labels.find((l) => l.totalInstalments === 3);
    expect(three?.label).toBe('3x (1x R$\u00A099,98 + 2x R$\u00A099,96) sem juros');
    const selected = await put(t, id, { totalInstalments: 3 });
    const shown = field(selected, 'instalments').fieldData;
    expect(shown.map((i: { amount: number }) => reaisToCents(i.amount))).toEqual(three?.amounts);
    const simulated = await simulator(`amount=299.90&merchantId=${await merchantId(AURORA)}`);
    expect(simulated.body.instalments.map((i: { amount: number }) => i.amount)).toEqual([
      99.98, 99.96, 99.96,
    ]);
    const ok = await put(t, id, { checkoutConfirmed: true });
    expect(ok.body.result).toBe('OK');
    const [order] = await t.database.db.select().from(orders).where(eq(orders.checkoutId, id));
    if (!order) throw new Error('no order');
    const booked = await t.database.db
      .select({ amount: instalments.amount, cashbackAmount: instalments.cashbackAmount })
      .from(instalments)
      .where(eq(instalments.orderId, order.id))
      .orderBy(instalments.number);
    expect(booked.map((b) => b.amount)).toEqual(three?.amounts);
    // The cashback the review screen showed is the one booked, on the same instalments.
    expect(booked.map((b) => b.cashbackAmount)).toEqual(
      shown.map((i: { cashbackAmount: number }) => reaisToCents(i.cashbackAmount)),
    );
  });
});

describe('upfront OPTIONAL: the first due date and the entry', () => {
  it('defaults to "sem entrada" due today + 15; choosing + 15 is accepted; confirmation approves at once', async () => {
    const { id } = await analysed(aurora, 300);
    const selected = await put(t, id, { totalInstalments: 3 });
    expect(field(selected, 'upfrontFirstInstalment')).toBeUndefined();
    const plan = field(selected, 'instalments').fieldData;
    expect(plan.map((i: { dueDate: string }) => i.dueDate)).toEqual([
      addDaysIso(today, 15),
      addDaysIso(today, 45),
      addDaysIso(today, 75),
    ]);
    const same = await put(t, id, { firstInstallmentsDate: addDaysIso(today, 15) });
    expect(same.status).toBe(200);
    expect(field(same, 'instalments').fieldData).toEqual(plan);
    expect(field(same, 'upfrontFirstInstalment')).toBeUndefined();
    const ok = await put(t, id, { checkoutConfirmed: true });
    expect(ok.body.result).toBe('OK');
    expect(field(ok, 'instalments').fieldData).toEqual(plan);
  });

  it('today is "com entrada" (the first instalment by Pix at confirmation); a later date undoes it', async () => {
    const { id } = await analysed(aurora, 300);
    await put(t, id, { totalInstalments: 3 });
    const entry = await put(t, id, { firstInstallmentsDate: today });
    expect(entry.status).toBe(200);
    expect(field(entry, 'instalments').fieldData[0].dueDate).toBe(today);
    expect(field(entry, 'upfrontFirstInstalment').fieldData).toEqual({ amount: 100 });
    const later = await put(t, id, { firstInstallmentsDate: addDaysIso(today, 10) });
    expect(field(later, 'upfrontFirstInstalment')).toBeUndefined();
    expect(field(later, 'instalments').fieldData[0].dueDate).toBe(addDaysIso(today, 10));
    await put(t, id, { firstInstallmentsDate: today });
    const pix = await put(t, id, { checkoutConfirmed: true });
    expect(pix.body.result).toBe('MORE_INFO');
    expect(field(pix, 'paymentForFirstInstalment').fieldData.amount).toBe(100);
  });

  it('without upfront (DISABLED) today is refused: the window is 1 to 31 days', async () => {
    const { id } = await analysed(pitanga, 300);
    const res = await put(t, id, { firstInstallmentsDate: today });
    expect(res.status).toBe(422);
    expect(field(await put(t, id), 'instalments').fieldData[0].dueDate).toBe(addDaysIso(today, 15));
  });
});

describe('the waiting list accepts only CONFIRMED', () => {
  async function waiting() {
    seed += 1;
    const s = freshShopper(seed);
    const id = await createCheckout(t, pitanga, { amount: 2500 });
    const res = await toAnalysis(t, id, s.cpf, s.phone);
    expect(field(res, 'koVariables').fieldData.waitlistStatus).toBe('WAITING_RESPONSE');
    return id;
  }

  it('any other status is refused with 400 and changes nothing', async () => {
    const id = await waiting();
    for (const newStatus of ['DENIED', 'WAITING_RESPONSE', 'confirmed']) {
      const res = await t.request('POST', checkoutPaths.updateWaitlist(id), {
        oldStatus: 'WAITING_RESPONSE',
        newStatus,
      });
      expect(res.status, newStatus).toBe(400);
    }
    expect(field(await put(t, id), 'koVariables').fieldData.waitlistStatus).toBe('WAITING_RESPONSE');
    const joined = await t.request('POST', checkoutPaths.updateWaitlist(id), {
      oldStatus: 'WAITING_RESPONSE',
      newStatus: 'CONFIRMED',
    });
    expect(joined.body).toEqual({ status: 'CONFIRMED' });
    const again = await t.request('POST', checkoutPaths.updateWaitlist(id), {
      oldStatus: 'CONFIRMED',
      newStatus: 'CONFIRMED',
    });
    expect(again.status).toBe(200);
  });

  it('a list Drip denied cannot be joined', async () => {
    const id = await waiting();
    await t.database.db.update(checkouts).set({ waitlistStatus: 'DENIED' }).where(eq(checkouts.id, id));
    const res = await t.request('POST', checkoutPaths.updateWaitlist(id), {
      oldStatus: null,
      newStatus: 'CONFIRMED',
    });
    expect(res.status).toBe(409);
    expect(field(await put(t, id), 'koVariables').fieldData.waitlistStatus).toBe('DENIED');
  });
});

describe('feedback accepts only the six reasons of the page', () => {
  it('each label is stored; any other text is refused', async () => {
    const id = await createCheckout(t, aurora);
    expect(FEEDBACK_REASONS).toHaveLength(6);
    for (const { label } of FEEDBACK_REASONS) {
      const res = await t.request('POST', checkoutPaths.feedback, {
        checkoutID: id,
        feedback: label,
        comment: 'x',
      });
      expect(res.status, label).toBe(201);
    }
    for (const feedback of ['Outra coisa', 'outro motivo', '<script>alert(1)</script>']) {
      const res = await t.request('POST', checkoutPaths.feedback, { checkoutID: id, feedback, comment: 'x' });
      expect(res.status, feedback).toBe(400);
      expect(res.body.error.message).toContain('Selecione um motivo');
    }
  });
});

describe('a merchant archived during the checkout', () => {
  it('is denied with the generic DEFAULT, not FAILED_MERCHANT_ORDER_CONFIRMATION', async () => {
    seed += 1;
    const s = freshShopper(seed);
    const id = await createCheckout(t, pitanga, { amount: 100 });
    const afterToken = await throughToken(t, id, s.cpf, s.phone);
    await setMerchant(PITANGA, { status: 'ARCHIVED' });
    await payPix(t, field(afterToken, 'payment').fieldData.paymentQrCodeText, s.cpf);
    const res = await put(t, id);
    expect(res.body.result).toBe('KO');
    expect(field(res, 'koReason').fieldData).toBe('DEFAULT');
  });
});
