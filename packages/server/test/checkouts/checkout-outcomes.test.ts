import {
  addDaysIso,
  checkoutPaths,
  type DenialReason,
  formatCpf,
  merchantKoReason,
  shopperKoReason,
  todayInSaoPaulo,
} from '@drip/core';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkouts } from '../../src/modules/checkouts/tables.ts';
import { MAGIC_CPFS } from '../../src/modules/credit/sandbox.ts';
import { outboxMessages } from '../../src/modules/notifications/tables.ts';
import { pixCharges, pspSandboxCobs } from '../../src/modules/payments/tables.ts';
import {
  AURORA,
  apiKeyOf,
  createCheckout,
  customerData,
  field,
  fieldNames,
  freshShopper,
  PITANGA,
  payPix,
  put,
  toAnalysis,
} from '../checkout-helpers.ts';
import { appOn, latestCode, seededApp } from '../helpers.ts';

let t: Awaited<ReturnType<typeof seededApp>>;
let aurora: string;
let pitanga: string;

beforeAll(async () => {
  t = await seededApp();
  aurora = await apiKeyOf(t, AURORA);
  pitanga = await apiKeyOf(t, PITANGA);
});
afterAll(async () => {
  await t.dispose();
});

let seq = 0;
const phone = () => {
  seq += 1;
  return `+5511977${String(seq).padStart(6, '0')}`;
};

const MAGIC_REASONS: [string, DenialReason, number][] = [
  ['90100000010', 'LEGALLY_PROTECTED_MINOR', 100],
  ['90200000047', 'ANTI_FRAUD_SCORE', 100],
  ['90300000073', 'INVALID_CUSTOMER_DATA', 100],
  ['90400000008', 'DEFAULT', 100],
  ['90500000026', 'ORDER_ABOVE_CUSTOMER_MAX_VALUE', 300],
  ['90800000005', 'LATE_INSTALMENTS', 100],
  ['90900000031', 'ACTIVE_ORDERS_WITH_FIRST_INSTALMENT_NOT_PAID', 100],
  ['91000000001', 'ALREADY_HAVE_ACTIVE_ORDER', 100],
  ['91100000038', 'MAX_MULTIPLE_ORDERS_VALUE_PER_CUSTOMER', 300],
  ['91200000064', 'DRIP_MAX_VALUE_PER_DAY', 100],
  ['91300000090', 'DRIP_MAX_VALUE_GLOBAL', 100],
  ['91400000017', 'BLOCKED_CUSTOMER_CPF', 100],
];

/** The reason Drip decided and keeps (the admin reads it); the shopper's answer may carry DEFAULT instead. */
async function storedReason(id: string): Promise<string | null | undefined> {
  const [row] = await t.database.db
    .select({ koReason: checkouts.koReason })
    .from(checkouts)
    .where(eq(checkouts.id, id));
  return row?.koReason;
}

describe('denials through the API (magic CPFs of docs/sandbox.md)', () => {
  it.each(MAGIC_REASONS)('CPF %s → KO %s', async (cpf, reason, amount) => {
    expect(MAGIC_CPFS[cpf]).toBeDefined();
    const id = await createCheckout(t, pitanga, { amount });
    const res = await toAnalysis(t, id, cpf, phone());
    expect(res.body.result, res.text).toBe('KO');
    expect(await storedReason(id)).toBe(reason);
    // The shopper's answer carries the reason when its screen tells it apart, else DEFAULT (the same screen).
    expect(field(res, 'koReason').fieldData).toBe(shopperKoReason(reason));
    const view = await t.request('GET', checkoutPaths.merchantCheckout(id), undefined, {
      authorization: `Bearer ${pitanga}`,
    });
    // The merchant reads its group (spec 8), never a fraud signal.
    expect(view.body).toMatchObject({ status: 'KO', koReason: merchantKoReason(reason) });
  });

  it('ORDER_ABOVE_CUSTOMER_MAX_VALUE carries the allowed amount', async () => {
    const id = await createCheckout(t, pitanga, { amount: 300 });
    const res = await toAnalysis(t, id, '90500000026', phone());
    expect(field(res, 'koVariables').fieldData).toMatchObject({ allowedAmount: 100, blockedLimit: 0 });
    expect(fieldNames(res)).not.toContain('paymentForFullAmount');
  });

  it('ORDER_ABOVE_MAX_VALUE (merchant maximum) for a new shopper offers the waiting list', async () => {
    const s = freshShopper(9001);
    const id = await createCheckout(t, pitanga, { amount: 2500 });
    const res = await toAnalysis(t, id, s.cpf, s.phone);
    expect(field(res, 'koReason').fieldData).toBe('ORDER_ABOVE_MAX_VALUE');
    expect(field(res, 'koVariables').fieldData).toMatchObject({
      allowedAmount: 2000,
      waitlistStatus: 'WAITING_RESPONSE',
    });
    const joined = await t.request('POST', checkoutPaths.updateWaitlist(id), {
      oldStatus: 'WAITING_RESPONSE',
      newStatus: 'CONFIRMED',
    });
    expect(joined.status).toBe(200);
    expect(joined.body).toEqual({ status: 'CONFIRMED' });
    const stale = await t.request('POST', checkoutPaths.updateWaitlist(id), {
      oldStatus: 'WAITING_RESPONSE',
      newStatus: 'CONFIRMED',
    });
    expect(stale.status).toBe(409);
  });

  it('payer CPF different from the customer → INVALID_CUSTOMER_DATA (R$ 1,00 refunded)', async () => {
    const s = freshShopper(9002);
    const other = freshShopper(9003);
    const id = await createCheckout(t, aurora);
    const res = await toAnalysis(t, id, s.cpf, s.phone, { cpf: other.cpf });
    expect(res.body.result).toBe('KO');
    expect(field(res, 'koReason').fieldData).toBe('INVALID_CUSTOMER_DATA');
  });

  it('payer bank on the blocked list → BLOCKED_BANK_CODE', async () => {
    const s = freshShopper(9004);
    const id = await createCheckout(t, aurora);
    const res = await toAnalysis(t, id, s.cpf, s.phone, { bank: '380' });
    expect(await storedReason(id)).toBe('BLOCKED_BANK_CODE');
    expect(field(res, 'koReason').fieldData).toBe('DEFAULT');
  });

  it('blocked phone and CEP', async () => {
    const a = await createCheckout(t, pitanga, { amount: 50 });
    const byPhone = await toAnalysis(t, a, freshShopper(9005).cpf, '+5511900000666');
    expect(await storedReason(a)).toBe('BLOCKED_CUSTOMER_PHONE');
    expect(field(byPhone, 'koReason').fieldData).toBe('DEFAULT');
    const b = await createCheckout(t, pitanga, { amount: 50 });
    const s = freshShopper(9006);
    await put(t, b, customerData(s.cpf, s.phone, { addressCep: '66666-000' }));
    const code = await latestCode(t, s.phone);
    const afterToken = await put(t, b, { phoneVerificationCode: code });
    await payPix(t, field(afterToken, 'payment').fieldData.paymentQrCodeText, s.cpf);
    const byCep = await put(t, b);
    expect(await storedReason(b)).toBe('BLOCKED_CUSTOMER_ADDRESS_CEP');
    expect(field(byCep, 'koReason').fieldData).toBe('DEFAULT');
  });

  it('full-amount Pix after a KO: paying it answers OK with a closed order', async () => {
    const id = await createCheckout(t, pitanga, { amount: 120 });
    const ko = await toAnalysis(t, id, '91200000064', phone());
    expect(ko.body.result).toBe('KO');
    expect(field(ko, 'koReason').fieldData).toBe('DRIP_MAX_VALUE_PER_DAY');
    const offer = field(ko, 'paymentForFullAmount').fieldData;
    expect(offer.amount).toBe(120);
    await payPix(t, offer.paymentQrCodeText, '91200000064');
    const ok = await put(t, id);
    expect(ok.body.result).toBe('OK');
    const view = await t.request('GET', checkoutPaths.merchantCheckout(id), undefined, {
      authorization: `Bearer ${pitanga}`,
    });
    expect(view.body.order).toMatchObject({ status: 'CLOSED' });
    expect(view.body.order.instalments).toEqual([
      expect.objectContaining({ number: 1, amount: 120, status: 'PAID' }),
    ]);
  });
});

describe('token, expiry, cancel and bad steps', () => {
  it('a wrong token then the right one; the used token cannot be replayed', async () => {
    const s = freshShopper(9100);
    const id = await createCheckout(t, aurora);
    await put(t, id, customerData(formatCpf(s.cpf), s.phone));
    const code = await latestCode(t, s.phone);
    const wrong = code === '000000' ? '111111' : '000000';
    const bad = await put(t, id, { phoneVerificationCode: wrong });
    expect(bad.status).toBe(200);
    expect(bad.body.isValid).toBe(false);
    expect(fieldNames(bad)).toContain('phoneVerificationCode');
    const good = await put(t, id, { phoneVerificationCode: code });
    expect(good.body.isValid).toBe(true);
    const replay = await put(t, id, { phoneVerificationCode: code });
    expect(replay.status).toBe(409);
    expect(replay.body.error.message).toBe('Este Drip Token já foi utilizado.');
  });

  it('the right token sent at once to two instances: one verification Pix is stored and shown, no other can be paid', async () => {
    const other = appOn(t.database, { clock: t.clock });
    for (let i = 0; i < 3; i++) {
      const s = freshShopper(9150 + i);
      const id = await createCheckout(t, aurora);
      await put(t, id, customerData(formatCpf(s.cpf), s.phone));
      const code = await latestCode(t, s.phone);
      const answers = await Promise.all([
        put(t, id, { phoneVerificationCode: code }),
        put(other, id, { phoneVerificationCode: code }),
      ]);
      const won = answers.filter((a) => a.status === 200);
      expect(won, answers.map((a) => a.text).join('\n')).toHaveLength(1);
      expect(won[0]?.body.isValid).toBe(true);
      expect(answers.filter((a) => a.status === 409)[0]?.body.error.message).toBe(
        'Este Drip Token já foi utilizado.',
      );
      const shown = field(won[0] as Parameters<typeof field>[0], 'payment')?.fieldData.paymentQrCodeText;
      const stored = await t.database.db.select().from(pixCharges).where(eq(pixCharges.referenceId, id));
      expect(stored.map((c) => [c.purpose, c.status, c.brCode])).toEqual([['VERIFICATION', 'ACTIVE', shown]]);
      // Every cob asked of the PSP for this shopper other than the stored charge's was removed (a write that
      // lost the race stores nothing and leaves nothing payable).
      const cobs = await t.database.db
        .select()
        .from(pspSandboxCobs)
        .where(eq(pspSandboxCobs.devedorCpf, s.cpf));
      for (const cob of cobs) {
        if (cob.txid === stored[0]?.txid) expect(cob.status).toBe('ATIVA');
        else expect(cob.status).toBe('REMOVIDA_PELO_USUARIO_RECEBEDOR');
      }
    }
  });

  it('customer data sent at once to two instances: one SMS per write that applied, the latest code is valid', async () => {
    const other = appOn(t.database, { clock: t.clock });
    for (let i = 0; i < 3; i++) {
      const s = freshShopper(9160 + i);
      const id = await createCheckout(t, aurora);
      const answers = await Promise.all([
        put(t, id, customerData(formatCpf(s.cpf), s.phone)),
        put(other, id, customerData(formatCpf(s.cpf), s.phone)),
      ]);
      expect(answers.map((a) => a.status)).toEqual([200, 200]);
      // Two writes applied (a write that lost the race is decided again on the locked row): two SMS, never a
      // third one for the write that did not apply.
      const sms = await t.database.db
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.to, s.phone))
        .orderBy(desc(outboxMessages.seq));
      expect(sms.map((m) => m.channel)).toEqual(['SMS', 'SMS']);
      const verified = await put(t, id, { phoneVerificationCode: sms[0]?.code });
      expect(verified.body.isValid, verified.text).toBe(true);
    }
  });

  it("a customer who verified a payer after this checkout's customer data skips the R$ 1,00: the prepared cob is removed", async () => {
    const s = freshShopper(9180);
    const later = await createCheckout(t, pitanga);
    await put(t, later, customerData(formatCpf(s.cpf), s.phone));
    const laterCode = await latestCode(t, s.phone);
    const [hint] = await t.database.db.select().from(checkouts).where(eq(checkouts.id, later));
    expect(hint?.returningCustomer).toBe(false);
    // Meanwhile another checkout of the same CPF pays its verification Pix: the payer is now verified.
    const first = await createCheckout(t, pitanga);
    const analysed = await toAnalysis(t, first, formatCpf(s.cpf), s.phone);
    expect(fieldNames(analysed)).toContain('checkoutConfirmation');
    // The hint said "new customer", so the token step asked the PSP for a cob; the one statement's write did not
    // apply (the upserted customer has a verified payer), so the locked path analysed without the R$ 1,00.
    const answer = await put(t, later, { phoneVerificationCode: laterCode });
    expect(answer.body.isValid, answer.text).toBe(true);
    expect(field(answer, 'payment')).toBeUndefined();
    expect(fieldNames(answer)).toContain('checkoutConfirmation');
    const charges = await t.database.db.select().from(pixCharges).where(eq(pixCharges.referenceId, later));
    expect(charges).toEqual([]);
    const cobs = await t.database.db
      .select()
      .from(pspSandboxCobs)
      .where(eq(pspSandboxCobs.devedorCpf, s.cpf));
    expect(cobs.map((c) => c.status).sort()).toEqual(['CONCLUIDA', 'REMOVIDA_PELO_USUARIO_RECEBEDOR']);
    // A third checkout of that CPF is marked as a returning customer's at its customer data.
    const third = await createCheckout(t, pitanga);
    await put(t, third, customerData(formatCpf(s.cpf), s.phone));
    const [marked] = await t.database.db.select().from(checkouts).where(eq(checkouts.id, third));
    expect(marked?.returningCustomer).toBe(true);
  });

  it('customer data of two CPFs sent at once to two instances: the hint always follows the CPF stored last', async () => {
    const other = appOn(t.database, { clock: t.clock });
    const known = freshShopper(9190);
    const first = await createCheckout(t, aurora);
    await toAnalysis(t, first, formatCpf(known.cpf), known.phone);
    for (let i = 0; i < 3; i++) {
      const fresh = freshShopper(9191 + i);
      const id = await createCheckout(t, aurora);
      const answers = await Promise.all([
        put(t, id, customerData(formatCpf(known.cpf), known.phone)),
        put(other, id, customerData(formatCpf(fresh.cpf), fresh.phone)),
      ]);
      expect(answers.map((a) => a.status)).toEqual([200, 200]);
      // The write that lost the race is decided again on the locked row: that path computes the hint too.
      const [row] = await t.database.db.select().from(checkouts).where(eq(checkouts.id, id));
      expect(row?.returningCustomer).toBe(row?.customerData?.customerCpf === known.cpf);
    }
  });

  it('with an SMS adapter that is not the outbox, the code is sent once the write applied', async () => {
    const sent: { to: string; code?: string | undefined }[] = [];
    const deliver = async (m: { to: string; code?: string | undefined }) => {
      sent.push(m);
      return { delivered: true };
    };
    const direct = appOn(t.database, {
      clock: t.clock,
      notifications: { sms: { send: deliver }, email: { send: deliver } },
    });
    const s = freshShopper(9170);
    const id = await createCheckout(t, aurora);
    const answer = await put(direct, id, customerData(formatCpf(s.cpf), s.phone));
    expect(answer.status, answer.text).toBe(200);
    expect(sent.map((m) => m.to)).toEqual([s.phone]);
    const stored = await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.to, s.phone));
    expect(stored).toEqual([]);
    const verified = await put(direct, id, { phoneVerificationCode: sent[0]?.code });
    expect(verified.body.isValid, verified.text).toBe(true);
  });

  it('five wrong tokens lock the code until a new one is sent (after the 30 s cooldown)', async () => {
    const s = freshShopper(9101);
    const id = await createCheckout(t, aurora);
    await put(t, id, customerData(s.cpf, s.phone));
    const code = await latestCode(t, s.phone);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++)
      expect((await put(t, id, { phoneVerificationCode: wrong })).body.isValid).toBe(false);
    const locked = await put(t, id, { phoneVerificationCode: code });
    expect(locked.status).toBe(429);
    expect(locked.body.error.code).toBe('TOKEN_LOCKED');
    const tooSoon = await put(t, id, {
      phoneVerificationMethod: 'WHATSAPP',
      shouldResendPhoneVerificationCode: true,
    });
    expect(tooSoon.status).toBe(429);
    t.clock.advance(31_000);
    const resent = await put(t, id, {
      phoneVerificationMethod: 'WHATSAPP',
      shouldResendPhoneVerificationCode: true,
    });
    expect(resent.status).toBe(200);
    expect(field(resent, 'phoneVerificationCode').fieldData.channel).toBe('WHATSAPP');
    const outbox = await t.request('GET', `/sandbox/outbox?to=${encodeURIComponent(s.phone)}`);
    expect(outbox.body.messages[0].channel).toBe('WHATSAPP');
    const newCode = outbox.body.messages[0].code;
    expect((await put(t, id, { phoneVerificationCode: code === newCode ? wrong : code })).body.isValid).toBe(
      false,
    );
    expect((await put(t, id, { phoneVerificationCode: newCode })).body.isValid).toBe(true);
  });

  it('an expired token (10 minutes) is refused with 410', async () => {
    const s = freshShopper(9102);
    const id = await createCheckout(t, aurora);
    await put(t, id, customerData(s.cpf, s.phone));
    const code = await latestCode(t, s.phone);
    t.clock.advance(10 * 60_000 + 1);
    const res = await put(t, id, { phoneVerificationCode: code });
    expect(res.status).toBe(410);
    expect(res.body.error.message).toBe('O Drip Token expirou. Peça um novo código.');
  });

  it('expiry: the job turns unfinished checkouts into EXPIRED, reading reports it', async () => {
    const id = await createCheckout(t, aurora);
    await put(t, id);
    t.clock.advance(24 * 3600_000 + 1000);
    const read = await put(t, id);
    expect(read.body.result).toBe('KO');
    expect(field(read, 'koReason').fieldData).toBe('EXPIRED');
    const other = await createCheckout(t, aurora);
    t.clock.advance(24 * 3600_000 + 1000);
    const n = await t.built.services.checkouts.expireCheckouts();
    expect(n).toBeGreaterThanOrEqual(1);
    expect(await t.built.services.checkouts.expireCheckouts()).toBe(0);
    const view = await t.request('GET', checkoutPaths.merchantCheckout(other), undefined, {
      authorization: `Bearer ${aurora}`,
    });
    expect(view.body).toMatchObject({ status: 'EXPIRED', koReason: 'EXPIRED' });
    const late = await put(t, other, { checkoutConfirmed: true });
    expect(late.status).toBe(409);
  });

  it('cancel answers the cancelUrl and the checkout becomes KO (abandoned)', async () => {
    const id = await createCheckout(t, aurora);
    const res = await t.request('PUT', checkoutPaths.cancel(id));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'KO', cancelUrl: 'https://loja.example/carrinho' });
    const after = await put(t, id, customerData(freshShopper(1).cpf, phone()));
    expect(after.status).toBe(409);
    expect(after.body.error.message).toBe('Esta compra já foi finalizada.');
  });

  it('steps out of order, bad bodies, unknown ids and rules answer 4xx with clear messages', async () => {
    const id = await createCheckout(t, aurora);
    expect((await put(t, id, { checkoutConfirmed: true })).status).toBe(409);
    expect((await put(t, id, { totalInstalments: 3 })).status).toBe(409);
    expect((await put(t, id, { phoneVerificationCode: '123456' })).status).toBe(409);
    const bad = await put(t, id, { customerCpf: '123' });
    expect(bad.status).toBe(400);
    const mixed = await put(t, id, { totalInstalments: 3, checkoutConfirmed: true });
    expect(mixed.status).toBe(400);
    const unknown = await put(t, '00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe('Checkout não encontrado. Verifique o link da compra.');
    expect((await put(t, 'not-a-uuid')).status).toBe(404);
    expect((await t.request('PUT', checkoutPaths.cancel('nope'))).status).toBe(404);
    expect((await t.request('POST', checkoutPaths.notifyPix(id))).status).toBe(409);
    expect(
      (await t.request('POST', checkoutPaths.updateWaitlist(id), { oldStatus: null, newStatus: 'CONFIRMED' }))
        .status,
    ).toBe(409);
    expect((await t.request('POST', checkoutPaths.updateWaitlist(id), { newStatus: 'X' })).status).toBe(400);

    // a selection outside 2..12 and a first date outside 0..31 days (upfront OPTIONAL: today is the entry)
    const s = freshShopper(9200);
    await toAnalysis(t, id, s.cpf, s.phone);
    const sel = await put(t, id, { totalInstalments: 13 });
    expect(sel.status).toBe(422);
    expect(sel.body.error.message).toBe('Escolha entre 2 e 12 parcelas.');
    expect((await put(t, id, { totalInstalments: 1 })).status).toBe(422);
    await put(t, id, { totalInstalments: 4 });
    const today = todayInSaoPaulo(t.clock);
    const date = await put(t, id, { firstInstallmentsDate: addDaysIso(today, 32) });
    expect(date.status).toBe(422);
    const yesterday = await put(t, id, { firstInstallmentsDate: addDaysIso(today, -1) });
    expect(yesterday.status).toBe(422);
    expect(yesterday.body.error.message).toBe(
      `A data da 1º parcela deve estar entre ${today.split('-').reverse().join('/')} e ${addDaysIso(today, 31).split('-').reverse().join('/')}.`,
    );
    expect((await put(t, id, { firstInstallmentsDate: today })).status).toBe(200);
    expect((await put(t, id, { firstInstallmentsDate: addDaysIso(today, 31) })).status).toBe(200);
    expect((await put(t, id, { firstInstallmentsDate: '10/03/2026' })).status).toBe(400);
  });

  it('notify_pix sends the copy-paste code by SMS', async () => {
    const s = freshShopper(9300);
    const id = await createCheckout(t, aurora);
    await put(t, id, customerData(s.cpf, s.phone));
    const afterToken = await put(t, id, { phoneVerificationCode: await latestCode(t, s.phone) });
    const brCode = field(afterToken, 'payment').fieldData.paymentQrCodeText;
    const res = await t.request('POST', checkoutPaths.notifyPix(id));
    expect(res.body).toEqual({ smsDelivered: true });
    const outbox = await t.request('GET', `/sandbox/outbox?to=${encodeURIComponent(s.phone)}`);
    expect(outbox.body.messages[0].body).toContain(brCode);
  });

  it('simulator and feedback', async () => {
    const id = await createCheckout(t, aurora, { amount: 300 });
    const sim = await t.request('GET', `${checkoutPaths.instalmentsSimulator}?checkoutId=${id}`);
    expect(sim.status).toBe(200);
    expect(sim.body).toMatchObject({
      cashbackRate: 0.05,
      totalAmount: 300,
      flexibleInstallments: true,
      maxInstalments: 12,
    });
    expect(sim.body.instalments).toHaveLength(3);
    const byAmount = await t.request(
      'GET',
      `${checkoutPaths.instalmentsSimulator}?amount=100&date=2026-03-10`,
    );
    expect(byAmount.status).toBe(200);
    expect(byAmount.body.instalments.map((i: { amount: number }) => i.amount)).toEqual([33.34, 33.33, 33.33]);
    expect(byAmount.body.instalments[0].dueDate).toBe('2026-04-09');
    expect((await t.request('GET', `${checkoutPaths.instalmentsSimulator}?amount=-1`)).status).toBe(400);
    expect((await t.request('GET', `${checkoutPaths.instalmentsSimulator}?amount=10.001`)).status).toBe(400);
    expect((await t.request('GET', `${checkoutPaths.instalmentsSimulator}?checkoutId=x`)).status).toBe(404);
    const fb = await t.request('POST', checkoutPaths.feedback, {
      checkoutID: id,
      feedback: 'Achei muito complicado',
      comment: '',
    });
    expect(fb.status).toBe(201);
    const needsComment = await t.request('POST', checkoutPaths.feedback, {
      checkoutID: id,
      feedback: 'Outro motivo',
      comment: '',
    });
    expect(needsComment.status).toBe(400);
    expect(
      (
        await t.request('POST', checkoutPaths.feedback, {
          checkoutID: 'x',
          feedback: 'Outro motivo',
          comment: 'a',
        })
      ).status,
    ).toBe(404);
  });
});
