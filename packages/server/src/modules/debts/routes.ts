import { orderPaths, StartNegotiationRequest, type StartNegotiationResponse } from '@drip/core';
import type * as v from 'valibot';
import { readBody } from '../../http/body.ts';
import { clientIp, type Services } from '../../http/context.ts';
import type { RouteDef } from '../../http/route-table.ts';

export function debtRoutes(s: Services): RouteDef[] {
  return [
    {
      method: 'POST',
      path: orderPaths.startNegotiation,
      audience: 'public',
      handler: async (c) => {
        s.limiter.hit('debts-negotiation', clientIp(c));
        const body = await readBody(c, StartNegotiationRequest);
        s.limiter.hit('debts-negotiation-cpf', clientIp(c), body.cpf);
        const created = await s.debts.startNegotiation(body.cpf, body.phone);
        if (!created) return c.body(null, 204);
        const wire: v.InferInput<typeof StartNegotiationResponse> = {
          id: created.id,
          createdAt: created.createdAt.toISOString(),
        };
        return c.json(wire, 201);
      },
    },
  ];
}
