/**
 * Property: under any interleaving of payments (one instalment, all at once), late days, refunds (full, by amount,
 * by product), repeated requests and crashes of the refund worker (the devolução step failing, then retried), the
 * money stays whole: the cancelled principal never exceeds the order, what the customer keeps paying plus what is
 * still owed never exceeds the principal left plus fees, what is given back never exceeds what was paid (per
 * instalment and per charge), and no refund is applied twice. Debts settled outside by PGF (one instalment or the
 * whole order) join the interleaving: a debt is closed once, by Pix or by PGF, and an order with a PGF settlement is
 * not refunded through Drip (docs/pgf.md).
 */
import { cents } from '@drip/core';
import { and, eq, inArray, like } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { amountToPay, PGF_SETTLED_TYPE } from '../../src/modules/orders/instalment-rules.ts';
import { ledgerEntries } from '../../src/modules/orders/tables.ts';
import { pixCharges, pixRefunds } from '../../src/modules/payments/tables.ts';
import type { TestApp } from '../helpers.ts';
import { payBrCode } from '../instalment-helpers.ts';
import { DAY, forEveryOrder, orderPropertyWorld, refused } from '../order-property-helpers.ts';
import { instalmentsOf, orderRow, payNext, productsOf, refundsOf } from '../refunds-helpers.ts';

let t: TestApp;
const ADMIN = { adminId: 'property-admin' };

orderPropertyWorld((app) => {
  t = app;
});

const action = fc.oneof(
  fc.constant({ kind: 'pay' as const }),
  fc.constant({ kind: 'unique' as const }),
  fc.record({ kind: fc.constant('late' as const), days: fc.integer({ min: 1, max: 40 }) }),
  fc.constant({ kind: 'full' as const }),
  fc.record({ kind: fc.constant('amount' as const), permille: fc.integer({ min: 1, max: 1100 }) }),
  fc.record({ kind: fc.constant('product' as const), index: fc.integer({ min: 0, max: 1 }) }),
  fc.constant({ kind: 'drain' as const }),
  fc.constant({ kind: 'crash' as const }),
  fc.constant({ kind: 'pgfOne' as const }),
  fc.constant({ kind: 'pgfOrder' as const }),
);

describe('refund money invariants', () => {
  it('paid − given back + owed ≤ principal left + fees; never more given back than paid; no refund twice', async () => {
    await forEveryOrder(t, action, 20, async (order, shape, actions) => {
      const db = t.database.db;
      const svc = t.built.services;
      const { merchantId, customerId } = await orderRow(t, order.id);
      const products = await productsOf(t, order.id);
      const drain = async () => {
        // Past any back-off of a failed try.
        t.clock.advance(11 * 60_000);
        await svc.orderRefunds.processPending();
      };
      for (const a of actions) {
        if (a.kind === 'pay') await refused(payNext(t, order.id));
        else if (a.kind === 'unique') {
          const r = await refused(svc.instalmentPayments.createUniquePayment(customerId, order.id));
          if (r) await payBrCode(t, r.qrCodeText);
        } else if (a.kind === 'late') {
          t.clock.advance(a.days * DAY);
          await svc.lateFees.run();
        } else if (a.kind === 'full') {
          await refused(svc.orderRefunds.request(merchantId, order.id, { type: 'FULL' }, null));
        } else if (a.kind === 'amount') {
          const amount = cents(Math.max(1, Math.floor((shape.total * a.permille) / 1000)));
          await refused(svc.orderRefunds.request(merchantId, order.id, { type: 'AMOUNT', amount }, null));
        } else if (a.kind === 'product') {
          const p = products[a.index];
          if (p)
            await refused(
              svc.orderRefunds.request(merchantId, order.id, { type: 'PRODUCTS', productIds: [p.id] }, null),
            );
        } else if (a.kind === 'pgfOne') {
          const next = (await instalmentsOf(t, order.id)).find((i) => i.status === 'PENDING');
          if (next)
            await svc.debtSettlements.settleInstalments({ instalmentsIds: [next.id], type: 'OTHER' }, ADMIN);
        } else if (a.kind === 'pgfOrder') {
          await svc.debtSettlements.closeOrders(
            { orderIds: [order.id], type: 'PAYMENT_AGREEMENT_COLLECTION_AGENCY' },
            ADMIN,
          );
        } else if (a.kind === 'drain') await drain();
        else {
          // The worker dies at the devolução step: its transaction leaves nothing, the queue retries later.
          const spy = vi.spyOn(svc.payments, 'refundCharge').mockRejectedValue(new Error('process died'));
          try {
            await drain();
          } finally {
            spy.mockRestore();
          }
        }
      }
      await drain();

      const o = await orderRow(t, order.id);
      const rows = await instalmentsOf(t, order.id);
      expect(o.canceledAmount).toBeGreaterThanOrEqual(0);
      expect(o.canceledAmount).toBeLessThanOrEqual(o.amount);
      expect(rows.reduce((a, i) => a + i.canceledAmount, 0)).toBe(o.canceledAmount);
      for (const i of rows) {
        expect(i.canceledAmount).toBeGreaterThanOrEqual(0);
        expect(i.canceledAmount).toBeLessThanOrEqual(i.amount);
        expect(i.canceledCashbackAmount).toBeGreaterThanOrEqual(0);
        expect(i.canceledCashbackAmount).toBeLessThanOrEqual(i.cashbackAmount);
      }
      const entries = await db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, order.id));
      const sum = (types: string[]) =>
        entries.filter((e) => types.includes(e.type)).reduce((a, e) => a + e.amount, 0);
      const paid = sum(['INSTALMENT_PAID', 'FULL_PAYMENT_RECEIVED']);
      const givenBack = Math.abs(sum(['INSTALMENT_REFUNDED']));
      const owed = rows.filter((i) => i.status === 'PENDING').reduce((a, i) => a + amountToPay(i), 0);
      const settled = sum([PGF_SETTLED_TYPE]);
      // A debt is closed once: an instalment settled by PGF was not paid by Pix, and is settled once.
      for (const i of rows) {
        const mine = entries.filter((e) => e.instalmentId === i.id);
        const byPgf = mine.filter((e) => e.type === PGF_SETTLED_TYPE);
        expect(byPgf.length).toBeLessThanOrEqual(1);
        if (byPgf.length > 0) {
          expect(i.status).toBe('PAID');
          expect(mine.some((e) => e.type === 'INSTALMENT_PAID')).toBe(false);
        }
      }
      if (settled > 0)
        expect(
          entries.some(
            (e) =>
              e.type === 'ORDER_CANCELED' &&
              e.createdAt > (entries.find((x) => x.type === PGF_SETTLED_TYPE)?.createdAt ?? new Date(0)),
          ),
        ).toBe(false);
      const fees = rows.reduce((a, i) => a + i.feesAmount, 0);
      const principalLeft = o.amount - o.canceledAmount;
      // What the customer keeps paying plus what is still owed: never more than the principal left plus fees.
      expect(paid - givenBack + owed + settled).toBeLessThanOrEqual(principalLeft + fees);
      expect(givenBack).toBeGreaterThanOrEqual(0);
      expect(givenBack).toBeLessThanOrEqual(paid);
      for (const i of rows) {
        const mine = entries.filter((e) => e.instalmentId === i.id);
        const inPaid = mine.filter((e) => ['INSTALMENT_PAID', 'FULL_PAYMENT_RECEIVED'].includes(e.type));
        const outBack = -mine
          .filter((e) => e.type === 'INSTALMENT_REFUNDED')
          .reduce((a, e) => a + e.amount, 0);
        expect(outBack).toBeLessThanOrEqual(inPaid.reduce((a, e) => a + e.amount, 0));
      }
      // No refund twice: every cancelled centavo and every devolução belongs to exactly one DONE refund.
      const refunds = await refundsOf(t, order.id);
      const done = refunds.filter((r) => r.status === 'DONE');
      expect(Math.abs(sum(['ORDER_CANCELED']))).toBe(o.canceledAmount);
      expect(done.reduce((a, r) => a + r.amount, 0)).toBe(o.canceledAmount);
      expect(done.reduce((a, r) => a + r.returnedAmount, 0)).toBe(givenBack);
      expect(entries.filter((e) => e.type === 'ORDER_CANCELED')).toHaveLength(done.length);
      expect(refunds.filter((r) => r.status === 'PENDING')).toEqual([]);
      const chargeIds = [...new Set(rows.map((i) => i.paymentChargeId).filter((c): c is string => !!c))];
      if (chargeIds.length > 0) {
        const devolucoes = await db
          .select()
          .from(pixRefunds)
          .where(and(inArray(pixRefunds.chargeId, chargeIds), like(pixRefunds.reason, 'Estorno%')));
        expect(devolucoes.reduce((a, d) => a + d.amount, 0)).toBe(givenBack);
        const charges = await db.select().from(pixCharges).where(inArray(pixCharges.id, chargeIds));
        for (const c of charges) expect(c.refundedAmount).toBeLessThanOrEqual(c.amount);
      }
      // Wholly refunded: closed, nothing owed, and only paid late fees kept.
      if (principalLeft === 0) {
        expect(o.status).toBe('CLOSED');
        expect(owed).toBe(0);
        const paidFees = rows.filter((i) => i.status === 'PAID').reduce((a, i) => a + i.feesAmount, 0);
        expect(paid - givenBack).toBe(paidFees);
      }
    });
  }, 240_000);
});
