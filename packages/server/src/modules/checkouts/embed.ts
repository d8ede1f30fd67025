import { eq } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { isUuid } from './rules.ts';
import { checkouts } from './tables.ts';

/** The merchant of a checkout, for the hosted page's `frame-ancestors` (static.ts); null when unknown. */
export async function checkoutMerchantId(db: Db, checkoutId: string): Promise<string | null> {
  if (!isUuid(checkoutId)) return null;
  const [row] = await db
    .select({ merchantId: checkouts.merchantId })
    .from(checkouts)
    .where(eq(checkouts.id, checkoutId));
  return row?.merchantId ?? null;
}
