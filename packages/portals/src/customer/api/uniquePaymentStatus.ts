import { orderPaths, UniquePayment } from '@drip/core';
import { useQuery } from '@tanstack/react-query';
import { unwrap } from '../../shared/api.ts';
import { useCustomer } from '../context.tsx';
import { PAYMENT_POLL_MS } from './instalment.ts';

export function isUniquePaymentPaid(payment: UniquePayment): boolean {
  return payment.status === 'PAID' || payment.status === 'SUCCESS';
}

/** GET /customer_backoffice/api/v1/instalments/payments/{id}, polled every 3 s while `enabled` and not paid. */
export function useUniquePaymentPolling(uniquePaymentId: string, enabled: boolean) {
  const { client } = useCustomer();
  return useQuery({
    queryKey: ['customer', 'uniquePayment', uniquePaymentId] as const,
    queryFn: async ({ signal }) =>
      unwrap(
        await client.request({
          method: 'GET',
          path: orderPaths.uniquePaymentStatus(uniquePaymentId),
          schema: UniquePayment,
          signal,
        }),
      ),
    enabled,
    retry: false,
    staleTime: 0,
    gcTime: 0,
    refetchInterval: (query) =>
      query.state.data && isUniquePaymentPaid(query.state.data) ? false : PAYMENT_POLL_MS,
    refetchIntervalInBackground: true,
  });
}
