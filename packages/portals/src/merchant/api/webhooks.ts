import {
  type CreateWebhookRequest,
  merchantCreateWebhook,
  merchantDeleteWebhook,
  merchantListWebhooks,
  merchantReplayWebhookDelivery,
  merchantWebhookDeliveries,
} from '@drip/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../shared/api.ts';
import { useMerchant } from '../context.tsx';

export const webhooksKey = ['merchant', 'webhooks'] as const;
const deliveriesKey = (id: string, page: number, size: number) => [
  ...webhooksKey,
  id,
  'deliveries',
  page,
  size,
];

/** GET v1/webhooks → the merchant's endpoints (never their secrets). */
export function useWebhooks() {
  const { client } = useMerchant();
  return useQuery({
    queryKey: webhooksKey,
    queryFn: async () => unwrap(await client.call(merchantListWebhooks)),
  });
}

/** POST v1/webhooks {url, events} → {id, secret}: the secret is shown once, by the caller. */
export function useCreateWebhook() {
  const { client } = useMerchant();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateWebhookRequest) =>
      unwrap(await client.call(merchantCreateWebhook, { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKey }),
  });
}

/** DELETE v1/webhooks/{id} */
export function useDeleteWebhook() {
  const { client } = useMerchant();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => unwrap(await client.call(merchantDeleteWebhook, { params: { id } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKey }),
  });
}

/** GET v1/webhooks/{id}/deliveries?page&size → the delivery log, newest first. */
export function useWebhookDeliveries(id: string, page: number, size: number) {
  const { client } = useMerchant();
  return useQuery({
    queryKey: deliveriesKey(id, page, size),
    queryFn: async () =>
      unwrap(await client.call(merchantWebhookDeliveries, { params: { id }, query: { page, size } })),
    placeholderData: keepPreviousData,
  });
}

/** POST v1/webhooks/{id}/deliveries/{deliveryId}/replay */
export function useReplayDelivery(id: string) {
  const { client } = useMerchant();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (deliveryId: string) =>
      unwrap(await client.call(merchantReplayWebhookDelivery, { params: { id, deliveryId } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...webhooksKey, id, 'deliveries'] }),
  });
}
