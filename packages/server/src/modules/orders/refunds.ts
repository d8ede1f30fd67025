/**
 * Merchant refunds of an order (docs/refunds.md). A request is checked and recorded (`order_refunds`, PENDING) with
 * its task on the durable queue `order-refunds` in one transaction, under the order's row lock, and answered at
 * once. The queue's worker carries it out in ONE transaction (the order locked again): instalments, instalment
 * products, products, order, cashback, ledger entries, the devoluções of money already paid (payments module, on the
 * queue `pix-refunds`) and the refund row marked DONE. A crash anywhere before the commit leaves nothing; a task run
 * again after the commit finds the refund DONE and does nothing.
 */
import {
  type Cents,
  cents,
  centsToReais,
  daysBetweenIso,
  formatDate,
  isoDateInSaoPaulo,
  type MerchantOrder,
  type MerchantOrderPage,
  type OrderRefund,
  type RefundRequested,
  refundMessages,
} from '@drip/core';
import { and, asc, count, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import * as v from 'valibot';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/index.ts';
import type { Tx } from '../../db/types.ts';
import { DomainError } from '../../errors.ts';
import type { Queue, TaskQueues } from '../../jobs/queue.ts';
import { errorFields, type Logger } from '../../log.ts';
import { startOfDaySaoPaulo } from '../credit/exposure.ts';
import type { CreditService } from '../credit/service.ts';
import { customers } from '../customers/tables.ts';
import { merchants } from '../merchants/tables.ts';
import type { Payments } from '../payments/service.ts';
import type { WebhookService } from '../webhooks/service.ts';
import { isUuid, money, PAID_TYPES, PGF_SETTLED_TYPE, REFUNDED_TYPES } from './instalment-rules.ts';
import { planRefund, resplitShares } from './refund-plan.ts';
import { orderRefunds } from './refund-tables.ts';
import { cancelOpenCharges } from './stale-charges.ts';
import { instalmentProducts, instalments, ledgerEntries, orderProducts, orders } from './tables.ts';

type Wire<T extends v.GenericSchema> = v.InferInput<T>;
type RefundRow = typeof orderRefunds.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

/** The queue that carries refunds out: one task per refund, keyed by its id. */
export const ORDER_REFUND_QUEUE = 'order-refunds';
/** Spec 9: a product refund within 30 days of the order's creation. */
export const PRODUCT_REFUND_DAYS = 30;
/** The merchant platform whose orders may be refunded partially by amount (spec 6; docs/refunds.md). */
export const PARTIAL_REFUND_PLATFORMS: readonly string[] = ['MALGA', 'NUVEMSHOP'];

/** Ledger types written by refunds (amounts from Drip's point of view, like the order's own entries). */
export const LEDGER_REFUND = {
  /** −principal: the customer owes that much less. */
  canceled: 'ORDER_CANCELED',
  /** +principal: Drip owes the merchant that much less (the settlements' `Cancelamento`). */
  merchantPayableCanceled: 'MERCHANT_PAYABLE_CANCELED',
  /** +cashback no longer granted. */
  cashbackCanceled: 'CASHBACK_CANCELED',
  /** −money given back to the payer by devolução, per instalment (REFUNDED_TYPES). */
  instalmentRefunded: 'INSTALMENT_REFUNDED',
  /** −late fee no longer owed: a wholly cancelled unpaid instalment owes no fee (refund-plan.ts). */
  lateFeeCanceled: 'LATE_FEE_CANCELED',
} as const;

/** Spec 4: a CLOSED order whose cancelled amount is its whole amount is shown as CANCELED. */
export function displayStatusOf(
  order: Pick<OrderRow, 'status' | 'amount' | 'canceledAmount'>,
): OrderRow['status'] {
  const wholly = order.amount > 0 && order.canceledAmount >= order.amount;
  return order.status === 'CLOSED' && wholly ? 'CANCELED' : order.status;
}

const unprocessable = (code: string, message: string) => new DomainError('unprocessable', code, message);
/**
 * Whether a debt of the order was settled outside Drip's Pix (PGF): the customer paid a collection agency or a
 * court, not Drip, so a refund through Drip would cancel what Drip never received and give back nothing of it.
 * Such an order is not refunded here (docs/pgf.md).
 */
async function settledByPgf(tx: Tx, orderId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: ledgerEntries.id })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.orderId, orderId), eq(ledgerEntries.type, PGF_SETTLED_TYPE)))
    .limit(1);
  return row !== undefined;
}

const orderNotFound = () => new DomainError('not_found', 'NOT_FOUND', refundMessages.orderNotFound);

/** What the worker's transaction did, for the steps after its commit. */
interface Outcome {
  status: 'DONE' | 'REJECTED' | 'SKIPPED';
  released: number;
  orderId: string | null;
  changedPending: string[];
}
const SKIPPED: Outcome = { status: 'SKIPPED', released: 0, orderId: null, changedPending: [] };

export type RefundAsk =
  | { type: 'FULL' }
  | { type: 'AMOUNT'; amount: Cents }
  | { type: 'PRODUCTS'; productIds: string[] }
  /**
   * An admin lowers a product's amount to `amount` (centavos): the difference is cancelled on the product's shares,
   * like a product refund of part of it (docs/admin-order-operations.md). Never raises it.
   */
  | { type: 'PRODUCT_AMOUNT'; productId: string; amount: Cents };

/** One refund carried out, as the settlements engine reads it (refundsOfDay). */
export interface SettledRefund {
  refundId: string;
  orderId: string;
  orderCode: string;
  merchantOrderCode: string;
  /** Principal cancelled: what the merchant is no longer paid (centavos). */
  amount: Cents;
  /** Of which given back to the payer by devolução. */
  returnedAmount: Cents;
  processedAt: Date;
}

export interface OrderRefundsOptions {
  db: Db;
  clock: Clock;
  log: Logger;
  payments: Payments;
  credit: Pick<CreditService, 'limitReleased'>;
  queues: TaskQueues;
  /** The merchant's webhooks: ORDER_CANCELED is published in the transaction that carries a refund out. */
  webhooks: Pick<WebhookService, 'publish'>;
}

export class OrderRefunds {
  /** Carries the refunds out; its drain is the runner's job `queue-order-refunds` (jobs/registry.ts). */
  readonly queue: Queue<{ refundId: string }>;

  constructor(private readonly o: OrderRefundsOptions) {
    this.queue = o.queues.define({
      name: ORDER_REFUND_QUEUE,
      payload: v.object({ refundId: v.string() }),
      maxAttempts: 10,
      backoff: { baseMs: 5_000, maxMs: 600_000 },
      handle: ({ payload }) => this.carryOut(payload.refundId).then(() => undefined),
      // A refusal (the PSP does not know the Pix, nothing left to give back) will not change by trying again.
      permanent: (err) => err instanceof DomainError,
      // Never silent: the refund the task was carrying out ends FAILED with its reason, the order refundable again.
      onDead: ({ payload }, error) => this.fail(payload.refundId, error),
      onRetry: (tx, { payload }) => this.reopen(tx, payload.refundId),
    });
  }

  // ---------------------------------------------------------------- requests

  /**
   * Records a refund of the merchant's order (PENDING) and its task, answering at once. The same request while one
   * is pending for the same thing answers that one. Refusals: 404 another merchant's order, 422 outside the rules.
   */
  async request(
    merchantId: string,
    orderId: string,
    ask: RefundAsk,
    requestedBy: string | null,
    /** Runs in the request's transaction with the refund it answers (the back office's audit entry). */
    alongside?: (tx: Tx, refund: RefundRow, order: OrderRow) => Promise<void>,
  ): Promise<Wire<typeof RefundRequested>> {
    if (!isUuid(orderId)) throw orderNotFound();
    const now = this.o.clock.now();
    const row = await this.o.db.transaction(async (tx) => {
      // The order's lock serialises requests (and the worker) of one order: the reservations below stay exact.
      const [order] = await tx
        .select()
        .from(orders)
        .where(and(eq(orders.id, orderId), eq(orders.merchantId, merchantId)))
        .for('update');
      if (!order) throw orderNotFound();
      const key = dedupeKey(ask);
      const [same] = await tx
        .select()
        .from(orderRefunds)
        .where(
          and(
            eq(orderRefunds.orderId, orderId),
            eq(orderRefunds.dedupeKey, key),
            eq(orderRefunds.status, 'PENDING'),
          ),
        );
      if (same) {
        await alongside?.(tx, same, order);
        return same;
      }
      const pending = await tx
        .select()
        .from(orderRefunds)
        .where(and(eq(orderRefunds.orderId, orderId), eq(orderRefunds.status, 'PENDING')));
      const requested = await this.check(tx, order, ask, pending, now);
      const [created] = await tx
        .insert(orderRefunds)
        .values({
          orderId,
          merchantId,
          type: ask.type,
          requestedAmount: requested,
          productIds:
            ask.type === 'PRODUCTS'
              ? [...new Set(ask.productIds)].sort()
              : ask.type === 'PRODUCT_AMOUNT'
                ? [ask.productId]
                : [],
          dedupeKey: key,
          status: 'PENDING',
          requestedBy,
          createdAt: now,
        })
        .returning();
      if (!created) throw new Error('refund not recorded');
      await this.queue.enqueue(tx, { refundId: created.id }, { key: created.id });
      await alongside?.(tx, created, order);
      return created;
    });
    return { message: refundMessages.requested, refund: refundView(row) };
  }

  /** The section 6 and 9 rules at request time; answers the amount the request reserves. */
  private async check(
    tx: Tx,
    order: OrderRow,
    ask: RefundAsk,
    pending: RefundRow[],
    now: Date,
  ): Promise<Cents> {
    const reserved = pending.reduce((a, r) => a + r.requestedAmount, 0);
    const left = order.amount - order.canceledAmount - reserved;
    if (order.status === 'CANCELED')
      throw unprocessable('ORDER_NOT_REFUNDABLE', refundMessages.orderNotRefundable);
    if (await settledByPgf(tx, order.id))
      throw unprocessable('ORDER_SETTLED_BY_PGF', refundMessages.orderNotRefundable);
    if (order.amount - order.canceledAmount <= 0 || left <= 0)
      throw unprocessable('NOTHING_TO_REFUND', refundMessages.nothingLeft);
    const merchant = await this.merchantRules(tx, order.merchantId);
    const age = daysBetweenIso(isoDateInSaoPaulo(order.createdAt), isoDateInSaoPaulo(now));
    if (merchant.cancelMaxDays !== null && age > merchant.cancelMaxDays)
      throw unprocessable('REFUND_WINDOW_OVER', refundMessages.windowOver(merchant.cancelMaxDays));
    switch (ask.type) {
      case 'FULL':
        return cents(left);
      case 'AMOUNT':
        if (!merchant.partial) throw unprocessable('PARTIAL_NOT_ALLOWED', refundMessages.partialNotAllowed);
        if (ask.amount > left) throw unprocessable('AMOUNT_TOO_HIGH', refundMessages.amountTooHigh);
        return ask.amount;
      case 'PRODUCTS': {
        if (order.status !== 'ACTIVE') throw unprocessable('ORDER_NOT_ACTIVE', refundMessages.orderNotActive);
        if (age > PRODUCT_REFUND_DAYS)
          throw unprocessable('REFUND_WINDOW_OVER', refundMessages.windowOver(PRODUCT_REFUND_DAYS));
        const ids = [...new Set(ask.productIds)];
        if (ids.length === 0) throw unprocessable('NO_PRODUCTS', refundMessages.noProducts);
        if (!ids.every(isUuid)) throw unprocessable('PRODUCT_NOT_FOUND', refundMessages.productNotFound);
        const products = await this.productsWithShares(tx, order.id, ids);
        const inFlight = new Set(pending.flatMap((r) => r.productIds));
        let total = 0;
        for (const id of ids) {
          const p = products.get(id);
          if (!p) throw unprocessable('PRODUCT_NOT_FOUND', refundMessages.productNotFound);
          if (p.status !== 'ACTIVE' || inFlight.has(id))
            throw unprocessable('PRODUCT_NOT_ACTIVE', refundMessages.productNotActive);
          if (p.shares === 0)
            throw unprocessable('PRODUCT_WITHOUT_INSTALMENTS', refundMessages.productWithoutInstalments);
          total += p.amount;
        }
        return cents(Math.min(total, left));
      }
      case 'PRODUCT_AMOUNT': {
        // A part of a product refunded: the product refund's rules, for the one product.
        if (order.status !== 'ACTIVE') throw unprocessable('ORDER_NOT_ACTIVE', refundMessages.orderNotActive);
        if (age > PRODUCT_REFUND_DAYS)
          throw unprocessable('REFUND_WINDOW_OVER', refundMessages.windowOver(PRODUCT_REFUND_DAYS));
        if (!isUuid(ask.productId)) throw unprocessable('PRODUCT_NOT_FOUND', refundMessages.productNotFound);
        const p = (await this.productsWithShares(tx, order.id, [ask.productId])).get(ask.productId);
        if (!p) throw unprocessable('PRODUCT_NOT_FOUND', refundMessages.productNotFound);
        const inFlight = new Set(pending.flatMap((r) => r.productIds));
        if (p.status !== 'ACTIVE') throw unprocessable('PRODUCT_NOT_ACTIVE', refundMessages.productNotActive);
        if (inFlight.has(p.id))
          throw unprocessable('PRODUCT_CHANGE_PENDING', refundMessages.productChangePending);
        if (p.shares === 0)
          throw unprocessable('PRODUCT_WITHOUT_INSTALMENTS', refundMessages.productWithoutInstalments);
        // Raising the amount would charge the customer more than they agreed to at checkout: never here.
        if (ask.amount > p.amount)
          throw unprocessable('PRODUCT_AMOUNT_RAISED', refundMessages.productAmountRaised);
        if (ask.amount === p.amount)
          throw unprocessable('PRODUCT_AMOUNT_UNCHANGED', refundMessages.productAmountUnchanged);
        const difference = p.amount - ask.amount;
        if (difference > left) throw unprocessable('AMOUNT_TOO_HIGH', refundMessages.amountTooHigh);
        return cents(difference);
      }
    }
  }

  private async merchantRules(tx: Tx | Db, merchantId: string) {
    const [m] = await tx
      .select({ cancelMaxDays: merchants.cancelMaxDays, ecommPlatform: merchants.ecommPlatform })
      .from(merchants)
      .where(eq(merchants.id, merchantId));
    return {
      cancelMaxDays: m?.cancelMaxDays ?? null,
      partial: m?.ecommPlatform != null && PARTIAL_REFUND_PLATFORMS.includes(m.ecommPlatform),
    };
  }

  /** The order's products among `ids`, with how many active instalment products each has. */
  private async productsWithShares(tx: Tx | Db, orderId: string, ids?: string[]) {
    const rows = await tx
      .select({
        id: orderProducts.id,
        amount: orderProducts.amount,
        status: orderProducts.status,
        shares:
          sql<number>`count(${instalmentProducts.id}) filter (where ${instalmentProducts.status} = 'ACTIVE')`.mapWith(
            Number,
          ),
      })
      .from(orderProducts)
      .leftJoin(instalmentProducts, eq(instalmentProducts.orderProductId, orderProducts.id))
      .where(
        ids
          ? and(eq(orderProducts.orderId, orderId), inArray(orderProducts.id, ids))
          : eq(orderProducts.orderId, orderId),
      )
      .groupBy(orderProducts.id);
    return new Map(rows.map((r) => [r.id, r]));
  }

  // ---------------------------------------------------------------- carrying out (the queue's worker)

  /** One refund as the merchant's API reads it (the VTEX connector answers from it); null when unknown. */
  async refundState(merchantId: string, refundId: string): Promise<Wire<typeof OrderRefund> | null> {
    if (!isUuid(refundId)) return null;
    const [row] = await this.o.db
      .select()
      .from(orderRefunds)
      .where(and(eq(orderRefunds.id, refundId), eq(orderRefunds.merchantId, merchantId)));
    return row ? refundView(row) : null;
  }

  /**
   * Carries one refund out in one transaction; DONE or REJECTED (its rules no longer hold, e.g. a product refunded
   * meanwhile). A refund no longer PENDING is left alone: the task may run again after a crash. Answers its status.
   */
  async carryOut(refundId: string): Promise<Outcome['status']> {
    const outcome = await this.o.db.transaction(async (tx): Promise<Outcome> => {
      const [head] = await tx.select().from(orderRefunds).where(eq(orderRefunds.id, refundId));
      if (head?.status !== 'PENDING') return SKIPPED;
      // The order first, then the refund (the request's order): two workers of one order wait for each other.
      const [order] = await tx.select().from(orders).where(eq(orders.id, head.orderId)).for('update');
      const [refund] = await tx
        .select()
        .from(orderRefunds)
        .where(eq(orderRefunds.id, refundId))
        .for('update');
      if (!order || !refund || refund.status !== 'PENDING') return SKIPPED;
      return this.apply(tx, order, refund);
    });
    // The customer's used limit is the unpaid principal of active orders: it shrank with the commit.
    if (outcome.released > 0) this.o.credit.limitReleased(cents(outcome.released));
    await this.cancelStaleCharges(outcome.orderId, outcome.changedPending);
    return outcome.status;
  }

  /**
   * After the commit: the Pix already shown for unpaid instalments whose amount the refund changed (and the order's
   * unique payments) are cancelled, so that the customer is offered the new amount. One paid anyway is given back
   * whole by the booking (amount differs), so this is for the customer's sake, not the money's: failures are logged.
   */
  private async cancelStaleCharges(orderId: string | null, instalmentIds: string[]): Promise<void> {
    if (!orderId || instalmentIds.length === 0) return;
    await cancelOpenCharges(this.o, orderId, instalmentIds, 'after a refund');
  }

  private async reject(tx: Tx, refund: RefundRow, reason: string, now: Date): Promise<Outcome> {
    await tx
      .update(orderRefunds)
      .set({ status: 'REJECTED', rejectionReason: reason, processedAt: now })
      .where(eq(orderRefunds.id, refund.id));
    this.o.log.warn('order refund rejected', { refundId: refund.id, orderId: refund.orderId, reason });
    return { status: 'REJECTED', released: 0, orderId: null, changedPending: [] };
  }

  /**
   * The refund's task died (a refusal for good, or every try failed): the refund is FAILED with the reason the
   * merchant reads (a refusal's own text; otherwise `refundMessages.failed`, the technical error staying on the task
   * for the operator), and the merchant's webhook `ORDER_CANCELED` says so, in one transaction. Nothing of the order
   * changed (the worker's transaction rolled back), and a FAILED refund reserves nothing: the order is refundable.
   */
  async fail(refundId: string, error: unknown): Promise<void> {
    const reason = error instanceof DomainError ? error.message : refundMessages.failed;
    const now = this.o.clock.now();
    await this.o.db.transaction(async (tx) => {
      const [head] = await tx.select().from(orderRefunds).where(eq(orderRefunds.id, refundId));
      if (head?.status !== 'PENDING') return;
      const [order] = await tx.select().from(orders).where(eq(orders.id, head.orderId)).for('update');
      const [refund] = await tx
        .update(orderRefunds)
        .set({ status: 'FAILED', failureReason: reason, processedAt: now })
        .where(and(eq(orderRefunds.id, refundId), eq(orderRefunds.status, 'PENDING')))
        .returning();
      if (!order || !refund) return;
      this.o.log.error('order refund failed', { refundId, orderId: order.id, reason, ...errorFields(error) });
      await this.o.webhooks.publish(tx, order.merchantId, 'ORDER_CANCELED', {
        ...canceledEventBase(order, refund),
        refundStatus: 'FAILED',
        failureReason: reason,
        amount: 0,
        returnedAmount: 0,
        canceledAmount: centsToReais(cents(order.canceledAmount)),
        fullyCanceled: order.canceledAmount >= order.amount,
        status: order.status,
        productIds: [],
        canceledAt: null,
        failedAt: now.toISOString(),
      });
    });
  }

  /**
   * An operator retries the dead task of a FAILED refund: the refund is PENDING again (its reason cleared), in the
   * retry's transaction; the worker then re-checks it like any other. Refused while the merchant has already asked
   * for the same refund again (that one is pending).
   */
  private async reopen(tx: Tx, refundId: string): Promise<void> {
    const [refund] = await tx.select().from(orderRefunds).where(eq(orderRefunds.id, refundId)).for('update');
    if (refund?.status !== 'FAILED') return;
    const [same] = await tx
      .select({ id: orderRefunds.id })
      .from(orderRefunds)
      .where(
        and(
          eq(orderRefunds.orderId, refund.orderId),
          eq(orderRefunds.dedupeKey, refund.dedupeKey),
          eq(orderRefunds.status, 'PENDING'),
        ),
      );
    if (same) throw new DomainError('conflict', 'REFUND_PENDING', refundMessages.samePending);
    await tx
      .update(orderRefunds)
      .set({ status: 'PENDING', failureReason: null, processedAt: null })
      .where(eq(orderRefunds.id, refundId));
  }

  private async apply(tx: Tx, order: OrderRow, refund: RefundRow): Promise<Outcome> {
    const now = this.o.clock.now();
    const left = order.amount - order.canceledAmount;
    if (order.status === 'CANCELED' || left <= 0)
      return this.reject(tx, refund, refundMessages.nothingLeft, now);
    if (await settledByPgf(tx, order.id))
      return this.reject(tx, refund, refundMessages.orderNotRefundable, now);
    if (refund.type === 'AMOUNT' && refund.requestedAmount > left)
      return this.reject(tx, refund, refundMessages.amountTooHigh, now);
    const rows = await tx
      .select()
      .from(instalments)
      .where(eq(instalments.orderId, order.id))
      .orderBy(asc(instalments.number))
      .for('update');
    const ids = rows.map((r) => r.id);
    const received = await tx
      .select({
        instalmentId: ledgerEntries.instalmentId,
        paid: sql<number>`coalesce(sum(case when ${inArray(ledgerEntries.type, PAID_TYPES)} then ${ledgerEntries.amount} else 0 end), 0)`.mapWith(
          Number,
        ),
        refunded:
          sql<number>`coalesce(sum(case when ${inArray(ledgerEntries.type, REFUNDED_TYPES)} then -${ledgerEntries.amount} else 0 end), 0)`.mapWith(
            Number,
          ),
      })
      .from(ledgerEntries)
      .where(inArray(ledgerEntries.instalmentId, ids))
      .groupBy(ledgerEntries.instalmentId);
    const paidNet = new Map(received.map((m) => [m.instalmentId, m.paid - m.refunded]));

    // What the refund cancels: every product's active shares (FULL, PRODUCTS), part of one product's shares
    // (PRODUCT_AMOUNT), or an amount.
    let targetedProducts: string[] = [];
    /** PRODUCT_AMOUNT: the product's amount once lowered. */
    let lowered: number | null = null;
    if (refund.type === 'FULL') {
      targetedProducts = [...(await this.productsWithShares(tx, order.id)).values()]
        .filter((p) => p.status === 'ACTIVE')
        .map((p) => p.id);
    } else if (refund.type === 'PRODUCTS') {
      const products = await this.productsWithShares(tx, order.id, refund.productIds);
      for (const id of refund.productIds) {
        if (products.get(id)?.status !== 'ACTIVE')
          return this.reject(tx, refund, refundMessages.productNotActive, now);
      }
      targetedProducts = refund.productIds;
    } else if (refund.type === 'PRODUCT_AMOUNT') {
      const id = refund.productIds[0] ?? '';
      const product = (await this.productsWithShares(tx, order.id, [id])).get(id);
      if (product?.status !== 'ACTIVE') return this.reject(tx, refund, refundMessages.productNotActive, now);
      // The difference was reserved against the amount asked from; a product left at nothing is a product refund.
      if (product.amount - refund.requestedAmount <= 0)
        return this.reject(tx, refund, refundMessages.amountTooHigh, now);
      lowered = product.amount - refund.requestedAmount;
      targetedProducts = [id];
    }
    const shares =
      targetedProducts.length > 0
        ? await tx
            .select({
              id: instalmentProducts.id,
              instalmentId: instalmentProducts.instalmentId,
              amount: instalmentProducts.amount,
            })
            .from(instalmentProducts)
            .where(
              and(
                inArray(instalmentProducts.orderProductId, targetedProducts),
                eq(instalmentProducts.status, 'ACTIVE'),
              ),
            )
        : [];
    const numberOf = new Map(rows.map((r) => [r.id, r.number]));
    // PRODUCT_AMOUNT: the product's shares re-split in proportion to the lowered amount, the first instalment first;
    // each share loses the difference, which is what the refund cancels on its instalment.
    const resplit =
      lowered === null
        ? []
        : (() => {
            const ordered = [...shares].sort(
              (a, b) => (numberOf.get(a.instalmentId) ?? 0) - (numberOf.get(b.instalmentId) ?? 0),
            );
            const amounts = resplitShares(
              ordered.map((s) => s.amount),
              lowered,
            );
            return ordered.map((s, i) => ({ ...s, newAmount: amounts[i] ?? s.amount }));
          })();
    const plan = planRefund({
      orderAmount: order.amount,
      cashbackRate: order.cashbackRate,
      instalments: rows.map((r) => ({ ...r, paidNet: paidNet.get(r.id) ?? 0 })),
      targeted:
        refund.type === 'PRODUCTS'
          ? shares.map((s) => ({ instalmentId: s.instalmentId, amount: s.amount }))
          : resplit.map((s) => ({ instalmentId: s.instalmentId, amount: s.amount - s.newAmount })),
      // FULL: everything left; PRODUCTS: what does not fit on the shares is taken like an amount, capped by left.
      amount: refund.type === 'FULL' ? left : refund.type === 'AMOUNT' ? refund.requestedAmount : 0,
    });
    if (plan.canceled <= 0) return this.reject(tx, refund, refundMessages.nothingLeft, now);

    const base = {
      orderId: order.id,
      checkoutId: order.checkoutId,
      customerId: order.customerId,
      merchantId: order.merchantId,
      createdAt: now,
    };
    const entries: (typeof ledgerEntries.$inferInsert)[] = [
      {
        ...base,
        type: LEDGER_REFUND.canceled,
        amount: -plan.canceled,
        memo: `Estorno do pedido ${order.code}`,
      },
      {
        ...base,
        type: LEDGER_REFUND.merchantPayableCanceled,
        amount: plan.canceled,
        memo: 'Cancelamento: valor não mais devido ao parceiro',
      },
    ];
    if (plan.canceledCashback > 0)
      entries.push({
        ...base,
        type: LEDGER_REFUND.cashbackCanceled,
        amount: plan.canceledCashback,
        memo: 'Cashback recalculado após o estorno',
      });
    const byCharge = new Map<string, number>();
    const rowById = new Map(rows.map((r) => [r.id, r]));
    for (const c of plan.changes) {
      await tx
        .update(instalments)
        .set({
          canceledAmount: c.canceledAmount,
          cashbackAmount: c.cashbackAmount,
          canceledCashbackAmount: c.canceledCashbackAmount,
          feesAmount: c.feesAmount,
        })
        .where(eq(instalments.id, c.id));
      const r = rowById.get(c.id);
      // The fee was booked when charged (LATE_FEE): dropping it is a money change with its own entry.
      if (r && c.feesAmount < r.feesAmount)
        entries.push({
          ...base,
          instalmentId: c.id,
          type: LEDGER_REFUND.lateFeeCanceled,
          amount: c.feesAmount - r.feesAmount,
          memo: `Multa da parcela ${r.number} cancelada com a parcela (estorno)`,
        });
      if (c.returned <= 0) continue;
      // Money can only go back through the Pix that brought it: without it the refund is refused for good.
      if (!r?.paymentChargeId)
        throw unprocessable('PAYMENT_NOT_FOUND', refundMessages.paymentNotFound(r?.number ?? 0));
      byCharge.set(r.paymentChargeId, (byCharge.get(r.paymentChargeId) ?? 0) + c.returned);
      entries.push({
        ...base,
        instalmentId: c.id,
        chargeId: r.paymentChargeId,
        type: LEDGER_REFUND.instalmentRefunded,
        amount: -c.returned,
        memo: `Devolução da parcela ${r.number} (estorno)`,
      });
    }
    // Money already paid goes back to the payer: a devolução per charge, with its task on `pix-refunds`, in this
    // transaction (the payments module refuses one beyond what the charge received and has not given back). The PSP
    // is asked first whether it can give that back: a refusal for good fails the refund here, with nothing changed,
    // instead of a refund DONE whose money never leaves.
    for (const [chargeId, amount] of byCharge) {
      await this.o.payments.confirmRefundable(tx, chargeId, cents(amount));
      await this.o.payments.refundCharge(tx, chargeId, cents(amount), `Estorno do pedido ${order.code}`);
    }

    if (lowered !== null) {
      for (const s of resplit)
        if (s.newAmount !== s.amount)
          await tx
            .update(instalmentProducts)
            .set({ amount: s.newAmount })
            .where(eq(instalmentProducts.id, s.id));
      await tx
        .update(orderProducts)
        .set({ amount: lowered })
        .where(and(inArray(orderProducts.id, targetedProducts), eq(orderProducts.status, 'ACTIVE')));
    } else if (refund.type !== 'AMOUNT' && targetedProducts.length > 0) {
      await tx
        .update(instalmentProducts)
        .set({ status: 'CANCELED' })
        .where(
          and(
            inArray(instalmentProducts.orderProductId, targetedProducts),
            eq(instalmentProducts.status, 'ACTIVE'),
          ),
        );
      await tx
        .update(orderProducts)
        .set({ status: 'CANCELED', canceledAt: now })
        .where(and(inArray(orderProducts.id, targetedProducts), eq(orderProducts.status, 'ACTIVE')));
    }
    // Conditional on the amount read under the lock: never more than the order's amount, whatever ran before.
    const updated = await tx
      .update(orders)
      .set({
        canceledAmount: sql`${orders.canceledAmount} + ${plan.canceled}`,
        status: plan.closes ? 'CLOSED' : order.status,
        updatedAt: now,
      })
      .where(
        and(eq(orders.id, order.id), sql`${orders.canceledAmount} + ${plan.canceled} <= ${orders.amount}`),
      )
      .returning({ id: orders.id });
    if (updated.length === 0) throw new Error(`refund ${refund.id} would exceed order ${order.id}`);
    await tx.insert(ledgerEntries).values(entries);
    await tx
      .update(orderRefunds)
      .set({
        status: 'DONE',
        amount: plan.canceled,
        returnedAmount: plan.returned,
        canceledCashbackAmount: plan.canceledCashback,
        processedAt: now,
      })
      .where(eq(orderRefunds.id, refund.id));
    // Every refund carried out is an ORDER_CANCELED event, partial ones too (docs/webhooks.md): in this
    // transaction, so the event exists exactly when the refund does.
    const canceledAmount = order.canceledAmount + plan.canceled;
    await this.o.webhooks.publish(tx, order.merchantId, 'ORDER_CANCELED', {
      ...canceledEventBase(order, refund),
      refundStatus: 'DONE',
      failureReason: null,
      amount: centsToReais(cents(plan.canceled)),
      returnedAmount: centsToReais(cents(plan.returned)),
      canceledAmount: centsToReais(cents(canceledAmount)),
      fullyCanceled: canceledAmount >= order.amount,
      status: plan.closes ? 'CLOSED' : order.status,
      // Products cancelled: a product whose amount was lowered stays (docs/webhooks.md).
      productIds: lowered === null ? targetedProducts : [],
      canceledAt: now.toISOString(),
      failedAt: null,
    });
    const unpaidBefore = rows
      .filter((r) => r.status === 'PENDING')
      .reduce((a, r) => a + r.amount - r.canceledAmount, 0);
    const unpaidAfter = rows
      .filter((r) => r.status === 'PENDING')
      .reduce((a, r) => {
        const c = plan.changes.find((x) => x.id === r.id);
        return a + r.amount - (c ? c.canceledAmount : r.canceledAmount);
      }, 0);
    const released = order.status === 'ACTIVE' ? unpaidBefore - (plan.closes ? 0 : unpaidAfter) : 0;
    const changedPending = plan.changes
      .filter((c) => rowById.get(c.id)?.status === 'PENDING')
      .map((c) => c.id);
    return { status: 'DONE', released, orderId: order.id, changedPending };
  }

  /** A refund as its requester reads it (the back office's answer after carrying one out at once). */
  async view(refundId: string): Promise<Wire<typeof OrderRefund> | null> {
    if (!isUuid(refundId)) return null;
    const [row] = await this.o.db.select().from(orderRefunds).where(eq(orderRefunds.id, refundId));
    return row ? refundView(row) : null;
  }

  /** Drains the queue once (what its job does every few seconds): how many refunds ran. */
  async processPending(): Promise<number> {
    return (await this.queue.drain()).rows;
  }

  // ---------------------------------------------------------------- reads

  /**
   * GET v1/orders?page&size: the merchant's orders, newest first (index `orders_merchant_idx`), with the buyer and
   * the instalment counts of spec 3 "Order"; a wholly refunded CLOSED order shows as CANCELED, as on its detail.
   */
  async merchantOrders(
    merchantId: string,
    page: number,
    size: number,
  ): Promise<Wire<typeof MerchantOrderPage>> {
    const db = this.o.db;
    const today = isoDateInSaoPaulo(this.o.clock.now());
    const ofOrder = sql`${instalments.orderId} = ${orders.id}`;
    const counted = (where: ReturnType<typeof sql>) =>
      sql<number>`(select count(*) from ${instalments} where ${ofOrder} and ${where})`.mapWith(Number);
    const [rows, [total]] = await Promise.all([
      db
        .select({
          order: orders,
          customerName: customers.name,
          customerEmail: customers.email,
          instalmentsCount: counted(sql`true`),
          unpaid: counted(sql`${instalments.status} = 'PENDING'`),
          late: counted(sql`${instalments.status} = 'PENDING' and ${instalments.dueDate} < ${today}`),
        })
        .from(orders)
        .leftJoin(customers, eq(customers.id, orders.customerId))
        .where(eq(orders.merchantId, merchantId))
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(size)
        .offset(page * size),
      db.select({ n: count() }).from(orders).where(eq(orders.merchantId, merchantId)),
    ]);
    const totalElements = total?.n ?? 0;
    return {
      content: rows.map(({ order, ...r }) => ({
        id: order.id,
        code: order.code,
        merchantOrderCode: order.merchantOrderCode,
        checkoutId: order.checkoutId,
        customerName: r.customerName,
        customerEmail: r.customerEmail,
        amount: money(order.amount),
        canceledAmount: money(order.canceledAmount),
        instalmentsCount: r.instalmentsCount,
        unpaidInstalmentsCount: r.unpaid,
        lateInstalments: r.late,
        status: order.status,
        displayStatus: displayStatusOf(order),
        createdAt: order.createdAt.toISOString(),
      })),
      number: page,
      size,
      totalPages: Math.ceil(totalElements / size),
      totalElements,
    };
  }

  /** GET v1/orders/{id}: the merchant's order with its products, refunds and the refunds offered now. */
  async merchantOrder(merchantId: string, orderId: string): Promise<Wire<typeof MerchantOrder>> {
    if (!isUuid(orderId)) throw orderNotFound();
    const db = this.o.db;
    const [order] = await db
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.merchantId, merchantId)));
    if (!order) throw orderNotFound();
    const products = await db
      .select()
      .from(orderProducts)
      .where(eq(orderProducts.orderId, orderId))
      .orderBy(asc(orderProducts.position));
    const shares = await this.productsWithShares(db, orderId);
    const refunds = await db
      .select()
      .from(orderRefunds)
      .where(eq(orderRefunds.orderId, orderId))
      .orderBy(asc(orderRefunds.createdAt));
    const rules = await this.merchantRules(db, merchantId);
    const now = this.o.clock.now();
    const age = daysBetweenIso(isoDateInSaoPaulo(order.createdAt), isoDateInSaoPaulo(now));
    const reserved = refunds.filter((r) => r.status === 'PENDING').reduce((a, r) => a + r.requestedAmount, 0);
    const inWindow = rules.cancelMaxDays === null || age <= rules.cancelMaxDays;
    const full =
      order.status !== 'CANCELED' && order.amount - order.canceledAmount - reserved > 0 && inWindow;
    const wholly = order.amount > 0 && order.canceledAmount >= order.amount;
    const lastDone = refunds.filter((r) => r.status === 'DONE').at(-1);
    const canceledAt = wholly && lastDone?.processedAt ? lastDone.processedAt : null;
    const inFlight = new Set(refunds.filter((r) => r.status === 'PENDING').flatMap((r) => r.productIds));
    return {
      id: order.id,
      code: order.code,
      merchantOrderCode: order.merchantOrderCode,
      amount: money(order.amount),
      canceledAmount: money(order.canceledAmount),
      status: order.status,
      displayStatus: displayStatusOf(order),
      refundedLabel: canceledAt ? refundMessages.refundedOn(formatDate(canceledAt)) : null,
      canceledAt: canceledAt ? canceledAt.toISOString() : null,
      createdAt: order.createdAt.toISOString(),
      refundable: {
        full,
        partial: full && rules.partial,
        products:
          full &&
          order.status === 'ACTIVE' &&
          age <= PRODUCT_REFUND_DAYS &&
          products.some(
            (p) => p.status === 'ACTIVE' && !inFlight.has(p.id) && (shares.get(p.id)?.shares ?? 0) > 0,
          ),
      },
      products: products.map((p) => ({
        id: p.id,
        name: p.name,
        quantity: p.quantity,
        amount: money(p.amount),
        status: p.status,
        canceledAt: p.canceledAt ? p.canceledAt.toISOString() : null,
        hasInstalmentProducts: (shares.get(p.id)?.shares ?? 0) > 0 || p.status === 'CANCELED',
      })),
      refunds: refunds.map(refundView),
    };
  }

  /**
   * The refunds of a merchant carried out on `day` ('YYYY-MM-DD', São Paulo), oldest first: for the settlements
   * engine (a `Cancelamento` row per refund; docs/refunds.md).
   */
  async refundsOfDay(merchantId: string, day: string): Promise<SettledRefund[]> {
    const from = startOfDaySaoPaulo(day);
    const to = new Date(from.getTime() + 86_400_000);
    return this.refundsBetween(merchantId, from, to);
  }

  /** The refunds of a merchant carried out in [from, to), oldest first (see refundsOfDay). */
  async refundsBetween(merchantId: string, from: Date, to: Date): Promise<SettledRefund[]> {
    if (!isUuid(merchantId)) return [];
    const rows = await this.o.db
      .select({
        refundId: orderRefunds.id,
        orderId: orderRefunds.orderId,
        orderCode: orders.code,
        merchantOrderCode: orders.merchantOrderCode,
        amount: orderRefunds.amount,
        returnedAmount: orderRefunds.returnedAmount,
        processedAt: orderRefunds.processedAt,
      })
      .from(orderRefunds)
      .innerJoin(orders, eq(orders.id, orderRefunds.orderId))
      .where(
        and(
          eq(orderRefunds.merchantId, merchantId),
          eq(orderRefunds.status, 'DONE'),
          gte(orderRefunds.processedAt, from),
          lt(orderRefunds.processedAt, to),
        ),
      )
      .orderBy(asc(orderRefunds.processedAt), asc(orderRefunds.id));
    return rows.map((r) => ({
      ...r,
      amount: cents(r.amount),
      returnedAmount: cents(r.returnedAmount),
      processedAt: r.processedAt ?? from,
    }));
  }
}

function dedupeKey(ask: RefundAsk): string {
  switch (ask.type) {
    case 'FULL':
      return 'FULL';
    case 'AMOUNT':
      return `AMOUNT:${ask.amount}`;
    case 'PRODUCTS':
      return `PRODUCTS:${[...new Set(ask.productIds)].sort().join(',')}`;
    case 'PRODUCT_AMOUNT':
      return `PRODUCT_AMOUNT:${ask.productId}:${ask.amount}`;
  }
}

/** What every `ORDER_CANCELED` event carries, carried out or failed (docs/webhooks.md). */
function canceledEventBase(order: OrderRow, refund: RefundRow) {
  return {
    orderId: order.id,
    code: order.code,
    checkoutId: order.checkoutId,
    merchantOrderCode: order.merchantOrderCode,
    refundId: refund.id,
    refundType: refund.type,
    orderAmount: centsToReais(cents(order.amount)),
  };
}

function refundView(r: RefundRow): Wire<typeof OrderRefund> {
  return {
    id: r.id,
    orderId: r.orderId,
    type: r.type,
    status: r.status,
    requestedAmount: money(r.requestedAmount),
    amount: money(r.amount),
    returnedAmount: money(r.returnedAmount),
    productIds: r.productIds,
    rejectionReason: r.rejectionReason,
    failureReason: r.failureReason,
    createdAt: r.createdAt.toISOString(),
    processedAt: r.processedAt ? r.processedAt.toISOString() : null,
  };
}
