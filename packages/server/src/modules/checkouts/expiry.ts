/** The checkout expiry job (docs/jobs.md). */
import { and, inArray, lte } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import type { Tx } from '../../db/types.ts';
import { tryJobLock } from '../../jobs/lock.ts';
import { JOB } from '../../jobs/names.ts';
import { type CheckoutRow, checkouts } from './tables.ts';

/**
 * Turns unfinished checkouts past their expiry into EXPIRED (koReason EXPIRED). Set-based, idempotent, and guarded
 * by a transaction-scoped advisory lock so that concurrent instances do not run it twice. Returns how many expired.
 */
export function expireCheckouts(
  db: Db,
  now: Date,
  statusChanged?: (
    tx: Tx,
    row: Pick<CheckoutRow, 'id' | 'merchantId' | 'merchantOrderCode' | 'status' | 'koReason'>,
  ) => Promise<void>,
): Promise<number> {
  return db.transaction(async (tx) => {
    if (!(await tryJobLock(tx, JOB.checkoutExpiry))) return 0;
    const rows = await tx
      .update(checkouts)
      .set({ status: 'EXPIRED', koReason: 'EXPIRED', phase: 'DONE', updatedAt: now })
      .where(and(inArray(checkouts.status, ['PRISTINE', 'MORE_INFO']), lte(checkouts.expiresAt, now)))
      .returning({
        id: checkouts.id,
        merchantId: checkouts.merchantId,
        merchantOrderCode: checkouts.merchantOrderCode,
        status: checkouts.status,
        koReason: checkouts.koReason,
      });
    // Each merchant hears of its expired checkouts (CHECKOUT_STATUS_CHANGED), in the job's transaction.
    if (statusChanged) for (const row of rows) await statusChanged(tx, row);
    return rows.length;
  });
}
