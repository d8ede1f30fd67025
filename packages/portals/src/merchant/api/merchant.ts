import { merchantGetMerchant } from '@drip/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../shared/api.ts';
import { type MerchantClient, useMerchant } from '../context.tsx';

/** GET /merchant_backoffice/api/v1/merchant (session info: name, permissions...) */
export async function fetchMerchantInfo(client: MerchantClient) {
  return unwrap(await client.call(merchantGetMerchant));
}

export const merchantInfoKey = ['merchant', 'merchant'] as const;

export function merchantInfoQueryOptions(client: MerchantClient) {
  return queryOptions({
    queryKey: merchantInfoKey,
    queryFn: () => fetchMerchantInfo(client),
    staleTime: 300_000,
  });
}

export function useMerchantInfo() {
  const { client } = useMerchant();
  return useQuery(merchantInfoQueryOptions(client));
}
