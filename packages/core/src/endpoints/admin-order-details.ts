/** The back office's order details (spec 2.2 "Admin order details", 7 Admin `GET /orders/{id}`). */
import {
  AdminOrderDetails,
  AdminOrderIdParam,
  adminOrderDetailsMessages,
} from '../contract/admin-order-details.ts';
import { ADMIN_API } from '../contract/paths.ts';
import { endpoint } from './define.ts';

export const adminOrder = endpoint('admin.order', {
  method: 'GET',
  path: `${ADMIN_API}/orders/:id`,
  audience: 'admin',
  tag: 'Admin orders',
  summary:
    'An order with every instalment line, its Pix, products, customer, merchant, checkout and admin history',
  params: AdminOrderIdParam,
  response: AdminOrderDetails,
  errors: { 400: adminOrderDetailsMessages.invalidId, 404: adminOrderDetailsMessages.notFound },
});

export const adminOrderDetailsEndpoints = { adminOrder } as const;
