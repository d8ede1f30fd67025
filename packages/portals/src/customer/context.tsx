import type { CustomerClient } from '@drip/core';
import { useQueryClient } from '@tanstack/react-query';
import { createContext } from 'react';
import { useNavigate } from 'react-router';
import { useRequiredContext } from '../shared/context.tsx';
import type { AreaSession } from '../shared/session.ts';

export type { CustomerClient };
export interface CustomerDeps {
  readonly client: CustomerClient;
  readonly session: AreaSession;
}

export const CUSTOMER_LOGIN_PATH = '/cliente/login';
export const CUSTOMER_HOME_PATH = '/cliente';

const CustomerContext = createContext<CustomerDeps | null>(null);
export const CustomerProvider = CustomerContext.Provider;

export function useCustomer(): CustomerDeps {
  return useRequiredContext(CustomerContext, 'Customer');
}

export function useCustomerLogout(): () => void {
  const { session, client } = useCustomer();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return () => {
    // Ends the session on the server too (reads the refresh token before the store is cleared); the local logout
    // does not wait for it.
    void client.logout();
    session.clear();
    queryClient.clear();
    void navigate(CUSTOMER_LOGIN_PATH, { replace: true });
  };
}
