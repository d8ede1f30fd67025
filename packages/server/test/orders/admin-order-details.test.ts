/**
 * The back office's order details: every section of spec 2.2 from one call, the instalment figures equal to the
 * customer portal's, the checkout's Pix, the admin history from the audit log, and the 400/404 of a bad id.
 */
import { randomUUID } from 'node:crypto';
import { adminOrder, adminOrderDetailsMessages, cents, fillPath, reaisToCents } from '@drip/core';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { checkouts } from '../../src/modules/checkouts/tables.ts';
import { customers } from '../../src/modules/customers/tables.ts';
import { merchants } from '../../src/modules/merchants/tables.ts';
import { apiKeyOf, createCheckout } from '../checkout-helpers.ts';
import { bearer, loginCustomer } from '../helpers.ts';
import { createOrder, MARIA_CPF, payBrCode } from '../instalment-helpers.ts';
import { type AdminApp, withAdminApp } from '../merchants/admin-merchant-helpers.ts';

let t: AdminApp['t'];
let admin: AdminApp['admin'];
let call: AdminApp['call'];
withAdminApp((app) => {
  ({ t, admin, call } = app);
});

const details = (id: string) => call(adminOrder, { id });

describe('admin order details', () => {
  it('answers every section, with the customer portal’s instalment figures', async () => {
    const order = await createOrder(t, { instalments: 24, total: 240_001, cashbackRate: 0.05 });
    const s = t.built.services;
    const [maria] = await s.database.db.select().from(customers).where(eq(customers.cpf, MARIA_CPF));
    if (!maria) throw new Error('no demo customer');
    // A Pix for the next instalment: the admin sees its copy-paste text and QR image.
    const pix = await s.instalmentPayments.payNextInstalment(maria.id, order.id);

    const res = await details(order.id);
    expect(res.status, res.text).toBe(200);
    const body = res.body;
    expect(body).toMatchObject({
      id: order.id,
      amount: 2400.01,
      canceledAmount: 0,
      status: 'ACTIVE',
      displayStatus: 'ACTIVE',
      instalmentsCount: 24,
      unpaidInstalmentsCount: 24,
      customer: { id: maria.id, cpf: MARIA_CPF, name: maria.name, phone: maria.phone },
      merchant: { name: 'Loja Aurora' },
      checkout: null,
      history: [],
    });
    expect(body.merchantOrderCode).toMatch(/^PED-/);
    expect(body.products.map((p: { name: string }) => p.name)).toEqual(['Camiseta', 'Calça']);
    expect(body.instalments).toHaveLength(24);

    // No second arithmetic: each line is the customer portal's line for the same instalment.
    const customerView = await s.instalmentPayments.orderDetails(maria.id, order.id);
    if (!customerView) throw new Error('customer view missing');
    for (const [i, line] of customerView.instalments.entries()) {
      expect(body.instalments[i]).toEqual({ ...line, lateFeeWaivedAt: null });
    }
    const first = body.instalments[0];
    for (const key of [
      'amount',
      'feesAmount',
      'cashbackAmount',
      'canceledAmount',
      'amountToPay',
      'dueDate',
      'status',
      'amountPaidIncludingRefunds',
      'amountCanceledWithRefund',
    ])
      expect(first, key).toHaveProperty(key);
    expect(first.payment).toMatchObject({ status: 'PENDING', qrCodeText: pix.payment?.qrCodeText });
    // Cashback sits on the last instalment; the lines add up to the order's total less the cashback.
    const sum = body.instalments.reduce(
      (a: number, l: { amountToPay: number }) => a + reaisToCents(l.amountToPay),
      0,
    );
    expect(sum).toBe(240_001 - reaisToCents(body.cashbackAmount));
    expect(body.cashbackAmount).toBeGreaterThan(0);
  });

  it('shows a paid instalment with the Pix that paid it and the amount paid', async () => {
    const order = await createOrder(t, { instalments: 3, total: 30_000, cashbackRate: 0 });
    const s = t.built.services;
    const [maria] = await s.database.db.select().from(customers).where(eq(customers.cpf, MARIA_CPF));
    if (!maria) throw new Error('no demo customer');
    const pix = await s.instalmentPayments.payNextInstalment(maria.id, order.id);
    await payBrCode(t, pix.payment?.qrCodeText ?? '');

    const res = await details(order.id);
    expect(res.status, res.text).toBe(200);
    expect(res.body.unpaidInstalmentsCount).toBe(2);
    expect(res.body.instalments[0]).toMatchObject({
      status: 'PAID',
      amountPaidIncludingRefunds: 100,
      payment: { status: 'PAID', qrCodeText: pix.payment?.qrCodeText },
    });
    const customerView = await s.instalmentPayments.orderDetails(maria.id, order.id);
    expect(res.body.instalments[0]).toEqual({ ...customerView?.instalments[0], lateFeeWaivedAt: null });
  });

  it('shows the checkout and the Pix paid in it', async () => {
    const s = t.built.services;
    const checkoutId = await createCheckout(t, await apiKeyOf(t, 'Loja Aurora'), { amount: 150 });
    const charge = await s.payments.createCharge(null, {
      purpose: 'FIRST_INSTALMENT',
      referenceId: checkoutId,
      amount: cents(5_000),
      description: 'Primeira parcela',
    });
    await s.database.db
      .update(checkouts)
      .set({
        firstInstalmentPix: {
          chargeId: charge.id,
          txid: charge.txid,
          brCode: charge.brCode,
          qrCodeUrl: charge.qrCodeUrl,
          amount: charge.amount,
          expiresAt: charge.expiresAt.toISOString(),
        },
      })
      .where(eq(checkouts.id, checkoutId));
    const [maria] = await s.database.db.select().from(customers).where(eq(customers.cpf, MARIA_CPF));
    const [aurora] = await s.database.db.select().from(merchants).where(eq(merchants.name, 'Loja Aurora'));
    if (!maria || !aurora) throw new Error('demo world not seeded');
    const now = t.clock.now();
    const created = await s.database.db.transaction((tx) =>
      s.orders.createInstalmentOrder(tx, {
        checkoutId,
        merchantId: aurora.id,
        customerId: maria.id,
        merchantOrderCode: `PED-${randomUUID().slice(0, 8)}`,
        total: cents(15_000),
        products: [{ name: 'Vaso', quantity: 1, unitAmount: cents(15_000) }],
        totalInstalments: 3,
        firstDueDate: '2026-03-25',
        cashbackRate: 0,
        upfrontPayment: { chargeId: charge.id, paidAt: now },
        now,
      }),
    );
    const res = await details(created.id);
    expect(res.status, res.text).toBe(200);
    expect(res.body.checkout).toMatchObject({
      id: checkoutId,
      paymentStatus: 'PENDING',
      paymentId: charge.txid,
      paymentQrCode: charge.qrCodeUrl,
      paymentQrCodeText: charge.brCode,
    });
    expect(Date.parse(res.body.checkout.createdAt)).not.toBeNaN();
  });

  it('lists the admin actions on the order and its instalments, newest first, with who did them', async () => {
    const s = t.built.services;
    const order = await createOrder(t);
    const other = await createOrder(t);
    const first = (await details(order.id)).body.instalments[0].id as string;
    const me = await t.request('GET', '/admin_backoffice/api/v1/user', undefined, admin);
    const adminId = me.body.id as string;
    await s.audit.record({
      actorType: 'ADMIN',
      actorId: adminId,
      action: 'ORDER_FIRST_DUE_DATE_CHANGED',
      entityType: 'ORDER',
      entityId: order.id,
      details: { before: { dueDate: '2026-03-25' }, after: { dueDate: '2026-03-30' } },
    });
    t.clock.advance(60_000);
    await s.audit.record({
      actorType: 'ADMIN',
      actorId: adminId,
      action: 'LATE_FEE_REMOVED',
      entityType: 'INSTALMENT',
      entityId: first,
      details: { before: { feesAmount: 1200 }, after: { feesAmount: 0 }, reason: 'Erro no sistema' },
    });
    await s.audit.record({
      actorType: 'ADMIN',
      actorId: adminId,
      action: 'ORDER_CANCELED',
      entityType: 'ORDER',
      entityId: other.id,
    });

    const res = await details(order.id);
    expect(res.status, res.text).toBe(200);
    expect(res.body.history).toEqual([
      {
        id: expect.any(String),
        at: expect.any(String),
        action: 'LATE_FEE_REMOVED',
        entityType: 'INSTALMENT',
        entityId: first,
        actor: { type: 'ADMIN', id: adminId, name: me.body.name, email: 'admin@drip.dev' },
        before: { feesAmount: 1200 },
        after: { feesAmount: 0 },
        details: { reason: 'Erro no sistema' },
      },
      {
        id: expect.any(String),
        at: expect.any(String),
        action: 'ORDER_FIRST_DUE_DATE_CHANGED',
        entityType: 'ORDER',
        entityId: order.id,
        actor: { type: 'ADMIN', id: adminId, name: me.body.name, email: 'admin@drip.dev' },
        before: { dueDate: '2026-03-25' },
        after: { dueDate: '2026-03-30' },
        details: {},
      },
    ]);
  });

  it('answers 404 for an unknown order and 400 for an id that is not one', async () => {
    const unknown = await details(randomUUID());
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe(adminOrderDetailsMessages.notFound);
    const malformed = await details('1 or 1=1');
    expect(malformed.status).toBe(400);
    expect(JSON.stringify(malformed.body)).toContain(adminOrderDetailsMessages.invalidId);
  });

  it('is for admins only', async () => {
    const order = await createOrder(t);
    const path = fillPath(adminOrder.path, { id: order.id });
    expect((await t.request('GET', path)).status).toBe(401);
    const customer = bearer((await loginCustomer(t)).token);
    expect((await t.request('GET', path, undefined, customer)).status).toBe(403);
  });
});
