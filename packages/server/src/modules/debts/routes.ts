import { type StartNegotiationResponse, startNegotiation } from '@drip/core';
import type * as v from 'valibot';
import { clientIp, type Services } from '../../http/context.ts';
import { type RouteDef, route } from '../../http/route-table.ts';

export function debtRoutes(s: Services): RouteDef[] {
  return [
    route(
      startNegotiation,
      async ({ c, body }) => {
        await s.limiter.take('debts-negotiation-cpf', clientIp(c), body.cpf);
        const created = await s.debts.startNegotiation(body.cpf, body.phone);
        if (!created) return c.body(null, 204);
        const wire: v.InferInput<typeof StartNegotiationResponse> = {
          id: created.id,
          createdAt: created.createdAt.toISOString(),
        };
        return wire;
      },
      // Per address before the body is read: malformed bodies count too.
      { before: (c) => s.limiter.take('debts-negotiation', clientIp(c)) },
    ),
  ];
}
