/** The back office's order details (admin-details.ts): `GET /admin_backoffice/api/v1/orders/{id}`. */
import { adminOrder } from '@drip/core';
import type { Services } from '../../http/context.ts';
import { type RouteDef, route } from '../../http/route-table.ts';
import { AdminOrderDetailsService } from './admin-details.ts';

export function adminOrderDetailsRoutes(s: Services): RouteDef[] {
  const details = new AdminOrderDetailsService({
    db: s.database.db,
    clock: s.clock,
    instalmentPayments: s.instalmentPayments,
    payments: s.payments,
    checkouts: s.checkouts,
    history: s.auditHistory,
  });
  return [
    route(adminOrder, async ({ c, params }) => {
      c.header('Cache-Control', 'no-store');
      return details.details(params.id);
    }),
  ];
}
