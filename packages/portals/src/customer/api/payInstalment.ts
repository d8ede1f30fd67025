import { customerPayInstalment } from '@drip/core';
import { useMutation } from '@tanstack/react-query';
import { unwrap } from '../../shared/api.ts';
import { useCustomer } from '../context.tsx';

/**
 * PUT /customer_backoffice/api/v1/orders/{id}/pay_instalment (empty body): the next pending instalment with its
 * Pix charge. A 404 means none is pending (spec 4: "customer pending-instalment calls treat 404 as none").
 */
export function usePayInstalment(orderId: string) {
  const { client } = useCustomer();
  return useMutation({
    mutationFn: async () => unwrap(await client.call(customerPayInstalment, { params: { id: orderId } })),
  });
}
