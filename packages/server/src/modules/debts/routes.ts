import { type StartNegotiationResponse, startNegotiation } from '@drip/core';
import type * as v from 'valibot';
import { clientIp, type Services } from '../../http/context.ts';
import { ApiError } from '../../http/errors.ts';
import { type RouteDef, route } from '../../http/route-table.ts';

export function debtRoutes(s: Services): RouteDef[] {
  return [
    route(
      startNegotiation,
      async ({ c, body }) => {
        s.limiter.hit('debts-negotiation-cpf', clientIp(c), body.cpf);
        const result = await s.debts.startNegotiation(body.cpf, body.phone);
        switch (result.type) {
          case 'created': {
            const wire: v.InferInput<typeof StartNegotiationResponse> = {
              id: result.id,
              createdAt: result.createdAt.toISOString(),
            };
            return wire;
          }
          case 'no_debts':
            return c.body(null, 204);
          case 'not_found':
            throw new ApiError(
              404,
              'CUSTOMER_NOT_FOUND',
              'Usuário não foi encontrado, verifique as informações e tenta novamente',
            );
          case 'already_requested':
            throw new ApiError(
              409,
              'NEGOTIATION_ALREADY_REQUESTED',
              'O CPF informado já solicitou uma negociação',
            );
        }
      },
      // Per address before the body is read: malformed bodies count too.
      { before: (c) => s.limiter.hit('debts-negotiation', clientIp(c)) },
    ),
  ];
}
