/**
 * The back office's operations on orders and instalments (docs/admin-order-operations.md). Each one changes the
 * order in one transaction with its ledger entry (when money moves) and its audit entry (always). Refunds are the
 * refund engine's (`OrderRefunds.request`), a PSP check is the payments reconciliation's: no second path.
 */
import {
  adminOrderMessages,
  type Cents,
  cents,
  daysBetweenIso,
  type FeeRemovalReason,
  type IsoDate,
  isoDateInSaoPaulo,
} from '@drip/core';
import { and, asc, eq } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/index.ts';
import type { Tx } from '../../db/types.ts';
import { DomainError } from '../../errors.ts';
import { errorFields, type Logger } from '../../log.ts';
import type { AuditService } from '../audit/service.ts';
import type { Payments } from '../payments/service.ts';
import { INSTALMENT_AUDIT_ENTITY, ORDER_AUDIT_ENTITY } from './admin-details.ts';
import type { InstalmentPayments } from './instalment-payments.ts';
import { amountToPay, isUuid } from './instalment-rules.ts';
import { daysLate, type LateFeeConfig, lateFee } from './late-fees.ts';
import type { OrderRefunds, RefundAsk } from './refunds.ts';
import { cancelOpenCharges } from './stale-charges.ts';
import { instalments, ledgerEntries, orderProducts, orders } from './tables.ts';

/** Ledger types written here (amounts from Drip's point of view, like the late-fee job's). */
export const LEDGER_ADMIN = {
  /** −fee: the late fee an admin removed. */
  lateFeeRemoved: 'LATE_FEE_REMOVED',
  /** ± the late fee recomputed for the first instalment's new due date. */
  lateFeeRecomputed: 'LATE_FEE',
} as const;

/** Spec 9: the first instalment may be moved to 1–30 days after the order's creation. */
export const DUE_DATE_WINDOW = { minDays: 1, maxDays: 30 } as const;

export const adminOrderErrors = {
  instalmentNotFound: 'Parcela não encontrada',
  orderNotFound: 'Pedido não encontrado',
  paymentNotFound: 'Pagamento não encontrado',
  instalmentPaid: 'A parcela já foi paga',
  noFee: 'Esta parcela não tem multa por atraso',
  orderNotActive: 'O pedido não está ativo',
  firstNotPending: 'A data só pode ser alterada na parcela 1 pendente',
  dateOutOfWindow: `A nova data deve estar entre ${DUE_DATE_WINDOW.minDays} e ${DUE_DATE_WINDOW.maxDays} dias após a criação do pedido`,
  dateAfterSecond: 'A nova data deve ser anterior ao vencimento da parcela 2',
  verifyFailed: 'Ocorreu um erro ao verificar o pagamento',
} as const;

export interface AdminActor {
  adminId: string;
  requestId?: string;
}

type InstalmentRow = typeof instalments.$inferSelect;

const unprocessable = (code: string, message: string) => new DomainError('unprocessable', code, message);
const notFound = (message: string) => new DomainError('not_found', 'NOT_FOUND', message);

function money(i: InstalmentRow) {
  return {
    id: i.id,
    number: i.number,
    dueDate: i.dueDate,
    status: i.status,
    feesAmount: i.feesAmount,
    amountToPay: amountToPay(i),
  };
}

export class AdminOrderOperations {
  constructor(
    private readonly o: {
      db: Db;
      clock: Clock;
      log: Logger;
      audit: AuditService;
      payments: Payments;
      refunds: OrderRefunds;
      instalmentPayments: InstalmentPayments;
      lateFees: () => LateFeeConfig;
    },
  ) {}

  private audit(
    tx: Tx,
    actor: AdminActor,
    action: string,
    entityType: string,
    entityId: string,
    details: Record<string, unknown>,
  ) {
    return this.o.audit.record(
      {
        actorType: 'ADMIN',
        actorId: actor.adminId,
        action,
        entityType,
        entityId,
        details,
        ...(actor.requestId ? { requestId: actor.requestId } : {}),
      },
      tx,
    );
  }

  /**
   * Removes an unpaid instalment's late fee for good (the late-fee job leaves it alone from then on): the amount
   * due drops in the same commit, and the Pix already offered for the old amount is cancelled after it.
   */
  async removeFee(instalmentId: string, reason: FeeRemovalReason | undefined, actor: AdminActor) {
    if (!isUuid(instalmentId)) throw notFound(adminOrderErrors.instalmentNotFound);
    const now = this.o.clock.now();
    const after = await this.o.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ i: instalments, order: orders })
        .from(instalments)
        .innerJoin(orders, eq(orders.id, instalments.orderId))
        .where(eq(instalments.id, instalmentId))
        .for('update');
      if (!row) throw notFound(adminOrderErrors.instalmentNotFound);
      const { i, order } = row;
      if (i.status !== 'PENDING') throw unprocessable('INSTALMENT_PAID', adminOrderErrors.instalmentPaid);
      if (i.feesAmount <= 0) throw unprocessable('NO_LATE_FEE', adminOrderErrors.noFee);
      const [updated] = await tx
        .update(instalments)
        .set({ feesAmount: 0, lateFeeWaivedAt: now })
        .where(eq(instalments.id, i.id))
        .returning();
      if (!updated) throw new Error('instalment not updated');
      await tx.insert(ledgerEntries).values({
        type: LEDGER_ADMIN.lateFeeRemoved,
        amount: -i.feesAmount,
        orderId: order.id,
        instalmentId: i.id,
        customerId: order.customerId,
        merchantId: order.merchantId,
        memo: `Multa removida pelo admin (${reason ?? 'sem motivo'})`,
        createdAt: now,
      });
      await this.audit(tx, actor, 'INSTALMENT_FEE_REMOVED', INSTALMENT_AUDIT_ENTITY, i.id, {
        orderId: order.id,
        reason: reason ?? null,
        before: money(i),
        after: money(updated),
      });
      return updated;
    });
    await this.cancelStaleCharges(after.orderId, [after.id]);
    return { message: adminOrderMessages.feeRemoved, instalment: money(after) };
  }

  /**
   * Moves the first instalment (PENDING, of an ACTIVE order) to `date`, 1–30 days after the order's creation and
   * before instalment 2. Its late fee is recomputed for the new date (none when it is no longer late) unless an
   * admin removed it, with a ledger entry for the difference.
   */
  async updateFirstDueDate(orderId: string, date: IsoDate, actor: AdminActor) {
    if (!isUuid(orderId)) throw notFound(adminOrderErrors.orderNotFound);
    const now = this.o.clock.now();
    const today = isoDateInSaoPaulo(now);
    const after = await this.o.db.transaction(async (tx) => {
      const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
      if (!order) throw notFound(adminOrderErrors.orderNotFound);
      if (order.status !== 'ACTIVE') throw unprocessable('ORDER_NOT_ACTIVE', adminOrderErrors.orderNotActive);
      const rows = await tx
        .select()
        .from(instalments)
        .where(eq(instalments.orderId, orderId))
        .orderBy(asc(instalments.number))
        .for('update');
      const first = rows.find((r) => r.number === 1);
      if (first?.status !== 'PENDING')
        throw unprocessable('FIRST_INSTALMENT_NOT_PENDING', adminOrderErrors.firstNotPending);
      const created = isoDateInSaoPaulo(order.createdAt);
      const offset = daysBetweenIso(created, date);
      if (offset < DUE_DATE_WINDOW.minDays || offset > DUE_DATE_WINDOW.maxDays)
        throw new DomainError('unprocessable', 'DUE_DATE_OUT_OF_WINDOW', adminOrderErrors.dateOutOfWindow, {
          issues: [{ path: 'date', message: adminOrderErrors.dateOutOfWindow }],
        });
      const second = rows.find((r) => r.number === 2);
      if (second && date >= second.dueDate)
        throw new DomainError('unprocessable', 'DUE_DATE_AFTER_SECOND', adminOrderErrors.dateAfterSecond, {
          issues: [{ path: 'date', message: adminOrderErrors.dateAfterSecond }],
        });
      const fees: Cents =
        first.lateFeeWaivedAt !== null
          ? cents(0)
          : lateFee(cents(first.amount - first.canceledAmount), daysLate(date, today), this.o.lateFees());
      const [updated] = await tx
        .update(instalments)
        .set({ dueDate: date, feesAmount: fees })
        .where(eq(instalments.id, first.id))
        .returning();
      if (!updated) throw new Error('instalment not updated');
      if (fees !== first.feesAmount)
        await tx.insert(ledgerEntries).values({
          type: LEDGER_ADMIN.lateFeeRecomputed,
          amount: fees - first.feesAmount,
          orderId: order.id,
          instalmentId: first.id,
          customerId: order.customerId,
          merchantId: order.merchantId,
          memo: `Multa recalculada: vencimento alterado para ${date}`,
          createdAt: now,
        });
      await this.audit(tx, actor, 'FIRST_DUE_DATE_CHANGED', ORDER_AUDIT_ENTITY, order.id, {
        instalmentId: first.id,
        before: money(first),
        after: money(updated),
      });
      return updated;
    });
    await this.cancelStaleCharges(orderId, [after.id]);
    return { message: adminOrderMessages.dateChanged, instalment: money(after) };
  }

  /**
   * A refund asked by an admin: the refund engine's request for the order's merchant (same rules, same queue, same
   * ledger when carried out), with the audit entry in the request's transaction.
   */
  async refund(orderId: string, ask: RefundAsk, actor: AdminActor) {
    if (!isUuid(orderId)) throw notFound(adminOrderErrors.orderNotFound);
    const [order] = await this.o.db
      .select({ merchantId: orders.merchantId })
      .from(orders)
      .where(eq(orders.id, orderId));
    if (!order) throw notFound(adminOrderErrors.orderNotFound);
    return this.o.refunds.request(order.merchantId, orderId, ask, null, (tx, refund, row) =>
      this.audit(tx, actor, `ORDER_REFUND_REQUESTED_${ask.type}`, ORDER_AUDIT_ENTITY, orderId, {
        refundId: refund.id,
        ask: ask.type === 'AMOUNT' ? { type: 'AMOUNT', amount: ask.amount } : ask,
        before: { status: row.status, amount: row.amount, canceledAmount: row.canceledAmount },
        after: { refundStatus: refund.status, requestedAmount: refund.requestedAmount },
      }),
    );
  }

  /**
   * Lowers a product's amount: a PRODUCT_AMOUNT refund of the engine (its rules, its ledger, devoluções, webhook and
   * settlements' `Cancelamento`), audited in the request's transaction, then carried out at once so that the
   * operator reads the new figures on the answer. Should that fail, the refund stays PENDING and its queued task
   * carries it out (or ends it FAILED, visibly), exactly as any refund of the engine.
   */
  async updateProductAmount(orderId: string, productId: string, amount: Cents, actor: AdminActor) {
    if (!isUuid(orderId)) throw notFound(adminOrderErrors.orderNotFound);
    const [order] = await this.o.db
      .select({ merchantId: orders.merchantId })
      .from(orders)
      .where(eq(orders.id, orderId));
    if (!order) throw notFound(adminOrderErrors.orderNotFound);
    const requested = await this.o.refunds.request(
      order.merchantId,
      orderId,
      { type: 'PRODUCT_AMOUNT', productId, amount },
      null,
      async (tx, refund, row) => {
        // Read under the order's lock the engine holds: the amount this request lowers from.
        const [product] = await tx
          .select({ amount: orderProducts.amount, name: orderProducts.name })
          .from(orderProducts)
          .where(and(eq(orderProducts.id, productId), eq(orderProducts.orderId, orderId)));
        await this.audit(tx, actor, 'PRODUCT_AMOUNT_UPDATED', ORDER_AUDIT_ENTITY, orderId, {
          refundId: refund.id,
          productId,
          productName: product?.name ?? null,
          before: {
            productAmount: product?.amount ?? null,
            orderCanceledAmount: row.canceledAmount,
          },
          after: { productAmount: amount, refundStatus: refund.status, canceled: refund.requestedAmount },
        });
      },
    );
    try {
      await this.o.refunds.carryOut(requested.refund.id);
    } catch (err) {
      this.o.log.warn('product amount update left to the refund queue', {
        orderId,
        refundId: requested.refund.id,
        ...errorFields(err),
      });
    }
    const refund = (await this.o.refunds.view(requested.refund.id)) ?? requested.refund;
    return { message: adminOrderMessages.productAmountUpdated, refund };
  }

  /**
   * Asks the PSP for the charge now (the reconciliation, forced past its throttle) and books it if paid; answers the
   * charge as Drip then knows it. A PSP failure is a 503 the operator can retry.
   */
  async verifyPayment(paymentId: string, actor: AdminActor) {
    // The order details show the charge's txid at the PSP (its external id); Drip's own id is accepted too.
    const charge = isUuid(paymentId)
      ? await this.o.payments.getCharge(paymentId)
      : /^[A-Za-z0-9]{26,35}$/.test(paymentId)
        ? await this.o.payments.getChargeByTxid(paymentId)
        : null;
    if (!charge) throw notFound(adminOrderErrors.paymentNotFound);
    let booked: number;
    try {
      booked = await this.o.payments.reconcileCharge(charge.txid, { force: true, rethrow: true });
    } catch (err) {
      this.o.log.warn('admin payment check failed', { paymentId, ...errorFields(err) });
      throw new DomainError('unavailable', 'PSP_UNAVAILABLE', adminOrderErrors.verifyFailed);
    }
    const now = (await this.o.payments.getCharge(charge.id)) ?? charge;
    await this.o.db.transaction((tx) =>
      this.audit(tx, actor, 'PAYMENT_VERIFIED', 'payment', charge.id, {
        txid: charge.txid,
        before: { status: charge.status },
        after: { status: now.status },
        booked,
      }),
    );
    return { paymentId, status: now.status, booked: booked > 0 };
  }

  /**
   * The Pix of chosen instalments, through the customer portal's own charge step (payments module). A charge moves
   * no money, so the audit entry follows the charges' commit (docs/admin-order-operations.md).
   */
  async createInstalmentPayments(orderId: string, instalmentIds: string[], actor: AdminActor) {
    const views = await this.o.instalmentPayments.instalmentCharges(orderId, instalmentIds);
    await this.o.db.transaction((tx) =>
      this.audit(tx, actor, 'INSTALMENT_PIX_CREATED', ORDER_AUDIT_ENTITY, orderId, {
        after: views.map((i) => ({
          id: i.id,
          number: i.number,
          payment: i.payment?.externalPaymentId ?? null,
        })),
      }),
    );
    return { message: adminOrderMessages.pixCreated, instalments: views };
  }

  /** One Pix for every unpaid instalment: the customer portal's unique payment, for the order's customer. */
  async createUniquePayment(orderId: string, actor: AdminActor) {
    if (!isUuid(orderId)) throw notFound(adminOrderErrors.orderNotFound);
    const [order] = await this.o.db
      .select({ customerId: orders.customerId })
      .from(orders)
      .where(eq(orders.id, orderId));
    if (!order) throw notFound(adminOrderErrors.orderNotFound);
    const payment = await this.o.instalmentPayments.createUniquePayment(order.customerId, orderId);
    await this.o.db.transaction((tx) =>
      this.audit(tx, actor, 'UNIQUE_PAYMENT_CREATED', ORDER_AUDIT_ENTITY, orderId, {
        after: { uniquePaymentId: payment.id, amount: payment.amount, instalments: payment.instalments },
      }),
    );
    return payment;
  }

  /** As the refund engine does after its commit: the Pix offered for an amount that changed is cancelled. */
  private cancelStaleCharges(orderId: string, instalmentIds: string[]): Promise<void> {
    return cancelOpenCharges(this.o, orderId, instalmentIds, 'after an admin operation');
  }
}
