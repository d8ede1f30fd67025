/**
 * The merchant portal's sales views (spec 2.4, 3, 4, 7, 9; docs/merchant-sales.md): the checkouts list with its
 * filters, one checkout's details, the big numbers, the chart, and the Drip links (list and create). Reads only the
 * merchant's own rows: another merchant's checkout is a 404.
 */
import {
  addDaysIso,
  type BigNumberPeriod,
  type CheckoutChartItem,
  type CheckoutLinkPage,
  type CheckoutStatistics,
  type CreateCheckoutLinkRequest,
  type CreateCheckoutLinkResponse,
  cents,
  centsToReais,
  checkoutPaths,
  duplicateLinkCodeMessage,
  type MerchantCheckoutDetails,
  type MerchantCheckoutPage,
  type MerchantCheckoutStatus,
  type MerchantCheckoutSummary,
  type MerchantCheckoutsQuery,
  type MerchantKoReason,
  merchantKoReason,
  reaisToCents,
  todayInSaoPaulo,
} from '@drip/core';
import { and, desc, eq, inArray, isNotNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type * as v from 'valibot';
import { DomainError } from '../../errors.ts';
import { startOfDaySaoPaulo } from '../credit/exposure.ts';
// Read-only: the order a checkout became, joined into the merchant's views (the orders module writes them).
import { orderProducts, orders } from '../orders/tables.ts';
import type { CheckoutCore } from './core.ts';
import type { MerchantApi } from './merchant-api.ts';
import { linkFacts, toDenialReason } from './rules.ts';
import { type CheckoutRow, checkouts } from './tables.ts';

/** Wire shapes (reais): the contract's schemas turn them into centavos on the client. */
type Wire<S extends v.GenericSchema> = v.InferInput<S>;

/** LIKE's wildcards in typed text are literal. */
const likePrefix = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const asInt = (expr: SQL) => sql<number>`(${expr})::int`.mapWith(Number);
const asCents = (expr: SQL) => sql<number>`coalesce(${expr}, 0)::bigint`.mapWith(Number);

/** The list's count is exact up to this many checkouts (docs/merchant-sales.md, "The list's count"). */
export const LIST_COUNT_CAP = 10_000;

type OrderRow = {
  id: string;
  code: string;
  status: 'ACTIVE' | 'CLOSED' | 'CANCELED';
  amount: number;
  canceledAmount: number;
  createdAt: Date;
  updatedAt: Date;
};

export class MerchantViews {
  constructor(
    private readonly core: CheckoutCore,
    private readonly api: MerchantApi,
    /** `GET v2/checkouts` counts at most this many rows; above, its answer says `totalCapped`. */
    readonly countCap = LIST_COUNT_CAP,
  ) {}

  private get db() {
    return this.core.d.db;
  }

  /** A checkout's open status turned EXPIRED when its expiry passed (the expiry job may not have run yet). */
  private expired(now: Date): SQL {
    return sql`(${checkouts.status} = 'EXPIRED' or (${checkouts.status} = 'KO' and ${checkouts.koReason} = 'EXPIRED') or (${checkouts.status} in ('PRISTINE', 'MORE_INFO') and ${checkouts.expiresAt} <= ${now}))`;
  }

  /**
   * The merchant's checkouts whose order's whole amount was given back (spec 4: refunded), as a subquery of checkout
   * ids. Served by the partial index `orders_merchant_refunded_idx`: a few thousand entries for a store with a
   * million orders, read once per statement (hashed, or as an array that drives the checkouts' primary key), instead
   * of one orders lookup per checkout.
   */
  private refundedIds(merchantId: string) {
    return this.db
      .select({ id: orders.checkoutId })
      .from(orders)
      .where(
        and(
          eq(orders.merchantId, merchantId),
          sql`${orders.status} <> 'ACTIVE' and ${orders.canceledAmount} > 0 and ${orders.canceledAmount} >= ${orders.amount}`,
        ),
      );
  }

  /**
   * The wire status and refusal of spec 3 (OK, KO, MORE_INFO): an expired checkout is KO for EXPIRED; a refusal is
   * its group (spec 8), never the individual reason (contract/refusal-groups.ts).
   */
  private wireStatus(row: CheckoutRow): {
    status: MerchantCheckoutStatus;
    koReason: MerchantKoReason | null;
  } {
    const status = this.core.visibleStatus(row);
    if (status === 'OK') return { status: 'OK', koReason: null };
    if (status === 'EXPIRED') return { status: 'KO', koReason: 'EXPIRED' };
    if (status === 'KO')
      return { status: 'KO', koReason: merchantKoReason(toDenialReason(row.koReason) ?? 'DEFAULT') };
    return { status: 'MORE_INFO', koReason: null };
  }

  private orderView(order: OrderRow | null): Wire<typeof MerchantCheckoutSummary>['order'] {
    if (!order) return null;
    return {
      id: order.id,
      code: order.code,
      status: order.status,
      createdDate: order.createdAt.toISOString(),
      canceledAmount: centsToReais(cents(order.canceledAmount)),
      canceledAt: order.canceledAmount > 0 ? order.updatedAt.toISOString() : null,
    };
  }

  private summary(row: CheckoutRow, order: OrderRow | null): Wire<typeof MerchantCheckoutSummary> {
    return {
      id: row.id,
      code: row.merchantOrderCode,
      customerName: row.customerData?.customerName ?? row.prefill?.name ?? null,
      amount: centsToReais(cents(row.amount)),
      ...this.wireStatus(row),
      createdAt: row.createdAt.toISOString(),
      order: this.orderView(order),
    };
  }

  private readonly orderColumns = {
    id: orders.id,
    code: orders.code,
    status: orders.status,
    amount: orders.amount,
    canceledAmount: orders.canceledAmount,
    createdAt: orders.createdAt,
    updatedAt: orders.updatedAt,
  };

  /**
   * The page and the capped count of `GET v2/checkouts` (each filter has its index: docs/merchant-sales.md): newest
   * first. Revoked checkouts (a Drip link the merchant deactivated before any sale) are left out: 'Gerenciar Links'
   * shows them. The status toggles combine with OR; none set means every status.
   *
   * The count stops at `countCap + 1` rows: an exact `count(*)` over a million checkouts costs hundreds of
   * milliseconds whatever the index, a capped one a few (docs/merchant-sales.md, "The list's count").
   */
  listStatements(merchantId: string, q: MerchantCheckoutsQuery) {
    const now = this.core.d.clock.now();
    const where: SQL[] = [eq(checkouts.merchantId, merchantId), ne(checkouts.status, 'REVOKED')];
    const nameKey = sql`lower(${checkouts.customerData}->>'customerName')`;
    if (q.code) where.push(sql`${checkouts.merchantOrderCode} like ${likePrefix(q.code)}`);
    if (q.customerName) where.push(sql`${nameKey} like ${likePrefix(q.customerName.toLowerCase())}`);
    if (q.amount) where.push(eq(checkouts.amount, reaisToCents(q.amount)));
    if (q.from) where.push(sql`${checkouts.createdAt} >= ${startOfDaySaoPaulo(q.from)}`);
    if (q.to) where.push(sql`${checkouts.createdAt} < ${startOfDaySaoPaulo(addDaysIso(q.to, 1))}`);
    const toggles = (['approved', 'canceled', 'denied', 'abandoned'] as const).filter((t) => q[t] === 'true');
    const statuses: SQL[] = [];
    if (toggles.includes('approved'))
      statuses.push(
        sql`(${checkouts.status} = 'OK' and ${checkouts.id} not in ${this.refundedIds(merchantId)})`,
      );
    if (toggles.includes('canceled'))
      statuses.push(
        toggles.length === 1
          ? // Alone, the refunded ids drive the primary key: walking the newest approved checkouts until enough of
            // them turn out refunded may read most of the table.
            sql`(${checkouts.status} = 'OK' and ${checkouts.id} = any(array${this.refundedIds(merchantId)}))`
          : sql`(${checkouts.status} = 'OK' and ${checkouts.id} in ${this.refundedIds(merchantId)})`,
      );
    if (toggles.includes('denied'))
      statuses.push(sql`(${checkouts.status} = 'KO' and ${checkouts.koReason} is distinct from 'EXPIRED')`);
    if (toggles.includes('abandoned')) statuses.push(this.expired(now));
    const filter = and(...where, statuses.length > 0 ? or(...statuses) : undefined);
    // The page's ids first (narrow rows, no join), then their rows and orders: an offset or a filter that reads
    // many candidates does not fetch and join every one of them.
    const pageIds = this.db
      .select({ id: checkouts.id })
      .from(checkouts)
      .where(filter)
      .orderBy(desc(checkouts.createdAt), desc(checkouts.id))
      .limit(q.size)
      .offset(q.page * q.size);
    // A name prefix alone: walking its index is the cheap way to the first rows; on a table of one big merchant
    // PostgreSQL would rather scan the table, and lower() on every row's JSON is slow (docs/benchmarks.md).
    const byName = q.customerName && !q.code && !q.amount && !q.from && !q.to;
    const capped = this.db
      .select({ one: sql`1` })
      .from(checkouts)
      .where(filter)
      .orderBy(...(byName ? [sql`${nameKey} using ~<~`] : []))
      .limit(this.countCap + 1)
      .as('capped');
    return {
      page: this.db
        .select({ checkout: checkouts, order: this.orderColumns })
        .from(checkouts)
        .leftJoin(orders, eq(orders.id, checkouts.orderId))
        .where(inArray(checkouts.id, pageIds))
        .orderBy(desc(checkouts.createdAt), desc(checkouts.id)),
      count: this.db.select({ n: asInt(sql`count(*)`) }).from(capped),
    };
  }

  async list(merchantId: string, q: MerchantCheckoutsQuery): Promise<Wire<typeof MerchantCheckoutPage>> {
    const statements = this.listStatements(merchantId, q);
    const [rows, [total]] = await Promise.all([statements.page, statements.count]);
    const counted = total?.n ?? 0;
    const totalCapped = counted > this.countCap;
    const totalElements = Math.min(counted, this.countCap);
    return {
      content: rows.map((r) => this.summary(r.checkout, r.order)),
      number: q.page,
      size: q.size,
      totalPages: Math.ceil(totalElements / q.size),
      totalElements,
      totalCapped,
    };
  }

  /** The same views with another count cap (tests reach the cap with a few rows). */
  withCountCap(countCap: number): MerchantViews {
    return new MerchantViews(this.core, this.api, countCap);
  }

  /**
   * `GET v2/checkouts/{id}`: every field of the order detail (spec 2.4); 404 for another merchant's checkout.
   * `saleFee` is the settlements module's fee of the order's sale ('Taxa', 'Valor do repasse'; none before an order).
   */
  async details(
    merchantId: string,
    id: string,
    saleFee?: (orderId: string) => Promise<{ rateBps: number; amount: number; payout: number } | null>,
  ): Promise<Wire<typeof MerchantCheckoutDetails>> {
    const row = await this.api.readOwn(merchantId, id);
    const [order] = row.orderId
      ? await this.db.select(this.orderColumns).from(orders).where(eq(orders.id, row.orderId)).limit(1)
      : [];
    const data = row.customerData;
    const products = order
      ? await this.db
          .select({
            id: orderProducts.id,
            name: orderProducts.name,
            amount: orderProducts.amount,
            status: orderProducts.status,
            canceledAt: orderProducts.canceledAt,
            // Spelled out: a single-table select renders its columns unqualified, which the subquery would rebind.
            hasInstalmentProducts: sql<boolean>`exists (select 1 from instalment_products ip where ip.order_product_id = order_products.id)`,
          })
          .from(orderProducts)
          .where(eq(orderProducts.orderId, order.id))
          .orderBy(orderProducts.position)
      : null;
    const fee = order && saleFee ? await saleFee(order.id) : null;
    return {
      ...this.summary(row, order ?? null),
      customerCpf: data?.customerCpf ?? row.prefill?.cpf ?? null,
      customerEmail: data?.customerEmail ?? row.prefill?.email ?? null,
      customerPhone: data?.customerPhone ?? row.prefill?.phone ?? null,
      addressCep: data?.addressCep ?? null,
      addressStreet: data?.addressStreet ?? null,
      addressNumber: data?.addressNumber ?? null,
      addressNeighborhood: data?.addressNeighborhood ?? null,
      addressComplement: data?.addressComplement || null,
      addressCity: data?.addressCity ?? null,
      addressState: data?.addressState ?? null,
      creatorEmail: row.creatorEmail,
      merchantFee: fee
        ? { percentage: fee.rateBps / 10_000, totalAmount: centsToReais(cents(fee.amount)) }
        : null,
      settlementAmount: fee ? centsToReais(cents(fee.payout)) : null,
      products: products
        ? products.map((p) => ({
            id: p.id,
            name: p.name,
            amount: centsToReais(cents(p.amount)),
            status: p.status,
            canceledAt: p.canceledAt ? p.canceledAt.toISOString() : null,
            hasInstalmentProducts: Boolean(p.hasInstalmentProducts),
          }))
        : // Before an order exists the checkout's own products are shown (not refundable: no order yet).
          row.products.map((p, i) => ({
            id: `${row.id}:${i}`,
            name: p.name,
            amount: centsToReais(cents(p.amount * p.quantity)),
            status: 'ACTIVE' as const,
            canceledAt: null,
            hasInstalmentProducts: false,
          })),
    };
  }

  /**
   * The period's bounds in America/Sao_Paulo and the previous period's start: today, this week (from Monday) or
   * this month, compared with yesterday, last week or last month (whole).
   */
  periodBounds(period: BigNumberPeriod): {
    today: string;
    prevStart: Date;
    start: Date;
    end: Date;
    slices: Date[];
  } {
    const today = todayInSaoPaulo(this.core.d.clock);
    let startDay: string;
    let prevStartDay: string;
    let endDay: string;
    if (period === 'DAILY') {
      startDay = today;
      prevStartDay = addDaysIso(today, -1);
      endDay = addDaysIso(today, 1);
    } else if (period === 'WEEKLY') {
      const weekday = (new Date(`${today}T12:00:00Z`).getUTCDay() + 6) % 7; // Monday 0
      startDay = addDaysIso(today, -weekday);
      prevStartDay = addDaysIso(startDay, -7);
      endDay = addDaysIso(startDay, 7);
    } else {
      startDay = `${today.slice(0, 8)}01`;
      const y = Number(today.slice(0, 4));
      const m = Number(today.slice(5, 7));
      const prev = m === 1 ? `${y - 1}-12-01` : `${y}-${String(m - 1).padStart(2, '0')}-01`;
      prevStartDay = prev;
      endDay = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
    }
    const start = startOfDaySaoPaulo(startDay);
    const end = startOfDaySaoPaulo(endDay);
    // The chart's slices: hours of the day, days of the week or of the month.
    const step = period === 'DAILY' ? 3600_000 : 86_400_000;
    const slices: Date[] = [];
    for (let t = start.getTime(); t < end.getTime(); t += step) slices.push(new Date(t));
    return { today, prevStart: startOfDaySaoPaulo(prevStartDay), start, end, slices };
  }

  /** Approved (OK) and denied (KO, not expired) of the merchant's checkouts created in [start, end). */
  private decided(merchantId: string, from: Date, end: Date): SQL | undefined {
    return and(
      eq(checkouts.merchantId, merchantId),
      inArray(checkouts.status, ['OK', 'KO']),
      sql`${checkouts.createdAt} >= ${from}`,
      sql`${checkouts.createdAt} < ${end}`,
    );
  }

  /** `GET v2/checkouts/statistics`: spec 3 big numbers; the comparison is on the approved volume. */
  async statistics(merchantId: string, period: BigNumberPeriod): Promise<Wire<typeof CheckoutStatistics>> {
    const { prevStart, start, end } = this.periodBounds(period);
    const current = sql`${checkouts.createdAt} >= ${start}`;
    const approved = sql`${checkouts.status} = 'OK'`;
    const denied = sql`${checkouts.status} = 'KO' and ${checkouts.koReason} is distinct from 'EXPIRED'`;
    const [row] = await this.db
      .select({
        amount: asCents(sql`sum(${checkouts.amount}) filter (where ${approved} and ${current})`),
        previous: asCents(sql`sum(${checkouts.amount}) filter (where ${approved} and not (${current}))`),
        approved: asInt(sql`count(*) filter (where ${approved} and ${current})`),
        denied: asInt(sql`count(*) filter (where ${denied} and ${current})`),
      })
      .from(checkouts)
      .where(this.decided(merchantId, prevStart, end));
    const amount = row?.amount ?? 0;
    const previous = row?.previous ?? 0;
    return {
      amount: centsToReais(cents(amount)),
      comparisonPercentage: previous > 0 ? Math.round(((amount - previous) / previous) * 10_000) / 100 : null,
      checkoutsApproved: row?.approved ?? 0,
      checkoutsDenied: row?.denied ?? 0,
    };
  }

  /**
   * `GET v2/checkouts/graphic`: one item per hour (Hoje) or day (Semana, Mês), expired left out; the refusals of a
   * slice counted per group.
   */
  async graphic(merchantId: string, period: BigNumberPeriod): Promise<CheckoutChartItem[]> {
    const { start, end, slices } = this.periodBounds(period);
    const step = period === 'DAILY' ? 3600 : 86_400;
    const slice = sql<number>`floor(extract(epoch from (${checkouts.createdAt} - ${start}::timestamptz)) / ${step})::int`;
    const rows = await this.db
      .select({
        slice: slice.mapWith(Number),
        status: checkouts.status,
        reason: checkouts.koReason,
        n: asInt(sql`count(*)`),
      })
      .from(checkouts)
      .where(and(this.decided(merchantId, start, end), sql`${checkouts.koReason} is distinct from 'EXPIRED'`))
      .groupBy(sql`1`, checkouts.status, checkouts.koReason);
    const items: CheckoutChartItem[] = slices.map((from) => ({
      initialDate: from.toISOString(),
      finalDate: new Date(from.getTime() + step * 1000 - 1).toISOString(),
      checkoutsApproved: 0,
      checkoutsDenied: 0,
      reasons: [],
    }));
    for (const r of rows) {
      const item = items[r.slice];
      if (!item) continue;
      if (r.status === 'OK') item.checkoutsApproved += r.n;
      else {
        item.checkoutsDenied += r.n;
        // Counted per group (spec 8's chart grouping): the individual reasons stay Drip's.
        const reason = merchantKoReason(toDenialReason(r.reason) ?? 'DEFAULT') ?? 'DEFAULT';
        const known = item.reasons.find((x) => x.reason === reason);
        if (known) known.quantity += r.n;
        else item.reasons.push({ reason, quantity: r.n });
      }
    }
    return items;
  }

  /** `GET v1/checkouts`: the Drip links created in the portal, newest first (spec 3 "Checkout link"). */
  async links(merchantId: string, page: number, size: number): Promise<Wire<typeof CheckoutLinkPage>> {
    const filter = and(eq(checkouts.merchantId, merchantId), isNotNull(checkouts.creatorEmail));
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(checkouts)
        .where(filter)
        .orderBy(desc(checkouts.createdAt), desc(checkouts.id))
        .limit(size)
        .offset(page * size),
      this.db
        .select({ n: asInt(sql`count(*)`) })
        .from(checkouts)
        .where(filter),
    ]);
    const totalElements = total?.n ?? 0;
    return {
      content: rows.map((row) => {
        const status = this.core.visibleStatus(row);
        return {
          id: row.id,
          code: row.merchantOrderCode,
          amount: centsToReais(cents(row.amount)),
          ...linkFacts(status),
          koReason:
            status === 'KO' || status === 'EXPIRED' ? merchantKoReason(this.core.koReasonOf(row)) : null,
          creatorEmail: row.creatorEmail,
          createdAt: row.createdAt.toISOString(),
          formUrl: this.formUrl(row.id),
        };
      }),
      number: page,
      size,
      totalPages: Math.ceil(totalElements / size),
      totalElements,
    };
  }

  private formUrl(id: string): string {
    return `${this.core.d.publicUrl}${checkoutPaths.hostedPage(id)}`;
  }

  /**
   * `POST v1/checkouts`: a Drip link is a hosted checkout created like the merchant API's (one product named after
   * the order code), marked with its creator. 409 with the spec's message when the code was used.
   */
  async createLink(
    merchantId: string,
    creatorEmail: string,
    req: CreateCheckoutLinkRequest,
  ): Promise<CreateCheckoutLinkResponse> {
    const amount = reaisToCents(req.amount);
    const home = this.core.d.publicUrl || 'http://localhost';
    try {
      const created = await this.api.create(
        merchantId,
        {
          amount,
          merchantOrderCode: req.merchantCode,
          products: [{ name: `Pedido ${req.merchantCode}`, quantity: 1, amount }],
          resolveUrl: home,
          cancelUrl: home,
        },
        undefined,
        creatorEmail,
      );
      return { id: created.id, formUrl: created.url };
    } catch (error) {
      if (error instanceof DomainError && error.kind === 'conflict')
        throw new DomainError('conflict', 'DUPLICATE_ORDER_CODE', duplicateLinkCodeMessage(req.merchantCode));
      throw error;
    }
  }
}
