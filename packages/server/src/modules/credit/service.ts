import { type Cents, cents } from '@drip/core';
import { and, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/types.ts';
import { instalments, orders } from '../orders/tables.ts';
import {
  type CreditConfig,
  type CreditDecision,
  type CreditSnapshot,
  evaluateCredit,
  type MerchantRuleFlags,
} from './rules.ts';
import { type AntifraudPort, type BureauPort, magicProfile } from './sandbox.ts';
import { creditDecisions, fraudBlocks } from './tables.ts';

export interface CreditServiceOptions {
  bureau: BureauPort;
  antifraud: AntifraudPort;
  config: CreditConfig;
  /** Bank codes (COMPE, 3 digits) refused for the verification Pix, besides the fraud_blocks table. */
  blockedBankCodes: readonly string[];
  /** Sandbox: magic CPFs may also simulate Drip history and totals (docs/sandbox.md). */
  sandbox: boolean;
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
  };
  payer: { cpf: string; bankCode: string } | null;
  merchant: MerchantRuleFlags & { enabled: boolean; maxAmountPerOrder: Cents | null };
}

/** Midnight of `today` in America/Sao_Paulo (UTC-3, no daylight saving time since 2019). */
function startOfDaySaoPaulo(today: string): Date {
  return new Date(`${today}T00:00:00-03:00`);
}

const num = (x: unknown) => sql`${x}`.mapWith(Number);

/** Credit analysis: gathers the snapshot (one query plus the bureau and anti-fraud ports), evaluates, records. */
export class CreditService {
  constructor(private readonly o: CreditServiceOptions) {}

  async snapshot(tx: DbOrTx, input: AnalysisInput): Promise<CreditSnapshot> {
    const c = input.customer.id;
    const pendingOfActive = and(eq(orders.status, 'ACTIVE'), eq(instalments.status, 'PENDING'));
    const [bureau, antifraudScore, rows] = await Promise.all([
      this.o.bureau.query(input.customer.cpf),
      this.o.antifraud.score({
        cpf: input.customer.cpf,
        phone: input.customer.phone,
        email: input.customer.email,
      }),
      tx
        .select({
          activeOrders: num(
            sql`(select count(*) from ${orders} where ${orders.customerId} = ${c} and ${orders.status} = 'ACTIVE')`,
          ),
          totalOrders: num(sql`(select count(*) from ${orders} where ${orders.customerId} = ${c})`),
          unpaid: num(
            sql`(select coalesce(sum(${instalments.amount} - ${instalments.canceledAmount}), 0) from ${instalments} join ${orders} on ${orders.id} = ${instalments.orderId} where ${orders.customerId} = ${c} and ${pendingOfActive})`,
          ),
          late: num(
            sql`(select count(*) from ${instalments} join ${orders} on ${orders.id} = ${instalments.orderId} where ${orders.customerId} = ${c} and ${pendingOfActive} and ${instalments.dueDate} < ${input.today})`,
          ),
          firstUnpaid: num(
            sql`(select count(*) from ${instalments} join ${orders} on ${orders.id} = ${instalments.orderId} where ${orders.customerId} = ${c} and ${pendingOfActive} and ${instalments.number} = 1)`,
          ),
          financedToday: num(
            sql`(select coalesce(sum(${orders.financedAmount}), 0) from ${orders} where ${orders.createdAt} >= ${startOfDaySaoPaulo(input.today).toISOString()})`,
          ),
          outstanding: num(
            sql`(select coalesce(sum(${instalments.amount} - ${instalments.canceledAmount}), 0) from ${instalments} join ${orders} on ${orders.id} = ${instalments.orderId} where ${pendingOfActive})`,
          ),
          blockedCpf: sql<boolean>`exists(select 1 from ${fraudBlocks} where ${fraudBlocks.active} and ${fraudBlocks.kind} = 'CPF' and ${fraudBlocks.value} = ${input.customer.cpf})`,
          blockedPhone: sql<boolean>`exists(select 1 from ${fraudBlocks} where ${fraudBlocks.active} and ${fraudBlocks.kind} = 'PHONE' and ${fraudBlocks.value} = ${input.customer.phone})`,
          blockedCep: sql<boolean>`exists(select 1 from ${fraudBlocks} where ${fraudBlocks.active} and ${fraudBlocks.kind} = 'CEP' and ${fraudBlocks.value} = ${input.customer.addressCep ?? ''})`,
          blockedBank: sql<boolean>`exists(select 1 from ${fraudBlocks} where ${fraudBlocks.active} and ${fraudBlocks.kind} = 'BANK_CODE' and ${fraudBlocks.value} = ${input.payer?.bankCode ?? ''})`,
        })
        .from(sql`(select 1) as one`),
    ]);
    const r = rows[0];
    if (!r) throw new Error('credit snapshot: no row');
    const magic = this.o.sandbox ? magicProfile(input.customer.cpf) : undefined;
    const h = magic?.history ?? {};
    const d = magic?.drip ?? {};
    const bankBlocked =
      input.payer !== null &&
      (Boolean(r.blockedBank) || this.o.blockedBankCodes.includes(input.payer.bankCode));
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
      },
      payer: input.payer,
      bureau,
      antifraudScore,
      merchant: input.merchant,
      blocked: {
        cpf: Boolean(r.blockedCpf),
        phone: Boolean(r.blockedPhone),
        cep: Boolean(r.blockedCep),
        bankCode: bankBlocked,
      },
      history: {
        activeOrders: r.activeOrders + (h.activeOrders ?? 0),
        unpaidPrincipal: cents(r.unpaid + (h.unpaidPrincipal ?? 0)),
        lateInstalments: r.late + (h.lateInstalments ?? 0),
        activeOrdersWithFirstInstalmentUnpaid: r.firstUnpaid + (h.activeOrdersWithFirstInstalmentUnpaid ?? 0),
        totalOrders: r.totalOrders + (h.totalOrders ?? 0),
      },
      drip: {
        financedToday: cents(r.financedToday + (d.financedToday ?? 0)),
        outstanding: cents(r.outstanding + (d.outstanding ?? 0)),
      },
      config: this.o.config,
    };
  }

  /**
   * Analyses and returns the decision with `record`, the INSERT of the decision (every rule evaluated), NOT run:
   * the caller runs it in the same statement as its own write (a CTE), in its transaction. `recordIf(guard)` is
   * the same INSERT made conditional: it inserts only when the CTE named `guard` returned a row (the caller's
   * conditional write applied), for a write made without a transaction.
   */
  async analyse(
    tx: DbOrTx,
    input: AnalysisInput,
  ): Promise<{ decision: CreditDecision; decisionId: string; record: SQL; recordIf(guard: string): SQL }> {
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
    const record = tx.insert(creditDecisions).values(values).getSQL();
    // The row under its column names, for json_populate_record (columns in the table's order, types from it).
    const byColumn: Record<string, unknown> = {};
    const given = new Map<string, unknown>(Object.entries(values));
    for (const [key, column] of Object.entries(getTableColumns(creditDecisions))) {
      byColumn[column.name] = given.get(key) ?? null;
    }
    const json = JSON.stringify(byColumn);
    const recordIf = (guard: string) =>
      sql`insert into ${creditDecisions} select r.* from ${sql.identifier(guard)}, json_populate_record(null::${creditDecisions}, ${json}::json) as r`;
    return { decision, decisionId, record, recordIf };
  }
}
