import { adminGetUser } from '@drip/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../shared/api.ts';
import { type AdminClient, useAdmin } from '../context.tsx';

/** GET /admin_backoffice/api/v1/user */
export async function fetchAdminUser(client: AdminClient) {
  return unwrap(await client.call(adminGetUser));
}

export const adminUserKey = ['admin', 'user'] as const;

export function adminUserQueryOptions(client: AdminClient) {
  return queryOptions({ queryKey: adminUserKey, queryFn: () => fetchAdminUser(client) });
}

export function useAdminUser() {
  const { client } = useAdmin();
  return useQuery(adminUserQueryOptions(client));
}
