/**
 * The merchant fee of one sale, for the order detail's 'Taxa' and 'Valor do repasse' (spec 2.4): the fee its `Venda`
 * row was written with, or, before the settlements job has seen the order, the fee that row will get (the fee
 * active when the order was made, as `recordSales` chooses it). Both come from `feeOf`, so the detail never shows a
 * fee the extract will not charge. 'Valor do repasse' is what the order's rows add up to once its refunds are
 * booked: the amount not canceled less the fee not given back (`feeGivenBack`, as the `Cancelamento` rows do).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { orders } from '../orders/tables.ts';
import { feeGivenBack, feeOf } from './plan.ts';
import { merchantFees, settlementEntries } from './tables.ts';

/**
 * The fee active when the order `o` was made, as `f.rate_bps` (null without one): the newest fee created before the
 * order and not expired on its day in São Paulo. Both the `Venda` row and the detail's fee before it choose by this.
 */
export const feeAtOrderJoin = sql`left join lateral (
  select x.rate_bps from ${merchantFees} x
  where x.merchant_id = o.merchant_id and x.created_at <= o.created_at
    and (x.expiration_date is null or x.expiration_date > (o.created_at at time zone 'America/Sao_Paulo')::date)
  order by x.created_at desc limit 1
) f on true`;

export interface SaleFee {
  /** Basis points (2,99 % = 299). */
  rateBps: number;
  /** Centavos. */
  amount: number;
  /** What the merchant is paid for the sale after its refunds (centavos, ≥ 0). */
  payout: number;
}

/** Null when the merchant has no such order. */
export async function saleFee(db: Db, merchantId: string, orderId: string): Promise<SaleFee | null> {
  const result = (await db.execute(sql`
    select o.amount::bigint as amount, least(o.canceled_amount, o.amount)::bigint as canceled, e.fee_amount::bigint as entry_fee, e.fee_rate_bps as entry_rate,
      coalesce(f.rate_bps, 0) as rate_bps
    from ${orders} o
    left join ${settlementEntries} e on e.key = 'sale:' || o.id::text
    ${feeAtOrderJoin}
    where o.id = ${orderId}::uuid and o.merchant_id = ${merchantId}::uuid`)) as {
    rows: Record<string, unknown>[];
  };
  const row = result.rows[0];
  if (!row) return null;
  const amount = Number(row.amount);
  const canceled = Number(row.canceled);
  const fee =
    row.entry_fee != null
      ? { rateBps: Number(row.entry_rate), amount: Number(row.entry_fee) }
      : { rateBps: Number(row.rate_bps), amount: feeOf(amount, Number(row.rate_bps)) };
  const given = feeGivenBack({
    amount,
    saleFee: fee.amount,
    rateBps: fee.rateBps,
    before: 0,
    after: canceled,
  });
  return { ...fee, payout: amount - canceled - (fee.amount - given) };
}
