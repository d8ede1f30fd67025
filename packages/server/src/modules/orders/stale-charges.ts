import { eq } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { errorFields, type Logger } from '../../log.ts';
import type { Payments } from '../payments/service.ts';
import { uniquePayments } from './payment-tables.ts';

/**
 * Cancels the Pix still open for the given instalments and for the order's unique payments, after a change of what
 * they owe (a refund, a fee removed, a settlement outside Drip) was committed: the customer is then offered the new
 * amount. Best effort, for the customer's sake and not the money's (a charge paid anyway is given back whole by the
 * booking, whose amount check still holds): a failure is logged with `context`, never thrown.
 */
export async function cancelOpenCharges(
  deps: { db: Db; payments: Pick<Payments, 'activeChargeFor' | 'cancelCharge'>; log: Logger },
  orderId: string,
  instalmentIds: string[],
  context: string,
): Promise<void> {
  try {
    const unique = await deps.db
      .select({ id: uniquePayments.id })
      .from(uniquePayments)
      .where(eq(uniquePayments.orderId, orderId));
    const refs = [
      ...instalmentIds.map((id) => ['INSTALMENT', id] as const),
      ...unique.map((u) => ['UNIQUE_PAYMENT', u.id] as const),
    ];
    for (const [purpose, id] of refs) {
      const active = await deps.payments.activeChargeFor(purpose, id);
      if (active) await deps.payments.cancelCharge(active.id);
    }
  } catch (err) {
    deps.log.warn(`open charges ${context} not cancelled`, { orderId, ...errorFields(err) });
  }
}
