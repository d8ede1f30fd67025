/**
 * The whole endpoint table: every HTTP call the product answers. The server mounts exactly these, the OpenAPI
 * document lists them and the authorisation test walks them. Browser code imports single endpoints instead (see
 * define.ts), so that a page does not carry every schema.
 */
import { adminEndpoints } from './admin.ts';
import { adminCatalogueEndpoints } from './admin-catalogue.ts';
import { adminCustomerUpdateEndpoints } from './admin-customer-update.ts';
import { adminCustomerEndpoints } from './admin-customers.ts';
import { adminMerchantEndpoints } from './admin-merchants.ts';
import { adminOrderDetailsEndpoints } from './admin-order-details.ts';
import { adminOrderOperationEndpoints } from './admin-order-operations.ts';
import { adminOrderEndpoints } from './admin-orders.ts';
import { adminPgfEndpoints } from './admin-pgf.ts';
import { adminPromotionEndpoints } from './admin-promotions.ts';
import { adminRiskEndpoints } from './admin-risk.ts';
import { catalogueEndpoints } from './catalogue.ts';
import { customerEndpoints } from './customer.ts';
import type { AnyEndpoint } from './define.ts';
import { merchantEndpoints } from './merchant.ts';
import { merchantRefundEndpoints } from './merchant-refunds.ts';
import { merchantSalesEndpoints } from './merchant-sales.ts';
import { merchantSettlementEndpoints } from './merchant-settlements.ts';
import { merchantWebhookEndpoints } from './merchant-webhooks.ts';
import { platformEndpoints } from './platform.ts';
import { pluginEndpoints } from './plugins.ts';
import { sandboxEndpoints } from './sandbox.ts';
import { shopperEndpoints } from './shopper.ts';
import { vtexEndpoints } from './vtex.ts';

export const endpointGroups = {
  admin: adminEndpoints,
  adminMerchants: adminMerchantEndpoints,
  adminOrders: adminOrderEndpoints,
  adminOrderDetails: adminOrderDetailsEndpoints,
  adminRisk: adminRiskEndpoints,
  adminOrderOperations: adminOrderOperationEndpoints,
  adminPgf: adminPgfEndpoints,
  adminCustomers: adminCustomerEndpoints,
  adminCustomerUpdate: adminCustomerUpdateEndpoints,
  adminPromotions: adminPromotionEndpoints,
  adminCatalogue: adminCatalogueEndpoints,
  merchant: merchantEndpoints,
  merchantSales: merchantSalesEndpoints,
  merchantRefunds: merchantRefundEndpoints,
  merchantSettlements: merchantSettlementEndpoints,
  merchantWebhooks: merchantWebhookEndpoints,
  customer: customerEndpoints,
  shopper: shopperEndpoints,
  platform: platformEndpoints,
  plugins: pluginEndpoints,
  sandbox: sandboxEndpoints,
  catalogue: catalogueEndpoints,
  vtex: vtexEndpoints,
} as const;

/** Every endpoint, once. */
export const endpointTable: readonly AnyEndpoint[] = Object.values(endpointGroups).flatMap(
  (group) => Object.values(group) as AnyEndpoint[],
);
