import {
  type MerchantOrder,
  merchantOrder,
  merchantRefundOrder,
  merchantRefundOrderPartially,
  merchantRefundProducts,
} from '@drip/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../shared/api.ts';
import { useMerchant } from '../context.tsx';

/** How often the order is read again while one of its refunds is pending (the worker runs every 5 s). */
export const REFUND_POLL_MS = 2000;

export const orderKey = (orderId: string) => ['merchant', 'order', orderId] as const;

export const hasPendingRefund = (order: MerchantOrder | undefined) =>
  order?.refunds.some((refund) => refund.status === 'PENDING') ?? false;

/** GET v1/orders/{id}: the refund buttons' view, read again every 2 s while a refund is pending. */
export function useMerchantOrder(orderId: string) {
  const { client } = useMerchant();
  return useQuery({
    queryKey: orderKey(orderId),
    queryFn: async () => unwrap(await client.call(merchantOrder, { params: { id: orderId } })),
    refetchInterval: (query) => (hasPendingRefund(query.state.data) ? REFUND_POLL_MS : false),
  });
}

/** What the merchant asks: the whole order, an amount (reais, as the API takes it) or products. */
export type RefundAsk =
  | { type: 'FULL' }
  | { type: 'AMOUNT'; amount: number }
  | { type: 'PRODUCTS'; productIds: string[] };

/** The three refund calls (202 with the pending refund); the order is read again afterwards, whatever the answer. */
export function useRefundOrder(orderId: string) {
  const { client } = useMerchant();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (ask: RefundAsk) => {
      const params = { id: orderId };
      if (ask.type === 'FULL') return unwrap(await client.call(merchantRefundOrder, { params }));
      if (ask.type === 'AMOUNT')
        return unwrap(
          await client.call(merchantRefundOrderPartially, { params, body: { amount: ask.amount } }),
        );
      return unwrap(
        await client.call(merchantRefundProducts, { params, body: { productIds: ask.productIds } }),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKey(orderId) }),
  });
}
