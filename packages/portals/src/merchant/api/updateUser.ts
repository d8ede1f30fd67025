import type { MerchantUpdateUserRequest } from '@drip/core';
import { merchantUpdateUser } from '@drip/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type * as v from 'valibot';
import { unwrap } from '../../shared/api.ts';
import { useMerchant } from '../context.tsx';
import { merchantUserKey } from './user.ts';

/** PUT /merchant_backoffice/api/v1/user {email, currentPassword, phone, newPassword} */
export function useUpdateMerchantUser() {
  const { client } = useMerchant();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: v.InferInput<typeof MerchantUpdateUserRequest>) =>
      unwrap(await client.call(merchantUpdateUser, { body: body })),
    onSuccess: (user) => queryClient.setQueryData(merchantUserKey, user),
  });
}
