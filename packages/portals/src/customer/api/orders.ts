import { CustomerOrderPage, orderPaths } from '@drip/core';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../shared/api.ts';
import { type CustomerClient, useCustomer } from '../context.tsx';

/** Spec 9: default page size 10. */
export const ORDERS_PAGE_SIZE = 10;

/** GET /customer_backoffice/api/v1/orders?page&size (page 0-based) */
export async function fetchCustomerOrders(client: CustomerClient, page: number, signal?: AbortSignal) {
  return unwrap(
    await client.request({
      method: 'GET',
      path: orderPaths.customerOrders,
      query: { page, size: ORDERS_PAGE_SIZE },
      schema: CustomerOrderPage,
      signal,
    }),
  );
}

export const customerOrdersKey = ['customer', 'orders'] as const;

export function customerOrdersQueryOptions(client: CustomerClient, page: number) {
  return queryOptions({
    queryKey: [...customerOrdersKey, { page }] as const,
    queryFn: ({ signal }) => fetchCustomerOrders(client, page, signal),
    placeholderData: keepPreviousData,
  });
}

export function useCustomerOrders(page: number) {
  const { client } = useCustomer();
  return useQuery(customerOrdersQueryOptions(client, page));
}
