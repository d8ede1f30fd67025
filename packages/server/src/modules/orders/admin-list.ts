/**
 * The back office's orders list (spec 2.2 'Admin orders list'): every merchant's orders, newest first, with the
 * merchant's and the buyer's names and each order's late instalments ('Qtd. parcelas em atraso').
 *
 * Sized for a book of a million orders (docs/admin-orders.md, docs/benchmarks.md): the page is picked from the
 * orders' own indexes first, and only its rows are joined to their merchant and customer and have their late
 * instalments counted (through the instalments' (order_id, number) index: at most a few dozen rows per order).
 * The count stops at ADMIN_ORDERS_COUNT_CAP.
 */
import {
  ADMIN_ORDERS_COUNT_CAP,
  type AdminOrdersPage,
  type AdminOrdersQuery,
  type Cents,
  centsToReais,
  isoDateInSaoPaulo,
  isValidCpf,
} from '@drip/core';
import { type SQL, sql } from 'drizzle-orm';
import * as v from 'valibot';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/index.ts';
import { customers } from '../customers/tables.ts';
import { merchants } from '../merchants/tables.ts';
import { instalments, orders } from './tables.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A Drip order code as people type it ('DRP-7K2M9Q', 'drp-7k2m9q'). */
const DRIP_CODE = /^DRP-[0-9A-Z]+$/i;
/** A CPF as typed: 11 digits, with or without the mask's dots, dash and spaces. */
const CPF_TYPED = /^[\d.\s-]+$/;

/**
 * What the search box finds (docs/admin-orders.md). Each kind is matched whole, through an index: an order id, a Drip
 * code, a customer's e-mail (any case), a valid CPF (the customer's orders, or a merchant code made of the same
 * digits), else the merchant's order code as typed.
 */
export function searchCondition(text: string): SQL {
  if (UUID.test(text)) return sql`o.id = ${text.toLowerCase()}::uuid`;
  if (DRIP_CODE.test(text)) return sql`o.code = ${text.toUpperCase()}`;
  if (text.includes('@'))
    return sql`o.customer_id in (select c.id from ${customers} c where lower(c.email) = ${text.toLowerCase()})`;
  const digits = text.replace(/\D/g, '');
  if (CPF_TYPED.test(text) && digits.length === 11 && isValidCpf(digits))
    // Two index lookups united, not an OR over two columns (which PostgreSQL answers by reading every order).
    return sql`o.id in (
      select b.id from ${orders} b where b.customer_id in (select c.id from ${customers} c where c.cpf = ${digits})
      union all
      select b.id from ${orders} b where b.merchant_order_code = ${text})`;
  return sql`o.merchant_order_code = ${text}`;
}

const num = v.pipe(v.union([v.number(), v.string(), v.bigint()]), v.transform(Number));
const when = v.pipe(
  v.union([v.date(), v.string()]),
  v.transform((d) => new Date(d).toISOString()),
);
const Rows = v.object({
  rows: v.array(
    v.object({
      id: v.string(),
      code: v.string(),
      merchant_order_code: v.string(),
      created_at: when,
      merchant_id: v.string(),
      merchant_name: v.string(),
      customer_id: v.string(),
      customer_name: v.string(),
      customer_email: v.nullable(v.string()),
      amount: num,
      canceled_amount: num,
      late: num,
      status: v.picklist(['ACTIVE', 'CLOSED', 'CANCELED']),
    }),
  ),
});
const CountRows = v.object({ rows: v.array(v.object({ n: num })) });

export class AdminOrderList {
  /** @param countCap ADMIN_ORDERS_COUNT_CAP; smaller in the tests, that cannot write ten thousand orders. */
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly countCap = ADMIN_ORDERS_COUNT_CAP,
  ) {}

  async list(q: AdminOrdersQuery): Promise<v.InferInput<typeof AdminOrdersPage>> {
    const conditions: SQL[] = [];
    if (q.status) conditions.push(sql`o.status = ${q.status}`);
    if (q.merchantId) conditions.push(sql`o.merchant_id = ${q.merchantId}::uuid`);
    if (q.search) conditions.push(searchCondition(q.search));
    const where = conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
    // An instalment is late from the day after its due date, in São Paulo, on the app's clock (the late-fee job's rule).
    const today = isoDateInSaoPaulo(this.clock.now());
    // The pages cover the first ADMIN_ORDERS_COUNT_CAP orders, as the count does: a page past them (typed in the URL)
    // is empty rather than an offset walk over the whole book.
    const offset = q.page * q.size;
    const beyondCap = offset >= this.countCap;
    // The count and the page side by side: on PostgreSQL each takes a connection of the pool.
    const [counted, page] = await Promise.all([
      this.db.execute(sql`select count(*) as n from (
          select 1 from ${orders} o ${where} limit ${this.countCap + 1}) s`),
      beyondCap
        ? { rows: [] }
        : this.db.execute(sql`
        with page as (
          select o.id, o.code, o.merchant_order_code, o.created_at, o.merchant_id, o.customer_id, o.amount,
            o.canceled_amount, o.status
          from ${orders} o ${where}
          order by o.created_at desc, o.id desc
          limit ${q.size} offset ${offset}
        )
        select p.*, m.name as merchant_name, c.name as customer_name, c.email as customer_email,
          (select count(*) from ${instalments} i
            where i.order_id = p.id and i.status = 'PENDING' and i.due_date < ${today}::date) as late
        from page p
        join ${merchants} m on m.id = p.merchant_id
        join ${customers} c on c.id = p.customer_id
        order by p.created_at desc, p.id desc`),
    ]);
    const found = v.parse(CountRows, counted).rows[0]?.n ?? 0;
    const totalElements = Math.min(found, this.countCap);
    return {
      content: v.parse(Rows, page).rows.map((r) => ({
        id: r.id,
        code: r.code,
        merchantOrderCode: r.merchant_order_code,
        createdAt: r.created_at,
        merchantId: r.merchant_id,
        merchantName: r.merchant_name,
        customerId: r.customer_id,
        customerName: r.customer_name,
        customerEmail: r.customer_email,
        amount: centsToReais(r.amount as Cents),
        canceledAmount: centsToReais(r.canceled_amount as Cents),
        lateInstalments: r.late,
        status: r.status,
      })),
      number: q.page,
      size: q.size,
      totalElements,
      totalPages: Math.ceil(totalElements / q.size),
      totalCapped: found > this.countCap,
    };
  }
}
