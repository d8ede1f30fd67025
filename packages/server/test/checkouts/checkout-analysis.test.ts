/**
 * The credit analysis after the R$ 1,00 verification Pix runs outside the webhook (docs/checkout-lifecycle.md):
 * the booking moves the checkout to phase ANALYSIS, a background queue (or the shopper's next poll) decides.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AnalysisQueue } from '../../src/modules/checkouts/analysis-queue.ts';
import { checkouts } from '../../src/modules/checkouts/tables.ts';
import { creditDecisions } from '../../src/modules/credit/tables.ts';
import { pixCharges, pixPayments, pixRefunds, pspSandboxCobs } from '../../src/modules/payments/tables.ts';
import {
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
import { appOn, seededApp } from '../helpers.ts';

let t: Awaited<ReturnType<typeof seededApp>>;
let pitanga: string;
const svc = () => t.built.services.checkouts;
const db = () => t.database.db;

beforeAll(async () => {
  t = await seededApp();
  pitanga = await apiKeyOf(t, PITANGA);
});
afterEach(async () => {
  svc().analyses.resume();
  await svc().analyses.idle();
});
afterAll(async () => {
  await t.dispose();
});

async function checkoutRow(id: string) {
  const [row] = await db().select().from(checkouts).where(eq(checkouts.id, id));
  if (!row) throw new Error(`no checkout ${id}`);
  return row;
}

async function decisionsOf(id: string) {
  return db().select().from(creditDecisions).where(eq(creditDecisions.checkoutId, id));
}

/** A first purchase at Casa Pitanga up to the verification Pix paid (the background queue paused). */
async function paidVerification(payer: { cpf?: string; bank?: string; legacyTxid?: boolean } = {}) {
  svc().analyses.pause();
  const shopper = freshShopper();
  const id = await createCheckout(t, pitanga, { amount: 150 });
  const afterToken = await throughToken(t, id, shopper.cpf, shopper.phone);
  const payment = field(afterToken, 'payment');
  expect(payment?.fieldData, JSON.stringify(afterToken.body)).toBeDefined();
  if (payer.legacyTxid) {
    // A charge created before txids named their purpose (32 letters and digits): booked in a transaction.
    const chargeId = String((await checkoutRow(id)).verificationPix?.chargeId);
    const [charge] = await db().select().from(pixCharges).where(eq(pixCharges.id, chargeId));
    const legacy = randomUUID().replaceAll('-', '');
    await db()
      .update(pspSandboxCobs)
      .set({ txid: legacy })
      .where(eq(pspSandboxCobs.txid, String(charge?.txid)));
    await db().update(pixCharges).set({ txid: legacy }).where(eq(pixCharges.id, chargeId));
  }
  await payPix(t, payment.fieldData.paymentQrCodeText, payer.cpf ?? shopper.cpf, payer.bank ?? '260');
  return { id, shopper, chargeId: String((await checkoutRow(id)).verificationPix?.chargeId) };
}

describe('credit analysis after the verification Pix', () => {
  it('the booking records the payer, refunds, moves to ANALYSIS; the background run decides', async () => {
    const { id, shopper, chargeId } = await paidVerification();
    const booked = await checkoutRow(id);
    expect(booked.phase).toBe('ANALYSIS');
    expect(booked.status).toBe('MORE_INFO');
    expect(booked.payerCpf).toBe(shopper.cpf);
    expect(booked.payerBankCode).toBe('260');
    expect(booked.payerVerifiedAt).not.toBeNull();
    expect(booked.creditDecisionId).toBeNull();
    expect(await decisionsOf(id)).toHaveLength(0);
    const [charge] = await db().select().from(pixCharges).where(eq(pixCharges.id, chargeId));
    expect(charge?.status).toBe('REFUNDED');
    expect(await db().select().from(pixRefunds).where(eq(pixRefunds.chargeId, chargeId))).toHaveLength(1);
    expect(svc().analyses.size).toBe(1);

    svc().analyses.resume();
    await svc().analyses.idle();
    const analysed = await checkoutRow(id);
    expect(analysed.phase).toBe('CONFIRMATION');
    expect(analysed.status).toBe('MORE_INFO');
    const decisions = await decisionsOf(id);
    expect(decisions).toHaveLength(1);
    expect(decisions[0]?.decision).toBe('APPROVED');
    expect(analysed.creditDecisionId).toBe(decisions[0]?.id);
    expect(analysed.availableLimit).toBe(decisions[0]?.available);

    // The shopper's poll answers as it did when the webhook ran the analysis.
    const polled = await put(t, id);
    expect(polled.body.result).toBe('MORE_INFO');
    expect(fieldNames(polled)).toEqual(expect.arrayContaining(['instalments', 'checkoutConfirmation']));
    expect(fieldNames(polled)).not.toContain('payment');
    expect(await decisionsOf(id)).toHaveLength(1);
  });

  it('the one-statement booking (txid naming VERIFICATION) and the transaction (a txid without it) leave the same rows', async () => {
    const state = async (v: Awaited<ReturnType<typeof paidVerification>>) => {
      const [charge] = await db().select().from(pixCharges).where(eq(pixCharges.id, v.chargeId));
      const refunds = await db().select().from(pixRefunds).where(eq(pixRefunds.chargeId, v.chargeId));
      const payments = await db().select().from(pixPayments).where(eq(pixPayments.chargeId, v.chargeId));
      const row = await checkoutRow(v.id);
      return {
        txidNamesPurpose: charge?.txid.startsWith('VRF') && charge.txid.length === 35,
        charge: {
          status: charge?.status,
          refundedAmount: charge?.refundedAmount,
          amount: charge?.amount,
          payerCpf: charge?.payerCpf === v.shopper.cpf,
          payerBankCode: charge?.payerBankCode,
          paid: charge?.paidAt !== null && charge?.endToEndId !== null,
        },
        refunds: refunds.map((r) => [r.amount, r.reason, r.status, r.endToEndId === charge?.endToEndId]),
        payments: payments.map((p) => [p.outcome, p.amount, p.endToEndId === charge?.endToEndId]),
        checkout: {
          phase: row.phase,
          status: row.status,
          payerCpf: row.payerCpf === v.shopper.cpf,
          payerBankCode: row.payerBankCode,
          payerVerified: row.payerVerifiedAt !== null,
        },
        queued: svc().analyses.size,
      };
    };
    const one = await state(await paidVerification());
    svc().analyses.clear();
    const inTransaction = await state(await paidVerification({ legacyTxid: true }));
    svc().analyses.clear();
    expect(one.txidNamesPurpose).toBe(true);
    expect(inTransaction.txidNamesPurpose).toBe(false);
    expect({ ...inTransaction, txidNamesPurpose: true }).toEqual(one);
    expect(one.charge.status).toBe('REFUNDED');
    expect(one.refunds).toEqual([[100, 'Estorno do Pix de verificação', 'REQUESTED', true]]);
    expect(one.checkout.phase).toBe('ANALYSIS');
    expect(one.queued).toBe(1);
  });

  it('the background run applies the same rules: a payer with another CPF is denied', async () => {
    const other = freshShopper();
    const { id } = await paidVerification({ cpf: other.cpf });
    const booked = await checkoutRow(id);
    expect(booked.phase).toBe('ANALYSIS');
    expect(booked.payerCpf).toBe(other.cpf);
    expect(booked.payerVerifiedAt).toBeNull();
    svc().analyses.resume();
    await svc().analyses.idle();
    const analysed = await checkoutRow(id);
    expect(analysed.status).toBe('KO');
    expect(analysed.phase).toBe('DONE');
    const decisions = await decisionsOf(id);
    expect(decisions).toHaveLength(1);
    expect(decisions[0]?.decision).toBe('DENIED');
    expect(decisions[0]?.reason).toBe(analysed.koReason);
    const polled = await put(t, id);
    expect(polled.body.result).toBe('KO');
    expect(field(polled, 'koReason').fieldData).toBe(analysed.koReason);
  });

  it('a poll runs the pending analysis when the background run never happened', async () => {
    const { id } = await paidVerification();
    // The process "died" with the id queued: the queue forgets it, the phase stays in the database.
    svc().analyses.clear();
    expect((await checkoutRow(id)).phase).toBe('ANALYSIS');
    const polled = await put(t, id);
    expect(polled.status).toBe(200);
    expect(polled.body.result).toBe('MORE_INFO');
    expect(fieldNames(polled)).toEqual(expect.arrayContaining(['instalments', 'checkoutConfirmation']));
    expect(fieldNames(polled)).not.toContain('payment');
    expect((await checkoutRow(id)).phase).toBe('CONFIRMATION');
    expect(await decisionsOf(id)).toHaveLength(1);
    // A run that comes late finds the phase changed and decides nothing.
    expect((await svc().runPendingAnalysis(id)).outcome).toBe('NOTHING');
    expect(await decisionsOf(id)).toHaveLength(1);
  });

  it('any step on a checkout in ANALYSIS runs the analysis first: the confirmation then goes through', async () => {
    const { id } = await paidVerification();
    svc().analyses.clear();
    const confirmed = await put(t, id, { checkoutConfirmed: true });
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(confirmed.body.result).toBe('OK');
    expect(await decisionsOf(id)).toHaveLength(1);
    expect((await checkoutRow(id)).orderId).not.toBeNull();
  });

  it('two concurrent runs produce one decision: in one process (joined) and across two instances', async () => {
    const first = await paidVerification();
    svc().analyses.clear();
    const joined = await Promise.all([
      svc().runPendingAnalysis(first.id),
      svc().runPendingAnalysis(first.id),
    ]);
    expect(joined.map((o) => o.outcome)).toEqual(['RAN', 'RAN']);
    expect(await decisionsOf(first.id)).toHaveLength(1);

    // A second instance on the same database: its own queue, so both analyse; one conditional write applies.
    const other = appOn(t.database, { clock: t.clock });
    const second = await paidVerification();
    svc().analyses.clear();
    const raced = await Promise.all([
      svc().runPendingAnalysis(second.id),
      other.built.services.checkouts.runPendingAnalysis(second.id),
    ]);
    expect(raced.map((o) => o.outcome).sort()).toEqual(['NOTHING', 'RAN']);
    const decisions = await decisionsOf(second.id);
    expect(decisions).toHaveLength(1);
    expect((await checkoutRow(second.id)).creditDecisionId).toBe(decisions[0]?.id);
    await other.built.services.checkouts.analyses.idle();
  });

  it('the background run and polls racing produce one decision and the same answer', async () => {
    const { id } = await paidVerification();
    svc().analyses.resume();
    const polls = await Promise.all([put(t, id), put(t, id), put(t, id)]);
    await svc().analyses.idle();
    // Each poll waited for the run in progress (or ran it) and answers the result.
    for (const p of polls) {
      expect(p.status).toBe(200);
      expect(p.body.result).toBe('MORE_INFO');
      expect(fieldNames(p)).toContain('checkoutConfirmation');
    }
    const final = await put(t, id);
    expect(fieldNames(final)).toContain('checkoutConfirmation');
    expect(await decisionsOf(id)).toHaveLength(1);
  });

  it('a poll whose analysis fails answers the verification step (200, polls again), and a later poll decides', async () => {
    const { id } = await paidVerification();
    svc().analyses.clear();
    const data = (await checkoutRow(id)).customerData;
    await db().update(checkouts).set({ customerData: null }).where(eq(checkouts.id, id));
    const during = await put(t, id);
    expect(during.status, during.text).toBe(200);
    expect(during.body.result).toBe('MORE_INFO');
    expect(fieldNames(during)).toContain('payment');
    expect(fieldNames(during)).not.toContain('checkoutConfirmation');
    expect((await checkoutRow(id)).phase).toBe('ANALYSIS');
    await db().update(checkouts).set({ customerData: data }).where(eq(checkouts.id, id));
    const after = await put(t, id);
    expect(fieldNames(after)).toContain('checkoutConfirmation');
    expect(await decisionsOf(id)).toHaveLength(1);
  });
});

describe('AnalysisQueue', () => {
  it('runs each queued id once, a few at a time, and logs failures instead of throwing', async () => {
    const started: string[] = [];
    const errors: string[] = [];
    let inFlight = 0;
    let maxInFlight = 0;
    const queue = new AnalysisQueue(
      async (id) => {
        started.push(id);
        inFlight += 1;
        maxInFlight = Math.max(maxInFlight, inFlight);
        await new Promise((r) => setTimeout(r, 5));
        inFlight -= 1;
        if (id === 'bad') throw new Error('bureau down');
      },
      { error: (msg, f) => errors.push(`${msg}: ${String(f?.checkoutId)} ${String(f?.error)}`) },
      2,
    );
    for (const id of ['a', 'b', 'a', 'bad', 'c', 'd']) queue.enqueue(id);
    expect(queue.size).toBe(5);
    await queue.idle();
    expect(started.sort()).toEqual(['a', 'b', 'bad', 'c', 'd']);
    expect(maxInFlight).toBe(2);
    expect(errors).toEqual(['pending credit analysis failed: bad bureau down']);
    expect(queue.size).toBe(0);
  });
});
