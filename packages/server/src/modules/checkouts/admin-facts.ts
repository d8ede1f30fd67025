/** What the back office's order details show of the checkout an order came from (spec 2.2, checkout section). */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { type CheckoutRow, checkouts, type StoredPix } from './tables.ts';

export interface CheckoutAdminFacts {
  id: string;
  status: CheckoutRow['status'];
  createdAt: Date;
  creatorEmail: string | null;
  /** The Pix the shopper paid in the checkout (the full amount, or the first instalment); null when none. */
  paymentPix: StoredPix | null;
}

export async function checkoutAdminFacts(db: Db, id: string): Promise<CheckoutAdminFacts | null> {
  const [row] = await db
    .select({
      id: checkouts.id,
      status: checkouts.status,
      createdAt: checkouts.createdAt,
      creatorEmail: checkouts.creatorEmail,
      fullAmountPix: checkouts.fullAmountPix,
      firstInstalmentPix: checkouts.firstInstalmentPix,
    })
    .from(checkouts)
    .where(eq(checkouts.id, id));
  if (!row) return null;
  return {
    id: row.id,
    status: row.status,
    createdAt: row.createdAt,
    creatorEmail: row.creatorEmail,
    paymentPix: row.fullAmountPix ?? row.firstInstalmentPix ?? null,
  };
}
