import {
  type CreateCheckoutLinkRequest,
  merchantCheckoutLinks,
  merchantCreateCheckoutLink,
  merchantRevokeCheckout,
} from '@drip/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../shared/api.ts';
import { useMerchant } from '../context.tsx';

export const linksKey = ['merchant', 'links'] as const;

export function useLinks(page: number, size: number) {
  const { client } = useMerchant();
  return useQuery({
    queryKey: [...linksKey, page, size],
    queryFn: async () =>
      unwrap(await client.call(merchantCheckoutLinks, { query: { page: String(page), size: String(size) } })),
    placeholderData: keepPreviousData,
  });
}

/** PUT v1/checkouts/{id}/revoke: the list is read again afterwards. */
export function useRevokeLink() {
  const { client } = useMerchant();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => unwrap(await client.call(merchantRevokeCheckout, { params: { id } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: linksKey }),
  });
}

/** POST v1/checkouts {amount (reais), merchantCode}. */
export function useCreateLink() {
  const { client } = useMerchant();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateCheckoutLinkRequest) =>
      unwrap(await client.call(merchantCreateCheckoutLink, { body })),
    // The link is a checkout: the sales list shows it too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: linksKey }),
        queryClient.invalidateQueries({ queryKey: ['merchant', 'sales'] }),
      ]),
  });
}
