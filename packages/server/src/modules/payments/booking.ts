/**
 * Booking a received Pix (a webhook notice confirmed with the PSP, or what reconciliation found): idempotent by
 * endToEndId, the charge paid and the purpose's handler run in one transaction (or one statement), and money that
 * cannot be booked recorded for a devolução. docs/pix.md.
 */
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { ShapedStatements } from '../../db/shaped.ts';
import type { DbOrTx } from '../../db/types.ts';
import { errorFields } from '../../log.ts';
import type { WebhookNotice } from './apipix.ts';
import type { Charges } from './charges.ts';
import type { PaymentsOptions } from './options.ts';
import type { ReceivedPix } from './pix-port.ts';
import { newRefundId, type Refunds } from './refunds.ts';
import { chargeFromRaw, PaidChargeRows } from './rows.ts';
import { pixCharges, pixPayments, pixRefunds } from './tables.ts';
import { purposeOfTxid } from './txids.ts';
import type {
  ChargePurpose,
  NoticeOutcome,
  NoticeResult,
  OneStatementBooking,
  PaidContext,
  PaidHandler,
} from './types.ts';

/** What the one-statement booking answers (see OneStatementBooking). */
const HandledRows = v.object({
  rows: v.array(v.object({ refunded: v.literal(1), handled: v.nullable(v.string()) })),
});

/**
 * `paid as (update pix_charges … returning *), stored as (insert into pix_payments …)`: the usual payment booked
 * (an unpaid, not canceled charge of this amount, paid before its expiry by a Pix never seen before), for a shaped
 * statement (placeholders: see paidValues). `refundInFull`: the charge ends REFUNDED with its whole amount refunded
 * (the one-statement booking); `purpose`: only a charge of the placeholder `purpose`'s purpose.
 */
function paidCtes(db: DbOrTx, o: { refundInFull: boolean; purpose: boolean }): SQL {
  const p = sql.placeholder;
  const paid = db
    .update(pixCharges)
    .set({
      status: o.refundInFull ? sql`'REFUNDED'` : sql`'PAID'`,
      ...(o.refundInFull ? { refundedAmount: sql`${pixCharges.amount}` } : {}),
      paidAt: sql`${p('paidAt')}::timestamptz`,
      payerCpf: sql`${p('payerCpf')}`,
      payerName: sql`${p('payerName')}`,
      payerBankCode: sql`${p('payerBankCode')}`,
      payerIspb: sql`${p('payerIspb')}`,
      endToEndId: sql`${p('endToEndId')}`,
    })
    .where(
      and(
        sql`${pixCharges.txid} = ${p('txid')}`,
        o.purpose ? sql`${pixCharges.purpose} = ${p('purpose')}` : undefined,
        sql`${pixCharges.status} in ('ACTIVE', 'EXPIRED')`,
        isNull(pixCharges.endToEndId),
        sql`${pixCharges.amount} = ${p('amount')}::bigint`,
        sql`${pixCharges.expiresAt} >= ${p('paidAt')}::timestamptz`,
        sql`not exists (select 1 from ${pixPayments} where ${pixPayments.endToEndId} = ${p('endToEndId')})`,
      ),
    )
    .returning();
  return sql`paid as (${paid.getSQL()}), stored as (insert into ${pixPayments} (end_to_end_id, txid, charge_id, amount, outcome, paid_at, received_at, raw) select ${p('endToEndId')}, ${p('txid')}, paid.id, ${p('amount')}::bigint, 'BOOKED', ${p('paidAt')}::timestamptz, ${p('now')}::timestamptz, ${p('raw')}::jsonb from paid returning end_to_end_id)`;
}

/** The values of paidCtes' placeholders. */
function paidValues(p: ReceivedPix, txid: string, raw: unknown, now: Date): Record<string, unknown> {
  return {
    txid,
    amount: p.amount,
    paidAt: p.paidAt.toISOString(),
    payerCpf: p.payerCpf,
    payerName: p.payerName,
    payerBankCode: p.payerBankCode,
    payerIspb: p.payerIspb,
    endToEndId: p.endToEndId,
    now: now.toISOString(),
    raw: JSON.stringify(raw),
  };
}

export class Booking {
  private readonly handlers = new Map<ChargePurpose, PaidHandler>();
  private readonly oneStatement = new Map<ChargePurpose, OneStatementBooking>();
  /** The bookings' statements, built once per shape (db/shaped.ts). */
  private readonly shaped = new ShapedStatements();

  constructor(
    private readonly o: PaymentsOptions,
    private readonly charges: Charges,
    private readonly refunds: Refunds,
  ) {}

  onPaid(purpose: ChargePurpose, handler: PaidHandler): void {
    this.handlers.set(purpose, handler);
  }

  onPaidInOneStatement(purpose: ChargePurpose, booking: OneStatementBooking): void {
    this.oneStatement.set(purpose, booking);
  }

  /**
   * A webhook notice: each Pix is confirmed with the PSP (GET /pix/{e2eid}) and booked from the PSP's data, never
   * from the notice. Throws when a paid handler throws (the booking of that Pix is rolled back, the PSP retries).
   */
  async handleNotice(notice: WebhookNotice): Promise<NoticeResult[]> {
    const results: NoticeResult[] = [];
    for (const item of notice.pix) {
      const confirmed = await this.o.pix.getPix(item.endToEndId);
      if (
        !confirmed ||
        confirmed.endToEndId !== item.endToEndId ||
        (item.txid !== undefined && confirmed.txid !== item.txid) ||
        confirmed.amount !== item.valor
      ) {
        this.o.log.warn('pix notice not confirmed by the PSP', {
          endToEndId: item.endToEndId,
          txid: item.txid,
          found: confirmed !== null,
        });
        results.push({ endToEndId: item.endToEndId, outcome: 'NOT_CONFIRMED' });
        continue;
      }
      const outcome = await this.book(confirmed, item);
      if (outcome !== 'BOOKED' && outcome !== 'DUPLICATE') {
        this.o.log.warn('pix received and not booked', {
          endToEndId: item.endToEndId,
          txid: confirmed.txid,
          outcome,
        });
      }
      results.push({ endToEndId: item.endToEndId, outcome });
    }
    return results;
  }

  async book(p: ReceivedPix, raw: unknown): Promise<NoticeOutcome> {
    const txid = p.txid;
    if (!txid) return 'UNKNOWN_TXID';
    const purpose = purposeOfTxid(txid);
    const one = purpose ? this.oneStatement.get(purpose) : undefined;
    // The usual payment of such a charge in one statement; anything it does not book goes the way below.
    if (purpose && one && (await this.bookInOneStatement(p, txid, raw, purpose, one))) return 'BOOKED';
    const afterCommit: (() => void)[] = [];
    const outcome = await this.bookIn(p, txid, raw, { afterCommit: (fn) => afterCommit.push(fn) });
    for (const fn of afterCommit) {
      try {
        fn();
      } catch (err) {
        this.o.log.error('pix after-commit step failed', { txid, ...errorFields(err) });
      }
    }
    return outcome;
  }

  /**
   * The booking of OneStatementBooking: true when it booked the payment. It books exactly what the fast path of
   * bookIn books (an unpaid, not canceled charge of this amount, paid before its expiry by a Pix never seen before);
   * false leaves everything as it was.
   */
  private async bookInOneStatement(
    p: ReceivedPix,
    txid: string,
    raw: unknown,
    purpose: ChargePurpose,
    one: OneStatementBooking,
  ): Promise<boolean> {
    const fragment = one.fragment();
    const [row] = v.parse(
      HandledRows,
      await this.shaped.execute(this.o.db, {
        key: `book-one-statement:${fragment.key}`,
        build: () => {
          const p = sql.placeholder;
          return sql`with ${paidCtes(this.o.db, { refundInFull: true, purpose: true })}, refund as (insert into ${pixRefunds} (id, charge_id, end_to_end_id, amount, reason, status, created_at, updated_at) select ${p('refundId')}, paid.id, paid.end_to_end_id, paid.amount, ${p('refundReason')}, 'REQUESTED', ${p('now')}::timestamptz, ${p('now')}::timestamptz from paid returning id), ${this.refunds.enqueueCte('refund', 'refund_task', sql`${p('now')}::timestamptz`)}, ${fragment.ctes()} select (select count(*) from refund)::int as refunded, ${fragment.answer()} from paid`;
        },
        values: {
          ...paidValues(p, txid, raw, this.o.clock.now()),
          purpose,
          refundId: newRefundId(),
          refundReason: one.refundReason,
          ...fragment.values,
        },
      }),
    ).rows;
    if (!row) return false;
    try {
      one.after(row.handled);
    } catch (err) {
      this.o.log.error('pix after-booking step failed', { txid, ...errorFields(err) });
    }
    return true;
  }

  private bookIn(p: ReceivedPix, txid: string, raw: unknown, ctx: PaidContext): Promise<NoticeOutcome> {
    return this.o.db.transaction(async (tx) => {
      const now = this.o.clock.now();
      // The usual case in ONE statement: an unpaid, not canceled charge of this amount, paid before its expiry by a
      // Pix never seen before, is paid (row locked until the commit) and the payment stored. Anything else (no
      // row) takes the path below: the charge locked, read, and the outcome decided from it.
      const payer = {
        paidAt: p.paidAt,
        payerCpf: p.payerCpf,
        payerName: p.payerName,
        payerBankCode: p.payerBankCode,
        payerIspb: p.payerIspb,
        endToEndId: p.endToEndId,
      };
      const [fastRow] = v.parse(
        PaidChargeRows,
        await this.shaped.execute(tx, {
          key: 'book-paid',
          build: () => sql`with ${paidCtes(tx, { refundInFull: false, purpose: false })} select * from paid`,
          values: paidValues(p, txid, raw, now),
        }),
      ).rows;
      if (fastRow) {
        const paidNow = chargeFromRaw(fastRow);
        const handler = this.handlers.get(paidNow.purpose);
        if (handler) await handler(tx, this.charges.toCharge(paidNow), ctx);
        return 'BOOKED';
      }
      const [charge] = await tx.select().from(pixCharges).where(eq(pixCharges.txid, txid)).for('update');
      if (!charge) return 'UNKNOWN_TXID';
      let outcome: 'BOOKED' | 'REFUND' | 'AMOUNT_MISMATCH';
      let refundReason: string | null = null;
      if (p.amount !== charge.amount) {
        outcome = 'AMOUNT_MISMATCH';
        refundReason = 'Valor pago diferente do valor da cobrança';
      } else if (
        (charge.status === 'ACTIVE' || charge.status === 'EXPIRED') &&
        charge.endToEndId === null &&
        p.paidAt.getTime() <= charge.expiresAt.getTime()
      ) {
        outcome = 'BOOKED';
      } else {
        outcome = 'REFUND';
        refundReason =
          charge.status === 'CANCELED'
            ? 'Pagamento de cobrança cancelada'
            : charge.endToEndId !== null
              ? 'Cobrança paga mais de uma vez'
              : 'Pagamento após a expiração da cobrança';
      }
      const insertPayment = tx
        .insert(pixPayments)
        .values({
          endToEndId: p.endToEndId,
          txid,
          chargeId: charge.id,
          amount: p.amount,
          outcome,
          paidAt: p.paidAt,
          receivedAt: now,
          raw,
        })
        .onConflictDoNothing()
        .returning({ e2e: pixPayments.endToEndId });
      if (outcome === 'BOOKED') {
        // One statement: the payment row and, only when it is new (not a redelivery), the charge paid.
        const inserted = tx.$with('inserted', { e2e: sql<string>`end_to_end_id` }).as(insertPayment.getSQL());
        const [paid] = await tx
          .with(inserted)
          .update(pixCharges)
          .set({ status: 'PAID', ...payer })
          .where(and(eq(pixCharges.id, charge.id), sql`exists (select 1 from ${inserted})`))
          .returning();
        if (!paid) return 'DUPLICATE';
        const handler = this.handlers.get(paid.purpose);
        if (handler) await handler(tx, this.charges.toCharge(paid), ctx);
        return 'BOOKED';
      }
      if ((await insertPayment).length === 0) return 'DUPLICATE';
      // Money arrived that Drip does not book: keep it on the charge when it has no payment yet, and give it back.
      await tx
        .update(pixCharges)
        .set({
          refundReason,
          ...(charge.endToEndId === null && outcome === 'REFUND' ? payer : {}),
        })
        .where(eq(pixCharges.id, charge.id));
      await this.refunds.request(tx, {
        chargeId: charge.id,
        endToEndId: p.endToEndId,
        amount: p.amount,
        reason: refundReason ?? 'Pagamento não reconhecido',
        now,
      });
      return outcome;
    });
  }
}
