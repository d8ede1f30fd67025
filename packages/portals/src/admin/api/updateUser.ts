import type { AdminUpdateUserRequest } from '@drip/core';
import { adminUpdateUser } from '@drip/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../shared/api.ts';
import { useAdmin } from '../context.tsx';
import { adminUserKey } from './user.ts';

/** PUT /admin_backoffice/api/v1/user {username, currentPassword, newPassword} */
export function useUpdateAdminUser() {
  const { client } = useAdmin();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: AdminUpdateUserRequest) =>
      unwrap(await client.call(adminUpdateUser, { body: body })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminUserKey }),
  });
}
