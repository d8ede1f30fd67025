/** Every table of the server, gathered for Drizzle and drizzle-kit. Each module owns its own tables file. */
export { jobPeriods, jobQueue } from '../jobs/tables.ts';
export { admins } from '../modules/admins/tables.ts';
export { auditLog } from '../modules/audit/tables.ts';
export { loginThrottle, refreshTokens, verificationCodes } from '../modules/auth/tables.ts';
export {
  catalogueCategories,
  catalogueCategoryTags,
  catalogueStoreCategories,
  catalogueStores,
  catalogueStoreTags,
  catalogueTags,
} from '../modules/catalogue/tables.ts';
export { checkoutFeedback, checkouts, idempotencyKeys } from '../modules/checkouts/tables.ts';
export { creditDecisions } from '../modules/credit/tables.ts';
export { customerAccessLinks, customers } from '../modules/customers/tables.ts';
export { negotiationRequests } from '../modules/debts/tables.ts';
export { debtNegotiationList, fraudBlocks, trustList } from '../modules/fraud/tables.ts';
export { merchantRecoveryLinks, merchants, merchantUsers } from '../modules/merchants/tables.ts';
export { outboxMessages, sendCounters } from '../modules/notifications/tables.ts';
export { uniquePayments } from '../modules/orders/payment-tables.ts';
export { orderRefunds } from '../modules/orders/refund-tables.ts';
export {
  instalmentProducts,
  instalments,
  ledgerEntries,
  merchantCashbacks,
  orderProducts,
  orders,
} from '../modules/orders/tables.ts';
export {
  pixCharges,
  pixPayments,
  pixRefunds,
  pspSandboxCobs,
  pspSandboxDevolucoes,
  pspSandboxPix,
} from '../modules/payments/tables.ts';
export {
  nuvemshopOrders,
  nuvemshopStores,
  nuvemshopWebhooks,
  pluginSignupCodes,
} from '../modules/plugins/tables.ts';
export { promotionBanners, promotionProducts } from '../modules/promotions/tables.ts';
export { sandboxEmulatorState } from '../modules/sandbox/tables.ts';
export {
  merchantFees,
  merchantSettlementConfigurations,
  sandboxTransfers,
  settlementDays,
  settlementEntries,
  settlementParts,
  settlementPayouts,
} from '../modules/settlements/tables.ts';
export { vtexAuthorizations, vtexCredentials, vtexOperations, vtexPayments } from '../modules/vtex/tables.ts';
export { webhookAttempts, webhookDeliveries, webhookEndpoints } from '../modules/webhooks/tables.ts';
