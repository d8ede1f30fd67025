/** The back office's orders list (spec 2.2 'Admin orders list', spec 7 `GET /orders?page&size`). */
import { AdminOrdersPage, AdminOrdersQuery } from '../contract/admin-orders-list.ts';
import { ADMIN_API } from '../contract/paths.ts';
import { endpoint } from './define.ts';

export const adminOrders = endpoint('admin.orders', {
  method: 'GET',
  path: `${ADMIN_API}/orders`,
  audience: 'admin',
  tag: 'Admin orders',
  summary:
    "Pages every merchant's orders, newest first, by status, merchant or one search (id, codes, CPF, e-mail), with each order's late instalments",
  query: AdminOrdersQuery,
  response: AdminOrdersPage,
});

export const adminOrderEndpoints = { adminOrders };
