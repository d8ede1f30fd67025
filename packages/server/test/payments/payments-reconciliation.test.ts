/**
 * Reconciliation with the PSP: a Pix the PSP received while Drip was down (its notice never reached Drip) is booked
 * by the job of a server started afterwards on the same database, and before a charge is offered to pay again; once,
 * through the webhook's own booking.
 */
import { cents, orderPaths } from '@drip/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { serverJobs } from '../../src/jobs/registry.ts';
import { createLogger } from '../../src/log.ts';
import { checkouts } from '../../src/modules/checkouts/tables.ts';
import { instalments, ledgerEntries } from '../../src/modules/orders/tables.ts';
import type { SandboxPsp } from '../../src/modules/payments/sandbox-psp.ts';
import { pixCharges, pixPayments, pixRefunds } from '../../src/modules/payments/tables.ts';
import {
  AURORA,
  apiKeyOf,
  createCheckout,
  field,
  freshShopper,
  put,
  throughToken,
} from '../checkout-helpers.ts';
import { appOn, bearer, loginCustomer, seededApp } from '../helpers.ts';
import { createOrder, MARIA_CPF } from '../instalment-helpers.ts';

let t: Awaited<ReturnType<typeof seededApp>>;

beforeAll(async () => {
  t = await seededApp();
});
afterAll(async () => {
  t.built.services.sandboxPsp?.close();
  await t.dispose();
});

const db = () => t.database.db;
/** Maria's session (logged in again: the tests move the clock past an access token's life). */
const asMaria = async () => bearer((await loginCustomer(t, MARIA_CPF)).token);
const hook = () =>
  `/api/v1/webhooks/pix?token=${encodeURIComponent(t.built.services.pixSettings.webhookSecret)}`;

/**
 * The sandbox bank pays a cob while Drip is down: every webhook delivery fails, and the PSP's in-memory retries die
 * with the process (its timers are dropped). Answers the endToEndId.
 */
async function paidWhileDripDown(psp: SandboxPsp, txid: string, payerCpf = MARIA_CPF): Promise<string> {
  const own = psp as unknown as { webhook: { url: string; send: (u: string, b: string) => Promise<number> } };
  const saved = own.webhook;
  psp.setWebhook(saved.url, async () => {
    throw new Error('connect ECONNREFUSED');
  });
  try {
    const r = await psp.pay({ txid, payerCpf, payerName: 'Pagadora', payerBankCode: '260' });
    if (!r.ok) throw new Error(r.problem.detail);
    expect(r.value.webhook).toBe('RETRYING');
    return r.value.endToEndId;
  } finally {
    psp.close();
    psp.setWebhook(saved.url, saved.send);
  }
}

function pspOf(app: { built: { services: { sandboxPsp: SandboxPsp | null } } }): SandboxPsp {
  const psp = app.built.services.sandboxPsp;
  if (!psp) throw new Error('no sandbox PSP');
  return psp;
}

async function chargeByTxid(txid: string) {
  const [row] = await db().select().from(pixCharges).where(eq(pixCharges.txid, txid));
  if (!row) throw new Error(`no charge ${txid}`);
  return row;
}

describe('reconciliation with the PSP', () => {
  it('a server started after a crash books, with its job, the Pix paid while it was down: once, however often it runs', async () => {
    const maria = await asMaria();
    // Before the crash: a checkout waiting for its verification Pix and an instalment with its Pix shown.
    const aurora = await apiKeyOf(t, AURORA);
    const s = freshShopper(5101);
    const checkoutId = await createCheckout(t, aurora);
    expect(field(await throughToken(t, checkoutId, s.cpf, s.phone), 'payment')).toBeDefined();
    const [row] = await db().select().from(checkouts).where(eq(checkouts.id, checkoutId));
    const vrf = row?.verificationPix?.txid ?? '';
    const order = await createOrder(t);
    const shown = await t.request('PUT', orderPaths.payInstalment(order.id), undefined, maria);
    expect(shown.status).toBe(200);
    const ins: string = shown.body.payment.externalPaymentId;

    // Both are paid at the PSP; Drip never hears of it.
    const e2eVrf = await paidWhileDripDown(pspOf(t), vrf, s.cpf);
    const e2eIns = await paidWhileDripDown(pspOf(t), ins);
    expect((await chargeByTxid(vrf)).status).toBe('ACTIVE');
    expect((await chargeByTxid(ins)).status).toBe('ACTIVE');

    // A new server on the same database (another process: its own PSP adapter, no memory of the first).
    const restarted = appOn(t.database, { clock: t.clock });
    try {
      const payments = restarted.built.services.payments;
      const [first, second] = await Promise.all([payments.reconcilePending(), payments.reconcilePending()]);
      expect((first?.booked ?? 0) + (second?.booked ?? 0)).toBe(2);
      expect(await payments.reconcilePending()).toMatchObject({ booked: 0 });

      // The verification Pix: paid, given back, the checkout moved on to its analysis.
      expect(await chargeByTxid(vrf)).toMatchObject({ status: 'REFUNDED', endToEndId: e2eVrf });
      const [moved] = await db().select().from(checkouts).where(eq(checkouts.id, checkoutId));
      expect(moved?.phase).not.toBe('VERIFICATION_PIX');
      expect(moved?.payerCpf).toBe(s.cpf);
      // The instalment: paid once, one ledger entry.
      expect(await chargeByTxid(ins)).toMatchObject({ status: 'PAID', endToEndId: e2eIns });
      const instalmentId: string = shown.body.id;
      const [paid] = await db().select().from(instalments).where(eq(instalments.id, instalmentId));
      expect(paid?.status).toBe('PAID');
      expect(
        await db()
          .select()
          .from(ledgerEntries)
          .where(
            and(eq(ledgerEntries.instalmentId, instalmentId), eq(ledgerEntries.type, 'INSTALMENT_PAID')),
          ),
      ).toHaveLength(1);
      for (const txid of [vrf, ins]) {
        expect(await db().select().from(pixPayments).where(eq(pixPayments.txid, txid))).toHaveLength(1);
      }
      const vrfCharge = await chargeByTxid(vrf);
      expect(await db().select().from(pixRefunds).where(eq(pixRefunds.chargeId, vrfCharge.id))).toHaveLength(
        1,
      );

      // The PSP's notice arriving late after all books nothing more.
      const pix = await pspOf(restarted).getPix(e2eIns);
      if (!pix) throw new Error('no pix at the PSP');
      const late = await restarted.request('POST', hook(), {
        pix: [{ endToEndId: e2eIns, txid: ins, valor: (pix.valor / 100).toFixed(2), horario: pix.horario }],
      });
      expect(late.status).toBe(200);
      expect(late.body.results).toEqual([{ endToEndId: e2eIns, outcome: 'DUPLICATE' }]);
    } finally {
      restarted.built.services.sandboxPsp?.close();
    }
  });

  it('the payment jobs run as the server starts: a Pix paid while it was down is booked without waiting an interval', async () => {
    const c = await t.built.services.payments.createCharge(null, {
      purpose: 'UNIQUE_PAYMENT',
      referenceId: `ref-${Math.random()}`,
      amount: cents(700),
      description: 'x',
    });
    await paidWhileDripDown(pspOf(t), c.txid);
    const restarted = appOn(t.database, { clock: t.clock });
    const jobs = serverJobs(restarted.built.services, createLogger('silent'));
    jobs.start();
    try {
      await vi.waitFor(async () => expect((await chargeByTxid(c.txid)).endToEndId).not.toBeNull(), {
        timeout: 5_000,
        interval: 50,
      });
    } finally {
      await jobs.stop();
      restarted.built.services.sandboxPsp?.close();
    }
  });

  it('an unpaid charge is asked until a check after its expiry; then never again', async () => {
    const payments = t.built.services.payments;
    const c = await payments.createCharge(null, {
      purpose: 'UNIQUE_PAYMENT',
      referenceId: `ref-${Math.random()}`,
      amount: cents(500),
      description: 'x',
      expiresInSeconds: 300,
    });
    const checked = async () => (await chargeByTxid(c.txid)).checkedAt;
    await payments.reconcilePending();
    const firstCheck = await checked();
    expect(firstCheck?.getTime()).toBe(t.clock.now().getTime());
    // Within the minute: not asked again.
    t.clock.advance(30_000);
    await payments.reconcilePending();
    expect(await checked()).toEqual(firstCheck);
    t.clock.advance(31_000);
    await payments.reconcilePending();
    expect((await checked())?.getTime()).toBe(t.clock.now().getTime());
    // Past its expiry and the margin: one last check, then it is left alone.
    t.clock.advance(600_000);
    await payments.reconcilePending();
    const last = await checked();
    expect(last?.getTime()).toBe(t.clock.now().getTime());
    t.clock.advance(3_600_000);
    await payments.reconcilePending();
    expect(await checked()).toEqual(last);
  });
});

describe('a charge is asked of the PSP before it is offered again', () => {
  it("'pay instalment' again books the Pix paid at the PSP and offers the next instalment, not the paid charge", async () => {
    const maria = await asMaria();
    const order = await createOrder(t);
    const shown = await t.request('PUT', orderPaths.payInstalment(order.id), undefined, maria);
    expect(shown.body.number).toBe(1);
    const txid: string = shown.body.payment.externalPaymentId;
    await paidWhileDripDown(pspOf(t), txid);
    const again = await t.request('PUT', orderPaths.payInstalment(order.id), undefined, maria);
    expect(again.status).toBe(200);
    expect(again.body.number).toBe(2);
    expect(again.body.payment.externalPaymentId).not.toBe(txid);
    expect(await chargeByTxid(txid)).toMatchObject({ status: 'PAID' });
    const [first] = await db().select().from(instalments).where(eq(instalments.id, shown.body.id));
    expect(first?.status).toBe('PAID');
  });

  it('the unique payment and the public instalment page do the same', async () => {
    const maria = await asMaria();
    const order = await createOrder(t);
    const unique = await t.request('POST', orderPaths.uniquePayment(order.id), undefined, maria);
    expect(unique.status).toBe(201);
    const charge = await db().select().from(pixCharges).where(eq(pixCharges.referenceId, unique.body.id));
    const txid = charge[0]?.txid ?? '';
    await paidWhileDripDown(pspOf(t), txid);
    // Every instalment was paid by it: nothing is left to offer.
    const again = await t.request('POST', orderPaths.uniquePayment(order.id), undefined, maria);
    expect(again.status).toBe(404);
    expect(await chargeByTxid(txid)).toMatchObject({ status: 'PAID' });

    const other = await createOrder(t);
    const [i1] = await db()
      .select()
      .from(instalments)
      .where(and(eq(instalments.orderId, other.id), eq(instalments.number, 1)));
    if (!i1) throw new Error('no instalment');
    const page = await t.request('GET', orderPaths.instalmentDetails(i1.id));
    const pageTxid = (
      await db()
        .select()
        .from(pixCharges)
        .where(and(eq(pixCharges.referenceId, i1.id), eq(pixCharges.status, 'ACTIVE')))
    )[0]?.txid;
    expect(page.body.installment.qrcodeText).toBeTruthy();
    await paidWhileDripDown(pspOf(t), pageTxid ?? '');
    const reloaded = await t.request('GET', orderPaths.instalmentDetails(i1.id));
    expect(reloaded.body.installment).toMatchObject({ status: 'PAID', qrcodeText: null });
  });

  it("the checkout's poll books a verification Pix paid at the PSP instead of showing it again", async () => {
    const aurora = await apiKeyOf(t, AURORA);
    const s = freshShopper(5102);
    const id = await createCheckout(t, aurora);
    const afterToken = await throughToken(t, id, s.cpf, s.phone);
    const shown = field(afterToken, 'payment')?.fieldData;
    const [row] = await db().select().from(checkouts).where(eq(checkouts.id, id));
    const txid = row?.verificationPix?.txid ?? '';
    await paidWhileDripDown(pspOf(t), txid, s.cpf);
    const poll = await put(t, id);
    expect(poll.status).toBe(200);
    expect(field(poll, 'payment')?.fieldData?.paymentQrCodeText).not.toBe(shown.paymentQrCodeText);
    expect(await chargeByTxid(txid)).toMatchObject({ status: 'REFUNDED' });
    const [after] = await db().select().from(checkouts).where(eq(checkouts.id, id));
    expect(after?.phase).not.toBe('VERIFICATION_PIX');
  });
});
