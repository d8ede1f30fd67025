import type { CustomerUpdateProfileRequest } from '@drip/core';
import { customerUpdateUser } from '@drip/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type * as v from 'valibot';
import { unwrap } from '../../shared/api.ts';
import { useCustomer } from '../context.tsx';
import { customerUserKey } from './user.ts';

/** PATCH /customer_backoffice/api/v1/user (never CPF nor phone; a password change carries both passwords). */
export function useUpdateCustomerUser() {
  const { client } = useCustomer();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: v.InferInput<typeof CustomerUpdateProfileRequest>) =>
      unwrap(await client.call(customerUpdateUser, { body: body })),
    onSuccess: (data) => queryClient.setQueryData(customerUserKey, data.user),
  });
}
