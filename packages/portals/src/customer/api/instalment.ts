import { type CustomerInstalment, customerInstalment, type customerUniquePaymentStatus } from '@drip/core';
import { useQuery } from '@tanstack/react-query';
import type * as v from 'valibot';
import { unwrap } from '../../shared/api.ts';
import { useCustomer } from '../context.tsx';

/** Spec 9: payment polling every 3000 ms. */
export const PAYMENT_POLL_MS = 3000;

/** Paid, or its Pix says so (spec 4: "paid or success shows 'Parcela paga!'"). */
export function isInstalmentPaid(instalment: CustomerInstalment): boolean {
  const pix = instalment.payment?.status;
  return instalment.status === 'PAID' || pix === 'PAID' || pix === 'SUCCESS';
}

/** GETs `path` every 3 s while `enabled` and until `isPaid` says the payment landed (spec 4). */
/** The two polled endpoints: an instalment, or a unique payment, by id. */
type PolledEndpoint = typeof customerInstalment | typeof customerUniquePaymentStatus;

export function usePaymentPolling<E extends PolledEndpoint>(
  queryKey: readonly unknown[],
  endpoint: E,
  id: string,
  isPaid: (data: v.InferOutput<E['response']>) => boolean,
  enabled: boolean,
) {
  const { client } = useCustomer();
  return useQuery({
    queryKey,
    queryFn: async ({ signal }) =>
      unwrap(await client.call(endpoint as PolledEndpoint, { params: { id }, signal })) as v.InferOutput<
        E['response']
      >,
    enabled,
    retry: false,
    staleTime: 0,
    gcTime: 0,
    refetchInterval: (query) => (query.state.data && isPaid(query.state.data) ? false : PAYMENT_POLL_MS),
    refetchIntervalInBackground: true,
  });
}

/** GET /customer_backoffice/api/v1/instalments/{id}, polled every 3 s while `enabled` and not paid. */
export function useInstalmentPolling(instalmentId: string, enabled: boolean) {
  return usePaymentPolling(
    ['customer', 'instalment', instalmentId] as const,
    customerInstalment,
    instalmentId,
    isInstalmentPaid,
    enabled,
  );
}
