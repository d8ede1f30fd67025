/**
 * What a merchant learns of a refusal (spec 8 "Block reason groups" and "Chart grouping of KO/expired reasons"): the
 * group of the denial reason, never the reason itself. The individual fraud signals (a blocked CPF, phone, CEP or
 * bank, the anti-fraud score, the payer's data, Drip's caps) are the customer's data and Drip's defences: a store
 * that read them could tell a shopper which of their details is blocked, or probe the rules. Every answer of the
 * merchant audience (the sales list and detail, the chart, the links, the merchant API, the webhooks) carries the
 * group in its `koReason`. The shopper's answers, which the store can read too (it holds the checkout id), carry
 * the reason only when the shopper's screen shows something of its own (`shopperKoReason`, shopper-ko-reason.ts).
 */
import * as v from 'valibot';
import type { DenialReason } from './primitives.ts';

/** Spec 8's block reason groups, in its order. */
export const REFUSAL_GROUPS = [
  'DEFAULT',
  'FRAUD',
  'CUSTOMER_LIMIT',
  'MERCHANT_LIMIT',
  'CUSTOMER_CREDIT_RISK',
  'LATE_CUSTOMER',
  'CUSTOMER_ORDER_LIMIT',
  'CUSTOMER_ORDER_VALUE_LIMIT',
  'CUSTOMER_UNPAID_INSTALMENTS',
  'MERCHANT_FAILED_CONFIRMATION',
] as const;
export type RefusalGroup = (typeof REFUSAL_GROUPS)[number];

/**
 * Spec 8's chart grouping: fraud (invalid customer data, global or daily max value, blocked phone, CPF, CEP, bank,
 * anti-fraud score), customer limit (order above max value), credit risk (above customer max), unpaid instalments,
 * late customer, order value limit (multiple orders), order limit (already has active order), merchant failed
 * confirmation; anything else (DEFAULT, a minor) is the default group. EXPIRED is not a refusal: it stays EXPIRED.
 */
const GROUP_OF: Record<Exclude<DenialReason, 'EXPIRED'>, RefusalGroup> = {
  INVALID_CUSTOMER_DATA: 'FRAUD',
  DRIP_MAX_VALUE_GLOBAL: 'FRAUD',
  DRIP_MAX_VALUE_PER_DAY: 'FRAUD',
  BLOCKED_CUSTOMER_PHONE: 'FRAUD',
  BLOCKED_CUSTOMER_CPF: 'FRAUD',
  BLOCKED_CUSTOMER_ADDRESS_CEP: 'FRAUD',
  BLOCKED_BANK_CODE: 'FRAUD',
  ANTI_FRAUD_SCORE: 'FRAUD',
  ORDER_ABOVE_MAX_VALUE: 'CUSTOMER_LIMIT',
  ORDER_ABOVE_CUSTOMER_MAX_VALUE: 'CUSTOMER_CREDIT_RISK',
  ACTIVE_ORDERS_WITH_FIRST_INSTALMENT_NOT_PAID: 'CUSTOMER_UNPAID_INSTALMENTS',
  LATE_INSTALMENTS: 'LATE_CUSTOMER',
  MAX_MULTIPLE_ORDERS_VALUE_PER_CUSTOMER: 'CUSTOMER_ORDER_VALUE_LIMIT',
  ALREADY_HAVE_ACTIVE_ORDER: 'CUSTOMER_ORDER_LIMIT',
  FAILED_MERCHANT_ORDER_CONFIRMATION: 'MERCHANT_FAILED_CONFIRMATION',
  DEFAULT: 'DEFAULT',
  LEGALLY_PROTECTED_MINOR: 'DEFAULT',
};

/** The group of a denial reason; an unknown or missing one is the default group ('Outros'). */
export function refusalGroupOf(reason: string | null | undefined): RefusalGroup {
  const groups: Record<string, RefusalGroup> = GROUP_OF;
  return reason && Object.hasOwn(groups, reason) ? (groups[reason] ?? 'DEFAULT') : 'DEFAULT';
}

/** What a merchant answer carries as `koReason`: a refusal group, or EXPIRED (the shopper never finished). */
export const MERCHANT_KO_REASONS = [...REFUSAL_GROUPS, 'EXPIRED'] as const;
export type MerchantKoReason = (typeof MERCHANT_KO_REASONS)[number];
export const MerchantKoReason = v.picklist(MERCHANT_KO_REASONS, 'Motivo de recusa desconhecido');

/** A checkout's denial reason as the merchant may read it: null stays null, EXPIRED stays EXPIRED. */
export function merchantKoReason(reason: DenialReason | string | null | undefined): MerchantKoReason | null {
  if (reason === null || reason === undefined) return null;
  return reason === 'EXPIRED' ? 'EXPIRED' : refusalGroupOf(reason);
}

/**
 * The labels 'Minhas Vendas' shows (spec 8: DEFAULT 'Outros', FRAUD 'Risco de Fraude'; the spec names no other, so
 * the others are Drip's, in the words the portal used for their single reasons: docs/merchant-sales.md).
 */
export const REFUSAL_GROUP_LABELS: Record<RefusalGroup, string> = {
  DEFAULT: 'Outros',
  FRAUD: 'Risco de Fraude',
  CUSTOMER_LIMIT: 'Pedido acima do valor máximo',
  MERCHANT_LIMIT: 'Limite da loja atingido',
  CUSTOMER_CREDIT_RISK: 'Pedido acima do limite do cliente',
  LATE_CUSTOMER: 'Cliente com parcelas em atraso',
  CUSTOMER_ORDER_LIMIT: 'Cliente já tem um pedido ativo',
  CUSTOMER_ORDER_VALUE_LIMIT: 'Valor máximo de pedidos do cliente atingido',
  CUSTOMER_UNPAID_INSTALMENTS: 'Cliente com primeira parcela em aberto',
  MERCHANT_FAILED_CONFIRMATION: 'Falha na confirmação do pedido pela loja',
};

/** Spec 8: the refusal label of a merchant's `koReason`; unknown 'Outro'; expired or not KO 'N/A'. */
export function refusalReasonLabel(status: string, koReason: string | null | undefined): string {
  if (status !== 'KO' || !koReason || koReason === 'EXPIRED') return 'N/A';
  const labels: Record<string, string> = REFUSAL_GROUP_LABELS;
  return (Object.hasOwn(labels, koReason) ? labels[koReason] : undefined) ?? 'Outro';
}

/**
 * Spec 8 "Admin denial labels": what the back office calls each denial reason. Staff may see the single reason (the
 * merchant sees only its group); these seven labels group them in the analyst's words: a fraud signal or Drip's
 * caps are 'Risco e/ou segurança', the limits and order caps 'Limite insuficiente', unpaid or late instalments
 * 'Cliente em atraso', the store's order confirmation that never came 'Servidor do ecomm sem resposta', a payer whose
 * CPF is not the buyer's (INVALID_CUSTOMER_DATA: a third party's or a company's account) 'Dados do pagador são de
 * terceiros ou Pessoa Jurídica'.
 */
export const ADMIN_DENIAL_LABELS: Record<DenialReason, string> = {
  DEFAULT: 'Risco e/ou segurança',
  DRIP_MAX_VALUE_GLOBAL: 'Risco e/ou segurança',
  DRIP_MAX_VALUE_PER_DAY: 'Risco e/ou segurança',
  BLOCKED_CUSTOMER_PHONE: 'Risco e/ou segurança',
  BLOCKED_CUSTOMER_CPF: 'Risco e/ou segurança',
  BLOCKED_CUSTOMER_ADDRESS_CEP: 'Risco e/ou segurança',
  BLOCKED_BANK_CODE: 'Risco e/ou segurança',
  ANTI_FRAUD_SCORE: 'Risco e/ou segurança',
  ORDER_ABOVE_MAX_VALUE: 'Limite insuficiente',
  ORDER_ABOVE_CUSTOMER_MAX_VALUE: 'Limite insuficiente',
  MAX_MULTIPLE_ORDERS_VALUE_PER_CUSTOMER: 'Limite insuficiente',
  ALREADY_HAVE_ACTIVE_ORDER: 'Limite insuficiente',
  LATE_INSTALMENTS: 'Cliente em atraso',
  ACTIVE_ORDERS_WITH_FIRST_INSTALMENT_NOT_PAID: 'Cliente em atraso',
  FAILED_MERCHANT_ORDER_CONFIRMATION: 'Servidor do ecomm sem resposta',
  LEGALLY_PROTECTED_MINOR: 'Menor de idade',
  EXPIRED: 'Expirado',
  INVALID_CUSTOMER_DATA: 'Dados do pagador são de terceiros ou Pessoa Jurídica',
};

/** The back office's label of a refused or expired checkout; an unknown reason reads as the default one. */
export function adminDenialLabel(status: 'KO' | 'EXPIRED', reason: string | null | undefined): string {
  if (status === 'EXPIRED') return ADMIN_DENIAL_LABELS.EXPIRED;
  const labels: Record<string, string> = ADMIN_DENIAL_LABELS;
  return (
    (reason && Object.hasOwn(labels, reason) ? labels[reason] : undefined) ?? ADMIN_DENIAL_LABELS.DEFAULT
  );
}
