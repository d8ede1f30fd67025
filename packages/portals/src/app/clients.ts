// The API clients, in their own chunk: app/deps.ts loads it on the first call (shared/deferredClient.ts). The
// login endpoints travel with them, so that a login page's first screen carries no contract schema.
export {
  adminLogin,
  createAdminClient,
  createCustomerClient,
  createMerchantClient,
  customerLogin,
  merchantLogin,
} from '@drip/core';
