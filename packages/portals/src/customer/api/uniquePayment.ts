import { customerUniquePayment } from '@drip/core';
import { useMutation } from '@tanstack/react-query';
import { unwrap } from '../../shared/api.ts';
import { useCustomer } from '../context.tsx';

/**
 * POST /customer_backoffice/api/v1/orders/{id}/unique_payment (empty body): one Pix for every pending instalment.
 * A 404 means none is pending.
 */
export function useUniquePayment(orderId: string) {
  const { client } = useCustomer();
  return useMutation({
    mutationFn: async () => unwrap(await client.call(customerUniquePayment, { params: { id: orderId } })),
  });
}
