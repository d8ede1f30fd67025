import { adminOrders } from '@drip/core';
import type { Services } from '../../http/context.ts';
import { type RouteDef, route } from '../../http/route-table.ts';
import { AdminOrderList } from './admin-list.ts';

/** The back office's orders list (docs/admin-orders.md). */
export function adminOrderListRoutes(s: Services): RouteDef[] {
  const list = new AdminOrderList(s.database.db, s.clock);
  return [route(adminOrders, ({ query }) => list.list(query))];
}
