import type { MerchantClient } from '@drip/core';
import { createContext } from 'react';
import { useAreaLogout, useRequiredContext } from '../shared/context.tsx';
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

/** 'Sair': forget the session and the cached data, back to the merchant login. */
export function useMerchantLogout(): () => void {
  return useAreaLogout(useMerchant(), MERCHANT_LOGIN_PATH);
}
