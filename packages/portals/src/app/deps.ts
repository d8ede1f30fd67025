import { SESSION_KEYS } from '@drip/core';
import type { AdminClient, AdminDeps } from '../admin/context.tsx';
import type { CustomerClient, CustomerDeps } from '../customer/context.tsx';
import type { MerchantClient, MerchantDeps } from '../merchant/context.tsx';
import { clientReady, deferredClient } from '../shared/deferredClient.ts';
import { createAreaSession } from '../shared/session.ts';

const loadClients = () => import('./clients.ts');

/** A portal client is `call(endpoint, input)` and `logout()` (core's PortalClient), whatever the area. */
const CLIENT_METHODS = { call: true, logout: true } satisfies Record<keyof AdminClient, true>;
const ADMIN_METHODS: Record<keyof AdminClient, true> = CLIENT_METHODS;
const MERCHANT_METHODS: Record<keyof MerchantClient, true> = CLIENT_METHODS;
const CUSTOMER_METHODS: Record<keyof CustomerClient, true> = CLIENT_METHODS;

/** The login endpoints, loaded with the clients' chunk (a login page's first screen carries no schema). */
export const loginEndpoints = () => loadClients();

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

/**
 * The API clients and sessions of the three areas. The clients' code is fetched on their first call (or when an
 * area guard or `prefetchClients` asks for it), not with the entry.
 */
export function createAppDeps(options: AppDepsOptions): AppDeps {
  const admin = createAreaSession(SESSION_KEYS.admin, options.local, options.session);
  const merchant = createAreaSession(SESSION_KEYS.merchant, options.local, options.session);
  const customer = createAreaSession(SESSION_KEYS.customer, options.local, options.session);
  const common = { baseUrl: options.baseUrl ?? '', fetch: options.fetch };
  return {
    admin: {
      session: admin,
      client: deferredClient<AdminClient>(
        async () =>
          (await loadClients()).createAdminClient({
            ...common,
            tokens: admin.tokens,
            onLogout: () => options.onLogout('admin'),
          }),
        ADMIN_METHODS,
      ),
    },
    merchant: {
      session: merchant,
      redirectStorage: options.session,
      client: deferredClient<MerchantClient>(
        async () =>
          (await loadClients()).createMerchantClient({
            ...common,
            tokens: merchant.tokens,
            onLogout: () => options.onLogout('merchant'),
          }),
        MERCHANT_METHODS,
      ),
    },
    customer: {
      session: customer,
      client: deferredClient<CustomerClient>(
        async () =>
          (await loadClients()).createCustomerClient({
            ...common,
            tokens: customer.tokens,
            onLogout: () => options.onLogout('customer'),
          }),
        CUSTOMER_METHODS,
      ),
    },
  };
}

export const LOGIN_PATHS = {
  admin: '/admin/login',
  merchant: '/parceira/login',
  customer: '/cliente/login',
} as const;

/** Loads the three clients' code (one chunk) ahead of their first call. */
export async function prefetchClients(deps: AppDeps): Promise<void> {
  await Promise.all([
    clientReady(deps.admin.client),
    clientReady(deps.merchant.client),
    clientReady(deps.customer.client),
  ]);
}
