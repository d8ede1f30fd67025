/**
 * The back office's risk lists (spec 7, "Fraud", "Debt negotiation", "Trust list"; spec 3 "Requests"; spec 9
 * labels): blocks by CPF, phone or CEP, the trust list (whitelist) and the debt-negotiation list. The values travel
 * in any notation (a CPF with dots, a phone with or without +55, a CEP with a dash); the server reads each one into
 * the form the checkout stores before it compares or keeps it (docs/risk-lists.md).
 */
import * as v from 'valibot';
import { IsoDateString } from './primitives.ts';

// ---------------------------------------------------------------- enumerations (spec 9)

/** Spec 9: the block reasons are the negotiation types without 'Cep Sector Block'. */
export const BLOCK_REASONS = [
  'SUSPECT_BLOCK',
  'FRAUD_ID',
  'FRIENDS_AND_FAMILY_FRAUD',
  'ACCOUNT_TAKEOVER',
  'FRAUD_RISK',
  'LACK_OF_BUSINESS_INTEREST',
  'OTHER',
] as const;
export type BlockReason = (typeof BLOCK_REASONS)[number];

export const NEGOTIATION_TYPES = [
  'SUSPECT_BLOCK',
  'FRAUD_ID',
  'FRIENDS_AND_FAMILY_FRAUD',
  'ACCOUNT_TAKEOVER',
  'FRAUD_RISK',
  'LACK_OF_BUSINESS_INTEREST',
  'CEP_SECTOR_BLOCK',
  'OTHER',
] as const;
export type NegotiationType = (typeof NEGOTIATION_TYPES)[number];

/** Spec 9's labels, as written. */
export const NEGOTIATION_TYPE_LABELS: Record<NegotiationType, string> = {
  SUSPECT_BLOCK: 'Suspect Block',
  FRAUD_ID: 'Fraud ID',
  FRIENDS_AND_FAMILY_FRAUD: 'Friends and family fraud',
  ACCOUNT_TAKEOVER: 'Account takeover',
  FRAUD_RISK: 'Fraud Risk',
  LACK_OF_BUSINESS_INTEREST: 'Lack of business interest',
  CEP_SECTOR_BLOCK: 'Cep Sector Block',
  OTHER: 'Other',
};
export const BLOCK_REASON_LABELS: Record<BlockReason, string> = NEGOTIATION_TYPE_LABELS;

export const BlockReason = v.picklist(BLOCK_REASONS, 'Motivo de bloqueio desconhecido');
export const NegotiationType = v.picklist(NEGOTIATION_TYPES, 'Tipo de negociação desconhecido');

/** Whitelist expiry (spec 9): today + 3 days by default. */
export const TRUST_DEFAULT_DAYS = 3;

/** `GET /fraud/reason` and `GET /debt-negotiation/type`: the options of the forms' selects. */
export const BlockReasonOptions = v.array(v.object({ value: BlockReason, label: v.string() }));
export type BlockReasonOptions = v.InferOutput<typeof BlockReasonOptions>;
export const NegotiationTypeOptions = v.array(v.object({ value: NegotiationType, label: v.string() }));
export type NegotiationTypeOptions = v.InferOutput<typeof NegotiationTypeOptions>;

// ---------------------------------------------------------------- requests (spec 3 "Requests")

/** A list of values as typed; empty entries are dropped (spec 5), at most 100 per call. */
const Values = (label: string) =>
  v.optional(
    v.pipe(
      v.array(v.pipe(v.string(`${label} deve ser um texto`), v.trim(), v.maxLength(40))),
      v.transform((list) => list.filter((s) => s !== '')),
      v.maxLength(100, `No máximo 100 ${label} por vez`),
    ),
    [],
  );

const Description = v.optional(
  v.nullable(v.pipe(v.string('A descrição deve ser um texto'), v.trim(), v.maxLength(1000))),
  null,
);

export const FraudBlockRequest = v.object({
  cpfs: Values('CPFs'),
  phones: Values('telefones'),
  addressCeps: Values('CEPs'),
  reason: BlockReason,
  description: Description,
});
export type FraudBlockRequest = v.InferOutput<typeof FraudBlockRequest>;

export const FraudUnblockRequest = v.object({
  cpfs: Values('CPFs'),
  phones: Values('telefones'),
  addressCeps: Values('CEPs'),
});
export type FraudUnblockRequest = v.InferOutput<typeof FraudUnblockRequest>;

export const TrustAddRequest = v.object({
  cpfs: Values('CPFs'),
  /** Last day of trust (São Paulo), inclusive; default today + 3 days, never before today. */
  expirationDate: v.optional(v.nullable(IsoDateString), null),
});
export type TrustAddRequest = v.InferOutput<typeof TrustAddRequest>;

export const TrustRemoveRequest = v.object({ cpfs: Values('CPFs') });
export type TrustRemoveRequest = v.InferOutput<typeof TrustRemoveRequest>;

export const NegotiationListRequest = v.object({
  cpfs: Values('CPFs'),
  description: Description,
  type: v.optional(v.nullable(NegotiationType), null),
  /**
   * The operator confirmed 'Os seguintes cpfs parecem inválidos: ... Deseja continuar?' (spec 5): CPFs whose check
   * digits are wrong are kept as typed (digits) instead of refused with 422.
   */
  confirmInvalidCpfs: v.optional(v.boolean('confirmInvalidCpfs deve ser verdadeiro ou falso'), false),
});
export type NegotiationListRequest = v.InferOutput<typeof NegotiationListRequest>;

// ---------------------------------------------------------------- answers

/** The values a call changed, in the stored form (CPF digits, phone E.164, CEP 8 digits). */
export const RiskListChange = v.object({
  cpfs: v.array(v.string()),
  phones: v.array(v.string()),
  addressCeps: v.array(v.string()),
});
export type RiskListChange = v.InferOutput<typeof RiskListChange>;

export const TrustListChange = v.object({
  cpfs: v.array(v.string()),
  /** null on removal. */
  expirationDate: v.nullable(v.string()),
});
export type TrustListChange = v.InferOutput<typeof TrustListChange>;

/** What the risk lists say of one customer (spec 3 "Fraud report" and "Whitelist entry"). */
export const CustomerRiskLists = v.object({
  blockedCpf: v.boolean(),
  blockedPhone: v.boolean(),
  blockedAddressCep: v.boolean(),
  whitelist: v.nullable(v.object({ active: v.boolean(), expiresAt: v.string() })),
  isOnDebtNegotiation: v.boolean(),
});
export type CustomerRiskLists = v.InferOutput<typeof CustomerRiskLists>;
