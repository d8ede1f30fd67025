import { createAdminClient, createCustomerClient, createMerchantClient, SESSION_KEYS } from '@drip/core';
import type { AdminDeps } from '../admin/context.tsx';
import type { CustomerDeps } from '../customer/context.tsx';
import type { MerchantDeps } from '../merchant/context.tsx';
import { createAreaSession } from '../shared/session.ts';

export interface AppDeps {
  readonly admin: AdminDeps;
  readonly merchant: MerchantDeps;
  readonly customer: CustomerDeps;
}

export interface AppDepsOptions {
  /** Same origin by default (the server serves the portals and the API). */
  baseUrl?: string;
  fetch?: typeof fetch;
  local: Storage;
  session: Storage;
  /** What a forced logout (failed refresh, 401 after retry, 403) does for an audience. */
  onLogout: (area: 'admin' | 'merchant' | 'customer') => void;
}

/** The API clients and sessions of the three areas. */
export function createAppDeps(options: AppDepsOptions): AppDeps {
  const admin = createAreaSession(SESSION_KEYS.admin, options.local, options.session);
  const merchant = createAreaSession(SESSION_KEYS.merchant, options.local, options.session);
  const customer = createAreaSession(SESSION_KEYS.customer, options.local, options.session);
  const common = { baseUrl: options.baseUrl ?? '', fetch: options.fetch };
  return {
    admin: {
      session: admin,
      client: createAdminClient({
        ...common,
        tokens: admin.tokens,
        onLogout: () => options.onLogout('admin'),
      }),
    },
    merchant: {
      session: merchant,
      redirectStorage: options.session,
      client: createMerchantClient({
        ...common,
        tokens: merchant.tokens,
        onLogout: () => options.onLogout('merchant'),
      }),
    },
    customer: {
      session: customer,
      client: createCustomerClient({
        ...common,
        tokens: customer.tokens,
        onLogout: () => options.onLogout('customer'),
      }),
    },
  };
}

export const LOGIN_PATHS = {
  admin: '/admin/login',
  merchant: '/parceira/login',
  customer: '/cliente/login',
} as const;
