/**
 * After checkout: what customers owe and how they pay it. Customer portal views, the Pix of one instalment or of
 * every pending one (unique payment) and the public instalment page; the booking of those payments (called by the
 * payments module INSIDE its booking transaction) is instalment-booking.ts. Rules in docs/instalment-payments.md.
 */
import { randomUUID } from 'node:crypto';
import {
  type CustomerInstalment,
  type CustomerOrderDetails,
  type CustomerOrderPage,
  type CustomerOrderSummary,
  cents,
  type InstalmentDetails,
  type InstalmentStatus,
  isoDateInSaoPaulo,
  type UniquePayment,
} from '@drip/core';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type * as v from 'valibot';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/index.ts';
import { DomainError } from '../../errors.ts';
import type { Logger } from '../../log.ts';
import { customers } from '../customers/tables.ts';
import { merchants } from '../merchants/tables.ts';
import type { Charge, Payments } from '../payments/service.ts';
import { InstalmentBooking, type InstalmentsPaidHook } from './instalment-booking.ts';
import {
  amountToPay,
  isLate,
  isUuid,
  money,
  PAID_TYPES,
  paymentStatusOf,
  REFUNDED_TYPES,
} from './instalment-rules.ts';
import { uniquePayments } from './payment-tables.ts';
import { instalmentProducts, instalments, ledgerEntries, orderProducts, orders } from './tables.ts';

type Wire<T extends v.GenericSchema> = v.InferInput<T>;
type InstalmentRow = typeof instalments.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

export { amountToPay, isLate, isUuid, LEDGER, paymentStatusOf } from './instalment-rules.ts';

/** Nothing to pay, or not the customer's order: 404 with the message the customer reads. */
const notFound = (message: string) => new DomainError('not_found', 'NOT_FOUND', message);

export interface InstalmentPaymentsOptions {
  db: Db;
  clock: Clock;
  log: Logger;
  payments: Payments;
  /** Runs in the booking's transaction once instalments are paid (the customer's e-mail with the next charge). */
  onPaid?: InstalmentsPaidHook | undefined;
}

export class InstalmentPayments {
  private readonly db: Db;

  constructor(private readonly o: InstalmentPaymentsOptions) {
    this.db = o.db;
  }

  /** Registers the booking of INSTALMENT and UNIQUE_PAYMENT charges (instalment-booking.ts). */
  register(): void {
    new InstalmentBooking(this.o).register();
  }

  private today(): string {
    return isoDateInSaoPaulo(this.o.clock.now());
  }

  // ---------------------------------------------------------------- customer portal: reads

  /** The customer's orders, newest first. */
  async listOrders(customerId: string, page: number, size: number): Promise<Wire<typeof CustomerOrderPage>> {
    const [total] = await this.db
      .select({ n: count() })
      .from(orders)
      .where(eq(orders.customerId, customerId));
    const totalElements = total?.n ?? 0;
    const today = this.today();
    const rows = await this.db
      .select({
        order: orders,
        merchantName: merchants.name,
        instalmentsCount:
          sql<number>`(select count(*) from ${instalments} where ${instalments.orderId} = ${orders.id})`.mapWith(
            Number,
          ),
        unpaid:
          sql<number>`(select count(*) from ${instalments} where ${instalments.orderId} = ${orders.id} and ${instalments.status} = 'PENDING')`.mapWith(
            Number,
          ),
        late: sql<number>`(select count(*) from ${instalments} where ${instalments.orderId} = ${orders.id} and ${instalments.status} = 'PENDING' and ${instalments.dueDate} < ${today})`.mapWith(
          Number,
        ),
      })
      .from(orders)
      .innerJoin(merchants, eq(merchants.id, orders.merchantId))
      .where(eq(orders.customerId, customerId))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(size)
      .offset(page * size);
    return {
      content: rows.map((r) =>
        this.summary(r.order, r.merchantName, {
          instalmentsCount: r.instalmentsCount,
          unpaid: r.unpaid,
          late: r.late,
        }),
      ),
      number: page,
      size,
      totalPages: Math.ceil(totalElements / size),
      totalElements,
    };
  }

  private summary(
    o: OrderRow,
    merchantName: string,
    counts: { instalmentsCount: number; unpaid: number; late: number },
  ): Wire<typeof CustomerOrderSummary> {
    return {
      id: o.id,
      code: o.code,
      merchantOrderCode: o.merchantOrderCode,
      merchantName,
      amount: money(o.amount),
      canceledAmount: money(o.canceledAmount),
      instalmentsCount: counts.instalmentsCount,
      unpaidInstalmentsCount: counts.unpaid,
      lateInstalments: counts.late,
      status: o.status,
      createdAt: o.createdAt.toISOString(),
    };
  }

  private async ownedOrder(customerId: string, orderId: string) {
    if (!isUuid(orderId)) return null;
    const [row] = await this.db
      .select({ order: orders, merchantName: merchants.name })
      .from(orders)
      .innerJoin(merchants, eq(merchants.id, orders.merchantId))
      .where(and(eq(orders.id, orderId), eq(orders.customerId, customerId)));
    return row ?? null;
  }

  private instalmentsOf(orderId: string): Promise<InstalmentRow[]> {
    return this.db
      .select()
      .from(instalments)
      .where(eq(instalments.orderId, orderId))
      .orderBy(asc(instalments.number));
  }

  async orderDetails(customerId: string, orderId: string): Promise<Wire<typeof CustomerOrderDetails> | null> {
    const owned = await this.ownedOrder(customerId, orderId);
    if (!owned) return null;
    const rows = await this.instalmentsOf(orderId);
    const products = await this.db
      .select()
      .from(orderProducts)
      .where(eq(orderProducts.orderId, orderId))
      .orderBy(asc(orderProducts.position));
    const today = this.today();
    const views = await this.instalmentViews(owned.order, rows);
    return {
      ...this.summary(owned.order, owned.merchantName, {
        instalmentsCount: rows.length,
        unpaid: rows.filter((i) => i.status === 'PENDING').length,
        late: rows.filter((i) => isLate(i, today)).length,
      }),
      cashbackAmount: money(owned.order.cashbackAmount),
      instalments: views,
      products: products.map((p) => ({
        id: p.id,
        name: p.name,
        quantity: p.quantity,
        amount: money(p.amount),
        status: p.status,
      })),
    };
  }

  /**
   * Every instalment of an order with the customer's figures, and its row: the back office's order details show the
   * same lines the customer sees (no second arithmetic) plus the row's admin-only facts.
   */
  async instalmentsWithViews(
    order: OrderRow,
  ): Promise<{ row: InstalmentRow; view: Wire<typeof CustomerInstalment> }[]> {
    const rows = await this.instalmentsOf(order.id);
    // Every instalment's Pix in two reads instead of one each (24 instalments: 24 reads).
    const paying = rows.filter((r) => r.status === 'PAID' && r.paymentChargeId);
    const pending = rows.filter((r) => r.status === 'PENDING');
    const [paid, active] = await Promise.all([
      this.o.payments.chargesByIds(paying.map((r) => r.paymentChargeId ?? '')),
      this.o.payments.activeChargesFor(
        'INSTALMENT',
        pending.map((r) => r.id),
      ),
    ]);
    const charges = new Map<string, Charge | null>(
      rows.map((r) => [
        r.id,
        (r.status === 'PAID' ? paid.get(r.paymentChargeId ?? '') : active.get(r.id)) ?? null,
      ]),
    );
    const views = await this.instalmentViews(order, rows, charges, rows.length);
    return rows.flatMap((row, i) => {
      const view = views[i];
      return view ? [{ row, view }] : [];
    });
  }

  /** Customer views of some instalments of one order (payment, products, amounts paid), in few queries. */
  private async instalmentViews(
    order: OrderRow,
    rows: InstalmentRow[],
    charges: Map<string, Charge | null> = new Map(),
    /** The order's number of instalments, when `rows` are all of them (then not counted again). */
    knownTotal?: number,
  ): Promise<Wire<typeof CustomerInstalment>[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const total =
      knownTotal ??
      (await this.db.select({ n: count() }).from(instalments).where(eq(instalments.orderId, order.id)))[0]
        ?.n ??
      rows.length;
    // Two independent reads: side by side on a pool (PostgreSQL), one after the other on PGlite.
    const [productRows, ledgerRows] = await Promise.all([
      this.db
        .select({
          instalmentId: instalmentProducts.instalmentId,
          name: orderProducts.name,
          status: instalmentProducts.status,
          amount: sql<number>`sum(${instalmentProducts.amount})`.mapWith(Number),
          quantity: sql<number>`sum(${orderProducts.quantity})`.mapWith(Number),
          position: sql<number>`min(${orderProducts.position})`.mapWith(Number),
        })
        .from(instalmentProducts)
        .innerJoin(orderProducts, eq(orderProducts.id, instalmentProducts.orderProductId))
        .where(inArray(instalmentProducts.instalmentId, ids))
        .groupBy(instalmentProducts.instalmentId, orderProducts.name, instalmentProducts.status)
        .orderBy(sql`min(${orderProducts.position})`),
      this.db
        .select({
          instalmentId: ledgerEntries.instalmentId,
          type: ledgerEntries.type,
          amount: sql<number>`sum(${ledgerEntries.amount})`.mapWith(Number),
        })
        .from(ledgerEntries)
        .where(
          and(
            inArray(ledgerEntries.instalmentId, ids),
            inArray(ledgerEntries.type, [...PAID_TYPES, ...REFUNDED_TYPES]),
          ),
        )
        .groupBy(ledgerEntries.instalmentId, ledgerEntries.type),
    ]);
    const today = this.today();
    const out: Wire<typeof CustomerInstalment>[] = [];
    for (const i of rows) {
      const charge = charges.has(i.id) ? (charges.get(i.id) ?? null) : await this.currentCharge(i);
      const paid = ledgerRows
        .filter((l) => l.instalmentId === i.id && PAID_TYPES.includes(l.type))
        .reduce((a, l) => a + l.amount, 0);
      const refunded = ledgerRows
        .filter((l) => l.instalmentId === i.id && REFUNDED_TYPES.includes(l.type))
        .reduce((a, l) => a + Math.abs(l.amount), 0);
      out.push({
        id: i.id,
        orderId: i.orderId,
        number: i.number,
        total,
        dueDate: i.dueDate,
        status: i.status,
        amount: money(i.amount),
        feesAmount: money(i.feesAmount),
        cashbackAmount: money(i.cashbackAmount),
        canceledCashbackAmount: money(i.canceledCashbackAmount),
        canceledAmount: money(i.canceledAmount),
        amountToPay: money(amountToPay(i)),
        amountPaidIncludingRefunds: money(paid),
        amountCanceledWithRefund: money(refunded),
        late: isLate(i, today),
        paidAt: i.paidAt ? i.paidAt.toISOString() : null,
        payment: charge
          ? {
              status: paymentStatusOf(charge.status),
              externalPaymentId: charge.txid,
              qrCode: charge.qrCodeUrl,
              qrCodeText: charge.brCode,
              expiresAt: charge.expiresAt.toISOString(),
            }
          : null,
        instalmentProducts: productRows
          .filter((p) => p.instalmentId === i.id)
          .map((p) => ({
            amount: money(p.amount),
            name: p.name,
            quantity: p.quantity,
            status: p.status,
            cancelationStatus: p.status === 'CANCELED' ? 'CANCELED' : null,
          })),
      });
    }
    return out;
  }

  /** The charge that paid the instalment, or its active (unexpired) Pix while pending. */
  private async currentCharge(i: InstalmentRow): Promise<Charge | null> {
    if (i.status === 'PAID') return i.paymentChargeId ? this.o.payments.getCharge(i.paymentChargeId) : null;
    return this.o.payments.activeChargeFor('INSTALMENT', i.id);
  }

  /** One instalment of the customer (polling). */
  async instalment(
    customerId: string,
    instalmentId: string,
  ): Promise<Wire<typeof CustomerInstalment> | null> {
    const found = await this.instalmentWithOrder(instalmentId);
    if (!found || found.order.customerId !== customerId) return null;
    const [view] = await this.instalmentViews(found.order, [found.instalment]);
    return view ?? null;
  }

  private async instalmentWithOrder(instalmentId: string) {
    if (!isUuid(instalmentId)) return null;
    const [row] = await this.db
      .select({
        instalment: instalments,
        order: orders,
        merchantName: merchants.name,
        customerName: customers.name,
        customerCpf: customers.cpf,
      })
      .from(instalments)
      .innerJoin(orders, eq(orders.id, instalments.orderId))
      .innerJoin(merchants, eq(merchants.id, orders.merchantId))
      .innerJoin(customers, eq(customers.id, orders.customerId))
      .where(eq(instalments.id, instalmentId));
    return row ?? null;
  }

  /** The status of an instalment (SSE), or null when unknown. */
  async instalmentStatus(instalmentId: string): Promise<InstalmentStatus | null> {
    if (!isUuid(instalmentId)) return null;
    const [row] = await this.db
      .select({ status: instalments.status })
      .from(instalments)
      .where(eq(instalments.id, instalmentId));
    return row?.status ?? null;
  }

  // ---------------------------------------------------------------- paying

  /**
   * The Pix of a pending instalment: its active unexpired charge when it still carries the amount to pay, else a
   * new one (the stale one is canceled). Null when nothing can be charged (amount to pay 0).
   */
  private async chargeFor(
    i: InstalmentRow,
    o: { code: string; total: number; payer: { cpf: string; name: string } },
  ): Promise<Charge | null> {
    const due = amountToPay(i);
    if (due <= 0) return null;
    const active = await this.o.payments.activeChargeFor('INSTALMENT', i.id);
    if (active && active.amount === due) return active;
    if (active) await this.o.payments.cancelCharge(active.id);
    return this.o.payments.createCharge(null, {
      purpose: 'INSTALMENT',
      referenceId: i.id,
      amount: due,
      payer: o.payer,
      description: `Drip: parcela ${i.number} de ${o.total} do pedido ${o.code}`,
    });
  }

  /**
   * Before a charge of an order is offered to pay (again): the PSP is asked for the unpaid charges of these pending
   * instalments and of the order's unique payments (payments.reconcileFor), so that a Pix it received and whose
   * notice Drip never booked is booked now, not offered again. True when something was booked: the caller reads
   * the instalments again.
   */
  private async bookedAtPsp(orderId: string, pending: InstalmentRow[]): Promise<boolean> {
    if (pending.length === 0) return false;
    const unique = await this.db
      .select({ id: uniquePayments.id })
      .from(uniquePayments)
      .where(eq(uniquePayments.orderId, orderId));
    const booked = await this.o.payments.reconcileFor([
      { purpose: 'INSTALMENT', referenceIds: pending.map((i) => i.id) },
      { purpose: 'UNIQUE_PAYMENT', referenceIds: unique.map((u) => u.id) },
    ]);
    return booked > 0;
  }

  /** The order's instalments, once the PSP was asked for the charges of the pending ones (bookedAtPsp). */
  private async reconciledInstalmentsOf(orderId: string): Promise<InstalmentRow[]> {
    const rows = await this.instalmentsOf(orderId);
    const pending = rows.filter((i) => i.status === 'PENDING');
    return (await this.bookedAtPsp(orderId, pending)) ? this.instalmentsOf(orderId) : rows;
  }

  /** PUT pay_instalment: the next pending instalment (by number) with its Pix. */
  async payNextInstalment(customerId: string, orderId: string): Promise<Wire<typeof CustomerInstalment>> {
    const owned = await this.ownedOrder(customerId, orderId);
    if (!owned) throw notFound('Pedido não encontrado');
    const rows = await this.reconciledInstalmentsOf(orderId);
    // The first one still owed: a refund may have cancelled an unpaid instalment wholly (refunds.ts).
    const next = rows.find((i) => i.status === 'PENDING' && amountToPay(i) > 0);
    if (!next || owned.order.status !== 'ACTIVE') throw notFound('Nenhuma parcela pendente neste pedido');
    const payer = await this.payerOf(customerId);
    const charge = await this.chargeFor(next, { code: owned.order.code, total: rows.length, payer });
    const [view] = await this.instalmentViews(owned.order, [next], new Map([[next.id, charge]]));
    if (!view) throw notFound('Nenhuma parcela pendente neste pedido');
    return view;
  }

  /**
   * The back office's 'criar/atualizar Pix' of chosen instalments of an order: each gets the charge its amount due
   * needs now (the active one when still right, else a new one), as the customer portal's pay step does. Refused
   * (422) when one is not a pending instalment of the order with something to pay.
   */
  async instalmentCharges(
    orderId: string,
    instalmentIds: string[],
  ): Promise<Wire<typeof CustomerInstalment>[]> {
    if (!isUuid(orderId)) throw notFound('Pedido não encontrado');
    const [head] = await this.db
      .select({ customerId: orders.customerId })
      .from(orders)
      .where(eq(orders.id, orderId));
    const owned = head ? await this.ownedOrder(head.customerId, orderId) : null;
    if (!head || !owned) throw notFound('Pedido não encontrado');
    const rows = await this.reconciledInstalmentsOf(orderId);
    const wanted = [...new Set(instalmentIds)];
    const chosen = wanted.map((id) => rows.find((r) => r.id === id));
    if (owned.order.status !== 'ACTIVE' || chosen.some((i) => i?.status !== 'PENDING' || amountToPay(i) <= 0))
      throw new DomainError('unprocessable', 'INSTALMENT_NOT_PAYABLE', 'Parcela não pendente neste pedido');
    const payer = await this.payerOf(head.customerId);
    const charges = new Map<string, Charge>();
    for (const i of chosen) {
      if (!i) continue;
      const charge = await this.chargeFor(i, { code: owned.order.code, total: rows.length, payer });
      if (charge) charges.set(i.id, charge);
    }
    return this.instalmentViews(
      owned.order,
      chosen.filter((i) => i !== undefined),
      charges,
    );
  }

  private async payerOf(customerId: string): Promise<{ cpf: string; name: string }> {
    const [c] = await this.db
      .select({ cpf: customers.cpf, name: customers.name })
      .from(customers)
      .where(eq(customers.id, customerId));
    if (!c) throw new Error(`customer ${customerId} vanished`);
    return c;
  }

  /**
   * POST unique_payment: one Pix for every pending instalment. Reuses the newest unique payment when it covers the
   * same instalments, for the same amount, and its charge is still active.
   */
  async createUniquePayment(customerId: string, orderId: string): Promise<Wire<typeof UniquePayment>> {
    const owned = await this.ownedOrder(customerId, orderId);
    if (!owned) throw notFound('Pedido não encontrado');
    const pending = (await this.reconciledInstalmentsOf(orderId)).filter((i) => i.status === 'PENDING');
    const amount = cents(pending.reduce((a, i) => a + amountToPay(i), 0));
    if (pending.length === 0 || owned.order.status !== 'ACTIVE' || amount <= 0)
      throw notFound('Nenhuma parcela pendente neste pedido');
    const ids = pending.map((i) => i.id);
    const [latest] = await this.db
      .select()
      .from(uniquePayments)
      .where(eq(uniquePayments.orderId, orderId))
      .orderBy(desc(uniquePayments.createdAt))
      .limit(1);
    if (latest && latest.amount === amount && sameIds(latest.instalmentIds, ids)) {
      const active = await this.o.payments.activeChargeFor('UNIQUE_PAYMENT', latest.id);
      if (active) return uniqueView(latest, active);
    }
    const payer = await this.payerOf(customerId);
    const id = randomUUID();
    const now = this.o.clock.now();
    const { row, charge } = await this.db.transaction(async (tx) => {
      const charge = await this.o.payments.createCharge(tx, {
        purpose: 'UNIQUE_PAYMENT',
        referenceId: id,
        amount,
        payer,
        description: `Drip: ${pending.length} parcela(s) do pedido ${owned.order.code}`,
      });
      const [row] = await tx
        .insert(uniquePayments)
        .values({ id, orderId, chargeId: charge.id, instalmentIds: ids, amount, createdAt: now })
        .returning();
      if (!row) throw new Error('unique payment not stored');
      return { row, charge };
    });
    return uniqueView(row, charge);
  }

  /** GET instalments/payments/{id}: a unique payment of the customer (polling). */
  async uniquePayment(customerId: string, id: string): Promise<Wire<typeof UniquePayment> | null> {
    if (!isUuid(id)) return null;
    const [row] = await this.db
      .select({ payment: uniquePayments })
      .from(uniquePayments)
      .innerJoin(orders, eq(orders.id, uniquePayments.orderId))
      .where(and(eq(uniquePayments.id, id), eq(orders.customerId, customerId)));
    if (!row) return null;
    const charge = await this.o.payments.getCharge(row.payment.chargeId);
    if (!charge) return null;
    return uniqueView(row.payment, charge);
  }

  // ---------------------------------------------------------------- public instalment page

  /** GET /api/v1/installments/details/{id}: a pending instalment gets its Pix (created or reused). */
  async publicDetails(instalmentId: string): Promise<Wire<typeof InstalmentDetails> | null> {
    let found = await this.instalmentWithOrder(instalmentId);
    if (!found) return null;
    if (
      found.instalment.status === 'PENDING' &&
      (await this.bookedAtPsp(found.instalment.orderId, [found.instalment]))
    ) {
      found = await this.instalmentWithOrder(instalmentId);
      if (!found) return null;
    }
    const i = found.instalment;
    const [totalRow] = await this.db
      .select({ n: count() })
      .from(instalments)
      .where(eq(instalments.orderId, i.orderId));
    const total = totalRow?.n ?? i.number;
    const charge =
      i.status === 'PENDING' && found.order.status === 'ACTIVE'
        ? await this.chargeFor(i, {
            code: found.order.code,
            total,
            payer: { cpf: found.customerCpf, name: found.customerName },
          })
        : null;
    return {
      merchantName: found.merchantName,
      installment: {
        id: i.id,
        number: i.number,
        total,
        amount: money(amountToPay(i)),
        status: i.status,
        dueDate: i.dueDate,
        late: isLate(i, this.today()),
        qrCode: charge ? charge.qrCodeUrl : null,
        qrcodeText: charge ? charge.brCode : null,
      },
    };
  }
}

function sameIds(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, k) => x === b[k]);
}

function uniqueView(row: typeof uniquePayments.$inferSelect, charge: Charge): Wire<typeof UniquePayment> {
  return {
    id: row.id,
    orderId: row.orderId,
    qrCode: charge.qrCodeUrl,
    qrCodeText: charge.brCode,
    amount: money(row.amount),
    expiresAt: charge.expiresAt.toISOString(),
    instalments: row.instalmentIds,
    status: paymentStatusOf(charge.status),
  };
}
