import type { CustomerInstalment, CustomerOrderSummary, OrderStatus } from '@drip/core';

/**
 * Spec 4: a CLOSED order whose whole amount was cancelled is shown as CANCELED (labels and colours: the kit's
 * StatusBadge, kind 'order').
 */
export function displayOrderStatus(
  order: Pick<CustomerOrderSummary, 'status' | 'amount' | 'canceledAmount'>,
): OrderStatus {
  return order.status === 'CLOSED' && order.amount === order.canceledAmount ? 'CANCELED' : order.status;
}

/** The lowest-numbered pending instalment ('Pagar parcela {n}'), or null when everything is paid. */
export function nextPendingInstalment(instalments: readonly CustomerInstalment[]): CustomerInstalment | null {
  let next: CustomerInstalment | null = null;
  for (const instalment of instalments) {
    if (instalment.status === 'PENDING' && (next === null || instalment.number < next.number))
      next = instalment;
  }
  return next;
}
