import type { AdminClient } from '@drip/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiFailure, failureStatus } from '../../../shared/api.ts';
import { adminOrderKey } from '../../api/orderDetails.ts';
import { useAdmin } from '../../context.tsx';

/**
 * One operation on an order: the call, then the order's details read again (whatever the answer: a refusal may
 * follow a change made by someone else), so that the page shows the new figures at once.
 */
export function useOrderOperation<I, R>(orderId: string, run: (client: AdminClient, input: I) => Promise<R>) {
  const { client } = useAdmin();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: I) => run(client, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminOrderKey(orderId) }),
  });
}

/** The server's own pt-BR refusal (a 4xx with a message), or null for a network error or a 5xx. */
export function refusalOf(error: unknown): string | null {
  const status = failureStatus(error);
  if (!(error instanceof ApiFailure) || status < 400 || status >= 500) return null;
  return error.error.message || null;
}
