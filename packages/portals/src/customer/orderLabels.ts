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

export interface GroupedProduct {
  name: string;
  quantity: number;
  canceled: boolean;
}

/**
 * Identical products of an instalment grouped with their quantity (spec 2.3), in first-seen order. The server already
 * sends one line per product name with its quantity; lines that still share a name and state are added up.
 */
export function groupProducts(products: CustomerInstalment['instalmentProducts']): GroupedProduct[] {
  const groups = new Map<string, GroupedProduct>();
  for (const product of products) {
    const canceled = product.status === 'CANCELED' || product.cancelationStatus !== null;
    const key = `${canceled ? 'x' : 'a'}:${product.name}`;
    const group = groups.get(key);
    if (group) group.quantity += product.quantity;
    else groups.set(key, { name: product.name, quantity: product.quantity, canceled });
  }
  return [...groups.values()];
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
