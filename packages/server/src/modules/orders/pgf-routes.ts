import { adminCloseInstalmentsWithDebt, adminCloseOrdersWithDebt } from '@drip/core';
import { claimsOf, type Services } from '../../http/context.ts';
import { type RouteDef, route } from '../../http/route-table.ts';
import type { AdminActor } from '../merchants/service.ts';

/** 'Baixa Parcela/Pedido (PGF)'; `DebtSettlements` decides, ledger and audit in its transaction (docs/pgf.md). */
export function pgfRoutes(s: Services): RouteDef[] {
  const actor = (c: Parameters<typeof claimsOf>[0]): AdminActor => {
    const requestId = c.get('requestId');
    return { adminId: claimsOf(c).sub, ...(requestId ? { requestId } : {}) };
  };
  return [
    route(adminCloseOrdersWithDebt, ({ c, body }) => s.debtSettlements.closeOrders(body, actor(c))),
    route(adminCloseInstalmentsWithDebt, ({ c, body }) =>
      s.debtSettlements.settleInstalments(body, actor(c)),
    ),
  ];
}
