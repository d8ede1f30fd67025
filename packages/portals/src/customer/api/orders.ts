import { customerOrders } from '@drip/core';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../shared/api.ts';
import { DEFAULT_PAGE_SIZE } from '../../shared/kit/listQuery.ts';
import { type CustomerClient, useCustomer } from '../context.tsx';

/** Spec 9: default page size 10. */
export const ORDERS_PAGE_SIZE = DEFAULT_PAGE_SIZE;

/** GET /customer_backoffice/api/v1/orders?page&size (page 0-based) */
export async function fetchCustomerOrders(
  client: CustomerClient,
  page: number,
  size: number = ORDERS_PAGE_SIZE,
  signal?: AbortSignal,
) {
  return unwrap(await client.call(customerOrders, { query: { page, size }, signal }));
}

export const customerOrdersKey = ['customer', 'orders'] as const;

export function customerOrdersQueryOptions(
  client: CustomerClient,
  page: number,
  size: number = ORDERS_PAGE_SIZE,
) {
  return queryOptions({
    queryKey: [...customerOrdersKey, { page, size }] as const,
    queryFn: ({ signal }) => fetchCustomerOrders(client, page, size, signal),
    placeholderData: keepPreviousData,
  });
}

export function useCustomerOrders(page: number, size: number = ORDERS_PAGE_SIZE) {
  const { client } = useCustomer();
  return useQuery(customerOrdersQueryOptions(client, page, size));
}
