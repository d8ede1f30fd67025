import { customerOrder } from '@drip/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { failureStatus, unwrap } from '../../shared/api.ts';
import { type CustomerClient, useCustomer } from '../context.tsx';

/** GET /customer_backoffice/api/v1/orders/{id} */
export async function fetchCustomerOrder(client: CustomerClient, orderId: string, signal?: AbortSignal) {
  return unwrap(await client.call(customerOrder, { params: { id: orderId }, signal }));
}

export const customerOrderKey = (orderId: string) => ['customer', 'order', orderId] as const;

export function customerOrderQueryOptions(client: CustomerClient, orderId: string) {
  return queryOptions({
    queryKey: customerOrderKey(orderId),
    queryFn: ({ signal }) => fetchCustomerOrder(client, orderId, signal),
    // A missing order stays missing: no retry on 404.
    retry: (count, error) => failureStatus(error) !== 404 && count < 1,
  });
}

export function useCustomerOrder(orderId: string) {
  const { client } = useCustomer();
  return useQuery(customerOrderQueryOptions(client, orderId));
}
