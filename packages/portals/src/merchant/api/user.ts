import { merchantGetUser } from '@drip/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../shared/api.ts';
import { type MerchantClient, useMerchant } from '../context.tsx';

/** GET /merchant_backoffice/api/v1/user */
export async function fetchMerchantUser(client: MerchantClient) {
  return unwrap(await client.call(merchantGetUser));
}

export const merchantUserKey = ['merchant', 'user'] as const;

export function merchantUserQueryOptions(client: MerchantClient) {
  return queryOptions({ queryKey: merchantUserKey, queryFn: () => fetchMerchantUser(client) });
}

export function useMerchantUser() {
  const { client } = useMerchant();
  return useQuery(merchantUserQueryOptions(client));
}
