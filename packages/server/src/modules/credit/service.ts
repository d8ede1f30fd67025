import { type Cents, cents } from '@drip/core';
import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { ShapedStatements } from '../../db/shaped.ts';
import type { DbOrTx } from '../../db/types.ts';
import { CustomerService } from '../customers/service.ts';
import { FraudService } from '../fraud/service.ts';
import { instalments, orders } from '../orders/tables.ts';
import type { PortfolioExposure } from './exposure.ts';
import {
  type BureauResult,
  type CreditConfig,
  type CreditDecision,
  type CreditSnapshot,
  evaluateCredit,
} from './rules.ts';
import { type AntifraudPort, type BureauPort, magicProfile } from './sandbox.ts';
import { creditDecisions } from './tables.ts';

export interface CreditServiceOptions {
  bureau: BureauPort;
  antifraud: AntifraudPort;
  config: CreditConfig;
  /** Bank codes (COMPE, 3 digits) refused for the verification Pix, besides the fraud module's blocks. */
  blockedBankCodes: readonly string[];
  /** Sandbox: magic CPFs may also simulate Drip history and totals (docs/sandbox.md). */
  sandbox: boolean;
  /** Drip's portfolio totals for the Drip-wide caps, read at most every few seconds (exposure.ts). */
  exposure: PortfolioExposure;
}

export interface AnalysisInput {
  checkoutId: string;
  merchantId: string;
  amount: Cents;
  checkoutExpiresAt: Date;
  now: Date;
  today: string;
  customer: {
    id: string;
    cpf: string;
    phone: string;
    email: string | null;
    addressCep: string | null;
    birthDate: string | null;
    /** The phone verified in this checkout is the customer's verified phone on file (proof of the CPF). */
    phoneOnFile: boolean;
  };
  payer: { cpf: string; bankCode: string } | null;
  merchant: CreditSnapshot['merchant'];
}

/**
 * The customer's history and the risk lists (blocks, trust list, debt negotiation: the fraud module's fragment), one
 * statement. The customer's orders are read first through
 * orders_customer_idx and their pending instalments per order (LATERAL, by instalments' order_id index), so the
 * cost follows the customer's own orders and never the portfolio's, whatever the planner's statistics say.
 */
function historySql(): SQL {
  const p = sql.placeholder;
  return sql`
    with o as materialized (
      select id, status from ${orders} where customer_id = ${p('customerId')}
    ), p as (
      select i.number, i.due_date, i.amount - i.canceled_amount as open
      from o cross join lateral (
        select number, due_date, amount, canceled_amount from ${instalments}
        where order_id = o.id and status = 'PENDING'
      ) i
      where o.status = 'ACTIVE'
    )
    select
      (select count(*) from o where status = 'ACTIVE')::int as active_orders,
      (select count(*) from o)::int as total_orders,
      (select coalesce(sum(open), 0) from p)::text as unpaid,
      (select count(*) from p where due_date < ${p('today')}::date)::int as late,
      (select count(*) from p where number = 1)::int as first_unpaid,
      ${FraudService.creditListsSql()},
      ${CustomerService.archivedSql()}`;
}

const HistoryRows = v.object({
  rows: v.array(
    v.object({
      active_orders: v.number(),
      total_orders: v.number(),
      unpaid: v.string(),
      late: v.number(),
      first_unpaid: v.number(),
      blocked_cpf: v.boolean(),
      blocked_phone: v.boolean(),
      blocked_cep: v.boolean(),
      blocked_bank: v.boolean(),
      whitelisted: v.boolean(),
      on_debt_negotiation: v.boolean(),
      customer_archived: v.boolean(),
    }),
  ),
});

/**
 * Credit analysis: gathers the snapshot (one query of the customer's history and the fraud blocks, the portfolio
 * totals, the bureau and anti-fraud ports), evaluates, records.
 */
export class CreditService {
  /** The history read, built once (db/shaped.ts). */
  private readonly shaped = new ShapedStatements();

  constructor(private readonly o: CreditServiceOptions) {}

  /**
   * The customer's used limit: the unpaid principal of their active orders (DESIGN.md 3), what the analysis'
   * history sums. Refunds release it by cancelling principal (orders/refunds.ts).
   */
  async usedLimit(db: DbOrTx, customerId: string): Promise<Cents> {
    const result = await db.execute(sql`
      select coalesce(sum(i.amount - i.canceled_amount), 0)::text as used
      from ${orders} o join ${instalments} i on i.order_id = o.id
      where o.customer_id = ${customerId} and o.status = 'ACTIVE' and i.status = 'PENDING'`);
    const row = v.parse(v.object({ rows: v.array(v.object({ used: v.string() })) }), result).rows[0];
    return cents(Number(row?.used ?? 0));
  }

  /**
   * What the bureau and the anti-fraud provider say of a customer now (the admin's customer details and its
   * 'Revisar limite'); a magic sandbox CPF answers as it does in a checkout's analysis.
   */
  async scoresOf(customer: {
    cpf: string;
    phone: string;
    email: string | null;
  }): Promise<{ bureau: BureauResult; antifraudScore: number }> {
    const [bureau, antifraudScore] = await Promise.all([
      this.o.bureau.query(customer.cpf),
      this.o.antifraud.score(customer),
    ]);
    return { bureau, antifraudScore };
  }

  /**
   * A refund released `amount` of used limit (committed): the portfolio totals read before it overstate Drip's
   * outstanding principal, so the next analysis reads them again.
   */
  limitReleased(amount: Cents): void {
    if (amount > 0) this.o.exposure.invalidate();
  }

  async snapshot(tx: DbOrTx, input: AnalysisInput): Promise<CreditSnapshot> {
    const [bureau, antifraudScore, portfolio, rows] = await Promise.all([
      this.o.bureau.query(input.customer.cpf),
      this.o.antifraud.score({
        cpf: input.customer.cpf,
        phone: input.customer.phone,
        email: input.customer.email,
      }),
      this.o.exposure.totals(input.today, tx),
      this.shaped.execute(tx, {
        key: 'credit-history',
        build: historySql,
        values: {
          customerId: input.customer.id,
          today: input.today,
          cpf: input.customer.cpf,
          phone: input.customer.phone,
          cep: input.customer.addressCep ?? '',
          bankCode: input.payer?.bankCode ?? '',
        },
      }),
    ]);
    const r = v.parse(HistoryRows, rows).rows[0];
    if (!r) throw new Error('credit snapshot: no row');
    const magic = this.o.sandbox ? magicProfile(input.customer.cpf) : undefined;
    const h = magic?.history ?? {};
    const d = magic?.drip ?? {};
    const bankBlocked =
      input.payer !== null && (r.blocked_bank || this.o.blockedBankCodes.includes(input.payer.bankCode));
    return {
      now: input.now,
      today: input.today,
      checkoutExpiresAt: input.checkoutExpiresAt,
      amount: input.amount,
      customer: {
        cpf: input.customer.cpf,
        phone: input.customer.phone,
        addressCep: input.customer.addressCep,
        birthDate: input.customer.birthDate,
        phoneOnFile: input.customer.phoneOnFile,
        archived: r.customer_archived,
      },
      payer: input.payer,
      bureau,
      antifraudScore,
      merchant: input.merchant,
      blocked: {
        cpf: r.blocked_cpf,
        phone: r.blocked_phone,
        cep: r.blocked_cep,
        bankCode: bankBlocked,
      },
      lists: { whitelisted: r.whitelisted, onDebtNegotiation: r.on_debt_negotiation },
      history: {
        activeOrders: r.active_orders + (h.activeOrders ?? 0),
        unpaidPrincipal: cents(Number(r.unpaid) + (h.unpaidPrincipal ?? 0)),
        lateInstalments: r.late + (h.lateInstalments ?? 0),
        activeOrdersWithFirstInstalmentUnpaid:
          r.first_unpaid + (h.activeOrdersWithFirstInstalmentUnpaid ?? 0),
        totalOrders: r.total_orders + (h.totalOrders ?? 0),
      },
      drip: {
        financedToday: cents(portfolio.financedToday + (d.financedToday ?? 0)),
        outstanding: cents(portfolio.outstanding + (d.outstanding ?? 0)),
      },
      config: this.o.config,
    };
  }

  /**
   * Analyses and returns the decision with `record()`, the INSERT of the decision (every rule evaluated), NOT run:
   * the caller runs it in the same statement as its own write (a CTE), in its transaction. `recordIf(guard)` is
   * the same INSERT made conditional: it inserts only when the CTE named `guard` returned a row (the caller's
   * conditional write applied), for a write made without a transaction. It is written for a shaped statement
   * (db/shaped.ts): the decision row is the placeholder `decision`, whose value is `recordJson`.
   */
  async analyse(
    tx: DbOrTx,
    input: AnalysisInput,
  ): Promise<{
    decision: CreditDecision;
    decisionId: string;
    record(): SQL;
    recordIf(guard: string): SQL;
    recordJson: string;
  }> {
    const snapshot = await this.snapshot(tx, input);
    const decision = evaluateCredit(snapshot);
    const decisionId = crypto.randomUUID();
    const values = {
      id: decisionId,
      checkoutId: input.checkoutId,
      customerId: input.customer.id,
      merchantId: input.merchantId,
      decision: decision.type === 'approved' ? 'APPROVED' : 'DENIED',
      reason: decision.type === 'denied' ? decision.reason : null,
      amount: input.amount,
      limit: decision.limit,
      available: decision.available,
      bureauScore: snapshot.bureau.score,
      antifraudScore: snapshot.antifraudScore,
      rules: decision.evaluated,
      createdAt: input.now,
    } satisfies typeof creditDecisions.$inferInsert;
    // Built only by a caller that runs it (the fast path runs recordIf instead).
    const record = () => tx.insert(creditDecisions).values(values).getSQL();
    // The row under its column names, for json_populate_record (columns in the table's order, types from it).
    const byColumn: Record<string, unknown> = {};
    const given = new Map<string, unknown>(Object.entries(values));
    for (const [key, column] of Object.entries(getTableColumns(creditDecisions))) {
      byColumn[column.name] = given.get(key) ?? null;
    }
    const recordIf = (guard: string) =>
      sql`insert into ${creditDecisions} select r.* from ${sql.identifier(guard)}, json_populate_record(null::${creditDecisions}, ${sql.placeholder('decision')}::json) as r`;
    return { decision, decisionId, record, recordIf, recordJson: JSON.stringify(byColumn) };
  }
}
