/**
 * 'Baixa Parcela/Pedido (PGF)' (spec 7, "Admin": Orders and Instalments): a debt settled outside Drip's Pix closes
 * the listed orders or instalments, in one transaction with the ledger, all or nothing (docs/pgf.md).
 */
import {
  CloseInstalmentsWithDebtRequest,
  CloseOrdersWithDebtRequest,
  DebtSettlementResult,
} from '../contract/admin-pgf.ts';
import { ADMIN_API } from '../contract/paths.ts';
import { endpoint } from './define.ts';

const tag = 'Admin PGF';
const notFound = 'Ids não encontrados: um issue por id (message = id); nada foi aplicado';

export const adminCloseOrdersWithDebt = endpoint('admin.closeOrdersWithDebt', {
  method: 'POST',
  path: `${ADMIN_API}/orders/close_with_debt_negotiation`,
  audience: 'admin',
  tag,
  summary: 'Closes orders whose debt was settled outside (PGF): every open instalment settled, ledger, audit',
  description:
    'All or nothing. A cancelled order, or one already closed, is left as it is; a repeat changes nothing.',
  body: CloseOrdersWithDebtRequest,
  response: DebtSettlementResult,
  errors: { 404: notFound },
});

export const adminCloseInstalmentsWithDebt = endpoint('admin.closeInstalmentsWithDebt', {
  method: 'POST',
  path: `${ADMIN_API}/instalments/cancel_with_debt_negotiation`,
  audience: 'admin',
  tag,
  summary:
    'Settles instalments whose debt was paid outside (PGF); the order closes when nothing is left to pay',
  description:
    'All or nothing; an instalment already paid or settled is left as it is; a repeat changes nothing.',
  body: CloseInstalmentsWithDebtRequest,
  response: DebtSettlementResult,
  errors: { 404: notFound },
});

export const adminPgfEndpoints = { adminCloseOrdersWithDebt, adminCloseInstalmentsWithDebt } as const;
