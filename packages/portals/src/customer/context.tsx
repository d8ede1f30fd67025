import type { CustomerClient } from '@drip/core';
import { createContext } from 'react';
import { useAreaLogout, useRequiredContext } from '../shared/context.tsx';
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

/** 'Sair': forget the session and the cached data, back to the customer login. */
export function useCustomerLogout(): () => void {
  return useAreaLogout(useCustomer(), CUSTOMER_LOGIN_PATH);
}
