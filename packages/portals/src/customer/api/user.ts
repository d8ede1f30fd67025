import { customerGetUser } from '@drip/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../shared/api.ts';
import { type CustomerClient, useCustomer } from '../context.tsx';

/** GET /customer_backoffice/api/v1/user */
export async function fetchCustomerUser(client: CustomerClient) {
  return unwrap(await client.call(customerGetUser));
}

export const customerUserKey = ['customer', 'user'] as const;

export function customerUserQueryOptions(client: CustomerClient) {
  return queryOptions({ queryKey: customerUserKey, queryFn: () => fetchCustomerUser(client) });
}

export function useCustomerUser() {
  const { client } = useCustomer();
  return useQuery(customerUserQueryOptions(client));
}
