import type { MerchantClient } from '@drip/core';
import { useQueryClient } from '@tanstack/react-query';
import { createContext } from 'react';
import { useNavigate } from 'react-router';
import { useRequiredContext } from '../shared/context.tsx';
import type { AreaSession } from '../shared/session.ts';

export type { MerchantClient };
export interface MerchantDeps {
  readonly client: MerchantClient;
  readonly session: AreaSession;
  /** Where the guard saves the route params of the page to return to after login (sessionStorage). */
  readonly redirectStorage: Storage;
}

export const MERCHANT_LOGIN_PATH = '/parceira/login';
export const MERCHANT_HOME_PATH = '/parceira';

const MerchantContext = createContext<MerchantDeps | null>(null);
export const MerchantProvider = MerchantContext.Provider;

export function useMerchant(): MerchantDeps {
  return useRequiredContext(MerchantContext, 'Merchant');
}

/** Spec 6: without the ADMIN permission the session is read-only (an empty list counts as admin). */
export function useMerchantLogout(): () => void {
  const { session, client } = useMerchant();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return () => {
    // Ends the session on the server too (reads the refresh token before the store is cleared); the local logout
    // does not wait for it.
    void client.logout();
    session.clear();
    queryClient.clear();
    void navigate(MERCHANT_LOGIN_PATH, { replace: true });
  };
}
