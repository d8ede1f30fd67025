/**
 * Property: for any sequence of payments (one instalment, all at once, paid twice), late fees and cashback (also
 * larger than the last instalment), paid + outstanding = total + fees − cashback, no instalment is ever paid twice,
 * the whole cashback is granted, every instalment has something to pay, and paying what is left closes the order.
 */
import { applyRate, cents } from '@drip/core';
import { and, eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../../src/errors.ts';
import { amountToPay } from '../../src/modules/orders/instalment-payments.ts';
import { instalments, ledgerEntries, orders } from '../../src/modules/orders/tables.ts';
import { seededApp } from '../helpers.ts';
import { createOrder, payBrCode } from '../instalment-helpers.ts';

let t: Awaited<ReturnType<typeof seededApp>>;
const BASE = new Date('2026-03-10T12:00:00Z');
const DAY = 86_400_000;

/** The call's answer, or null when it was refused as not found (nothing left to pay). */
async function orNothing<T>(call: Promise<T>): Promise<T | null> {
  try {
    return await call;
  } catch (err) {
    if (err instanceof DomainError && err.kind === 'not_found') return null;
    throw err;
  }
}

beforeAll(async () => {
  t = await seededApp();
});
afterAll(async () => {
  await t.built.services.instalmentEvents.close();
  await t.dispose();
});

const action = fc.oneof(
  fc.constant({ kind: 'pay' as const }),
  fc.constant({ kind: 'unique' as const }),
  fc.constant({ kind: 'double' as const }),
  fc.record({ kind: fc.constant('late' as const), days: fc.integer({ min: 1, max: 45 }) }),
);

describe('instalment money invariants', () => {
  it('paid + outstanding = total + fees − cashback; no instalment paid twice; cashback never lost', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 100, max: 500_000 }),
        fc.integer({ min: 1, max: 24 }),
        // Up to 30 %: from 4,2 % in 24x the cashback is larger than the last instalment.
        fc.integer({ min: 0, max: 30 }),
        fc.array(action, { minLength: 1, maxLength: 8 }),
        async (total, n, cashbackPercent, actions) => {
          t.clock.set(BASE);
          const svc = t.built.services.instalmentPayments;
          const order = await createOrder(t, {
            total,
            instalments: n,
            cashbackRate: cashbackPercent / 100,
            firstDueDate: '2026-03-20',
          });
          const db = t.built.services.database.db;
          const [row] = await db.select().from(orders).where(eq(orders.id, order.id));
          const customerId = row?.customerId ?? '';
          const created = await db.select().from(instalments).where(eq(instalments.orderId, order.id));
          expect(created.reduce((s, i) => s + i.cashbackAmount, 0)).toBe(
            applyRate(cents(total), cashbackPercent / 100),
          );
          expect(row?.cashbackAmount).toBe(applyRate(cents(total), cashbackPercent / 100));
          for (const i of created) expect(amountToPay(i)).toBeGreaterThanOrEqual(1);
          for (const a of actions) {
            if (a.kind === 'late') {
              t.clock.advance(a.days * DAY);
              await t.built.services.lateFees.run();
            } else if (a.kind === 'pay') {
              const r = await orNothing(svc.payNextInstalment(customerId, order.id));
              if (r?.payment) await payBrCode(t, r.payment.qrCodeText);
            } else if (a.kind === 'unique') {
              const r = await orNothing(svc.createUniquePayment(customerId, order.id));
              if (r) await payBrCode(t, r.qrCodeText);
            } else {
              // Two Pix for the same instalment, both paid: the second must be refunded.
              const r = await orNothing(svc.payNextInstalment(customerId, order.id));
              if (r?.payment) {
                const extra = await t.built.services.payments.createCharge(null, {
                  purpose: 'INSTALMENT',
                  referenceId: r.id,
                  amount: cents(Math.round(r.amountToPay * 100)),
                  description: 'duplicada',
                });
                await payBrCode(t, r.payment.qrCodeText);
                await payBrCode(t, extra.brCode);
              }
            }
          }
          const rows = await db.select().from(instalments).where(eq(instalments.orderId, order.id));
          const paidEntries = await db
            .select()
            .from(ledgerEntries)
            .where(
              and(
                eq(ledgerEntries.orderId, order.id),
                inArray(ledgerEntries.type, ['INSTALMENT_PAID', 'FULL_PAYMENT_RECEIVED']),
              ),
            );
          const paid = paidEntries.reduce((s, e) => s + e.amount, 0);
          const outstanding = rows
            .filter((i) => i.status === 'PENDING')
            .reduce((s, i) => s + amountToPay(i), 0);
          const fees = rows.reduce((s, i) => s + i.feesAmount, 0);
          const cashback = rows.reduce((s, i) => s + i.cashbackAmount, 0);
          expect(paid + outstanding).toBe(total + fees - cashback);
          for (const i of rows) {
            const count = paidEntries.filter((e) => e.instalmentId === i.id).length;
            expect(count).toBe(i.status === 'PAID' ? 1 : 0);
          }
          const [after] = await db.select().from(orders).where(eq(orders.id, order.id));
          expect(after?.status).toBe(rows.every((i) => i.status === 'PAID') ? 'CLOSED' : 'ACTIVE');
          // What is left can be paid: the order closes.
          const rest = await orNothing(svc.createUniquePayment(customerId, order.id));
          if (rest) await payBrCode(t, rest.qrCodeText);
          const [closed] = await db.select().from(orders).where(eq(orders.id, order.id));
          expect(closed?.status).toBe('CLOSED');
        },
      ),
      { numRuns: 15 },
    );
  }, 120_000);
});
