/**
 * What the back office shows of checkouts: for an order's details, the checkout it came from (spec 2.2, checkout
 * section); for a customer's details, the checkouts that did not become orders.
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { merchants } from '../merchants/tables.ts';
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

/** A checkout of a customer's that did not become an order (the back office's customer details). */
export interface CustomerRefusalFacts {
  checkoutId: string;
  merchantName: string;
  merchantOrderCode: string;
  /** Centavos. */
  amount: number;
  status: 'KO' | 'EXPIRED';
  reason: string | null;
  createdAt: Date;
}

/**
 * The customer's `limit` most recent refused (KO) and expired checkouts, newest first: the customer index gives the
 * customer's checkouts (a handful per customer), the status filter keeps the ones that did not become orders.
 */
export async function customerRefusals(
  db: Db,
  customerId: string,
  limit: number,
): Promise<CustomerRefusalFacts[]> {
  const rows = await db
    .select({
      checkoutId: checkouts.id,
      merchantName: merchants.name,
      merchantOrderCode: checkouts.merchantOrderCode,
      amount: checkouts.amount,
      status: checkouts.status,
      reason: checkouts.koReason,
      createdAt: checkouts.createdAt,
    })
    .from(checkouts)
    .innerJoin(merchants, eq(merchants.id, checkouts.merchantId))
    .where(and(eq(checkouts.customerId, customerId), inArray(checkouts.status, ['KO', 'EXPIRED'])))
    .orderBy(desc(checkouts.createdAt), desc(checkouts.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, status: r.status === 'KO' ? 'KO' : 'EXPIRED' }));
}
