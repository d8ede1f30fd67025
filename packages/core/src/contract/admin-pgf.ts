/**
 * 'Baixa Parcela/Pedido (PGF)' (spec 2.2, 7 and 9): an operator records that a debt was settled outside Drip's Pix
 * (a collection agency, an agreement, a court decision, a loss written off), by order or by instalment ids. The
 * server closes what was listed, all or nothing (docs/pgf.md).
 */
import * as v from 'valibot';

/** Spec 9 'Debt payment types': what the ids name. */
export const DEBT_PAYMENT_TYPES = ['INSTALMENT', 'ORDER'] as const;
export type DebtPaymentType = (typeof DEBT_PAYMENT_TYPES)[number];
export const DEBT_PAYMENT_TYPE_LABELS: Record<DebtPaymentType, string> = {
  INSTALMENT: 'Parcela',
  ORDER: 'Pedido',
};

/** Spec 9 'Debt reasons' (the `type` of the calls), PAYMENT_AGREEMENT_COLLECTION_AGENCY by default. */
export const DEBT_REASONS = [
  'PAYMENT_AGREEMENT_COLLECTION_AGENCY',
  'PAYMENT_AGREEMENT_LEGAL',
  'JUDICIAL_DECISION_ODC',
  'FINANCIAL_LOSS_FRAUD',
  'OTHER',
] as const;
export type DebtReason = (typeof DEBT_REASONS)[number];
export const DEFAULT_DEBT_REASON: DebtReason = 'PAYMENT_AGREEMENT_COLLECTION_AGENCY';
/** The spec gives the codes only; these pt-BR labels are ours (docs/pgf.md). */
export const DEBT_REASON_LABELS: Record<DebtReason, string> = {
  PAYMENT_AGREEMENT_COLLECTION_AGENCY: 'Acordo de pagamento (assessoria de cobrança)',
  PAYMENT_AGREEMENT_LEGAL: 'Acordo de pagamento (jurídico)',
  JUDICIAL_DECISION_ODC: 'Decisão judicial (ODC)',
  FINANCIAL_LOSS_FRAUD: 'Perda financeira (fraude)',
  OTHER: 'Outro',
};

const Reason = v.optional(v.picklist(DEBT_REASONS, 'Motivo da baixa desconhecido'), DEFAULT_DEBT_REASON);
const Ids = (label: string) =>
  v.pipe(
    v.array(v.pipe(v.string(`${label} deve ser um texto`), v.trim(), v.maxLength(64))),
    v.transform((list) => [...new Set(list.filter((s) => s !== ''))]),
    v.minLength(1, `Informe ao menos um ${label}`),
    v.maxLength(100, 'No máximo 100 ids por vez'),
  );

/** `POST /orders/close_with_debt_negotiation`. */
export const CloseOrdersWithDebtRequest = v.object({ orderIds: Ids('pedido'), type: Reason });
export type CloseOrdersWithDebtRequest = v.InferOutput<typeof CloseOrdersWithDebtRequest>;

/** `POST /instalments/cancel_with_debt_negotiation`. */
export const CloseInstalmentsWithDebtRequest = v.object({ instalmentsIds: Ids('parcela'), type: Reason });
export type CloseInstalmentsWithDebtRequest = v.InferOutput<typeof CloseInstalmentsWithDebtRequest>;

/** What a call settled now (centavos as reais) and what was already settled before (a repeat changes nothing). */
export const DebtSettlementResult = v.object({
  /** Instalments closed by this call. */
  settledInstalmentIds: v.array(v.string()),
  /** Listed instalments that owed nothing any more (paid, settled, or cancelled by a refund). */
  alreadySettledInstalmentIds: v.array(v.string()),
  /** Orders that closed with this call. */
  closedOrderIds: v.array(v.string()),
  /** What the settled instalments owed, in reais. */
  amount: v.number(),
});
export type DebtSettlementResult = v.InferOutput<typeof DebtSettlementResult>;

/**
 * The ids not found (spec 7: an error answer whose list is non-empty names them). The body is the server's usual
 * `{ error: { code, message, issues } }`, one issue per id with the id as its `message`.
 */
export const DEBT_IDS_NOT_FOUND = 'DEBT_IDS_NOT_FOUND';

/** The ids a refusal of these calls names (its issues, as the API client reads them), or [] for any other. */
export function notFoundDebtIds(error: { code?: string; issues?: { message: string }[] } | null): string[] {
  if (!error || error.code !== DEBT_IDS_NOT_FOUND || !error.issues) return [];
  return error.issues.map((i) => i.message);
}
