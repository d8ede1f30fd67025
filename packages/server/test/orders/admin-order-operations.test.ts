/**
 * The back office's order operations through the admin API (docs/admin-order-operations.md): late-fee removal,
 * first due date, refunds through the refund engine, the PSP check. Each answers pt-BR refusals, writes its audit
 * entry and, when money moves, its ledger entry; the customer's amount due follows at once.
 */
import {
  type AnyEndpoint,
  adminCancelOrder,
  adminCancelOrderPartially,
  adminCancelProducts,
  adminCreateInstalmentPayments,
  adminCreateUniquePayment,
  adminOrder,
  adminRemoveInstalmentFee,
  adminUpdateFirstDueDate,
  adminUpdateProductAmount,
  adminVerifyPayment,
  fillPath,
} from '@drip/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { auditLog } from '../../src/modules/audit/tables.ts';
import { ledgerEntries } from '../../src/modules/orders/tables.ts';
import {
  bearer,
  loginAdmin,
  loginCustomer,
  loginMerchant,
  seededApp,
  type TestResponse,
} from '../helpers.ts';
import { createOrder, payBrCode } from '../instalment-helpers.ts';
import { instalmentsOf, orderRow, productsOf, refundsOf, setAurora } from '../refunds-helpers.ts';

let t: Awaited<ReturnType<typeof seededApp>>;
const BASE = new Date('2026-03-10T12:00:00Z');
const DAY = 86_400_000;

beforeAll(async () => {
  t = await seededApp();
});
afterAll(async () => {
  t.built.services.sandboxPsp?.close();
  await t.built.services.instalmentEvents.close();
  await t.dispose();
});
beforeEach(() => {
  t.clock.set(BASE);
});

/** An admin's headers, signed in at the test clock's current time (tokens are short-lived). */
async function adminHeaders() {
  return bearer((await loginAdmin(t)).token);
}

async function call(
  endpoint: AnyEndpoint,
  params: Record<string, string>,
  body?: unknown,
  headers?: Record<string, string>,
): Promise<TestResponse> {
  return t.request(endpoint.method, fillPath(endpoint.path, params), body, headers ?? (await adminHeaders()));
}

async function auditOf(entityId: string) {
  return t.database.db.select().from(auditLog).where(eq(auditLog.entityId, entityId));
}

async function ledgerOf(orderId: string, type: string) {
  return t.database.db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.orderId, orderId), eq(ledgerEntries.type, type)));
}

/** An order whose first instalment is 5 days late, with its late fee booked by the job. */
async function lateOrder() {
  const order = await createOrder(t, { total: 30_000, instalments: 3, firstDueDate: '2026-03-20' });
  t.clock.set(new Date(BASE.getTime() + 15 * DAY));
  await t.built.services.lateFees.run();
  const [first] = await instalmentsOf(t, order.id);
  if (!first || first.feesAmount <= 0) throw new Error('no late fee');
  return { order, first };
}

describe('remove-fee', () => {
  it('drops the fee at once in what the customer owes, with a ledger and an audit entry; the job leaves it', async () => {
    const { order, first } = await lateOrder();
    const { customerId } = await orderRow(t, order.id);
    const before = await t.built.services.instalmentPayments.orderDetails(customerId, order.id);
    const res = await call(adminRemoveInstalmentFee, { id: first.id }, { reason: 'WEEKEND_BILLING' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Multa por atraso removida com sucesso');
    expect(res.body.instalment.feesAmount).toBe(0);
    expect(res.body.instalment.amountToPay).toBe(first.amount - first.cashbackAmount);
    const after = await t.built.services.instalmentPayments.orderDetails(customerId, order.id);
    expect(JSON.stringify(after)).not.toBe(JSON.stringify(before));
    const [removed] = await ledgerOf(order.id, 'LATE_FEE_REMOVED');
    expect(removed?.amount).toBe(-first.feesAmount);
    const [audit] = await auditOf(first.id);
    expect(audit?.action).toBe('INSTALMENT_FEE_REMOVED');
    expect(audit?.actorType).toBe('ADMIN');
    expect(audit?.details).toMatchObject({
      reason: 'WEEKEND_BILLING',
      before: { feesAmount: first.feesAmount },
      after: { feesAmount: 0 },
    });
    // Days later the job does not charge it again.
    t.clock.advance(3 * DAY);
    await t.built.services.lateFees.run();
    const [again] = await instalmentsOf(t, order.id);
    expect(again?.feesAmount).toBe(0);
  });

  it('refuses an unknown reason (400), an instalment without fee or paid (422), an unknown one (404)', async () => {
    const { first } = await lateOrder();
    const bad = await call(adminRemoveInstalmentFee, { id: first.id }, { reason: 'PORQUE_SIM' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('Motivo de remoção da multa desconhecido');
    const ok = await call(adminRemoveInstalmentFee, { id: first.id }, {});
    expect(ok.status).toBe(200);
    const twice = await call(adminRemoveInstalmentFee, { id: first.id }, {});
    expect(twice.status).toBe(422);
    expect(twice.body.error.message).toBe('Esta parcela não tem multa por atraso');
    const missing = await call(adminRemoveInstalmentFee, { id: '00000000-0000-4000-8000-000000000000' }, {});
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe('Parcela não encontrada');
    expect((await call(adminRemoveInstalmentFee, { id: 'nope' }, {})).status).toBe(404);
  });
});

describe('update_due_date', () => {
  it('moves the first instalment within 1–30 days of the order, audited; the fee follows the new date', async () => {
    const { order, first } = await lateOrder();
    // Today is 2026-03-25; the order was made on 2026-03-10: the 28th is 18 days after, not late.
    const res = await call(adminUpdateFirstDueDate, { id: order.id }, { date: '2026-03-28' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Data alterada com sucesso');
    expect(res.body.instalment).toMatchObject({ number: 1, dueDate: '2026-03-28', feesAmount: 0 });
    const [moved] = await instalmentsOf(t, order.id);
    expect(moved?.dueDate).toBe('2026-03-28');
    const entries = await ledgerOf(order.id, 'LATE_FEE');
    expect(entries.reduce((a, e) => a + e.amount, 0)).toBe(0);
    const [audit] = await auditOf(order.id);
    expect(audit?.action).toBe('FIRST_DUE_DATE_CHANGED');
    expect(audit?.details).toMatchObject({
      before: { dueDate: first.dueDate, feesAmount: first.feesAmount },
      after: { dueDate: '2026-03-28', feesAmount: 0 },
    });
  });

  it('refuses a date outside the window, after instalment 2, a bad format, a paid first instalment', async () => {
    const order = await createOrder(t, { total: 30_000, instalments: 3, firstDueDate: '2026-03-20' });
    const same = await call(adminUpdateFirstDueDate, { id: order.id }, { date: '2026-03-10' });
    expect(same.status).toBe(422);
    expect(same.body.error.message).toBe('A nova data deve estar entre 1 e 30 dias após a criação do pedido');
    const far = await call(adminUpdateFirstDueDate, { id: order.id }, { date: '2026-04-10' });
    expect(far.status).toBe(422);
    const bad = await call(adminUpdateFirstDueDate, { id: order.id }, { date: '10/04/2026' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('A data deve estar no formato AAAA-MM-DD');
    const missing = await call(
      adminUpdateFirstDueDate,
      { id: '00000000-0000-4000-8000-000000000000' },
      { date: '2026-03-20' },
    );
    expect(missing.status).toBe(404);
    const short = await createOrder(t, { total: 30_000, instalments: 3, firstDueDate: '2026-03-01' });
    const rows = await instalmentsOf(t, short.id);
    // Instalment 2 falls within the window: a date on or after it would reorder the plan.
    const onSecond = await call(adminUpdateFirstDueDate, { id: short.id }, { date: rows[1]?.dueDate });
    expect(onSecond.status).toBe(422);
    expect(onSecond.body.error.message).toBe('A nova data deve ser anterior ao vencimento da parcela 2');
    const { customerId } = await orderRow(t, order.id);
    const pay = await t.built.services.instalmentPayments.payNextInstalment(customerId, order.id);
    if (!pay.payment) throw new Error('no Pix');
    await payBrCode(t, pay.payment.qrCodeText);
    const paid = await call(adminUpdateFirstDueDate, { id: order.id }, { date: '2026-03-25' });
    expect(paid.status).toBe(422);
    expect(paid.body.error.message).toBe('A data só pode ser alterada na parcela 1 pendente');
  });
});

describe('refunds through the refund engine', () => {
  it('full, by amount and by product: pending refunds of the engine, audited; carried out with their ledger', async () => {
    await setAurora(t, { ecommPlatform: 'MALGA', cancelMaxDays: null });
    const order = await createOrder(t, { total: 30_000, instalments: 3, firstDueDate: '2026-03-20' });
    const products = await productsOf(t, order.id);
    const byProduct = await call(adminCancelProducts, { id: order.id }, { productIds: [products[1]?.id] });
    expect(byProduct.status).toBe(202);
    const partial = await call(adminCancelOrderPartially, { id: order.id }, { amount: 10 });
    expect(partial.status).toBe(202);
    await t.built.services.orderRefunds.processPending();
    expect((await refundsOf(t, order.id)).map((r) => r.status)).toEqual(['DONE', 'DONE']);
    const full = await call(adminCancelOrder, { id: order.id });
    expect(full.status).toBe(202);
    await t.built.services.orderRefunds.processPending();
    const o = await orderRow(t, order.id);
    expect(o.canceledAmount).toBe(o.amount);
    const canceled = await ledgerOf(order.id, 'ORDER_CANCELED');
    expect(canceled.reduce((a, e) => a + e.amount, 0)).toBe(-o.amount);
    const audits = (await auditOf(order.id)).map((a) => a.action).sort();
    expect(audits).toEqual([
      'ORDER_REFUND_REQUESTED_AMOUNT',
      'ORDER_REFUND_REQUESTED_FULL',
      'ORDER_REFUND_REQUESTED_PRODUCTS',
    ]);
    // The order details' history reads them (the entity types it asks for are the ones written).
    const details = await call(adminOrder, { id: order.id });
    expect(details.body.history.map((h: { action: string }) => h.action).sort()).toEqual(audits);
  });

  it('a full refund of a late order books the late fee it drops with the cancelled instalment', async () => {
    const { order, first } = await lateOrder();
    expect((await call(adminCancelOrder, { id: order.id })).status).toBe(202);
    await t.built.services.orderRefunds.processPending();
    const [after] = await instalmentsOf(t, order.id);
    expect(after?.feesAmount).toBe(0);
    const [dropped] = await ledgerOf(order.id, 'LATE_FEE_CANCELED');
    expect(dropped?.amount).toBe(-first.feesAmount);
    expect(dropped?.instalmentId).toBe(first.id);
  });

  it("the engine's refusals reach the admin in pt-BR (nothing left, unknown order, bad amount)", async () => {
    const order = await createOrder(t, { total: 30_000, instalments: 3, firstDueDate: '2026-03-20' });
    expect((await call(adminCancelOrder, { id: order.id })).status).toBe(202);
    await t.built.services.orderRefunds.processPending();
    const again = await call(adminCancelOrder, { id: order.id });
    expect(again.status).toBe(422);
    expect(typeof again.body.error.message).toBe('string');
    expect((await auditOf(order.id)).length).toBe(1);
    expect((await call(adminCancelOrder, { id: '00000000-0000-4000-8000-000000000000' })).status).toBe(404);
    expect((await call(adminCancelOrderPartially, { id: order.id }, { amount: -1 })).status).toBe(400);
    expect((await call(adminCancelProducts, { id: order.id }, { productIds: [] })).status).toBe(400);
  });
});

describe('payments_callback/update', () => {
  it('books a Pix the PSP has and Drip missed, audited; a PSP failure is a 503 with the spec text', async () => {
    const order = await createOrder(t, { total: 30_000, instalments: 3, firstDueDate: '2026-03-20' });
    const { customerId } = await orderRow(t, order.id);
    const view = await t.built.services.instalmentPayments.payNextInstalment(customerId, order.id);
    const txid = view.payment?.externalPaymentId;
    if (!txid || !view.payment) throw new Error('no Pix');
    const charge = await t.built.services.payments.getChargeByTxid(txid);
    if (!charge) throw new Error('no charge');
    const chargeId = charge.id;
    // The PSP's notice is lost: the money arrives, Drip is not told.
    const notice = vi.spyOn(t.built.services.payments, 'handleNotice').mockResolvedValue([]);
    try {
      await payBrCode(t, view.payment.qrCodeText);
    } finally {
      notice.mockRestore();
    }
    const failing = vi.spyOn(t.built.services.payments.pix, 'getCob').mockRejectedValue(new Error('timeout'));
    const down = await call(adminVerifyPayment, { paymentId: chargeId });
    failing.mockRestore();
    expect(down.status).toBe(503);
    expect(down.body.error.message).toBe('Ocorreu um erro ao verificar o pagamento');
    const res = await call(adminVerifyPayment, { paymentId: txid });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ paymentId: txid, status: 'PAID', booked: true });
    const [first] = await instalmentsOf(t, order.id);
    expect(first?.status).toBe('PAID');
    expect((await ledgerOf(order.id, 'INSTALMENT_PAID')).length).toBe(1);
    const again = await call(adminVerifyPayment, { paymentId: chargeId });
    expect(again.body).toEqual({ paymentId: chargeId, status: 'PAID', booked: false });
    expect((await ledgerOf(order.id, 'INSTALMENT_PAID')).length).toBe(1);
    expect((await auditOf(chargeId)).map((a) => a.action)).toContain('PAYMENT_VERIFIED');
    expect(
      (await call(adminVerifyPayment, { paymentId: '00000000-0000-4000-8000-000000000000' })).status,
    ).toBe(404);
  });
});

describe('Pix of instalments and the unique payment', () => {
  it('creates the Pix of chosen instalments (updated after a fee removal), the customer pays it, audited', async () => {
    const { order, first } = await lateOrder();
    const res = await call(adminCreateInstalmentPayments, { id: order.id }, { instalmentIds: [first.id] });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Pix criado/atualizado com sucesso');
    const pix = res.body.instalments[0].payment;
    const withFee = await t.built.services.payments.getChargeByTxid(pix.externalPaymentId);
    expect(withFee?.amount).toBe(first.amount - first.cashbackAmount + first.feesAmount);
    expect((await call(adminRemoveInstalmentFee, { id: first.id }, {})).status).toBe(200);
    // The Pix for the old amount is cancelled: the update offers the new amount.
    expect((await t.built.services.payments.getChargeByTxid(pix.externalPaymentId))?.status).toBe('CANCELED');
    const updated = await call(
      adminCreateInstalmentPayments,
      { id: order.id },
      { instalmentIds: [first.id] },
    );
    const fresh = updated.body.instalments[0].payment;
    expect(fresh.externalPaymentId).not.toBe(pix.externalPaymentId);
    expect((await t.built.services.payments.getChargeByTxid(fresh.externalPaymentId))?.amount).toBe(
      first.amount - first.cashbackAmount,
    );
    await payBrCode(t, fresh.qrCodeText);
    const [paid] = await instalmentsOf(t, order.id);
    expect(paid?.status).toBe('PAID');
    expect((await auditOf(order.id)).filter((a) => a.action === 'INSTALMENT_PIX_CREATED')).toHaveLength(2);
    const again = await call(adminCreateInstalmentPayments, { id: order.id }, { instalmentIds: [first.id] });
    expect(again.status).toBe(422);
    expect(again.body.error.message).toBe('Parcela não pendente neste pedido');
    expect((await call(adminCreateInstalmentPayments, { id: order.id }, { instalmentIds: [] })).status).toBe(
      400,
    );
  });

  it('one Pix for every unpaid instalment; paying it closes the order', async () => {
    const order = await createOrder(t, { total: 30_000, instalments: 3, firstDueDate: '2026-03-20' });
    const res = await call(adminCreateUniquePayment, { id: order.id });
    expect(res.status).toBe(200);
    expect(res.body.instalments).toHaveLength(3);
    await payBrCode(t, res.body.qrCodeText);
    expect((await orderRow(t, order.id)).status).toBe('CLOSED');
    expect((await auditOf(order.id)).map((a) => a.action)).toEqual(['UNIQUE_PAYMENT_CREATED']);
    expect((await call(adminCreateUniquePayment, { id: order.id })).status).toBe(404);
    expect(
      (await call(adminCreateUniquePayment, { id: '00000000-0000-4000-8000-000000000000' })).status,
    ).toBe(404);
  });
});

describe('the reference', () => {
  it("lists every order operation at the spec's paths", async () => {
    const doc = await t.request('GET', '/api/openapi.json');
    const paths = Object.keys(doc.body.paths)
      .filter((k) => k.startsWith('/admin_backoffice/api/v1/'))
      .map((k) => k.replace('/admin_backoffice/api/v1', ''))
      .filter((k) => /^\/(orders\/\{id\}\/|instalments\/|payments_callback)/.test(k));
    // Other order calls (lists, details, PGF) live beside these; every operation must be among them.
    expect(paths).toEqual(
      expect.arrayContaining([
        '/instalments/{id}/remove-fee',
        '/orders/{id}/cancel',
        '/orders/{id}/cancel/partially',
        '/orders/{id}/create_instalment_payments',
        '/orders/{id}/create_unique_payment',
        '/orders/{id}/products/cancel',
        '/orders/{id}/products/update-amount',
        '/orders/{id}/update_due_date',
        '/payments_callback/update/{paymentId}',
      ]),
    );
  });
});

describe('only an admin operates orders', () => {
  it('a merchant, a customer or nobody is refused and nothing changes', async () => {
    const { order, first } = await lateOrder();
    const callers: [string, Record<string, string>, number][] = [
      ['merchant admin', bearer((await loginMerchant(t)).token), 403],
      ['customer', bearer((await loginCustomer(t)).token), 403],
      ['nobody', {}, 401],
    ];
    const calls: [AnyEndpoint, Record<string, string>, unknown][] = [
      [adminRemoveInstalmentFee, { id: first.id }, {}],
      [adminUpdateFirstDueDate, { id: order.id }, { date: '2026-03-28' }],
      [adminCancelOrder, { id: order.id }, undefined],
      [adminCancelOrderPartially, { id: order.id }, { amount: 1 }],
      [adminCancelProducts, { id: order.id }, { productIds: ['x'] }],
      [adminUpdateProductAmount, { id: order.id }, { productId: 'x', amount: 1 }],
      [adminVerifyPayment, { paymentId: '00000000-0000-4000-8000-000000000000' }, undefined],
      [adminCreateInstalmentPayments, { id: order.id }, { instalmentIds: [first.id] }],
      [adminCreateUniquePayment, { id: order.id }, undefined],
    ];
    for (const [who, headers, status] of callers)
      for (const [endpoint, params, body] of calls)
        expect((await call(endpoint, params, body, headers)).status, `${endpoint.id} as ${who}`).toBe(status);
    const [still] = await instalmentsOf(t, order.id);
    expect(still?.feesAmount).toBe(first.feesAmount);
    expect(await refundsOf(t, order.id)).toEqual([]);
    expect(await auditOf(order.id)).toEqual([]);
  });
});
