import { randomBytes } from 'node:crypto';
import { type Cents, cents } from '@drip/core';
import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import type { Tx } from '../../db/types.ts';
import { allocateProducts, type PlannedInstalment, planInstalments } from './plan.ts';
import {
  instalmentProducts,
  instalments,
  ledgerEntries,
  merchantCashbacks,
  orderProducts,
  orders,
} from './tables.ts';

export interface CreateOrderInput {
  checkoutId: string;
  merchantId: string;
  customerId: string;
  merchantOrderCode: string;
  total: Cents;
  products: { name: string; quantity: number; unitAmount: Cents }[];
  totalInstalments: number;
  firstDueDate: string;
  cashbackRate: number;
  /** The first instalment was paid at checkout by this Pix charge. */
  upfrontPayment: { chargeId: string; paidAt: Date } | null;
  now: Date;
}

export interface CreatedOrder {
  id: string;
  code: string;
  status: 'ACTIVE' | 'CLOSED';
  instalments: (PlannedInstalment & { status: 'PENDING' | 'PAID' })[];
}

const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
function orderCode(): string {
  const bytes = randomBytes(8);
  let s = '';
  for (const b of bytes) s += CODE_ALPHABET[b % CODE_ALPHABET.length];
  return `DRP-${s}`;
}

/** Orders, instalments, products and the ledger (DESIGN.md 3). Callers pass their transaction. */
export class OrderService {
  constructor(private readonly db: Db) {}

  /** The merchant's active cashback rate at `today` (fraction; 0 without one), as a SQL subquery expression. */
  static cashbackRateSql(merchantIdColumn: unknown, today: string) {
    return sql<number>`coalesce((select ${merchantCashbacks.ratio} from ${merchantCashbacks}
      where ${merchantCashbacks.merchantId} = ${merchantIdColumn}
        and (${merchantCashbacks.expirationDate} is null or ${merchantCashbacks.expirationDate} > ${today})
      order by ${merchantCashbacks.createdAt} desc limit 1), 0)`.mapWith(Number);
  }

  async cashbackRate(merchantId: string, today: string): Promise<number> {
    const [row] = await this.db
      .select({ ratio: merchantCashbacks.ratio })
      .from(merchantCashbacks)
      .where(
        and(
          eq(merchantCashbacks.merchantId, merchantId),
          or(isNull(merchantCashbacks.expirationDate), gt(merchantCashbacks.expirationDate, today)),
        ),
      )
      .orderBy(desc(merchantCashbacks.createdAt))
      .limit(1);
    return row?.ratio ?? 0;
  }

  /**
   * Creates an approved order in the caller's transaction: order, instalments (exact split, cashback on the last),
   * products, instalment products and ledger entries, in five statements.
   */
  async createInstalmentOrder(tx: Tx, input: CreateOrderInput): Promise<CreatedOrder> {
    const plan = planInstalments({
      total: input.total,
      totalInstalments: input.totalInstalments,
      firstDueDate: input.firstDueDate,
      cashbackRate: input.cashbackRate,
    });
    const paidFirst = input.upfrontPayment !== null;
    const financed = cents(input.total - (paidFirst ? (plan[0]?.amount ?? 0) : 0));
    const cashback = plan.reduce((a, p) => a + p.cashbackAmount, 0);
    const closed = paidFirst && plan.length === 1;
    return this.insertOrder(tx, input, plan, {
      financed,
      cashback: cents(cashback),
      status: closed ? 'CLOSED' : 'ACTIVE',
      type: 'INSTALMENTS',
      paidNumbers: paidFirst ? [1] : [],
      payment: input.upfrontPayment,
    });
  }

  /** An order paid in full at checkout (after a KO with the full-amount offer): one paid instalment, CLOSED. */
  async createFullPaymentOrder(
    tx: Tx,
    input: Omit<CreateOrderInput, 'totalInstalments' | 'firstDueDate' | 'upfrontPayment' | 'cashbackRate'> & {
      today: string;
      payment: { chargeId: string; paidAt: Date };
    },
  ): Promise<CreatedOrder> {
    const plan = planInstalments({
      total: input.total,
      totalInstalments: 1,
      firstDueDate: input.today,
      cashbackRate: 0,
    });
    return this.insertOrder(
      tx,
      {
        ...input,
        totalInstalments: 1,
        firstDueDate: input.today,
        cashbackRate: 0,
        upfrontPayment: input.payment,
      },
      plan,
      {
        financed: cents(0),
        cashback: cents(0),
        status: 'CLOSED',
        type: 'FULL_PAYMENT',
        paidNumbers: [1],
        payment: input.payment,
      },
    );
  }

  private async insertOrder(
    tx: Tx,
    input: CreateOrderInput,
    plan: PlannedInstalment[],
    o: {
      financed: Cents;
      cashback: Cents;
      status: 'ACTIVE' | 'CLOSED';
      type: 'INSTALMENTS' | 'FULL_PAYMENT';
      paidNumbers: number[];
      payment: { chargeId: string; paidAt: Date } | null;
    },
  ): Promise<CreatedOrder> {
    const orderId = crypto.randomUUID();
    const code = orderCode();
    await tx.insert(orders).values({
      id: orderId,
      code,
      checkoutId: input.checkoutId,
      merchantId: input.merchantId,
      customerId: input.customerId,
      merchantOrderCode: input.merchantOrderCode,
      amount: input.total,
      financedAmount: o.financed,
      cashbackRate: input.cashbackRate,
      cashbackAmount: o.cashback,
      status: o.status,
      type: o.type,
      createdAt: input.now,
      updatedAt: input.now,
    });
    const instalmentIds = plan.map(() => crypto.randomUUID());
    const paid = (n: number) => o.paidNumbers.includes(n);
    await tx.insert(instalments).values(
      plan.map((p, i) => ({
        id: instalmentIds[i] ?? crypto.randomUUID(),
        orderId,
        number: p.number,
        dueDate: p.dueDate,
        amount: p.amount,
        cashbackAmount: p.cashbackAmount,
        status: paid(p.number) ? ('PAID' as const) : ('PENDING' as const),
        paidAt: paid(p.number) ? (o.payment?.paidAt ?? input.now) : null,
        paymentChargeId: paid(p.number) ? (o.payment?.chargeId ?? null) : null,
      })),
    );
    const productIds = input.products.map(() => crypto.randomUUID());
    const lineAmounts = input.products.map((p) => cents(p.unitAmount * p.quantity));
    if (input.products.length > 0) {
      await tx.insert(orderProducts).values(
        input.products.map((p, i) => ({
          id: productIds[i] ?? crypto.randomUUID(),
          orderId,
          position: i,
          name: p.name,
          quantity: p.quantity,
          unitAmount: p.unitAmount,
          amount: lineAmounts[i] ?? cents(0),
        })),
      );
      const shares = allocateProducts(
        lineAmounts,
        plan.map((p) => p.amount),
      );
      const rows = shares.flatMap((row, pi) =>
        row.map((amount, ii) => ({
          instalmentId: instalmentIds[ii] ?? '',
          orderProductId: productIds[pi] ?? '',
          amount,
        })),
      );
      if (rows.length > 0) await tx.insert(instalmentProducts).values(rows);
    }
    const base = {
      orderId,
      checkoutId: input.checkoutId,
      customerId: input.customerId,
      merchantId: input.merchantId,
      createdAt: input.now,
    };
    const entries: (typeof ledgerEntries.$inferInsert)[] = [
      { ...base, type: 'ORDER_CREATED', amount: input.total, memo: `Pedido ${code}` },
      { ...base, type: 'MERCHANT_PAYABLE', amount: -input.total, memo: 'Valor devido ao parceiro' },
    ];
    if (o.cashback > 0) {
      entries.push({
        ...base,
        instalmentId: instalmentIds[plan.length - 1] ?? null,
        type: 'CASHBACK_GRANTED',
        amount: -o.cashback,
        memo: 'Cashback na última parcela',
      });
    }
    for (const p of plan) {
      if (!paid(p.number)) continue;
      entries.push({
        ...base,
        instalmentId: instalmentIds[p.number - 1] ?? null,
        chargeId: o.payment?.chargeId ?? null,
        type: o.type === 'FULL_PAYMENT' ? 'FULL_PAYMENT_RECEIVED' : 'INSTALMENT_PAID',
        amount: p.amount - p.cashbackAmount,
        memo: `Parcela ${p.number} paga no checkout`,
      });
    }
    await tx.insert(ledgerEntries).values(entries);
    return {
      id: orderId,
      code,
      status: o.status,
      instalments: plan.map((p) => ({ ...p, status: paid(p.number) ? 'PAID' : 'PENDING' })),
    };
  }

  /** Appends ledger entries in the caller's transaction. */
  async appendLedger(tx: Tx, entries: (typeof ledgerEntries.$inferInsert)[]): Promise<void> {
    if (entries.length > 0) await tx.insert(ledgerEntries).values(entries);
  }

  /** Instalments of an order (merchant API view). */
  async orderView(orderId: string) {
    const rows = await this.db
      .select({
        orderId: orders.id,
        status: orders.status,
        number: instalments.number,
        dueDate: instalments.dueDate,
        amount: instalments.amount,
        cashbackAmount: instalments.cashbackAmount,
        instalmentStatus: instalments.status,
      })
      .from(orders)
      .innerJoin(instalments, eq(instalments.orderId, orders.id))
      .where(eq(orders.id, orderId))
      .orderBy(instalments.number);
    const first = rows[0];
    if (!first) return null;
    return {
      id: first.orderId,
      status: first.status,
      instalments: rows.map((r) => ({
        number: r.number,
        dueDate: r.dueDate,
        amount: cents(r.amount),
        cashbackAmount: cents(r.cashbackAmount),
        status: r.instalmentStatus,
      })),
    };
  }
}
