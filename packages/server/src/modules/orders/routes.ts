/**
 * Customer portal order calls, the public instalment page and its server-sent events (contract/orders.ts); the
 * merchant portal's order and refund calls (contract/refunds.ts).
 */
import {
  customerInstalment,
  customerOrder,
  customerOrders,
  customerPayInstalment,
  customerUniquePayment,
  customerUniquePaymentStatus,
  instalmentDetails,
  instalmentEvents,
  merchantOrder,
  merchantOrders,
  merchantRefundOrder,
  merchantRefundOrderPartially,
  merchantRefundProducts,
} from '@drip/core';
import { type AppContext, claimsOf, type Services } from '../../http/context.ts';
import { notFound } from '../../http/errors.ts';
import { type RouteDef, route } from '../../http/route-table.ts';
import { StatusStreams } from '../../http/sse.ts';

/** Heartbeat period of the SSE stream (a comment line keeps proxies from closing an idle connection). */
export const SSE_HEARTBEAT_MS = 15_000;

/**
 * Open instalment streams per client address: a page holds one; a few tabs, or a household behind one NAT, stay
 * well below. Beyond it the stream is refused (429) so that one client cannot hold the process's connections.
 */
export const SSE_MAX_STREAMS_PER_IP = 20;

export function orderRoutes(
  s: Services,
  options: { heartbeatMs?: number; maxStreamsPerIp?: number } = {},
): RouteDef[] {
  const svc = s.instalmentPayments;
  const streams = new StatusStreams({
    heartbeatMs: options.heartbeatMs ?? SSE_HEARTBEAT_MS,
    maxStreamsPerIp: options.maxStreamsPerIp ?? SSE_MAX_STREAMS_PER_IP,
    end: s.lifecycle.streamsEnd,
  });
  return [
    // ---------------------------------------------------------------- customer portal
    route(customerOrders, async ({ c, query }) => svc.listOrders(claimsOf(c).sub, query.page, query.size)),
    route(customerOrder, async ({ c, params }) => {
      const order = await svc.orderDetails(claimsOf(c).sub, params.id);
      if (!order) throw notFound('Pedido não encontrado');
      return order;
    }),
    route(customerPayInstalment, async ({ c, params }) => svc.payNextInstalment(claimsOf(c).sub, params.id)),
    route(customerUniquePayment, async ({ c, params }) =>
      svc.createUniquePayment(claimsOf(c).sub, params.id),
    ),
    route(customerUniquePaymentStatus, async ({ c, params }) => {
      const payment = await svc.uniquePayment(claimsOf(c).sub, params.id);
      if (!payment) throw notFound('Pagamento não encontrado');
      c.header('Cache-Control', 'no-store');
      return payment;
    }),
    route(customerInstalment, async ({ c, params }) => {
      const instalment = await svc.instalment(claimsOf(c).sub, params.id);
      if (!instalment) throw notFound('Parcela não encontrada');
      c.header('Cache-Control', 'no-store');
      return instalment;
    }),
    // ---------------------------------------------------------------- merchant portal: refunds (docs/refunds.md)
    route(merchantOrders, async ({ c, query }) =>
      s.orderRefunds.merchantOrders(merchantOf(c), query.page, query.size),
    ),
    route(merchantOrder, async ({ c, params }) => s.orderRefunds.merchantOrder(merchantOf(c), params.id)),
    route(merchantRefundOrder, async ({ c, params }) =>
      s.orderRefunds.request(merchantOf(c), params.id, { type: 'FULL' }, claimsOf(c).sub),
    ),
    route(merchantRefundOrderPartially, async ({ c, params, body }) =>
      s.orderRefunds.request(
        merchantOf(c),
        params.id,
        { type: 'AMOUNT', amount: body.amount },
        claimsOf(c).sub,
      ),
    ),
    route(merchantRefundProducts, async ({ c, params, body }) =>
      s.orderRefunds.request(
        merchantOf(c),
        params.id,
        { type: 'PRODUCTS', productIds: body.productIds },
        claimsOf(c).sub,
      ),
    ),
    // ---------------------------------------------------------------- public instalment page
    route(instalmentDetails, async ({ c, params }) => {
      const details = await svc.publicDetails(params.id);
      if (!details) throw notFound('Parcela não encontrada');
      c.header('Cache-Control', 'no-store');
      return details;
    }),
    route(instalmentEvents, async ({ c, params }) => {
      const id = params.id;
      if ((await svc.instalmentStatus(id)) === null) throw notFound('Parcela não encontrada');
      return streams.respond(c, {
        read: () => svc.instalmentStatus(id),
        subscribe: (listener) => s.instalmentEvents.subscribe(id, listener),
        isFinal: (status) => status === 'PAID',
      });
    }),
  ];
}

/** The merchant of the signed-in merchant user (the token's claim). */
function merchantOf(c: AppContext): string {
  const merchantId = claimsOf(c).merchantId;
  if (!merchantId) throw notFound('Pedido não encontrado');
  return merchantId;
}
