/**
 * The back office's risk lists (spec 7, "Admin": Fraud, Debt negotiation, Trust list): blocks by CPF, phone or CEP,
 * the trust list (whitelist) and the debt-negotiation list. Every change is audited and is read by the next credit
 * analysis (docs/risk-lists.md).
 */
import {
  BlockReasonOptions,
  CustomerRiskLists,
  FraudBlockRequest,
  FraudUnblockRequest,
  NegotiationListRequest,
  NegotiationTypeOptions,
  RiskListChange,
  TrustAddRequest,
  TrustListChange,
  TrustRemoveRequest,
} from '../contract/admin-risk.ts';
import { ADMIN_API } from '../contract/paths.ts';
import { IdParam } from './common.ts';
import { endpoint } from './define.ts';

const tag = 'Admin risk lists';
const invalidValues = 'CPF, telefone ou CEP inválido (a lista dos inválidos em issues)';

export const adminFraudReasons = endpoint('admin.fraudReasons', {
  method: 'GET',
  path: `${ADMIN_API}/fraud/reason`,
  audience: 'admin',
  tag,
  summary: 'The block reasons (spec 9 labels)',
  response: BlockReasonOptions,
});

export const adminFraudBlock = endpoint('admin.fraudBlock', {
  method: 'POST',
  path: `${ADMIN_API}/fraud/block`,
  audience: 'admin',
  tag,
  summary: 'Blocks CPFs, phones and CEPs with a reason (audited); the next analysis denies them',
  body: FraudBlockRequest,
  response: RiskListChange,
  errors: { 422: invalidValues },
});

export const adminFraudUnblock = endpoint('admin.fraudUnblock', {
  method: 'POST',
  path: `${ADMIN_API}/fraud/unblock`,
  audience: 'admin',
  tag,
  summary: 'Lifts blocks of CPFs, phones and CEPs (audited); all or none',
  body: FraudUnblockRequest,
  response: RiskListChange,
  errors: { 404: 'Um dos valores não está bloqueado', 422: invalidValues },
});

export const adminFraudReport = endpoint('admin.fraudReport', {
  method: 'GET',
  path: `${ADMIN_API}/fraud/reports/customers/:id`,
  audience: 'admin',
  tag,
  summary:
    'What the lists say of a customer: blocked CPF, phone, CEP, the whitelist entry, the negotiation list',
  params: IdParam,
  response: CustomerRiskLists,
  errors: { 404: 'Cliente não encontrado' },
});

export const adminTrustAdd = endpoint('admin.trustAdd', {
  method: 'POST',
  path: `${ADMIN_API}/trust/add`,
  audience: 'admin',
  tag,
  summary:
    'Puts CPFs on the trust list until a date (default today + 3 days); they skip the fraud rules (audited)',
  body: TrustAddRequest,
  response: TrustListChange,
  errors: { 422: 'CPF inválido, ou data de expiração anterior a hoje' },
});

export const adminTrustRemove = endpoint('admin.trustRemove', {
  method: 'POST',
  path: `${ADMIN_API}/trust/remove`,
  audience: 'admin',
  tag,
  summary: 'Takes CPFs off the trust list (audited); all or none',
  body: TrustRemoveRequest,
  response: TrustListChange,
  errors: { 404: 'Um dos CPFs não está na whitelist', 422: 'CPF inválido' },
});

export const adminNegotiationTypes = endpoint('admin.negotiationTypes', {
  method: 'GET',
  path: `${ADMIN_API}/debt-negotiation/type`,
  audience: 'admin',
  tag,
  summary: 'The debt-negotiation types (spec 9 labels)',
  response: NegotiationTypeOptions,
});

export const adminNegotiationAdd = endpoint('admin.negotiationAdd', {
  method: 'POST',
  path: `${ADMIN_API}/debt-negotiation/add`,
  audience: 'admin',
  tag,
  summary: 'Puts CPFs on the debt-negotiation list; their new purchases are denied while on it (audited)',
  body: NegotiationListRequest,
  response: RiskListChange,
  errors: { 422: 'CPF inválido: confirme com confirmInvalidCpfs para incluir assim mesmo' },
});

export const adminNegotiationRemove = endpoint('admin.negotiationRemove', {
  method: 'POST',
  path: `${ADMIN_API}/debt-negotiation/remove`,
  audience: 'admin',
  tag,
  summary: 'Takes CPFs off the debt-negotiation list (audited); all or none',
  body: NegotiationListRequest,
  response: RiskListChange,
  errors: { 404: 'Um dos CPFs não está na lista de negociação', 422: 'CPF inválido' },
});

export const adminRiskEndpoints = {
  adminFraudReasons,
  adminFraudBlock,
  adminFraudUnblock,
  adminFraudReport,
  adminTrustAdd,
  adminTrustRemove,
  adminNegotiationTypes,
  adminNegotiationAdd,
  adminNegotiationRemove,
} as const;
