// The API clients, in their own chunk: app/deps.ts loads it on the first call (shared/deferredClient.ts).
export { createAdminClient, createCustomerClient, createMerchantClient } from '@drip/core';
