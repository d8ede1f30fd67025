import { randomBytes } from 'node:crypto';
import { type Cents, cents, type PlannedInstalment, planInstalments } from '@drip/core';
import { and, desc, eq, gt, isNull, or, type SQL, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { type Recordset, recordset } from '../../db/bulk.ts';
import type { Db } from '../../db/index.ts';
import { type Shaped, ShapedStatements } from '../../db/shaped.ts';
import type { DbOrTx, Tx } from '../../db/types.ts';
import type { OrderCreatedStaging } from '../customers/first-access.ts';
import { allocateProducts } from './plan.ts';
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

/** Ledger types of a checkout payment given back because it could not become an order (recordReturnedPayment). */
export const LEDGER_RETURNED = {
  received: 'CHECKOUT_PAYMENT_RECEIVED',
  returned: 'CHECKOUT_PAYMENT_RETURNED',
} as const;

const CreatedRows = v.object({ rows: v.array(v.object({ created: v.number() })) });

const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
function orderCode(): string {
  const bytes = randomBytes(8);
  let s = '';
  for (const b of bytes) s += CODE_ALPHABET[b % CODE_ALPHABET.length];
  return `DRP-${s}`;
}

/** Orders, instalments, products and the ledger (DESIGN.md 3). Callers pass their transaction. */
export class OrderService {
  /** The order's one INSERT statement, built once per shape (db/shaped.ts). */
  private readonly shaped = new ShapedStatements();

  /**
   * @param onCreated CTEs that every order's statement also runs (they see the new order as CTE `o`): the
   *   customers module's first-access SMS. Absent for seeds and where messages do not go through the outbox.
   */
  constructor(
    private readonly db: Db,
    private readonly onCreated?: OrderCreatedStaging,
  ) {}

  /** The merchant's active cashback rate at `today` (fraction; 0 without one), as a SQL subquery expression. */
  static cashbackRateSql(merchantIdColumn: unknown, today: string) {
    return sql<number>`coalesce((select ${merchantCashbacks.ratio} from ${merchantCashbacks}
      where ${merchantCashbacks.merchantId} = ${merchantIdColumn}
        and (${merchantCashbacks.expirationDate} is null or ${merchantCashbacks.expirationDate} > ${today})
      order by ${merchantCashbacks.createdAt} desc limit 1), 0)`.mapWith(Number);
  }

  /** New cashback rates of merchants (the demo world's; the merchants' fee screens will add theirs here). */
  static async addCashbackRates(tx: DbOrTx, rates: { merchantId: string; ratio: number }[]): Promise<void> {
    if (rates.length > 0) await tx.insert(merchantCashbacks).values(rates);
  }

  /** A merchant's new cashback rate (the back office), in the caller's transaction (its audit entry's). */
  static async addCashback(
    tx: DbOrTx,
    c: { merchantId: string; ratio: number; expirationDate: string | null; at: Date },
  ) {
    const [row] = await tx
      .insert(merchantCashbacks)
      .values({ merchantId: c.merchantId, ratio: c.ratio, expirationDate: c.expirationDate, createdAt: c.at })
      .returning();
    if (!row) throw new Error('cashback insert returned no row');
    return row;
  }

  /** Changes a cashback rate (null when the merchant has none with this id); orders already made keep theirs. */
  static async updateCashback(
    tx: DbOrTx,
    merchantId: string,
    cashbackId: string,
    c: { ratio: number; expirationDate: string | null },
  ) {
    const [row] = await tx
      .update(merchantCashbacks)
      .set({ ratio: c.ratio, expirationDate: c.expirationDate })
      .where(and(eq(merchantCashbacks.id, cashbackId), eq(merchantCashbacks.merchantId, merchantId)))
      .returning();
    return row ?? null;
  }

  /** The merchant's cashback rates, newest first (the details page). */
  static cashbacks(db: DbOrTx, merchantId: string) {
    return db
      .select()
      .from(merchantCashbacks)
      .where(eq(merchantCashbacks.merchantId, merchantId))
      .orderBy(desc(merchantCashbacks.createdAt));
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
   * products, instalment products and ledger entries, in one statement.
   */
  async createInstalmentOrder(tx: Tx, input: CreateOrderInput): Promise<CreatedOrder> {
    const order = await this.createInstalmentOrderIf(tx, input);
    if (!order) throw new Error('order not created');
    return order;
  }

  /**
   * Same as createInstalmentOrder, and with `guard` (a data-modifying shaped statement with RETURNING, whose
   * placeholders start with `guard_`) in the SAME statement: the order is created only when the guard returned a
   * row (null otherwise, nothing written). Atomic without a transaction (one statement).
   */
  async createInstalmentOrderIf(
    tx: DbOrTx,
    input: CreateOrderInput,
    guard?: (orderId: string) => Shaped,
  ): Promise<CreatedOrder | null> {
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
    return this.insertOrder(
      tx,
      input,
      plan,
      {
        financed,
        cashback: cents(cashback),
        status: closed ? 'CLOSED' : 'ACTIVE',
        type: 'INSTALMENTS',
        paidNumbers: paidFirst ? [1] : [],
        payment: input.upfrontPayment,
      },
      guard,
    );
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
    const order = await this.insertOrder(
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
    if (!order) throw new Error('order not created');
    return order;
  }

  /**
   * Inserts the order, its instalments, products, instalment products and ledger entries in ONE statement
   * (data-modifying CTEs over json_to_recordset: one round trip, atomic by itself). With `guard` (a data-modifying
   * statement with RETURNING built for the new order's id, e.g. the checkout's conditional UPDATE), the order is created only when the guard
   * returned a row, in the same statement; null when it did not (nothing was written).
   */
  private async insertOrder(
    tx: DbOrTx,
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
    guard?: (orderId: string) => Shaped,
  ): Promise<CreatedOrder | null> {
    const orderId = crypto.randomUUID();
    const code = orderCode();
    const instalmentIds = plan.map(() => crypto.randomUUID());
    const paid = (n: number) => o.paidNumbers.includes(n);
    const productIds = input.products.map(() => crypto.randomUUID());
    const lineAmounts = input.products.map((p) => cents(p.unitAmount * p.quantity));
    const shares =
      input.products.length > 0
        ? allocateProducts(
            lineAmounts,
            plan.map((p) => p.amount),
          )
        : [];
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
    const sets: { cte: string; rows: Recordset; gate: 'guard' | 'order' | null }[] = [
      {
        cte: 'o',
        rows: recordset(orders, [
          {
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
          },
        ]),
        gate: guard ? 'guard' : null,
      },
      // The rows below are inserted only when the order row was (gated on `o`).
      {
        cte: 'i',
        rows: recordset(
          instalments,
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
        ),
        gate: 'order',
      },
    ];
    if (input.products.length > 0) {
      sets.push({
        cte: 'p',
        rows: recordset(
          orderProducts,
          input.products.map((p, i) => ({
            id: productIds[i] ?? crypto.randomUUID(),
            orderId,
            position: i,
            name: p.name,
            quantity: p.quantity,
            unitAmount: p.unitAmount,
            amount: lineAmounts[i] ?? cents(0),
          })),
        ),
        gate: 'order',
      });
      const rows = shares.flatMap((row, pi) =>
        row.map((amount, ii) => ({
          instalmentId: instalmentIds[ii] ?? '',
          orderProductId: productIds[pi] ?? '',
          amount,
        })),
      );
      if (rows.length > 0) sets.push({ cte: 'ip', rows: recordset(instalmentProducts, rows), gate: 'order' });
    }
    sets.push({ cte: 'l', rows: recordset(ledgerEntries, entries), gate: 'order' });
    const guarded = guard?.(orderId);
    const extra = this.onCreated?.({
      orderId,
      customerId: input.customerId,
      now: input.now,
      merchantId: input.merchantId,
      checkoutId: input.checkoutId,
      code,
      merchantOrderCode: input.merchantOrderCode,
      amount: input.total,
      status: o.status,
      instalments: plan.map((p, i) => ({
        id: instalmentIds[i] ?? '',
        number: p.number,
        total: plan.length,
        dueDate: p.dueDate,
        toPay: cents(p.amount - p.cashbackAmount),
        paid: paid(p.number),
      })),
    });
    const values: Record<string, unknown> = { ...guarded?.values, ...extra?.values };
    for (const set of sets) values[`rows_${set.cte}`] = set.rows.json;
    const statement: Shaped = {
      key: `order[${guarded?.key ?? ''}]${sets.map((set) => `${set.cte}:${set.rows.columns}`).join(';')}[${extra?.key ?? ''}]`,
      build: () => {
        const ctes: SQL[] = guarded ? [sql`g as (${guarded.build()})`] : [];
        for (const set of sets) {
          const gate =
            set.gate === 'guard'
              ? sql`exists (select 1 from g)`
              : set.gate === 'order'
                ? sql`exists (select 1 from o)`
                : undefined;
          const insert = set.rows.insert(`rows_${set.cte}`, gate);
          ctes.push(
            set.cte === 'o'
              ? sql`${sql.identifier(set.cte)} as (${insert} returning id)`
              : sql`${sql.identifier(set.cte)} as (${insert})`,
          );
        }
        if (extra) ctes.push(extra.build());
        return sql`with ${sql.join(ctes, sql`, `)} select (select count(*) from o)::int as created`;
      },
      values,
    };
    const result = v.parse(CreatedRows, await this.shaped.execute(tx, statement));
    if ((result.rows[0]?.created ?? 0) === 0) {
      if (guard) return null;
      throw new Error('order not created');
    }
    return {
      id: orderId,
      code,
      status: o.status,
      instalments: plan.map((p) => ({ ...p, status: paid(p.number) ? 'PAID' : 'PENDING' })),
    };
  }

  /**
   * A checkout payment that did not become an order and is given back by devolução: the money received and the
   * money owed back, as two entries that cancel out, in the caller's transaction (the one that booked the payment
   * and recorded the devolução).
   */
  async recordReturnedPayment(
    tx: Tx,
    p: {
      chargeId: string;
      amount: Cents;
      checkoutId: string | null;
      customerId: string | null;
      merchantId: string | null;
      reason: string;
      now: Date;
    },
  ): Promise<void> {
    const base = {
      chargeId: p.chargeId,
      checkoutId: p.checkoutId,
      customerId: p.customerId,
      merchantId: p.merchantId,
      createdAt: p.now,
    };
    await this.appendLedger(tx, [
      { ...base, type: LEDGER_RETURNED.received, amount: p.amount, memo: 'Pix recebido sem pedido' },
      { ...base, type: LEDGER_RETURNED.returned, amount: -p.amount, memo: `Devolução: ${p.reason}` },
    ]);
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
