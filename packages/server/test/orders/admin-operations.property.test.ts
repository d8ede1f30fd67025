/**
 * Property: any sequence of back-office operations (late-fee removal, first due date moves, full, partial and
 * product refunds, product amount updates (lower, equal or higher), Pix of instalments, unique payments, PSP checks) among payments and late days keeps the money
 * whole: the instalments add up to the order (total − cancelled + fees − cashback), every fee on an instalment is
 * in the ledger, paid + given back never exceeds what was charged, and every operation that was accepted left
 * exactly one audit entry; an active product's shares add up to its amount.
 */
import { cents, type IsoDate } from '@drip/core';
import { eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../src/modules/audit/tables.ts';
import { AdminOrderOperations } from '../../src/modules/orders/admin-operations.ts';
import { amountToPay } from '../../src/modules/orders/instalment-rules.ts';
import { instalmentProducts, ledgerEntries } from '../../src/modules/orders/tables.ts';
import { pixCharges } from '../../src/modules/payments/tables.ts';
import type { TestApp } from '../helpers.ts';
import { payBrCode } from '../instalment-helpers.ts';
import {
  DAY,
  forEveryOrder,
  orderPropertyWorld,
  PROPERTY_START,
  refused,
} from '../order-property-helpers.ts';
import { instalmentsOf, orderRow, payNext, productsOf } from '../refunds-helpers.ts';

let t: TestApp;
let ops: AdminOrderOperations;
const ADMIN = { adminId: '00000000-0000-4000-8000-0000000000ad' };

orderPropertyWorld((app) => {
  t = app;
  const s = t.built.services;
  ops = new AdminOrderOperations({
    db: s.database.db,
    clock: s.clock,
    log: s.log,
    audit: s.audit,
    payments: s.payments,
    refunds: s.orderRefunds,
    instalmentPayments: s.instalmentPayments,
    lateFees: () => s.lateFees.config,
  });
});

const action = fc.oneof(
  fc.record({ kind: fc.constant('late' as const), days: fc.integer({ min: 1, max: 40 }) }),
  fc.record({ kind: fc.constant('removeFee' as const), index: fc.integer({ min: 0, max: 5 }) }),
  fc.record({ kind: fc.constant('dueDate' as const), offset: fc.integer({ min: -2, max: 33 }) }),
  fc.constant({ kind: 'pay' as const }),
  fc.record({ kind: fc.constant('pix' as const), index: fc.integer({ min: 0, max: 5 }), pay: fc.boolean() }),
  fc.record({ kind: fc.constant('unique' as const), pay: fc.boolean() }),
  fc.constant({ kind: 'full' as const }),
  fc.record({ kind: fc.constant('amount' as const), permille: fc.integer({ min: 1, max: 1100 }) }),
  fc.record({ kind: fc.constant('product' as const), index: fc.integer({ min: 0, max: 1 }) }),
  fc.record({
    kind: fc.constant('productAmount' as const),
    index: fc.integer({ min: 0, max: 1 }),
    permille: fc.integer({ min: 0, max: 1100 }),
  }),
  fc.constant({ kind: 'verify' as const }),
  fc.constant({ kind: 'drain' as const }),
);

describe('admin operations keep the money invariants', () => {
  it('instalments add up to the order, fees are all in the ledger, paid + refunded ≤ charged, one audit each', async () => {
    await forEveryOrder(t, action, 15, async (order, shape, actions) => {
      const db = t.database.db;
      const svc = t.built.services;
      const products = await productsOf(t, order.id);
      let accepted = 0;
      const verifiedCharges: string[] = [];
      const count = (r: unknown) => {
        if (r !== null) accepted += 1;
      };
      for (const a of actions) {
        const rows = await instalmentsOf(t, order.id);
        if (a.kind === 'late') {
          t.clock.advance(a.days * DAY);
          await svc.lateFees.run();
        } else if (a.kind === 'removeFee') {
          const i = rows[a.index % rows.length];
          if (i) count(await refused(ops.removeFee(i.id, 'BUG', ADMIN)));
        } else if (a.kind === 'dueDate') {
          const date = new Date(PROPERTY_START.getTime() + a.offset * DAY)
            .toISOString()
            .slice(0, 10) as IsoDate;
          count(await refused(ops.updateFirstDueDate(order.id, date, ADMIN)));
        } else if (a.kind === 'pay') await refused(payNext(t, order.id));
        else if (a.kind === 'pix') {
          const i = rows[a.index % rows.length];
          const r = i ? await refused(ops.createInstalmentPayments(order.id, [i.id], ADMIN)) : null;
          count(r);
          const pix = r?.instalments[0]?.payment;
          if (a.pay && pix) await payBrCode(t, pix.qrCodeText);
        } else if (a.kind === 'unique') {
          const r = await refused(ops.createUniquePayment(order.id, ADMIN));
          count(r);
          if (a.pay && r) await payBrCode(t, r.qrCodeText);
        } else if (a.kind === 'full') count(await refused(ops.refund(order.id, { type: 'FULL' }, ADMIN)));
        else if (a.kind === 'amount') {
          const amount = cents(Math.max(1, Math.floor((shape.total * a.permille) / 1000)));
          count(await refused(ops.refund(order.id, { type: 'AMOUNT', amount }, ADMIN)));
        } else if (a.kind === 'product') {
          const p = products[a.index];
          if (p) count(await refused(ops.refund(order.id, { type: 'PRODUCTS', productIds: [p.id] }, ADMIN)));
        } else if (a.kind === 'productAmount') {
          // The product's amount now, lowered (or kept, or raised: refused) by the drawn ratio.
          const p = (await productsOf(t, order.id))[a.index];
          const amount = cents(Math.max(1, Math.floor(((p?.amount ?? 0) * a.permille) / 1000)));
          if (p) count(await refused(ops.updateProductAmount(order.id, p.id, amount, ADMIN)));
        } else if (a.kind === 'verify') {
          const [charge] = await db
            .select({ id: pixCharges.id })
            .from(pixCharges)
            .where(
              inArray(
                pixCharges.referenceId,
                rows.map((i) => i.id),
              ),
            )
            .limit(1);
          if (charge) {
            verifiedCharges.push(charge.id);
            count(await refused(ops.verifyPayment(charge.id, ADMIN)));
          }
        } else {
          t.clock.advance(11 * 60_000);
          await svc.orderRefunds.processPending();
        }
      }
      t.clock.advance(11 * 60_000);
      await svc.orderRefunds.processPending();

      const o = await orderRow(t, order.id);
      const rows = await instalmentsOf(t, order.id);
      const sum = <K extends keyof (typeof rows)[number]>(k: K) => rows.reduce((a, i) => a + Number(i[k]), 0);
      // The instalments add up to the order: total − cancelled + fees − cashback.
      expect(sum('amount')).toBe(o.amount);
      expect(sum('canceledAmount')).toBe(o.canceledAmount);
      const entries = await db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, order.id));
      const ledger = (types: string[]) =>
        entries.filter((e) => types.includes(e.type)).reduce((a, e) => a + e.amount, 0);
      // The cashback the order still grants: what it granted less what refunds took back (ledger).
      const cashbackLeft = o.cashbackAmount - ledger(['CASHBACK_CANCELED']);
      expect(
        rows.reduce(
          (a, i) =>
            a + i.amount - i.canceledAmount + i.feesAmount - (i.cashbackAmount - i.canceledCashbackAmount),
          0,
        ),
      ).toBe(o.amount - o.canceledAmount + sum('feesAmount') - cashbackLeft);
      for (const i of rows) {
        expect(i.feesAmount).toBeGreaterThanOrEqual(0);
        expect(i.canceledAmount).toBeLessThanOrEqual(i.amount);
        expect(amountToPay(i)).toBeGreaterThanOrEqual(0);
      }
      // Every centavo of fee on an instalment was booked (the job's and the admin's entries).
      expect(ledger(['LATE_FEE', 'LATE_FEE_REMOVED', 'LATE_FEE_CANCELED'])).toBe(sum('feesAmount'));
      // Paid + given back never exceeds what was charged.
      const paid = ledger(['INSTALMENT_PAID', 'FULL_PAYMENT_RECEIVED']);
      const givenBack = -ledger(['INSTALMENT_REFUNDED']);
      expect(givenBack).toBeGreaterThanOrEqual(0);
      expect(givenBack).toBeLessThanOrEqual(paid);
      const chargeIds = [...new Set(rows.map((i) => i.paymentChargeId).filter((c): c is string => !!c))];
      if (chargeIds.length > 0) {
        const charges = await db.select().from(pixCharges).where(inArray(pixCharges.id, chargeIds));
        for (const c of charges) expect(c.refundedAmount).toBeLessThanOrEqual(c.amount);
      }
      // An active product's active shares add up to its amount (lowered or not); a cancelled one has none.
      for (const p of await productsOf(t, order.id)) {
        const shares = await db
          .select()
          .from(instalmentProducts)
          .where(eq(instalmentProducts.orderProductId, p.id));
        const active = shares.filter((s) => s.status === 'ACTIVE').reduce((a, s) => a + s.amount, 0);
        expect(active).toBe(p.status === 'ACTIVE' ? p.amount : 0);
        expect(shares.every((s) => s.amount >= 0)).toBe(true);
      }
      // One audit entry per accepted operation, by the admin.
      const audits = await db
        .select()
        .from(auditLog)
        .where(inArray(auditLog.entityId, [order.id, ...rows.map((i) => i.id), ...verifiedCharges]));
      expect(audits.length).toBe(accepted);
      expect(audits.every((a) => a.actorType === 'ADMIN' && a.actorId === ADMIN.adminId)).toBe(true);
    });
  }, 300_000);
});
