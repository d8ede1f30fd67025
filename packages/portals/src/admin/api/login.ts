import type { AdminLoginRequest } from '@drip/core';
import { adminLogin } from '@drip/core';
import { useMutation } from '@tanstack/react-query';
import { unwrap } from '../../shared/api.ts';
import { useAdmin } from '../context.tsx';

/** POST /admin_backoffice/api/v1/login */
export function useAdminLogin() {
  const { client } = useAdmin();
  return useMutation({
    mutationFn: async (body: AdminLoginRequest) => unwrap(await client.call(adminLogin, { body: body })),
  });
}
