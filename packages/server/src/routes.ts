import type { Services } from './http/context.ts';
import type { RouteDef } from './http/route-table.ts';
import { adminRoutes } from './modules/admins/routes.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { adminCatalogueRoutes, catalogueRoutes } from './modules/catalogue/routes.ts';
import { cepRoutes } from './modules/cep/routes.ts';
import { merchantSalesRoutes } from './modules/checkouts/merchant-routes.ts';
import { checkoutRoutes } from './modules/checkouts/routes.ts';
import { adminCustomerRoutes } from './modules/customers/admin-routes.ts';
import { customerRoutes } from './modules/customers/routes.ts';
import { debtRoutes } from './modules/debts/routes.ts';
import { fraudRoutes } from './modules/fraud/routes.ts';
import { imageRoutes } from './modules/images/routes.ts';
import { adminMerchantRoutes } from './modules/merchants/admin-routes.ts';
import { merchantRoutes } from './modules/merchants/routes.ts';
import { adminOrderDetailsRoutes } from './modules/orders/admin-details-routes.ts';
import { adminOrderListRoutes } from './modules/orders/admin-list-routes.ts';
import { adminOrderOperationRoutes } from './modules/orders/admin-operation-routes.ts';
import { pgfRoutes } from './modules/orders/pgf-routes.ts';
import { orderRoutes } from './modules/orders/routes.ts';
import { paymentRoutes } from './modules/payments/routes.ts';
import { pluginRoutes } from './modules/plugins/routes.ts';
import { promotionRoutes } from './modules/promotions/routes.ts';
import { pixSandboxRoutes } from './modules/sandbox/pix-routes.ts';
import { sandboxRoutes } from './modules/sandbox/routes.ts';
import { settlementRoutes } from './modules/settlements/routes.ts';
import { vtexRoutes } from './modules/vtex/routes.ts';
import { vtexSandboxRoutes } from './modules/vtex/sandbox-routes.ts';
import { webhookRoutes } from './modules/webhooks/routes.ts';

/** Every API route of the server with its audience; mounted by `mountRoutes`, walked by the route-table test. */
export function routeTable(services: Services): RouteDef[] {
  return [
    ...adminRoutes(services),
    ...adminMerchantRoutes(services),
    ...adminOrderListRoutes(services),
    ...fraudRoutes(services),
    ...pgfRoutes(services),
    ...adminCustomerRoutes(services),
    ...promotionRoutes(services),
    ...authRoutes(services),
    ...merchantRoutes(services),
    ...customerRoutes(services),
    ...sandboxRoutes(services),
    ...merchantSalesRoutes(services),
    ...checkoutRoutes(services),
    ...paymentRoutes(services),
    ...cepRoutes(services),
    ...pixSandboxRoutes(services),
    ...orderRoutes(services),
    ...adminOrderOperationRoutes(services),
    ...adminOrderDetailsRoutes(services),
    ...debtRoutes(services),
    ...settlementRoutes(services),
    ...webhookRoutes(services),
    ...catalogueRoutes(services),
    ...adminCatalogueRoutes(services),
    ...imageRoutes(services),
    ...vtexRoutes(services),
    ...vtexSandboxRoutes(services),
    ...pluginRoutes(services),
  ];
}
