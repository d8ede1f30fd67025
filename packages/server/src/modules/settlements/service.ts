/**
 * Settlements (docs/settlements.md): the extract's rows per merchant and day (`Venda`, `Cancelamento`), their
 * transfer shares planned by the merchant's settlement configuration, the daily settlement per merchant (shares due
 * netted with the debt carried) and its payout through the `payout` port, on the durable queue.
 *
 * What this module reads of others (module-tables READS): orders and instalments (the sales, the canceled totals
 * and whether an instalment is paid), merchants (settlement settings and payout destination) and customers (the
 * buyer's name, copied onto the extract's row when the sale is booked). The narrow interface with refunds: an
 * order's `canceled_amount` only grows, and each growth the job sees becomes one `Cancelamento` row of the
 * difference, on the day it is seen. The daily summary `settlement_days` is written with every row (addToDays).
 */
import { randomUUID } from 'node:crypto';
import {
  cents,
  centsToReais,
  isoDateInSaoPaulo,
  monthRange,
  type SettlementBigNumbers,
  type SettlementPage,
  type SettlementPeriod,
  settlementPeriodRange,
  todayInSaoPaulo,
} from '@drip/core';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import * as v from 'valibot';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/index.ts';
import type { DbOrTx, Tx } from '../../db/types.ts';
import { DomainError } from '../../errors.ts';
import { tryJobLock } from '../../jobs/lock.ts';
import { JOB } from '../../jobs/names.ts';
import type { Queue, TaskQueues } from '../../jobs/queue.ts';
import type { JobResult } from '../../jobs/runner.ts';
import type { Logger } from '../../log.ts';
import { customers } from '../customers/tables.ts';
import { merchants } from '../merchants/tables.ts';
import { instalments, orders } from '../orders/tables.ts';
import type { WebhookService } from '../webhooks/service.ts';
import { isTransferDay, nextTransferDay, type SettlementPaymentType } from './calendar.ts';
import type { PayoutPort } from './payout-port.ts';
import {
  DEFAULT_CONFIGURATION,
  feeGivenBack,
  feeOf,
  planCancellation,
  planSale,
  TRANSFER_DELAYS,
} from './plan.ts';
import { feeAtOrderJoin, type SaleFee, saleFee } from './sale-fee.ts';
import {
  merchantFees,
  merchantSettlementConfigurations,
  sandboxTransfers,
  settlementDays,
  settlementEntries,
  settlementParts,
  settlementPayouts,
} from './tables.ts';

export const PAYOUT_QUEUE = 'settlement-payouts';
const PayoutTask = v.object({ payoutId: v.string() });
type PayoutTask = v.InferOutput<typeof PayoutTask>;

/** Orders turned into `Venda` rows per job run (the rest on the next run). */
const SALES_BATCH = 500;
/** Rows read per keyset batch of the CSV export. */
const EXPORT_BATCH = 2_000;

const num = (x: unknown): number => Number(x ?? 0);
const str = (x: unknown): string => String(x);
const rowsOf = (r: unknown): Record<string, unknown>[] => (r as { rows: Record<string, unknown>[] }).rows;
/** A row's transfer dates as the export lists them: its shares' due dates in share order. */
const transferDatesOf = (planned: readonly { seq: number; dueDate: string }[]): string =>
  [...planned]
    .sort((a, b) => a.seq - b.seq)
    .map((p) => p.dueDate)
    .join(' ');

export interface SettlementDeps {
  db: Db;
  clock: Clock;
  log: Logger;
  queues: TaskQueues;
  payouts: PayoutPort;
  /** The merchant's webhooks: SETTLEMENT_CREATED, in the transaction that creates the settlement. */
  webhooks: Pick<WebhookService, 'publish'>;
}

function checkFeeRate(rateBps: number): void {
  if (!Number.isInteger(rateBps) || rateBps < 0 || rateBps > 10_000)
    throw new DomainError('invalid', 'INVALID_FEE', 'A taxa deve estar entre 0 % e 100 %');
}

function checkTransferDelay(days: number): void {
  if (!(TRANSFER_DELAYS as readonly number[]).includes(days))
    throw new DomainError(
      'invalid',
      'INVALID_TRANSFER_DELAY',
      `O prazo de repasse deve ser um de: ${TRANSFER_DELAYS.join(', ')} dias`,
    );
}

export class SettlementService {
  readonly payoutQueue: Queue<PayoutTask>;

  constructor(private readonly o: SettlementDeps) {
    this.payoutQueue = o.queues.define({
      name: PAYOUT_QUEUE,
      payload: PayoutTask,
      // 30 s doubling, capped at 1 h: about 7 hours of tries before an operator looks (DEAD, logged at error).
      maxAttempts: 14,
      handle: (task) => this.sendPayout(task.payload.payoutId, task.attempt),
    });
  }

  get platform(): string {
    return this.o.payouts.platform;
  }

  /** One sale's fee (the order detail): its `Venda` row's, or the one that row will get. */
  saleFee(merchantId: string, orderId: string): Promise<SaleFee | null> {
    return saleFee(this.o.db, merchantId, orderId);
  }

  // ------------------------------------------------------------ configuration (admin screens, seeds, tests)

  /** A fee in basis points (2,99 % = 299). */
  async addFee(
    merchantId: string,
    f: { rateBps: number; expirationDate?: string | null; at?: Date },
    db: DbOrTx = this.o.db,
  ) {
    checkFeeRate(f.rateBps);
    const [row] = await db
      .insert(merchantFees)
      .values({
        merchantId,
        rateBps: f.rateBps,
        expirationDate: f.expirationDate ?? null,
        createdAt: f.at ?? this.o.clock.now(),
      })
      .returning();
    return row;
  }

  async addConfiguration(
    merchantId: string,
    c: {
      transferDelayInDays: number;
      payAllInOneSettlement: boolean;
      expirationDate?: string | null;
      at?: Date;
    },
    db: DbOrTx = this.o.db,
  ) {
    checkTransferDelay(c.transferDelayInDays);
    const [row] = await db
      .insert(merchantSettlementConfigurations)
      .values({
        merchantId,
        transferDelayInDays: c.transferDelayInDays,
        payAllInOneSettlement: c.payAllInOneSettlement,
        expirationDate: c.expirationDate ?? null,
        createdAt: c.at ?? this.o.clock.now(),
      })
      .returning();
    return row;
  }

  /** The merchant's fees, newest first (the details page). */
  fees(merchantId: string) {
    return this.o.db
      .select()
      .from(merchantFees)
      .where(eq(merchantFees.merchantId, merchantId))
      .orderBy(desc(merchantFees.createdAt));
  }

  /** The merchant's settlement configurations, newest first (the details page). */
  configurations(merchantId: string) {
    return this.o.db
      .select()
      .from(merchantSettlementConfigurations)
      .where(eq(merchantSettlementConfigurations.merchantId, merchantId))
      .orderBy(desc(merchantSettlementConfigurations.createdAt));
  }

  /**
   * Changes a fee's rate or expiration (null when the merchant has no such fee). A sale already booked keeps the fee
   * on its `Venda` row; a sale not booked yet is booked with the fee active when it was made, as changed.
   */
  async updateFee(
    merchantId: string,
    feeId: string,
    f: { rateBps: number; expirationDate: string | null },
    db: DbOrTx = this.o.db,
  ) {
    checkFeeRate(f.rateBps);
    const [row] = await db
      .update(merchantFees)
      .set({ rateBps: f.rateBps, expirationDate: f.expirationDate })
      .where(and(eq(merchantFees.id, feeId), eq(merchantFees.merchantId, merchantId)))
      .returning();
    return row ?? null;
  }

  /** Changes settlement terms (null when the merchant has none with this id); planned transfers keep their dates. */
  async updateConfiguration(
    merchantId: string,
    configId: string,
    c: { transferDelayInDays: number; payAllInOneSettlement: boolean; expirationDate: string | null },
    db: DbOrTx = this.o.db,
  ) {
    checkTransferDelay(c.transferDelayInDays);
    const [row] = await db
      .update(merchantSettlementConfigurations)
      .set({
        transferDelayInDays: c.transferDelayInDays,
        payAllInOneSettlement: c.payAllInOneSettlement,
        expirationDate: c.expirationDate,
      })
      .where(
        and(
          eq(merchantSettlementConfigurations.id, configId),
          eq(merchantSettlementConfigurations.merchantId, merchantId),
        ),
      )
      .returning();
    return row ?? null;
  }

  // ------------------------------------------------------------ the job

  /**
   * The periodic job (`settlements`): new sales become `Venda` rows, canceled totals that grew become
   * `Cancelamento` rows, and today's settlement of each merchant is closed and queued for payout. One transaction
   * under the job's advisory lock; idempotent (keys and the one settlement per merchant and day).
   */
  async run(): Promise<JobResult> {
    const now = this.o.clock.now();
    const today = isoDateInSaoPaulo(now);
    return this.o.db.transaction(async (tx) => {
      if (!(await tryJobLock(tx, JOB.settlements))) return { ran: false, rows: 0 };
      const sales = await this.recordSales(tx, now);
      const cancellations = await this.recordCancellations(tx, today, now);
      const payouts = await this.closeDay(tx, today, now);
      return { ran: true, rows: sales + cancellations + payouts };
    });
  }

  private async recordSales(tx: Tx, now: Date): Promise<number> {
    const found = rowsOf(
      await tx.execute(sql`
        select o.id, o.merchant_id, o.amount::bigint as amount,
          (o.created_at at time zone 'America/Sao_Paulo')::date::text as day,
          o.code, o.merchant_order_code, o.created_at::text as order_created_at, cu.name as customer_name,
          m.settlement_payment_type as payment_type, m.settlement_when_instalment_paid as when_paid,
          coalesce(f.rate_bps, 0) as rate_bps, c.id as config_id, c.transfer_delay_in_days as delay,
          c.pay_all_in_one_settlement as all_in_one
        from ${orders} o
        join ${merchants} m on m.id = o.merchant_id
        left join ${customers} cu on cu.id = o.customer_id
        ${feeAtOrderJoin}
        left join lateral (
          select x.id, x.transfer_delay_in_days, x.pay_all_in_one_settlement from ${merchantSettlementConfigurations} x
          where x.merchant_id = o.merchant_id and x.created_at <= o.created_at
            and (x.expiration_date is null or x.expiration_date > (o.created_at at time zone 'America/Sao_Paulo')::date)
          order by x.created_at desc limit 1
        ) c on true
        where not exists (select 1 from ${settlementEntries} e where e.key = 'sale:' || o.id::text)
        order by o.created_at, o.id
        limit ${SALES_BATCH}`),
    );
    if (found.length === 0) return 0;
    const ids = found.map((r) => str(r.id));
    const inst = rowsOf(
      await tx.execute(sql`
        select id, order_id, number, due_date::text as due_date, amount::bigint as amount, status
        from ${instalments} where order_id in (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`),
    );
    const byOrder = new Map<string, typeof inst>();
    for (const i of inst) byOrder.set(str(i.order_id), [...(byOrder.get(str(i.order_id)) ?? []), i]);

    const entries: PgInsertValue<typeof settlementEntries>[] = [];
    const parts: (typeof settlementParts.$inferInsert)[] = [];
    for (const r of found) {
      const amount = num(r.amount);
      const rateBps = num(r.rate_bps);
      const fee = feeOf(amount, rateBps);
      const entryId = randomUUID();
      const configuration =
        r.config_id == null
          ? DEFAULT_CONFIGURATION
          : {
              id: str(r.config_id),
              transferDelayInDays: num(r.delay),
              payAllInOneSettlement: r.all_in_one === true,
            };
      const planned = planSale({
        day: str(r.day),
        payout: amount - fee,
        instalments: (byOrder.get(str(r.id)) ?? []).map((i) => ({
          id: str(i.id),
          number: num(i.number),
          dueDate: str(i.due_date),
          amount: num(i.amount),
          paid: i.status === 'PAID',
        })),
        configuration,
        paymentType: r.payment_type as SettlementPaymentType,
        whenInstalmentPaid: r.when_paid === true,
      });
      entries.push({
        id: entryId,
        merchantId: str(r.merchant_id),
        orderId: str(r.id),
        kind: 'SALE',
        day: str(r.day),
        amount,
        feeAmount: fee,
        payoutAmount: amount - fee,
        feeRateBps: rateBps,
        configurationId: configuration.id,
        key: `sale:${str(r.id)}`,
        createdAt: now,
        orderCode: str(r.code),
        merchantOrderCode: str(r.merchant_order_code),
        // As text and back: the order's instant exactly (microseconds), not a JavaScript Date's milliseconds.
        orderCreatedAt: sql`${str(r.order_created_at)}::timestamptz`,
        customerName: r.customer_name == null ? null : str(r.customer_name),
        transferDates: transferDatesOf(planned),
      });
      for (const p of planned)
        parts.push({ ...p, entryId, merchantId: str(r.merchant_id), orderId: str(r.id) });
    }
    await tx.insert(settlementEntries).values(entries);
    await tx.insert(settlementParts).values(parts);
    await this.addToDays(
      tx,
      entries.map((e) => e.id as string),
    );
    return entries.length;
  }

  /**
   * Adds rows just written (with their shares) to the daily summary `settlement_days`, in the writer's transaction:
   * the summary is the sums of the rows, read back from them, so it cannot say otherwise than they do.
   */
  private async addToDays(tx: Tx, entryIds: string[]): Promise<void> {
    if (entryIds.length === 0) return;
    await tx.execute(sql`
      insert into ${settlementDays} as d (merchant_id, day, entries, sales, fees, cancellations, payout, scheduled)
      select e.merchant_id, e.day, count(*)::int,
        coalesce(sum(e.amount) filter (where e.kind = 'SALE'), 0), sum(e.fee_amount),
        coalesce(sum(e.payout_amount) filter (where e.kind = 'CANCELLATION'), 0), sum(e.payout_amount),
        coalesce(sum(p.open), 0)
      from ${settlementEntries} e
      left join lateral (select sum(x.amount) as open from ${settlementParts} x
        where x.entry_id = e.id and x.payout_id is null) p on true
      where e.id in (${sql.join(
        entryIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})
      group by e.merchant_id, e.day
      on conflict (merchant_id, day) do update set entries = d.entries + excluded.entries,
        sales = d.sales + excluded.sales, fees = d.fees + excluded.fees,
        cancellations = d.cancellations + excluded.cancellations, payout = d.payout + excluded.payout,
        scheduled = d.scheduled + excluded.scheduled`);
  }

  private async recordCancellations(tx: Tx, today: string, now: Date): Promise<number> {
    const grown = rowsOf(
      await tx.execute(sql`
        select o.id, s.merchant_id, least(o.canceled_amount, s.amount)::bigint as canceled,
          s.amount::bigint as amount, s.fee_amount::bigint as fee, s.fee_rate_bps as rate_bps,
          s.order_code, s.merchant_order_code, s.order_created_at::text as order_created_at, s.customer_name,
          m.settlement_payment_type as payment_type,
          coalesce((select sum(-c.amount) from ${settlementEntries} c
            where c.order_id = o.id and c.kind = 'CANCELLATION'), 0)::bigint as booked
        from ${orders} o
        join ${settlementEntries} s on s.order_id = o.id and s.kind = 'SALE'
        join ${merchants} m on m.id = s.merchant_id
        where o.canceled_amount > 0
          and least(o.canceled_amount, s.amount) > coalesce((select sum(-c.amount) from ${settlementEntries} c
            where c.order_id = o.id and c.kind = 'CANCELLATION'), 0)`),
    );
    const written: string[] = [];
    for (const r of grown) {
      const orderId = str(r.id);
      const before = num(r.booked);
      const after = num(r.canceled);
      const amount = after - before;
      const feeBack = feeGivenBack({
        amount: num(r.amount),
        saleFee: num(r.fee),
        rateBps: num(r.rate_bps),
        before,
        after,
      });
      const entryId = randomUUID();
      const open = rowsOf(
        await tx.execute(sql`
          select p.id, p.seq, p.due_date::text as due_date, p.wait_for, p.instalment_id,
            (p.amount + coalesce((select sum(q.amount) from ${settlementParts} q where q.offsets_part_id = p.id), 0))::bigint
              as remaining
          from ${settlementParts} p
          where p.order_id = ${orderId}::uuid and p.payout_id is null and p.offsets_part_id is null
            and p.amount > 0`),
      );
      const planned = planCancellation(
        amount - feeBack,
        open
          .map((p) => ({
            id: str(p.id),
            seq: num(p.seq),
            dueDate: str(p.due_date),
            waitFor: p.wait_for as 'NONE' | 'INSTALMENT' | 'ORDER',
            instalmentId: p.instalment_id == null ? null : str(p.instalment_id),
            remaining: num(p.remaining),
          }))
          .filter((p) => p.remaining > 0),
        nextTransferDay(r.payment_type as SettlementPaymentType, today),
      );
      await tx.insert(settlementEntries).values({
        id: entryId,
        merchantId: str(r.merchant_id),
        orderId,
        kind: 'CANCELLATION',
        day: today,
        amount: -amount,
        feeAmount: -feeBack,
        payoutAmount: -(amount - feeBack),
        feeRateBps: num(r.rate_bps),
        configurationId: null,
        key: `cancel:${orderId}:${after}`,
        createdAt: now,
        // The sale's facts, as its `Venda` row has them.
        orderCode: str(r.order_code),
        merchantOrderCode: str(r.merchant_order_code),
        orderCreatedAt: sql`${str(r.order_created_at)}::timestamptz`,
        customerName: r.customer_name == null ? null : str(r.customer_name),
        transferDates: transferDatesOf(planned),
      });
      await tx
        .insert(settlementParts)
        .values(planned.map((p) => ({ ...p, entryId, merchantId: str(r.merchant_id), orderId })));
      written.push(entryId);
    }
    await this.addToDays(tx, written);
    return grown.length;
  }

  /**
   * Today's settlement of each merchant with shares due and free (their instalment paid when they wait for it),
   * when today is one of the merchant's transfer days and it has none yet: the shares plus the debt carried in;
   * a positive total is transferred (queued), a negative one is carried out as the debt.
   */
  private async closeDay(tx: Tx, today: string, now: Date): Promise<number> {
    const due = rowsOf(
      await tx.execute(sql`
        select p.merchant_id, m.settlement_payment_type as payment_type, m.payment_platform as platform,
          array_agg(p.id::text) as ids, sum(p.amount)::bigint as total
        from ${settlementParts} p
        join ${merchants} m on m.id = p.merchant_id
        where p.payout_id is null and p.due_date <= ${today}::date
          and (p.wait_for = 'NONE'
            or (p.wait_for = 'INSTALMENT' and exists (select 1 from ${instalments} i where i.id = p.instalment_id
              and (i.status = 'PAID' or i.amount - i.canceled_amount <= 0)))
            or (p.wait_for = 'ORDER' and not exists (select 1 from ${instalments} i where i.order_id = p.order_id
              and i.status <> 'PAID' and i.amount - i.canceled_amount > 0)))
          and not exists (select 1 from ${settlementPayouts} s
            where s.merchant_id = p.merchant_id and s.transfer_date = ${today}::date)
        group by p.merchant_id, m.settlement_payment_type, m.payment_platform`),
    );
    let closed = 0;
    for (const r of due) {
      if (!isTransferDay(r.payment_type as SettlementPaymentType, today)) continue;
      const merchantId = str(r.merchant_id);
      const [last] = rowsOf(
        await tx.execute(sql`
          select debt_out::bigint as debt from ${settlementPayouts} where merchant_id = ${merchantId}::uuid
          order by transfer_date desc limit 1`),
      );
      const partsAmount = num(r.total);
      const debtIn = num(last?.debt);
      const gross = partsAmount + debtIn;
      const amount = Math.max(0, gross);
      const external = r.platform === 'MALGA_STARKBANK';
      const id = randomUUID();
      await tx.insert(settlementPayouts).values({
        id,
        merchantId,
        transferDate: today,
        partsAmount,
        debtIn,
        amount,
        debtOut: Math.min(0, gross),
        status: amount === 0 ? 'NONE' : external ? 'EXTERNAL' : 'PENDING',
        platform: external ? 'MALGA_STARKBANK' : this.o.payouts.platform,
        externalId: `drip-payout-${id}`,
        createdAt: now,
      });
      const ids = r.ids as string[];
      // One statement: the shares are taken and their days' scheduled sums go down by what was taken.
      await tx.execute(sql`
        with taken as (
          update ${settlementParts} set payout_id = ${id}::uuid
          where id in (${sql.join(
            ids.map((x) => sql`${x}::uuid`),
            sql`, `,
          )})
          returning entry_id, amount)
        update ${settlementDays} d set scheduled = d.scheduled - x.amount
        from (select e.merchant_id, e.day, sum(t.amount) as amount
          from taken t join ${settlementEntries} e on e.id = t.entry_id
          group by e.merchant_id, e.day) x
        where d.merchant_id = x.merchant_id and d.day = x.day`);
      // The rows whose shares were taken now list the day of this transfer instead of the planned one (the CSV's
      // 'Datas de repasse' reads the row alone): a share waiting for a payment, or caught up after days without a
      // run, is transferred later than planned.
      await tx.execute(sql`
        update ${settlementEntries} e set transfer_dates = (
          select string_agg(coalesce(s.transfer_date, p.due_date)::text, ' ' order by p.seq)
          from ${settlementParts} p left join ${settlementPayouts} s on s.id = p.payout_id
          where p.entry_id = e.id)
        where e.id in (select p.entry_id from ${settlementParts} p where p.payout_id = ${id}::uuid)`);
      if (amount > 0 && !external) await this.payoutQueue.enqueue(tx, { payoutId: id }, { key: id });
      // Every settlement created is an event, a zero or debt one too: the merchant reconciles its extract with it.
      await this.o.webhooks.publish(tx, merchantId, 'SETTLEMENT_CREATED', {
        settlementId: id,
        date: today,
        amount: centsToReais(cents(amount)),
        partsAmount: centsToReais(cents(partsAmount)),
        debtIn: centsToReais(cents(debtIn)),
        debtOut: centsToReais(cents(Math.min(0, gross))),
        status: amount === 0 ? 'NONE' : external ? 'EXTERNAL' : 'PENDING',
        platform: external ? 'MALGA_STARKBANK' : this.o.payouts.platform,
        createdAt: now.toISOString(),
      });
      closed++;
    }
    return closed;
  }

  /**
   * The payout task: transfers a PENDING settlement through the port with its deterministic `externalId`, then
   * marks it PAID. A crash after the transfer and before the commit leaves it PENDING; the retry asks the port
   * again with the same externalId, which answers the transfer already made (never a second one).
   */
  async sendPayout(payoutId: string, attempt: number): Promise<void> {
    const { db } = this.o;
    const [p] = rowsOf(
      await db.execute(sql`
        select s.id, s.merchant_id, s.amount::bigint as amount, s.status, s.external_id, s.transfer_date::text as day,
          m.name, m.legal_name, m.cnpj, m.pix_key, m.bank_code, m.bank_account_agency_number as agency,
          m.bank_account_number as account, m.bank_account_number_digit as digit,
          m.bank_account_type_code as account_type
        from ${settlementPayouts} s join ${merchants} m on m.id = s.merchant_id
        where s.id = ${payoutId}::uuid`),
    );
    if (p?.status !== 'PENDING' || !p) return;
    try {
      const { providerId } = await this.o.payouts.transfer({
        externalId: str(p.external_id),
        merchantId: str(p.merchant_id),
        amount: num(p.amount),
        description: `Repasse Drip ${str(p.day)}`,
        destination: {
          name: str(p.legal_name ?? p.name),
          taxId: String(p.cnpj ?? '').replace(/\D/g, ''),
          pixKey: p.pix_key == null ? null : str(p.pix_key),
          bank:
            p.bank_code && p.agency && p.account
              ? {
                  code: str(p.bank_code),
                  agency: str(p.agency),
                  account: str(p.account),
                  accountDigit: p.digit == null ? null : str(p.digit),
                  accountType: p.account_type == null ? null : str(p.account_type),
                }
              : null,
        },
      });
      await db
        .update(settlementPayouts)
        .set({ status: 'PAID', providerId, paidAt: this.o.clock.now(), attempts: attempt, lastError: null })
        .where(sql`${settlementPayouts.id} = ${payoutId}::uuid and ${settlementPayouts.status} = 'PENDING'`);
    } catch (e) {
      await db
        .update(settlementPayouts)
        .set({ attempts: attempt, lastError: e instanceof Error ? e.message : String(e) })
        .where(sql`${settlementPayouts.id} = ${payoutId}::uuid`);
      throw e;
    }
  }

  // ------------------------------------------------------------ reads

  /**
   * Payouts not made whose last try failed (the metrics, at every scrape): still PENDING with the provider's error,
   * being retried, or dead on the `settlement-payouts` queue for an operator. One aggregate over the PENDING rows:
   * a payout is PENDING only between its day's close and the provider's answer, so they are few.
   */
  async failedPayouts(): Promise<{ count: number; amount: number }> {
    const [row] = await this.o.db
      .select({
        count: sql<number>`count(*)::int`,
        amount: sql<number>`coalesce(sum(${settlementPayouts.amount}), 0)::float8`,
      })
      .from(settlementPayouts)
      .where(and(eq(settlementPayouts.status, 'PENDING'), sql`${settlementPayouts.lastError} is not null`));
    return { count: row?.count ?? 0, amount: row?.amount ?? 0 };
  }

  private todayIso(): string {
    return todayInSaoPaulo(this.o.clock);
  }

  /**
   * The debt carried at the end of `day` (≤ 0): the debt out of the merchant's last settlement on or before it, as
   * that settlement recorded it. Not recomputed from the rows: shares not due yet (a sale transferred next week) do
   * not hide a debt the next transfer will net.
   */
  private debtAtSql(merchantId: string, day: ReturnType<typeof sql>) {
    return sql`coalesce((select s2.debt_out from ${settlementPayouts} s2
      where s2.merchant_id = ${merchantId}::uuid and s2.transfer_date <= ${day}
      order by s2.transfer_date desc limit 1), 0)::bigint`;
  }

  /**
   * A settlement's transfer as the payout provider recorded it: the sandbox bank's row for its `externalId` when it
   * has one (to the centavo what it received); otherwise the amount the provider acknowledged (PAID) or Malga pays
   * (EXTERNAL). `s` is the settlement.
   */
  private static readonly providerAmountSql = sql`coalesce((select t.amount from ${sandboxTransfers} t
    where t.external_id = s.external_id), s.amount)`;

  /**
   * The extract (spec 2.4): the period's days with rows or a settlement, newest first, a page at a time. A row
   * belongs to the day of its sale or refund, a transfer to the day it was made (docs/settlements.md).
   */
  async extract(
    merchantId: string,
    q: { page: number; size: number; period: SettlementPeriod },
  ): Promise<v.InferInput<typeof SettlementPage>> {
    const { db } = this.o;
    const { from, to } = settlementPeriodRange(q.period, this.todayIso());
    const daysOf = sql`(select d.day from ${settlementDays} d
        where d.merchant_id = ${merchantId}::uuid and d.day between ${from}::date and ${to}::date
      union
      select s.transfer_date from ${settlementPayouts} s
        where s.merchant_id = ${merchantId}::uuid and s.transfer_date between ${from}::date and ${to}::date)`;
    const [head] = rowsOf(
      await db.execute(sql`
        select (select count(*) from ${daysOf} x) as total,
          (select greatest(3, max_instalments) from ${merchants} where id = ${merchantId}::uuid) as columns`),
    );
    const total = num(head?.total);
    const days = rowsOf(
      await db.execute(sql`
        select x.day::text as day, coalesce(d.payout, 0)::bigint as amount,
          ${this.debtAtSql(merchantId, sql`x.day`)} as debt,
          s.status, s.parts_amount::bigint as parts, s.debt_in::bigint as debt_in, s.debt_out::bigint as debt_out,
          (case when s.id is null then null else ${SettlementService.providerAmountSql} end)::bigint as transferred
        from ${daysOf} x (day)
        left join ${settlementDays} d on d.merchant_id = ${merchantId}::uuid and d.day = x.day
        left join ${settlementPayouts} s on s.merchant_id = ${merchantId}::uuid and s.transfer_date = x.day
        order by x.day desc
        limit ${q.size} offset ${q.page * q.size}`),
    );
    const dayList = days.map((d) => str(d.day));
    const inDays =
      dayList.length === 0
        ? sql`false`
        : sql`e.day in (${sql.join(
            dayList.map((d) => sql`${d}::date`),
            sql`, `,
          )})`;
    const rows =
      dayList.length === 0
        ? []
        : rowsOf(
            await db.execute(sql`
              select e.day::text as day, e.kind, e.amount::bigint as amount, e.fee_amount::bigint as fee,
                e.payout_amount::bigint as payout, e.order_code as code, e.order_created_at as created_at,
                e.customer_name
              from ${settlementEntries} e
              where e.merchant_id = ${merchantId}::uuid and ${inDays}
              order by e.day desc, e.created_at, e.id`),
          );
    // A day's shares: those taken, under the settlement that took them (its date, its transfer as the provider
    // received it); those not taken yet, by their planned date.
    const transfers =
      dayList.length === 0
        ? []
        : rowsOf(
            await db.execute(sql`
              select x.day, x.date::text as date, x.status, sum(x.amount)::bigint as amount, x.transferred
              from (
                select e.day::text as day, coalesce(s.transfer_date, p.due_date) as date, p.amount,
                  coalesce(s.status, 'SCHEDULED') as status, s.id as payout_id,
                  (case when s.id is null then null else ${SettlementService.providerAmountSql} end)::bigint
                    as transferred
                from ${settlementParts} p
                join ${settlementEntries} e on e.id = p.entry_id
                left join ${settlementPayouts} s on s.id = p.payout_id
                where e.merchant_id = ${merchantId}::uuid and ${inDays}) x
              group by x.day, x.date, x.status, x.payout_id, x.transferred
              order by x.day, x.date`),
          );
    const reais = (x: unknown) => centsToReais(cents(num(x)));
    const statusOf = (s: unknown): 'SCHEDULED' | 'PENDING' | 'PAID' | 'NONE' =>
      s === 'PAID' || s === 'EXTERNAL' ? 'PAID' : s === 'NONE' || s === 'PENDING' ? s : 'SCHEDULED';
    return {
      content: days.map((d) => ({
        date: str(d.day),
        amount: reais(d.amount),
        outstandingBalance: reais(d.debt),
        transferDates: transfers
          .filter((t) => t.day === d.day)
          .map((t) => {
            const status = statusOf(t.status);
            return {
              transferDate: str(t.date),
              amount: reais(status === 'SCHEDULED' ? t.amount : t.transferred),
              transferred: status === 'PAID' || status === 'NONE',
              status,
            };
          }),
        orders: rows
          .filter((r) => r.day === d.day)
          .map((r) => ({
            code: str(r.code),
            type: r.kind === 'SALE' ? ('Venda' as const) : ('Cancelamento' as const),
            createdDate: new Date(r.created_at as string | Date).toISOString(),
            customerName: r.customer_name == null ? null : str(r.customer_name),
            amount: reais(r.amount),
            merchantFee: { totalAmount: reais(r.fee) },
            settlementAmount: reais(r.payout),
          })),
        transfer:
          d.status == null
            ? null
            : {
                amount: reais(d.transferred),
                partsAmount: reais(d.parts),
                debtIn: reais(d.debt_in),
                debtOut: reais(d.debt_out),
                status: statusOf(d.status) as 'PENDING' | 'PAID' | 'NONE',
              },
      })),
      number: q.page,
      size: q.size,
      totalElements: total,
      totalPages: Math.ceil(total / q.size),
      from,
      to,
      transferColumns: Math.max(3, num(head?.columns)),
    };
  }

  /**
   * The period's cards. Vendas, Taxas, Cancelamentos and Valor líquido are the sums of the period's rows' columns
   * (Valor of the sales, Taxa, Valor of the cancellations, Repasse), so Vendas − Taxas + Cancelamentos = Valor
   * líquido; Repassado is what the payout provider received in the period, Saldo devedor the debt carried today.
   */
  async bigNumbers(
    merchantId: string,
    period: SettlementPeriod,
  ): Promise<v.InferInput<typeof SettlementBigNumbers>> {
    const today = this.todayIso();
    const { from, to } = settlementPeriodRange(period, today);
    const [r] = rowsOf(
      await this.o.db.execute(sql`
        select
          coalesce(sum(d.sales), 0)::bigint as sales,
          coalesce(sum(d.fees), 0)::bigint as fees,
          coalesce(sum(d.payout), 0)::bigint as settlement,
          (select coalesce(sum(${SettlementService.providerAmountSql}), 0) from ${settlementPayouts} s
            where s.merchant_id = ${merchantId}::uuid
            and s.status in ('PAID', 'EXTERNAL') and s.transfer_date between ${from}::date and ${to}::date)::bigint
            as transferred,
          coalesce(sum(d.scheduled), 0)::bigint as scheduled,
          ${this.debtAtSql(merchantId, sql`${today}::date`)} as debt
        from ${settlementDays} d
        where d.merchant_id = ${merchantId}::uuid and d.day between ${from}::date and ${to}::date`),
    );
    const reais = (x: unknown) => centsToReais(cents(num(x)));
    const sales = num(r?.sales);
    const fees = num(r?.fees);
    const settlement = num(r?.settlement);
    return {
      period,
      from,
      to,
      salesAmount: reais(sales),
      feeAmount: reais(fees),
      // The canceled amounts: every row's amount is its payout plus its fee, and the sales' amounts are `sales`.
      cancellationAmount: reais(settlement + fees - sales),
      settlementAmount: reais(settlement),
      transferredAmount: reais(r?.transferred),
      scheduledAmount: reais(r?.scheduled),
      outstandingBalance: reais(r?.debt),
    };
  }

  /**
   * One keyset batch of the export: the rows after `after` in (day, id) order. The row comparison is an index
   * condition of `settlement_entries_merchant_day_id_idx`, so a batch reads only its own rows (test/settlements-
   * export-plan.test.ts).
   */
  exportBatch(
    merchantId: string,
    from: string,
    to: string,
    after: { day: string; id: string } | null,
    batch: number,
  ) {
    const cursor: ReturnType<typeof sql> = after
      ? sql`and (e.day, e.id) > (${after.day}::date, ${after.id}::uuid)`
      : sql``;
    // The row alone: the order's facts and the transfer dates are on it (no per-row lookup of orders or shares),
    // and the order's time is written in São Paulo by the database (date-fns with a time zone cost more per row
    // than everything else of the CSV).
    return sql`
      select e.id, e.day::text as day, e.kind, e.amount::bigint as amount, e.fee_amount::bigint as fee,
        e.payout_amount::bigint as payout, e.order_code as code, e.merchant_order_code,
        to_char(e.order_created_at at time zone 'America/Sao_Paulo', 'DD/MM/YYYY HH24:MI') as order_time,
        e.customer_name, e.transfer_dates
      from ${settlementEntries} e
      where e.merchant_id = ${merchantId}::uuid and e.day between ${from}::date and ${to}::date ${cursor}
      order by e.day, e.id
      limit ${batch}`;
  }

  /** Whether the month has rows or settlements (the export answers 404 otherwise, spec 7). */
  async hasMonth(merchantId: string, month: number, year: number): Promise<boolean> {
    const { from, to } = monthRange(month, year);
    const [r] = rowsOf(
      await this.o.db.execute(sql`
        select (exists (select 1 from ${settlementEntries} where merchant_id = ${merchantId}::uuid
          and day between ${from}::date and ${to}::date)
          or exists (select 1 from ${settlementPayouts} where merchant_id = ${merchantId}::uuid
          and transfer_date between ${from}::date and ${to}::date)) as found`),
    );
    return r?.found === true;
  }

  /** The month's settlements (a few a month), as the export writes them: kind TRANSFER. */
  private async monthTransfers(merchantId: string, from: string, to: string) {
    // node-postgres reads bigint as text and PGlite as a number: the export's rows carry numbers on both.
    const cents = ['amount', 'payout', 'debt_in', 'debt_out'] as const;
    const rows = rowsOf(
      await this.o.db.execute(sql`
        select 'TRANSFER' as kind, s.transfer_date::text as day, s.status, s.parts_amount::bigint as amount,
          ${SettlementService.providerAmountSql}::bigint as payout, s.debt_in::bigint as debt_in,
          s.debt_out::bigint as debt_out
        from ${settlementPayouts} s
        where s.merchant_id = ${merchantId}::uuid and s.transfer_date between ${from}::date and ${to}::date
        order by s.transfer_date`),
    );
    return rows.map((r) => ({ ...r, ...Object.fromEntries(cents.map((k) => [k, Number(r[k])])) }));
  }

  /**
   * The month's rows in order, read by keyset batches (day, id): memory stays one batch whatever the month's size,
   * and no transaction stays open while the client downloads (on PGlite the one connection would be held). 2 000
   * rows a batch (about 1 MB); the size matters little once a batch reads the row alone (docs/settlements.md, "The
   * CSV export at volume"). Each day's settlement (kind TRANSFER) follows the day's rows.
   */
  async *exportRows(
    merchantId: string,
    month: number,
    year: number,
    batch = EXPORT_BATCH,
  ): AsyncGenerator<Record<string, unknown>> {
    const { from, to } = monthRange(month, year);
    const transfers = await this.monthTransfers(merchantId, from, to);
    let after: { day: string; id: string } | null = null;
    for (;;) {
      const rows = rowsOf(await this.o.db.execute(this.exportBatch(merchantId, from, to, after, batch)));
      for (const r of rows) {
        while (transfers.length > 0 && str(transfers[0]?.day) < str(r.day))
          yield transfers.shift() as Record<string, unknown>;
        yield r;
      }
      const last = rows[rows.length - 1];
      if (rows.length < batch || !last) break;
      after = { day: str(last.day), id: str(last.id) };
    }
    yield* transfers;
  }
}
