/**
 * The booking of INSTALMENT and UNIQUE_PAYMENT Pix, called by the payments module INSIDE its booking transaction:
 * the instalments become PAID with their ledger entries, or the whole Pix goes back (docs/instalment-payments.md).
 */

import { type Cents, cents } from '@drip/core';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Tx } from '../../db/types.ts';
import type { Logger } from '../../log.ts';
import type { Charge, Payments } from '../payments/service.ts';
import { notifyInstalmentStatus } from './events.ts';
import { amountToPay, isUuid, LEDGER } from './instalment-rules.ts';
import { uniquePayments } from './payment-tables.ts';
import { instalments, ledgerEntries, orders } from './tables.ts';

type InstalmentRow = typeof instalments.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

/** An instalment as the customer's messages describe it (`toPay` after cashback, fees and cancellations). */
export interface PaidInstalmentFact {
  id: string;
  number: number;
  total: number;
  dueDate: string;
  toPay: Cents;
  paid: boolean;
}

/** What a booked payment tells the customer's messages: the instalments paid now and the next one to pay. */
export type InstalmentsPaidHook = (
  tx: Tx,
  facts: { customerId: string; paid: PaidInstalmentFact[]; next: PaidInstalmentFact | null },
) => Promise<void>;

export class InstalmentBooking {
  constructor(
    private readonly o: {
      clock: Clock;
      log: Logger;
      payments: Payments;
      onPaid?: InstalmentsPaidHook | undefined;
    },
  ) {}

  /** Registers the booking of INSTALMENT and UNIQUE_PAYMENT charges with the payments module. */
  register(): void {
    this.o.payments.onPaid('INSTALMENT', (tx, charge) => this.bookInstalment(tx, charge));
    this.o.payments.onPaid('UNIQUE_PAYMENT', (tx, charge) => this.bookUniquePayment(tx, charge));
  }

  /** A paid INSTALMENT charge: the instalment becomes PAID, or the money goes back (docs/instalment-payments.md). */
  async bookInstalment(tx: Tx, charge: Charge): Promise<void> {
    const [target] = isUuid(charge.referenceId)
      ? await tx
          .select({ orderId: instalments.orderId })
          .from(instalments)
          .where(eq(instalments.id, charge.referenceId))
      : [];
    if (!target) return this.giveBack(tx, charge, 'Parcela não encontrada');
    const order = await this.lockOrder(tx, target.orderId);
    const rows = await this.lockInstalments(tx, [charge.referenceId]);
    await this.settle(tx, charge, order, rows);
  }

  /** A paid UNIQUE_PAYMENT charge: every covered instalment becomes PAID in this one transaction, or none. */
  async bookUniquePayment(tx: Tx, charge: Charge): Promise<void> {
    const [up] = isUuid(charge.referenceId)
      ? await tx.select().from(uniquePayments).where(eq(uniquePayments.id, charge.referenceId))
      : [];
    if (!up) return this.giveBack(tx, charge, 'Pagamento único não encontrado');
    const order = await this.lockOrder(tx, up.orderId);
    const rows = await this.lockInstalments(tx, up.instalmentIds);
    if (rows.length !== up.instalmentIds.length)
      return this.giveBack(tx, charge, 'Parcelas do pagamento único não encontradas');
    await this.settle(tx, charge, order, rows);
  }

  private async lockOrder(tx: Tx, orderId: string): Promise<OrderRow | null> {
    const [o] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    return o ?? null;
  }

  private lockInstalments(tx: Tx, ids: string[]): Promise<InstalmentRow[]> {
    return tx
      .select()
      .from(instalments)
      .where(inArray(instalments.id, ids))
      .orderBy(asc(instalments.number))
      .for('update');
  }

  /** Books `charge` as payment in full of `rows`, or refunds it whole. */
  private async settle(tx: Tx, charge: Charge, order: OrderRow | null, rows: InstalmentRow[]): Promise<void> {
    if (!order || rows.length === 0) return this.giveBack(tx, charge, 'Parcela não encontrada');
    if (rows.some((i) => i.status !== 'PENDING'))
      return this.giveBack(tx, charge, 'Parcela já paga: pagamento em duplicidade');
    if (order.status !== 'ACTIVE') return this.giveBack(tx, charge, 'Pedido não está ativo');
    const due = rows.reduce((a, i) => a + amountToPay(i), 0);
    if (due !== charge.amount)
      return this.giveBack(tx, charge, 'Valor pago diferente do valor atual da parcela (multa ou ajuste)');
    const now = this.o.clock.now();
    const paidAt = charge.paidAt ?? now;
    const ids = rows.map((i) => i.id);
    await tx
      .update(instalments)
      .set({ status: 'PAID', paidAt, paymentChargeId: charge.id })
      .where(and(inArray(instalments.id, ids), eq(instalments.status, 'PENDING')));
    await tx.insert(ledgerEntries).values(
      rows.map((i) => ({
        type: LEDGER.instalmentPaid,
        amount: amountToPay(i),
        orderId: order.id,
        instalmentId: i.id,
        chargeId: charge.id,
        customerId: order.customerId,
        merchantId: order.merchantId,
        memo: `Parcela ${i.number} paga por Pix`,
        createdAt: now,
      })),
    );
    const [left] = await tx
      .select({ n: count() })
      .from(instalments)
      .where(
        and(
          eq(instalments.orderId, order.id),
          eq(instalments.status, 'PENDING'),
          // One whose principal a refund cancelled wholly is owed no more (refunds.ts).
          sql`${instalments.amount} > ${instalments.canceledAmount}`,
        ),
      );
    if ((left?.n ?? 0) === 0) {
      await tx.update(orders).set({ status: 'CLOSED', updatedAt: now }).where(eq(orders.id, order.id));
    }
    for (const id of ids) await notifyInstalmentStatus(tx, id, 'PAID');
    if (this.o.onPaid) await this.o.onPaid(tx, await this.paidFacts(tx, order, ids));
  }

  /** The instalments just paid and the next one still owed (the lowest number), as the messages describe them. */
  private async paidFacts(tx: Tx, order: OrderRow, paidIds: string[]) {
    const all = await tx
      .select()
      .from(instalments)
      .where(eq(instalments.orderId, order.id))
      .orderBy(asc(instalments.number));
    const fact = (i: InstalmentRow) => ({
      id: i.id,
      number: i.number,
      total: all.length,
      dueDate: i.dueDate,
      toPay: cents(amountToPay(i)),
      paid: i.status === 'PAID',
    });
    const next = all.find((i) => i.status === 'PENDING' && i.amount > i.canceledAmount);
    return {
      customerId: order.customerId,
      paid: all.filter((i) => paidIds.includes(i.id)).map(fact),
      next: next ? fact(next) : null,
    };
  }

  private async giveBack(tx: Tx, charge: Charge, reason: string): Promise<void> {
    this.o.log.warn('instalment payment not booked, refunding', { chargeId: charge.id, reason });
    await this.o.payments.refundCharge(tx, charge.id, charge.amount, reason);
  }
}
