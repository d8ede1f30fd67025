import { customerResetPassword } from '@drip/core';
import { useMutation } from '@tanstack/react-query';
import { unwrap } from '../../shared/api.ts';
import { useCustomer } from '../context.tsx';

/** PUT /customer_backoffice/api/v1/recover/password {token, customerCpf, password, repeatPassword} */
export function useResetCustomerPassword() {
  const { client } = useCustomer();
  return useMutation({
    mutationFn: async (body: {
      token: string;
      customerCpf: string;
      password: string;
      repeatPassword: string;
    }) => unwrap(await client.call(customerResetPassword, { body: body })),
  });
}
