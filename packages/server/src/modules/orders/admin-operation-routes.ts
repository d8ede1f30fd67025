/** The back office's order and instalment operations (docs/admin-order-operations.md); the service decides. */
import {
  adminCancelOrder,
  adminCancelOrderPartially,
  adminCancelProducts,
  adminCreateInstalmentPayments,
  adminCreateUniquePayment,
  adminRemoveInstalmentFee,
  adminUpdateFirstDueDate,
  adminUpdateProductAmount,
  adminVerifyPayment,
  type IsoDate,
} from '@drip/core';
import { type AppContext, claimsOf, type Services } from '../../http/context.ts';
import { type RouteDef, route } from '../../http/route-table.ts';
import { type AdminActor, AdminOrderOperations } from './admin-operations.ts';

export function adminOrderOperationRoutes(s: Services): RouteDef[] {
  const ops = new AdminOrderOperations({
    db: s.database.db,
    clock: s.clock,
    log: s.log,
    audit: s.audit,
    payments: s.payments,
    refunds: s.orderRefunds,
    instalmentPayments: s.instalmentPayments,
    lateFees: () => s.lateFees.config,
  });
  const actor = (c: AppContext): AdminActor => {
    const requestId = c.get('requestId');
    return { adminId: claimsOf(c).sub, ...(requestId ? { requestId } : {}) };
  };
  return [
    route(adminRemoveInstalmentFee, ({ c, params, body }) => ops.removeFee(params.id, body.reason, actor(c))),
    route(adminUpdateFirstDueDate, ({ c, params, body }) =>
      ops.updateFirstDueDate(params.id, body.date as IsoDate, actor(c)),
    ),
    route(adminCancelOrder, ({ c, params }) => ops.refund(params.id, { type: 'FULL' }, actor(c))),
    route(adminCancelOrderPartially, ({ c, params, body }) =>
      ops.refund(params.id, { type: 'AMOUNT', amount: body.amount }, actor(c)),
    ),
    route(adminCancelProducts, ({ c, params, body }) =>
      ops.refund(params.id, { type: 'PRODUCTS', productIds: body.productIds }, actor(c)),
    ),
    route(adminUpdateProductAmount, ({ c, params, body }) =>
      ops.updateProductAmount(params.id, body.productId, body.amount, actor(c)),
    ),
    route(adminCreateInstalmentPayments, ({ c, params, body }) =>
      ops.createInstalmentPayments(params.id, body.instalmentIds, actor(c)),
    ),
    route(adminCreateUniquePayment, ({ c, params }) => ops.createUniquePayment(params.id, actor(c))),
    route(adminVerifyPayment, ({ c, params }) => ops.verifyPayment(params.paymentId, actor(c))),
  ];
}
