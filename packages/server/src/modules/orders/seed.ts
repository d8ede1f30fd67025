/**
 * Demo data of the after-checkout screens (issue 5): Maria has an ACTIVE order at Loja Aurora with three pending
 * instalments, the first one already late (the late-fee job adds its fee at start-up), so that the customer portal,
 * the public instalment page and the renegotiation page have something to show.
 */
import { addDaysIso, cents, isoDateInSaoPaulo } from '@drip/core';
import { eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import type { Tx } from '../../db/types.ts';
import { customers } from '../customers/tables.ts';
import { merchants } from '../merchants/tables.ts';
import { OrderService } from './service.ts';
import { instalments, ledgerEntries, orders } from './tables.ts';

export const DEMO_LATE_CUSTOMER_CPF = '52998224725';
export const DEMO_LATE_ORDER_CODE = 'DEMO-MARIA-0001';

export async function seedInstalmentWorld(tx: Tx, now: Date): Promise<void> {
  const [aurora] = await tx.select().from(merchants).where(eq(merchants.name, 'Loja Aurora'));
  const [maria] = await tx.select().from(customers).where(eq(customers.cpf, DEMO_LATE_CUSTOMER_CPF));
  if (!aurora || !maria) return;
  const created = new Date(now.getTime() - 20 * 86_400_000);
  // First due date 5 days ago: instalment 1 is late, 2 and 3 are due in 25 and 55 days.
  const firstDueDate = addDaysIso(isoDateInSaoPaulo(now), -5);
  await new OrderService(tx).createInstalmentOrder(tx, {
    checkoutId: crypto.randomUUID(),
    merchantId: aurora.id,
    customerId: maria.id,
    merchantOrderCode: DEMO_LATE_ORDER_CODE,
    total: cents(45_000),
    products: [
      { name: 'Vestido midi', quantity: 1, unitAmount: cents(25_000) },
      { name: 'Sandália', quantity: 2, unitAmount: cents(10_000) },
    ],
    totalInstalments: 3,
    firstDueDate,
    cashbackRate: 0.05,
    upfrontPayment: null,
    now: created,
  });
}

/**
 * Instalments of the demo history paid after the checkout (seed-history.ts): PAID with their date and the Pix charge
 * that paid them (`chargeId`, stored by the payments module in the same transaction), the ledger's INSTALMENT_PAID
 * entry with that charge, and the order CLOSED when nothing is left to pay. In bulk, in the caller's transaction.
 * Answers each instalment paid with the amount its charge received.
 */
export async function payHistoryInstalments(
  tx: Tx,
  paid: { orderId: string; number: number; paidAt: Date; chargeId: string }[],
): Promise<{ instalmentId: string; chargeId: string; amount: number; paidAt: Date }[]> {
  const out: { instalmentId: string; chargeId: string; amount: number; paidAt: Date }[] = [];
  for (let i = 0; i < paid.length; i += 500) {
    const batch = paid.slice(i, i + 500);
    const json = JSON.stringify(
      batch.map((p) => ({
        order_id: p.orderId,
        number: p.number,
        paid_at: p.paidAt.toISOString(),
        charge_id: p.chargeId,
      })),
    );
    const rows = await tx.execute(sql`
      with p as (select * from json_to_recordset(${json}::json) as x(order_id uuid, number int, paid_at timestamptz, charge_id uuid)),
      u as (
        update ${instalments} i set status = 'PAID', paid_at = p.paid_at, payment_charge_id = p.charge_id
        from p where i.order_id = p.order_id and i.number = p.number and i.status = 'PENDING'
        returning i.id, i.order_id, i.number, i.amount, i.cashback_amount, i.paid_at, i.payment_charge_id
      ),
      l as (
        insert into ${ledgerEntries} (order_id, checkout_id, customer_id, merchant_id, instalment_id, charge_id, type, amount, memo, created_at)
        select o.id, o.checkout_id, o.customer_id, o.merchant_id, u.id, u.payment_charge_id, 'INSTALMENT_PAID',
          u.amount - u.cashback_amount, 'Parcela ' || u.number || ' paga por Pix', u.paid_at
        from u join ${orders} o on o.id = u.order_id
      ),
      c as (
        update ${orders} o set status = 'CLOSED', updated_at = x.paid_at
        from (select order_id, max(paid_at) as paid_at from u group by order_id) x
        where o.id = x.order_id and o.status = 'ACTIVE'
          and not exists (select 1 from ${instalments} i where i.order_id = o.id and i.status <> 'PAID'
            and not exists (select 1 from u where u.id = i.id))
        returning o.id
      )
      select u.id as instalment_id, u.payment_charge_id as charge_id, (u.amount - u.cashback_amount)::text as amount,
        u.paid_at from u`);
    for (const r of v.parse(PaidRows, rows).rows)
      out.push({
        instalmentId: r.instalment_id,
        chargeId: r.charge_id,
        amount: Number(r.amount),
        paidAt: new Date(r.paid_at),
      });
  }
  return out;
}

const PaidRows = v.object({
  rows: v.array(
    v.object({
      instalment_id: v.string(),
      charge_id: v.string(),
      amount: v.union([v.string(), v.number()]),
      paid_at: v.union([v.string(), v.date()]),
    }),
  ),
});
