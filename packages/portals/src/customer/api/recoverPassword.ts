import { customerRecoverPassword } from '@drip/core';
import { useMutation } from '@tanstack/react-query';
import { unwrap } from '../../shared/api.ts';
import { useCustomer } from '../context.tsx';

/** POST /customer_backoffice/api/v1/recover/password {customerCpf} → {smsDelivered} */
export function useRequestCustomerRecovery() {
  const { client } = useCustomer();
  return useMutation({
    mutationFn: async (customerCpf: string) =>
      unwrap(await client.call(customerRecoverPassword, { body: { customerCpf } })),
  });
}
