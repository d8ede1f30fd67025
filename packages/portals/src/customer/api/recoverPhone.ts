import { customerRecoverByPhone } from '@drip/core';
import { useMutation } from '@tanstack/react-query';
import { unwrap } from '../../shared/api.ts';
import { useCustomer } from '../context.tsx';

/**
 * PUT /customer_backoffice/api/v1/recover/phone {customerCpf, customerPhone} → {smsDelivered}. The token goes only to
 * the verified phone on file; the answer is the same for any other phone.
 */
export function useRequestCustomerRecoveryByPhone() {
  const { client } = useCustomer();
  return useMutation({
    mutationFn: async (body: { customerCpf: string; customerPhone: string }) =>
      unwrap(await client.call(customerRecoverByPhone, { body: body })),
  });
}
