/**
 * Demo data of the after-checkout screens (issue 5): Maria has an ACTIVE order at Loja Aurora with three pending
 * instalments, the first one already late (the late-fee job adds its fee at start-up), so that the customer portal,
 * the public instalment page and the renegotiation page have something to show.
 */
import { addDaysIso, cents, isoDateInSaoPaulo } from '@drip/core';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/types.ts';
import { customers } from '../customers/tables.ts';
import { merchants } from '../merchants/tables.ts';
import { OrderService } from './service.ts';

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
