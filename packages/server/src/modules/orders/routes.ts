/** Customer portal order calls, the public instalment page and its server-sent events (contract/orders.ts). */
import { type InstalmentStatus, orderPaths, PageQuery } from '@drip/core';
import { type SSEStreamingApi, streamSSE } from 'hono/streaming';
import { parseWith, rejectBody } from '../../http/body.ts';
import { claimsOf, clientIp, type Services } from '../../http/context.ts';
import { ApiError, notFound } from '../../http/errors.ts';
import type { RouteDef } from '../../http/route-table.ts';

const ID = ':id';
const pattern = (build: (id: string) => string) => build(ID).replace('%3Aid', ID);

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
  const heartbeatMs = options.heartbeatMs ?? SSE_HEARTBEAT_MS;
  const maxStreamsPerIp = options.maxStreamsPerIp ?? SSE_MAX_STREAMS_PER_IP;
  const openStreams = new Map<string, number>();
  const release = (ip: string) => {
    const n = (openStreams.get(ip) ?? 1) - 1;
    if (n <= 0) openStreams.delete(ip);
    else openStreams.set(ip, n);
  };
  return [
    // ---------------------------------------------------------------- customer portal
    {
      method: 'GET',
      path: orderPaths.customerOrders,
      audience: 'customer',
      handler: async (c) => {
        const q = parseWith(PageQuery, c.req.query());
        return c.json(await svc.listOrders(claimsOf(c).sub, q.page, q.size), 200);
      },
    },
    {
      method: 'GET',
      path: pattern(orderPaths.customerOrder),
      audience: 'customer',
      handler: async (c) => {
        const order = await svc.orderDetails(claimsOf(c).sub, c.req.param('id') ?? '');
        if (!order) throw notFound('Pedido não encontrado');
        return c.json(order, 200);
      },
    },
    {
      method: 'PUT',
      path: pattern(orderPaths.payInstalment),
      audience: 'customer',
      handler: async (c) => {
        await rejectBody(c);
        return c.json(await svc.payNextInstalment(claimsOf(c).sub, c.req.param('id') ?? ''), 200);
      },
    },
    {
      method: 'POST',
      path: pattern(orderPaths.uniquePayment),
      audience: 'customer',
      handler: async (c) => {
        await rejectBody(c);
        return c.json(await svc.createUniquePayment(claimsOf(c).sub, c.req.param('id') ?? ''), 201);
      },
    },
    {
      method: 'GET',
      path: pattern(orderPaths.uniquePaymentStatus),
      audience: 'customer',
      handler: async (c) => {
        const payment = await svc.uniquePayment(claimsOf(c).sub, c.req.param('id') ?? '');
        if (!payment) throw notFound('Pagamento não encontrado');
        c.header('Cache-Control', 'no-store');
        return c.json(payment, 200);
      },
    },
    {
      method: 'GET',
      path: pattern(orderPaths.customerInstalment),
      audience: 'customer',
      handler: async (c) => {
        const instalment = await svc.instalment(claimsOf(c).sub, c.req.param('id') ?? '');
        if (!instalment) throw notFound('Parcela não encontrada');
        c.header('Cache-Control', 'no-store');
        return c.json(instalment, 200);
      },
    },
    // ---------------------------------------------------------------- public instalment page
    {
      method: 'GET',
      path: pattern(orderPaths.instalmentDetails),
      audience: 'public',
      handler: async (c) => {
        const details = await svc.publicDetails(c.req.param('id') ?? '');
        if (!details) throw notFound('Parcela não encontrada');
        c.header('Cache-Control', 'no-store');
        return c.json(details, 200);
      },
    },
    {
      method: 'GET',
      path: pattern(orderPaths.instalmentEvents),
      audience: 'public',
      handler: async (c) => {
        const id = c.req.param('id') ?? '';
        if ((await svc.instalmentStatus(id)) === null) throw notFound('Parcela não encontrada');
        const ip = clientIp(c);
        const open = openStreams.get(ip) ?? 0;
        if (open >= maxStreamsPerIp) {
          throw new ApiError(
            429,
            'TOO_MANY_STREAMS',
            'Muitas páginas de parcela abertas ao mesmo tempo; feche algumas e tente novamente',
          );
        }
        openStreams.set(ip, open + 1);
        c.header('Cache-Control', 'no-store');
        c.header('X-Accel-Buffering', 'no');
        return streamSSE(c, (stream) => followInstalment(stream).finally(() => release(ip)));
        async function followInstalment(stream: SSEStreamingApi): Promise<void> {
          let last: InstalmentStatus | null = null;
          let finish = () => {};
          const finished = new Promise<void>((resolve) => {
            finish = resolve;
          });
          // Writes are chained so that messages keep their order and a failed write ends the stream.
          let chain = Promise.resolve();
          const enqueue = (work: () => Promise<void>) => {
            chain = chain.then(work).catch(() => finish());
          };
          const send = async (status: InstalmentStatus) => {
            if (status === last) return;
            last = status;
            await stream.writeSSE({ data: JSON.stringify({ status }) });
            if (status === 'PAID') finish();
          };
          stream.onAbort(() => finish());
          const unsubscribe = await s.instalmentEvents.subscribe(id, (status) => enqueue(() => send(status)));
          // Each heartbeat also re-reads the status: a notification lost while the listener reconnected is caught
          // within one period.
          const timer = setInterval(() => {
            enqueue(async () => {
              await stream.write(': heartbeat\n\n');
              const status = await svc.instalmentStatus(id);
              if (status) await send(status);
            });
          }, heartbeatMs);
          try {
            // Read after subscribing: a change from now on is either in this read or in a notification.
            const current = await svc.instalmentStatus(id);
            if (current) enqueue(() => send(current));
            else finish();
            await finished;
            await chain;
          } finally {
            clearInterval(timer);
            unsubscribe();
          }
        }
      },
    },
  ];
}
