import {
  adminArchiveCustomer,
  adminCustomer,
  adminCustomers,
  adminEnableCustomer,
  adminNegotiationAdd,
  adminNegotiationRemove,
  adminResetCustomerPassword,
  adminReviewCustomerLimit,
  adminTrustAdd,
  adminTrustRemove,
  type CustomerSearchType,
} from '@drip/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../shared/api.ts';
import { useAdmin } from '../context.tsx';
import type { CustomerUpdateInput } from './customerUpdate.ts';

export const customersKey = ['admin', 'customers'] as const;
const detailsKey = (id: string) => [...customersKey, 'details', id] as const;

/** GET /customers?type&text&page&size: the customers, searched by one field. */
export function useAdminCustomers(
  page: number,
  size: number,
  type: CustomerSearchType,
  text: string | undefined,
) {
  const { client } = useAdmin();
  return useQuery({
    queryKey: [...customersKey, 'list', page, size, type, text ?? ''],
    queryFn: async () =>
      unwrap(
        await client.call(adminCustomers, {
          query: { page: String(page), size: String(size), type, ...(text ? { text } : {}) },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

/** GET /customers/{id}: customer, limit, scores, fraud report, whitelist entry, orders. */
export function useAdminCustomer(id: string) {
  const { client } = useAdmin();
  return useQuery({
    queryKey: detailsKey(id),
    queryFn: async () => unwrap(await client.call(adminCustomer, { params: { id } })),
  });
}

/** Every action on a customer reads the customer (and the list) again. */
function useCustomerMutation<A, R>(run: (arg: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => queryClient.invalidateQueries({ queryKey: customersKey }),
  });
}

export type CustomerAction =
  | 'archive'
  | 'enable'
  | 'resetPassword'
  | 'reviewLimit'
  | 'whitelistAdd'
  | 'whitelistRemove'
  | 'negotiationAdd'
  | 'negotiationRemove';

/** The details' actions; the whitelist and negotiation ones are the risk lists' own calls for the customer's CPF. */
export function useCustomerAction(id: string, cpf: string) {
  const { client } = useAdmin();
  return useCustomerMutation(async (action: CustomerAction) => {
    const params = { params: { id } };
    switch (action) {
      case 'archive':
        return unwrap(await client.call(adminArchiveCustomer, params));
      case 'enable':
        return unwrap(await client.call(adminEnableCustomer, params));
      case 'resetPassword':
        return unwrap(await client.call(adminResetCustomerPassword, params));
      case 'reviewLimit':
        return unwrap(await client.call(adminReviewCustomerLimit, params));
      case 'whitelistAdd':
        // No date: the server's default, today + 3 days (spec 9).
        return unwrap(await client.call(adminTrustAdd, { body: { cpfs: [cpf] } }));
      case 'whitelistRemove':
        return unwrap(await client.call(adminTrustRemove, { body: { cpfs: [cpf] } }));
      case 'negotiationAdd':
        return unwrap(await client.call(adminNegotiationAdd, { body: { cpfs: [cpf] } }));
      case 'negotiationRemove':
        return unwrap(await client.call(adminNegotiationRemove, { body: { cpfs: [cpf] } }));
    }
  });
}

/** The edit's schema and call (the phone metadata with them), fetched once, after the edit's first screen. */
let customerUpdate: Promise<typeof import('./customerUpdate.ts')> | null = null;
export function loadCustomerUpdate() {
  if (customerUpdate === null) {
    customerUpdate = import('./customerUpdate.ts');
    // Offline: the next submit tries again.
    customerUpdate.catch(() => {
      customerUpdate = null;
    });
  }
  return customerUpdate;
}

/** PUT /customers/{id}: the admin form (CPF and phone editable here only). */
export function useUpdateCustomer(id: string) {
  const { client } = useAdmin();
  return useCustomerMutation(async (body: CustomerUpdateInput) =>
    (await loadCustomerUpdate()).sendCustomerUpdate(client, id, body),
  );
}
