import { merchantCheckRecoveryLink } from '@drip/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../shared/api.ts';
import { type MerchantClient, useMerchant } from '../context.tsx';

/** GET /merchant_backoffice/api/v1/recover/password/{recoveryId} → {linkExpired} */
export async function fetchRecoveryLink(client: MerchantClient, recoveryId: string) {
  return unwrap(await client.call(merchantCheckRecoveryLink, { params: { recoveryId: recoveryId } }));
}

export function recoveryLinkQueryOptions(client: MerchantClient, recoveryId: string) {
  return queryOptions({
    queryKey: ['merchant', 'recovery-link', recoveryId] as const,
    queryFn: () => fetchRecoveryLink(client, recoveryId),
    retry: false,
    staleTime: 0,
  });
}

export function useRecoveryLink(recoveryId: string) {
  const { client } = useMerchant();
  return useQuery(recoveryLinkQueryOptions(client, recoveryId));
}
