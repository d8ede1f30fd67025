/**
 * The plan steps after an approval: the instalment count (flexible merchants), the first due date (and with it the
 * optional entry), and the confirmation — an order at once, or first the Pix of the upfront instalment.
 */
import { addDaysIso, cents, daysBetweenIso } from '@drip/core';
import type { Tx } from '../../db/types.ts';
import type { CheckoutCore } from './core.ts';
import { checkoutErrors, conflict, unprocessable } from './refusals.ts';
import {
  FIRST_DUE_MAX_DAYS,
  FIRST_DUE_MIN_DAYS,
  instalmentRange,
  type MerchantFacts,
  orderBase,
  type WireResponse,
} from './rules.ts';
import type { CheckoutRow } from './tables.ts';

export class PlanSteps {
  constructor(private readonly core: CheckoutCore) {}

  async selectInstalments(
    tx: Tx,
    row: CheckoutRow,
    merchant: MerchantFacts,
    n: number,
  ): Promise<WireResponse> {
    if (!merchant.flexibleInstallments || (row.phase !== 'SELECTION' && row.phase !== 'CONFIRMATION')) {
      throw conflict(checkoutErrors.outOfOrder);
    }
    const { min, max } = instalmentRange(merchant);
    if (n < min || n > max)
      throw unprocessable(checkoutErrors.instalmentsRange(min, max), 'INSTALMENTS_OUT_OF_RANGE');
    const updated = await this.core.update(tx, row.id, { totalInstalments: n, phase: 'CONFIRMATION' });
    return this.core.respond(updated, merchant);
  }

  async changeFirstDate(
    tx: Tx,
    row: CheckoutRow,
    merchant: MerchantFacts,
    date: string,
  ): Promise<WireResponse> {
    if (row.phase !== 'CONFIRMATION' && row.phase !== 'SELECTION') throw conflict(checkoutErrors.outOfOrder);
    if (merchant.upfrontPaymentStatus === 'MANDATORY') {
      throw unprocessable(checkoutErrors.firstDateMandatory, 'FIRST_DATE_FIXED');
    }
    const today = this.core.today();
    const days = daysBetweenIso(today, date);
    // OPTIONAL upfront: today is the entry ("com entrada", paid by Pix at confirmation); any later date in the
    // window is "sem entrada" (docs/checkout-lifecycle.md).
    const optional = merchant.upfrontPaymentStatus === 'OPTIONAL';
    const minDays = optional ? 0 : FIRST_DUE_MIN_DAYS;
    if (days < minDays || days > FIRST_DUE_MAX_DAYS) {
      throw unprocessable(
        checkoutErrors.firstDateRange(addDaysIso(today, minDays), addDaysIso(today, FIRST_DUE_MAX_DAYS)),
        'FIRST_DATE_OUT_OF_RANGE',
      );
    }
    const updated = await this.core.update(tx, row.id, {
      firstDueDate: date,
      upfront: days === 0 ? 'YES' : 'NO',
    });
    return this.core.respond(updated, merchant);
  }

  async confirm(tx: Tx, row: CheckoutRow, merchant: MerchantFacts): Promise<WireResponse> {
    if (row.phase !== 'CONFIRMATION') throw conflict(checkoutErrors.outOfOrder);
    const data = row.customerData;
    if (!data || !row.customerId) throw conflict(checkoutErrors.outOfOrder);
    const plan = this.core.plan(row, merchant);
    if (plan.upfront) {
      const first = plan.instalments[0];
      if (!first) throw conflict(checkoutErrors.outOfOrder);
      const due = cents(first.amount - first.cashbackAmount);
      const pix = await this.core.firstInstalmentPix(tx, row, due, data, merchant);
      const updated = await this.core.update(tx, row.id, {
        phase: 'FIRST_INSTALMENT_PIX',
        totalInstalments: plan.totalInstalments,
        firstDueDate: plan.firstDueDate,
        upfront: 'YES',
        firstInstalmentPix: pix,
      });
      return this.core.respond(updated, merchant);
    }
    const order = await this.core.d.orders.createInstalmentOrder(tx, {
      ...orderBase(row, row.customerId),
      totalInstalments: plan.totalInstalments,
      firstDueDate: plan.firstDueDate,
      cashbackRate: merchant.cashbackRate,
      upfrontPayment: null,
      now: this.core.d.clock.now(),
    });
    const updated = await this.core.update(tx, row.id, {
      status: 'OK',
      phase: 'DONE',
      totalInstalments: plan.totalInstalments,
      firstDueDate: plan.firstDueDate,
      upfront: 'NO',
      orderId: order.id,
    });
    return this.core.respond(updated, merchant);
  }
}
