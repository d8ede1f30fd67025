/**
 * Reconciliation with the PSP (docs/pix.md): unpaid charges are asked of the PSP (GET /cob/{txid}) and what it
 * received is booked through the webhook's own booking, idempotent by endToEndId.
 */
import { centsToReais } from '@drip/core';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { tryJobLock } from '../../jobs/lock.ts';
import { JOB } from '../../jobs/names.ts';
import { errorFields } from '../../log.ts';
import type { Booking } from './booking.ts';
import type { PaymentsOptions } from './options.ts';
import type { ReceivedPix } from './pix-port.ts';
import { pixCharges } from './tables.ts';
import type { ChargePurpose, ReconcileRun } from './types.ts';

/**
 * Reconciliation with the PSP (docs/pix.md). An unpaid charge is asked again once the time since its last check is
 * at least its age at that check (1 min, 2, 4, 8… while it can be paid), and a last time once it is past its expiry by
 * RECONCILE_MARGIN (the PSP refuses to pay an expired cob; the margin covers the two clocks).
 */
const RECONCILE_MIN_INTERVAL_S = 60;
const RECONCILE_MARGIN_S = 120;
/** Charges asked per job run, and PSP calls at a time. */
const RECONCILE_BATCH = 200;
const RECONCILE_CONCURRENCY = 4;
/** Before a charge is offered again, the PSP is asked at most this often per charge and process. */
const RECONCILE_OFFER_THROTTLE_MS = 10_000;

const ClaimedRows = v.object({ rows: v.array(v.object({ txid: v.string() })) });

export class Reconciliation {
  constructor(
    private readonly o: PaymentsOptions,
    private readonly booking: Booking,
  ) {}

  /**
   * The reconciliation job (docs/pix.md): claims, in one statement under a transaction advisory lock, the unpaid
   * charges due for a check (newest first, at most `limit`; `checked_at` moved so that no other run or instance takes
   * them), then asks the PSP for each (a few at a time, no transaction held) and books what it says was paid through
   * the webhook's own booking, idempotent by endToEndId. A charge whose call or booking failed is asked again at the
   * next run.
   */
  async reconcilePending(o: { limit?: number; now?: Date } = {}): Promise<ReconcileRun> {
    const now = o.now ?? this.o.clock.now();
    const claimed = await this.o.db.transaction(async (tx) => {
      if (!(await tryJobLock(tx, JOB.pixReconciliation))) return null;
      const at = sql`${now.toISOString()}::timestamptz`;
      return v.parse(
        ClaimedRows,
        await tx.execute(sql`
          update ${pixCharges} set checked_at = ${at}
          where id in (
            select id from ${pixCharges}
            where status in ('ACTIVE', 'EXPIRED') and end_to_end_id is null
              and (checked_at is null or (
                checked_at <= expires_at + make_interval(secs => ${RECONCILE_MARGIN_S})
                and checked_at <= ${at} - greatest(make_interval(secs => ${RECONCILE_MIN_INTERVAL_S}), checked_at - created_at)))
            order by expires_at desc
            limit ${o.limit ?? RECONCILE_BATCH}
            for update skip locked)
          returning txid`),
      ).rows;
    });
    if (!claimed) return { ran: false, checked: 0, booked: 0, failed: 0 };
    const run: ReconcileRun = { ran: true, checked: claimed.length, booked: 0, failed: 0 };
    const queue = claimed.map((r) => r.txid);
    const worker = async () => {
      for (let txid = queue.shift(); txid !== undefined; txid = queue.shift()) {
        try {
          const booked = await this.reconcileTxid(txid);
          run.booked += booked;
        } catch (err) {
          run.failed += 1;
          this.o.log.warn('pix reconciliation failed', { txid, ...errorFields(err) });
          // Asked again at the next run, even when this was its last check.
          await this.o.db.update(pixCharges).set({ checkedAt: null }).where(eq(pixCharges.txid, txid));
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(RECONCILE_CONCURRENCY, queue.length) }, worker));
    if (run.booked > 0) this.o.log.info('pix reconciled with the PSP', { ...run });
    return run;
  }

  /** When this process last asked the PSP for a charge before offering it (see reconcileCharge). */
  private readonly askedAt = new Map<string, number>();

  /** `rethrow`: a caller that must tell the PSP's failure apart from "nothing new" (the back office's check). */
  async reconcileCharge(txid: string, o: { force?: boolean; rethrow?: boolean } = {}): Promise<number> {
    const nowMs = Date.now();
    const last = this.askedAt.get(txid);
    if (!o.force && last !== undefined && nowMs - last < RECONCILE_OFFER_THROTTLE_MS) return 0;
    if (this.askedAt.size >= 10_000) {
      for (const [k, at] of this.askedAt)
        if (nowMs - at >= RECONCILE_OFFER_THROTTLE_MS) this.askedAt.delete(k);
      if (this.askedAt.size >= 10_000) this.askedAt.clear();
    }
    this.askedAt.set(txid, nowMs);
    try {
      return await this.reconcileTxid(txid);
    } catch (err) {
      // The charge is offered as Drip knows it; the job asks again.
      this.o.log.warn('pix reconciliation failed', { txid, ...errorFields(err) });
      if (o.rethrow) throw err;
      return 0;
    }
  }

  async reconcileFor(refs: { purpose: ChargePurpose; referenceIds: string[] }[]): Promise<number> {
    const conditions = refs
      .filter((r) => r.referenceIds.length > 0)
      .map((r) => and(eq(pixCharges.purpose, r.purpose), inArray(pixCharges.referenceId, r.referenceIds)));
    if (conditions.length === 0) return 0;
    const margin = sql`make_interval(secs => ${RECONCILE_MARGIN_S})`;
    const rows = await this.o.db
      .select({ txid: pixCharges.txid, expiresAt: pixCharges.expiresAt })
      .from(pixCharges)
      .where(
        and(
          or(...conditions),
          inArray(pixCharges.status, ['ACTIVE', 'EXPIRED']),
          isNull(pixCharges.endToEndId),
          // Its last check was after it could be paid: nothing more can have arrived.
          or(
            isNull(pixCharges.checkedAt),
            sql`${pixCharges.checkedAt} <= ${pixCharges.expiresAt} + ${margin}`,
          ),
        ),
      );
    // A live charge is asked at most every few seconds (these calls come from pages anyone may reload); one past its
    // expiry always, as it is about to be replaced by a new one.
    const now = this.o.clock.now().getTime();
    let booked = 0;
    for (const r of rows) {
      booked += await this.reconcileCharge(r.txid, { force: r.expiresAt.getTime() <= now });
    }
    return booked;
  }

  /**
   * Asks the PSP for one cob and books each Pix it received, through the webhook's booking (book): the same rules,
   * idempotent by endToEndId. Answers how many were not already booked. Throws when the PSP or a booking fails.
   */
  private async reconcileTxid(txid: string): Promise<number> {
    const cob = await this.o.pix.getCob(txid);
    if (!cob) return 0;
    let booked = 0;
    for (const pix of cob.pix) {
      const p: ReceivedPix = { ...pix, txid: pix.txid ?? cob.txid };
      if (p.txid !== txid) continue;
      const outcome = await this.booking.book(p, {
        source: 'GET /cob',
        endToEndId: p.endToEndId,
        txid,
        valor: centsToReais(p.amount).toFixed(2),
        horario: p.paidAt.toISOString(),
        pagador: {
          ...(p.payerCpf ? { cpf: p.payerCpf } : {}),
          ...(p.payerName ? { nome: p.payerName } : {}),
          ...(p.payerIspb ? { ispb: p.payerIspb } : {}),
          ...(p.payerBankCode ? { codigoBanco: p.payerBankCode } : {}),
        },
      });
      if (outcome === 'DUPLICATE') continue;
      booked += 1;
      this.o.log.warn('pix booked from the PSP, its notice never booked', {
        txid,
        endToEndId: p.endToEndId,
        outcome,
      });
    }
    return booked;
  }
}
