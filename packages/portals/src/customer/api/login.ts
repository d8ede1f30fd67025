import type { CustomerLoginRequest } from '@drip/core';
import { customerLogin } from '@drip/core';
import { useMutation } from '@tanstack/react-query';
import type * as v from 'valibot';
import { unwrap } from '../../shared/api.ts';
import { useCustomer } from '../context.tsx';

/** POST /customer_backoffice/api/v2/login {username (CPF digits), password} */
export function useCustomerLogin() {
  const { client } = useCustomer();
  return useMutation({
    mutationFn: async (body: v.InferInput<typeof CustomerLoginRequest>) =>
      unwrap(await client.call(customerLogin, { body: body })),
  });
}
