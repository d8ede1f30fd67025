import { cents } from '@drip/core';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Charge } from '../../src/modules/payments/service.ts';
import { pixCharges, pixPayments, pixRefunds } from '../../src/modules/payments/tables.ts';
import { seededApp } from '../helpers.ts';

let t: Awaited<ReturnType<typeof seededApp>>;
const paid: Charge[] = [];

beforeAll(async () => {
  t = await seededApp();
  t.built.services.payments.onPaid('UNIQUE_PAYMENT', async (_tx, charge) => {
    paid.push(charge);
  });
  t.built.services.payments.onPaid('INSTALMENT', async () => {
    throw new Error('handler failed');
  });
});
afterAll(async () => {
  t.built.services.sandboxPsp?.close();
  await t.dispose();
});

const svc = () => t.built.services.payments;
const db = () => t.database.db;
const hook = () =>
  `/api/v1/webhooks/pix?token=${encodeURIComponent(t.built.services.pixSettings.webhookSecret)}`;
const PAYER = { payerCpf: '529.982.247-25', payerBankCode: '260', payerName: 'Maria Silva' };

async function charge(
  amount = 15000,
  purpose: Charge['purpose'] = 'UNIQUE_PAYMENT',
  expiresInSeconds?: number,
) {
  return svc().createCharge(null, {
    purpose,
    referenceId: `ref-${Math.random()}`,
    amount: cents(amount),
    description: 'Pedido de teste',
    ...(expiresInSeconds ? { expiresInSeconds } : {}),
  });
}

async function pay(body: Record<string, unknown>) {
  return t.request('POST', '/sandbox/pix/pay', { ...PAYER, ...body });
}

/** The webhook notice the PSP sent for a Pix (read back from the sandbox PSP). */
async function noticeOf(e2eid: string) {
  const pix = await t.built.services.sandboxPsp?.getPix(e2eid);
  if (!pix) throw new Error('no pix');
  return {
    pix: [
      {
        endToEndId: pix.endToEndId,
        txid: pix.txid,
        valor: (pix.valor / 100).toFixed(2),
        horario: pix.horario,
        pagador: pix.pagador,
      },
    ],
  };
}

/**
 * Pays each charge at the sandbox PSP with the PSP's own delivery answered without reaching Drip, and returns the
 * notices: every booking is then one of the test's deliveries (the first ones racing each other when concurrent).
 */
async function paidAtPspOnly(charges: Charge[]) {
  const psp = t.built.services.sandboxPsp;
  if (!psp) throw new Error('no psp');
  const own = psp as unknown as { webhook: { url: string; send: (u: string, b: string) => Promise<number> } };
  const webhook = own.webhook;
  psp.setWebhook(webhook.url, async () => 200);
  const notices: Awaited<ReturnType<typeof noticeOf>>[] = [];
  try {
    for (const c of charges) {
      const r = await psp.pay({
        txid: c.txid,
        payerCpf: '52998224725',
        payerName: 'X',
        payerBankCode: '001',
      });
      if (!r.ok) throw new Error(r.problem.detail);
      notices.push(await noticeOf(r.value.endToEndId));
    }
  } finally {
    psp.setWebhook(webhook.url, webhook.send);
  }
  return notices;
}

/** Delivers the notices to Drip's webhook, all at once or one after the other; answers their statuses. */
async function deliver(notices: unknown[], concurrent: boolean): Promise<number[]> {
  if (concurrent)
    return (await Promise.all(notices.map((n) => t.request('POST', hook(), n)))).map((r) => r.status);
  const statuses: number[] = [];
  for (const n of notices) statuses.push((await t.request('POST', hook(), n)).status);
  return statuses;
}

describe('Pix charges and the webhook', () => {
  it('creates a charge with a BR Code and a QR image URL; the QR is a cacheable PNG', async () => {
    const c = await charge();
    expect(c.status).toBe('ACTIVE');
    expect(c.txid).toMatch(/^[a-zA-Z0-9]{26,35}$/);
    expect(c.brCode.startsWith('000201')).toBe(true);
    expect(c.qrCodeUrl).toBe(`/api/v1/pix/qr/${c.txid}.png`);
    const png = await t.raw(c.qrCodeUrl, { method: 'GET' });
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toBe('image/png');
    expect(png.headers.get('cache-control')).toContain('public');
    const bytes = new Uint8Array(await png.arrayBuffer());
    expect([...bytes.slice(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    expect((await t.request('GET', '/api/v1/pix/qr/abcdefabcdefabcdefabcdefabcdef12.png')).status).toBe(404);
    expect((await t.request('GET', '/api/v1/pix/qr/nope.png')).status).toBe(404);
    expect(await svc().activeChargeFor('UNIQUE_PAYMENT', c.referenceId)).toMatchObject({ id: c.id });
  });

  it('pays through the sandbox bank by BR Code: booked once, handler called inside, payer recorded', async () => {
    const c = await charge(15000);
    const res = await pay({ brcode: c.brCode });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ txid: c.txid, amount: 150, status: 'CONCLUIDA', webhook: 'DELIVERED' });
    const after = await svc().getCharge(c.id);
    expect(after).toMatchObject({
      status: 'PAID',
      payerCpf: '52998224725',
      payerBankCode: '260',
      endToEndId: res.body.endToEndId,
    });
    expect(paid.filter((p) => p.id === c.id)).toHaveLength(1);

    // Paying it again is refused by the PSP.
    const again = await pay({ txid: c.txid });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('Esta cobrança já foi paga');

    // The same notice delivered twice, then twice at once, books nothing more.
    const notice = await noticeOf(res.body.endToEndId);
    const replay = await t.request('POST', hook(), notice);
    expect(replay.body.results).toEqual([{ endToEndId: res.body.endToEndId, outcome: 'DUPLICATE' }]);
    const both = await Promise.all([t.request('POST', hook(), notice), t.request('POST', hook(), notice)]);
    for (const r of both) expect(r.status).toBe(200);
    expect(paid.filter((p) => p.id === c.id)).toHaveLength(1);
    const rows = await db().select().from(pixPayments).where(eq(pixPayments.txid, c.txid));
    expect(rows).toHaveLength(1);
  });

  it('refuses a webhook without the right token', async () => {
    const res = await t.request('POST', '/api/v1/webhooks/pix?token=wrong', { pix: [] });
    expect(res.status).toBe(401);
    expect((await t.request('POST', '/api/v1/webhooks/pix', { pix: [] })).status).toBe(401);
  });

  it('books nothing for a forged notice, a different amount or an unknown txid', async () => {
    const c = await charge(5000);
    const forged = await t.request('POST', hook(), {
      pix: [
        {
          endToEndId: 'E18236120202603101200abcdefghijk',
          txid: c.txid,
          valor: '50.00',
          horario: '2026-03-10T12:00:00Z',
        },
      ],
    });
    expect(forged.body.results).toEqual([
      { endToEndId: 'E18236120202603101200abcdefghijk', outcome: 'NOT_CONFIRMED' },
    ]);
    expect((await svc().getCharge(c.id))?.status).toBe('ACTIVE');

    // A real Pix, announced with another amount: the PSP does not confirm the notice.
    const res = await pay({ txid: c.txid });
    const notice = await noticeOf(res.body.endToEndId);
    const item = notice.pix[0];
    if (!item) throw new Error('no item');
    const wrong = await t.request('POST', hook(), {
      pix: [{ ...item, valor: '0.01', endToEndId: item.endToEndId }],
    });
    expect(wrong.body.results[0].outcome).toBe('NOT_CONFIRMED');

    // A cob at the PSP that Drip never created: unknown txid.
    const psp = t.built.services.sandboxPsp;
    if (!psp) throw new Error('no psp');
    const txid = 'unknowntxid0000000000000000001';
    const created = await psp.putCob(txid, {
      calendario: { expiracao: 600 },
      valor: { original: cents(700) },
      chave: 'x',
    });
    expect(created.ok).toBe(true);
    const unknown = await pay({ txid });
    expect(unknown.status).toBe(200);
    const outcome = await t.request('POST', hook(), await noticeOf(unknown.body.endToEndId));
    expect(outcome.body.results[0].outcome).toBe('UNKNOWN_TXID');
    expect(await db().select().from(pixPayments).where(eq(pixPayments.txid, txid))).toHaveLength(0);
  });

  it('a throwing paid handler rolls everything back; the redelivery books once the handler works', async () => {
    const c = await charge(2500, 'INSTALMENT');
    const res = await pay({ txid: c.txid });
    expect(res.status).toBe(200);
    expect(res.body.webhook).toBe('RETRYING');
    expect((await svc().getCharge(c.id))?.status).toBe('ACTIVE');
    expect(await db().select().from(pixPayments).where(eq(pixPayments.txid, c.txid))).toHaveLength(0);
    svc().onPaid('INSTALMENT', async () => {});
    const retry = await t.request('POST', hook(), await noticeOf(res.body.endToEndId));
    expect(retry.body.results[0].outcome).toBe('BOOKED');
    expect((await svc().getCharge(c.id))?.status).toBe('PAID');
  });

  it('expires charges lazily and by the job; an expired cob cannot be paid', async () => {
    const c = await charge(1000, 'UNIQUE_PAYMENT', 60);
    const other = await charge(1000, 'UNIQUE_PAYMENT', 60);
    t.clock.advance(61_000);
    expect(await svc().activeChargeFor('UNIQUE_PAYMENT', c.referenceId)).toBeNull();
    expect((await svc().getCharge(c.id))?.status).toBe('EXPIRED');
    expect(await svc().expireCharges(t.clock.now())).toBeGreaterThanOrEqual(1);
    expect(await svc().expireCharges(t.clock.now())).toBe(0);
    const [row] = await db().select().from(pixCharges).where(eq(pixCharges.id, other.id));
    expect(row?.status).toBe('EXPIRED');
    const late = await pay({ txid: c.txid });
    expect(late.status).toBe(410);
    expect(late.body.error.message).toBe('Esta cobrança expirou: peça um novo código Pix');
  });

  it('a canceled charge paid anyway is flagged and refunded, not booked', async () => {
    const c = await charge(1200);
    // Pay at the PSP first, then cancel on Drip's side before the notice is processed.
    const psp = t.built.services.sandboxPsp;
    if (!psp) throw new Error('no psp');
    await db().update(pixCharges).set({ status: 'CANCELED' }).where(eq(pixCharges.id, c.id));
    const res = await pay({ txid: c.txid });
    expect(res.status).toBe(200);
    const after = await svc().getCharge(c.id);
    expect(after).toMatchObject({ status: 'CANCELED', refundReason: 'Pagamento de cobrança cancelada' });
    expect(paid.some((p) => p.id === c.id)).toBe(false);
    await svc().processPendingRefunds();
    const refunds = await db().select().from(pixRefunds).where(eq(pixRefunds.chargeId, c.id));
    expect(refunds).toMatchObject([{ status: 'DEVOLVIDO', amount: 1200 }]);
    const pix = await psp.getPix(res.body.endToEndId);
    expect(pix?.devolucoes).toMatchObject([{ status: 'DEVOLVIDO' }]);
  });

  it('refundCharge asks the PSP for a devolução and never refunds more than was paid', async () => {
    const c = await charge(3000);
    await pay({ txid: c.txid });
    await svc().refundCharge(null, c.id, cents(1000), 'Devolução parcial');
    await expect(svc().refundCharge(null, c.id, cents(2500), 'Demais')).rejects.toThrow('excede');
    await svc().refundCharge(null, c.id, cents(2000), 'Resto');
    expect(await svc().processPendingRefunds()).toBe(2);
    expect(await svc().getCharge(c.id)).toMatchObject({ status: 'REFUNDED', refundedAmount: 3000 });
  });

  it('property: any interleaving of deliveries of several payments books each exactly once', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 4 }),
        fc.array(fc.nat(), { minLength: 1, maxLength: 12 }),
        fc.boolean(),
        async (m, order, concurrent) => {
          const charges = await Promise.all(Array.from({ length: m }, () => charge(100)));
          const notices = await paidAtPspOnly(charges);
          const answers = await deliver(
            [...notices, ...order.map((i) => notices[i % notices.length])],
            concurrent,
          );
          expect(answers.filter((status) => status !== 200)).toEqual([]);
          for (const c of charges) {
            expect(paid.filter((p) => p.id === c.id)).toHaveLength(1);
            expect(await db().select().from(pixPayments).where(eq(pixPayments.txid, c.txid))).toHaveLength(1);
          }
        },
      ),
      { numRuns: 15 },
    );
  });

  it('property: the same for verification charges, booked in one statement each: paid, stored and refunded once', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 3 }),
        fc.array(fc.nat(), { minLength: 1, maxLength: 10 }),
        fc.boolean(),
        async (m, order, concurrent) => {
          const charges = await Promise.all(Array.from({ length: m }, () => charge(100, 'VERIFICATION')));
          for (const c of charges) expect(c.txid).toMatch(/^VRF[0-9a-f]{32}$/);
          const notices = await paidAtPspOnly(charges);
          for (const c of charges) {
            const [row] = await db().select().from(pixCharges).where(eq(pixCharges.id, c.id));
            expect(row?.status).toBe('ACTIVE');
          }
          const answers = await deliver(
            [...notices, ...order.map((i) => notices[i % notices.length])],
            concurrent,
          );
          expect(answers.filter((status) => status !== 200)).toEqual([]);
          for (const c of charges) {
            const [row] = await db().select().from(pixCharges).where(eq(pixCharges.id, c.id));
            expect([row?.status, row?.refundedAmount]).toEqual(['REFUNDED', 100]);
            expect(await db().select().from(pixPayments).where(eq(pixPayments.txid, c.txid))).toHaveLength(1);
            expect(await db().select().from(pixRefunds).where(eq(pixRefunds.chargeId, c.id))).toHaveLength(1);
          }
        },
      ),
      { numRuns: 10 },
    );
  });
});
