import { customerValidateRecoveryToken } from '@drip/core';
import { useMutation } from '@tanstack/react-query';
import { unwrap } from '../../shared/api.ts';
import { useCustomer } from '../context.tsx';

/** PUT /customer_backoffice/api/v1/recover/validate {token, customerCpf, type: 'password'} → {isValid} */
export function useValidateCustomerToken() {
  const { client } = useCustomer();
  return useMutation({
    mutationFn: async (body: { token: string; customerCpf: string }) =>
      unwrap(await client.call(customerValidateRecoveryToken, { body: { ...body, type: 'password' } })),
  });
}
