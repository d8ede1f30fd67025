import { customerCheckAccessLink, customerSetAccessPassword } from '@drip/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../shared/api.ts';
import { useCustomer } from '../context.tsx';

/** PUT /customer_backoffice/api/v1/recover/access {token} → {linkExpired} (checks the first-access link). */
export function useCustomerAccessLink(token: string) {
  const { client } = useCustomer();
  return useQuery({
    queryKey: ['customer', 'accessLink', token] as const,
    queryFn: async () => unwrap(await client.call(customerCheckAccessLink, { body: { token } })),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
}

/** PUT /customer_backoffice/api/v1/recover/access/password {token, password, repeatPassword} (uses the link up). */
export function useSetCustomerAccessPassword() {
  const { client } = useCustomer();
  return useMutation({
    mutationFn: async (body: { token: string; password: string; repeatPassword: string }) =>
      unwrap(await client.call(customerSetAccessPassword, { body: body })),
  });
}
