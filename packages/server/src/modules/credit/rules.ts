/**
 * Credit analysis rules (DESIGN.md 3): every denial code of spec section 8 that an analysis can reach is a pure
 * rule over an input snapshot, evaluated in the fixed order of `CREDIT_RULES` (docs/credit-analysis.md). The first
 * failing rule is the denial reason; every rule is still evaluated and recorded, so that the admin sees the whole
 * picture. FAILED_MERCHANT_ORDER_CONFIRMATION is not among them: it is the store failing to confirm the order,
 * which happens after the analysis, not a fact about the shopper.
 */
import type { Cents, DenialReason, WaitlistStatus } from '@drip/core';

export type RuleGroup = 'fraud' | 'risk' | 'limit' | 'operation';

/**
 * The merchant flags that switch rules off (spec 3, Merchant; their meaning in docs/credit-analysis.md).
 * `skipOrderAmountRule` ('Ignorar valor máximo'): the customer's bureau limit is not used, the merchant's
 * `maxAmountPerOrder` is the limit. `skipProtectedScore` ('Ignorar protected score'): the bureau score behind the
 * customer's limit is not used; it depends on `skipOrderAmountRule` (without a limit from the score, the merchant
 * maximum must be the limit). No flag switches off the under-18 rule.
 */
export interface MerchantRuleFlags {
  skipAntifraud: boolean;
  skipProtectedScore: boolean;
  skipFraudulentPhone: boolean;
  skipFraudulentCpf: boolean;
  skipFraudulentAddressCep: boolean;
  skipFraudulentBankCode: boolean;
  skipOrderAmountRule: boolean;
}

export interface BureauResult {
  /** 0..1000 */
  score: number;
  /** The credit limit the bureau grants this CPF (centavos). */
  limit: Cents;
  negativated: boolean;
  /** YYYY-MM-DD or null when unknown. */
  birthDate: string | null;
  /** IRREGULAR: the CPF is suspended/cancelled at the Receita Federal. */
  cpfStatus: 'REGULAR' | 'IRREGULAR';
}

/** Everything the rules read: gathered once by the credit service, then evaluated without I/O. */
export interface CreditSnapshot {
  /** The instant of the analysis; `today` is its date in America/Sao_Paulo. */
  now: Date;
  today: string;
  checkoutExpiresAt: Date;
  amount: Cents;
  customer: {
    cpf: string;
    phone: string;
    addressCep: string | null;
    birthDate: string | null;
    /** The phone verified in this checkout is the customer's verified phone on file: a proof of the CPF. */
    phoneOnFile: boolean;
    /** An operator archived the customer: no new purchase until unarchived (docs/admin-customers.md). */
    archived: boolean;
  };
  /** The payer of the verification Pix, when one was paid: with a matching CPF, the other proof of the CPF. */
  payer: { cpf: string; bankCode: string } | null;
  bureau: BureauResult;
  /** 0..1000, higher is safer. */
  antifraudScore: number;
  merchant: MerchantRuleFlags & {
    enabled: boolean;
    maxAmountPerOrder: Cents | null;
    /**
     * 'Limite do cliente': a positive value caps the limit any customer has at this merchant (the bureau limit
     * above it is not offered here); null or 0 leaves the bureau limit alone.
     */
    customerLimit: Cents | null;
  };
  blocked: { cpf: boolean; phone: boolean; cep: boolean; bankCode: boolean };
  /**
   * The back office's lists (docs/risk-lists.md): a CPF on the trust list through today skips the shopper fraud
   * rules as `skipAntifraud` does; a CPF on the debt-negotiation list is denied new credit.
   */
  lists: { whitelisted: boolean; onDebtNegotiation: boolean };
  history: {
    /** ACTIVE orders of the customer. */
    activeOrders: number;
    /** Unpaid principal of the customer's ACTIVE orders (the used limit). */
    unpaidPrincipal: Cents;
    lateInstalments: number;
    activeOrdersWithFirstInstalmentUnpaid: number;
    /** Orders of any status (0: first purchase on Drip). */
    totalOrders: number;
  };
  drip: { financedToday: Cents; outstanding: Cents };
  config: CreditConfig;
}

export interface CreditConfig {
  /** Anti-fraud scores below this deny (0..1000). */
  minAntifraudScore: number;
  /** Bureau scores below this deny with DEFAULT (0..1000). */
  minBureauScore: number;
  /** Age of majority. */
  minAge: number;
  maxActiveOrders: number;
  /** Cap on the sum of the customer's open orders plus this one. */
  maxOpenValuePerCustomer: Cents;
  dripDailyCap: Cents;
  dripGlobalCap: Cents;
}

export interface RuleOutcome {
  passed: boolean;
  /** Facts that explain the outcome (stored for the admin; numbers in centavos). */
  details: Record<string, string | number | boolean | null>;
  /** Variables shown to the shopper when this rule is the denial reason. */
  koVariables?: { allowedAmount?: Cents; blockedLimit?: Cents; waitlistStatus?: WaitlistStatus };
}

/** What a decision records as a rule's name: its reason, or its own name when it denies with a shared reason. */
export type CreditRuleName = DenialReason | 'MERCHANT_ENABLED' | 'DEBT_NEGOTIATION' | 'CUSTOMER_ARCHIVED';

export interface CreditRule {
  /** Recorded name when it differs from the reason (several rules may deny with DEFAULT). */
  name?: CreditRuleName;
  reason: DenialReason;
  group: RuleGroup;
  /** The merchant flag(s) that switch this rule off; fraud rules are also switched off by skipAntifraud. */
  skippedBy: (keyof MerchantRuleFlags)[];
  evaluate(s: CreditSnapshot): RuleOutcome;
  /** The part of the rule that no merchant flag switches off (evaluated when the rule is skipped). */
  always?(s: CreditSnapshot): RuleOutcome;
}

/**
 * The proof that the buyer controls the CPF (docs/identity.md): a payer-CPF Pix of this CPF, or, without a payer,
 * the verified phone on file. A verified phone alone proves a phone, not a CPF.
 */
function identityProof(s: CreditSnapshot): RuleOutcome {
  const proof = s.payer !== null ? 'PAYER_PIX' : s.customer.phoneOnFile ? 'PHONE_ON_FILE' : 'NONE';
  const payerMatches = s.payer === null ? s.customer.phoneOnFile : s.payer.cpf === s.customer.cpf;
  return { passed: payerMatches, details: { proof, payerMatches } };
}

const sub = (a: Cents, b: Cents): Cents => (a - b) as Cents;
const max0 = (a: Cents): Cents => (a > 0 ? a : 0) as Cents;

/** Age in whole years at `today` (both YYYY-MM-DD). */
export function ageAt(birthDate: string, today: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number);
  const [ty, tm, td] = today.split('-').map(Number);
  if (by === undefined || bm === undefined || bd === undefined) return 0;
  if (ty === undefined || tm === undefined || td === undefined) return 0;
  let age = ty - by;
  if (tm < bm || (tm === bm && td < bd)) age -= 1;
  return age;
}

const ok = (details: RuleOutcome['details'] = {}): RuleOutcome => ({ passed: true, details });

/** The rules in evaluation order (docs/credit-analysis.md lists the same table). */
export const CREDIT_RULES: readonly CreditRule[] = [
  {
    reason: 'EXPIRED',
    group: 'operation',
    skippedBy: [],
    evaluate: (s) => ({
      passed: s.now.getTime() < s.checkoutExpiresAt.getTime(),
      details: { expiresAt: s.checkoutExpiresAt.toISOString() },
    }),
  },
  {
    // A checkout of an archived merchant is not financed: the generic denial, as nothing is wrong with the shopper.
    name: 'MERCHANT_ENABLED',
    reason: 'DEFAULT',
    group: 'operation',
    skippedBy: [],
    evaluate: (s) => ({ passed: s.merchant.enabled, details: { merchantEnabled: s.merchant.enabled } }),
  },
  {
    // An archived customer buys nothing: an operator's decision, not a risk rule, so no merchant flag and not the
    // trust list lift it. The generic denial: the shopper is told nothing about the account's state.
    name: 'CUSTOMER_ARCHIVED',
    reason: 'DEFAULT',
    group: 'operation',
    skippedBy: [],
    evaluate: (s) => ({ passed: !s.customer.archived, details: { customerArchived: s.customer.archived } }),
  },
  {
    reason: 'BLOCKED_CUSTOMER_CPF',
    group: 'fraud',
    skippedBy: ['skipFraudulentCpf'],
    evaluate: (s) => ({ passed: !s.blocked.cpf, details: { blocked: s.blocked.cpf } }),
  },
  {
    reason: 'BLOCKED_CUSTOMER_PHONE',
    group: 'fraud',
    skippedBy: ['skipFraudulentPhone'],
    evaluate: (s) => ({ passed: !s.blocked.phone, details: { blocked: s.blocked.phone } }),
  },
  {
    reason: 'BLOCKED_CUSTOMER_ADDRESS_CEP',
    group: 'fraud',
    skippedBy: ['skipFraudulentAddressCep'],
    evaluate: (s) => ({ passed: !s.blocked.cep, details: { blocked: s.blocked.cep } }),
  },
  {
    reason: 'BLOCKED_BANK_CODE',
    group: 'fraud',
    skippedBy: ['skipFraudulentBankCode'],
    evaluate: (s) => ({
      passed: !s.blocked.bankCode,
      details: { payerBankCode: s.payer?.bankCode ?? null, blocked: s.blocked.bankCode },
    }),
  },
  {
    reason: 'INVALID_CUSTOMER_DATA',
    group: 'fraud',
    skippedBy: [],
    // Credit is granted only to a buyer who proved the CPF, whatever the merchant skips: `always`.
    evaluate: (s) => {
      const identity = identityProof(s);
      const cpfRegular = s.bureau.cpfStatus === 'REGULAR';
      return { passed: identity.passed && cpfRegular, details: { ...identity.details, cpfRegular } };
    },
    always: identityProof,
  },
  {
    reason: 'ANTI_FRAUD_SCORE',
    group: 'fraud',
    skippedBy: [],
    evaluate: (s) => ({
      passed: s.antifraudScore >= s.config.minAntifraudScore,
      details: { score: s.antifraudScore, minimum: s.config.minAntifraudScore },
    }),
  },
  {
    reason: 'LEGALLY_PROTECTED_MINOR',
    group: 'risk',
    // The law, not a risk appetite: no merchant flag lends to a minor.
    skippedBy: [],
    evaluate: (s) => {
      const birthDate = s.bureau.birthDate ?? s.customer.birthDate;
      if (birthDate === null) return ok({ birthDate: null });
      const age = ageAt(birthDate, s.today);
      return { passed: age >= s.config.minAge, details: { birthDate, age } };
    },
  },
  {
    // In collections: no new credit until the operator takes the CPF off the list, whatever the merchant skips or
    // the trust list says. The shopper reads LATE_INSTALMENTS' text ('Você tem pagamentos pendentes com a Drip...').
    name: 'DEBT_NEGOTIATION',
    reason: 'LATE_INSTALMENTS',
    group: 'risk',
    skippedBy: [],
    evaluate: (s) => ({
      passed: !s.lists.onDebtNegotiation,
      details: { onDebtNegotiation: s.lists.onDebtNegotiation },
    }),
  },
  {
    reason: 'LATE_INSTALMENTS',
    group: 'risk',
    skippedBy: [],
    evaluate: (s) => ({
      passed: s.history.lateInstalments === 0,
      details: { lateInstalments: s.history.lateInstalments },
    }),
  },
  {
    reason: 'ACTIVE_ORDERS_WITH_FIRST_INSTALMENT_NOT_PAID',
    group: 'risk',
    skippedBy: [],
    evaluate: (s) => ({
      passed: s.history.activeOrdersWithFirstInstalmentUnpaid === 0,
      details: { orders: s.history.activeOrdersWithFirstInstalmentUnpaid },
    }),
  },
  {
    reason: 'ALREADY_HAVE_ACTIVE_ORDER',
    group: 'risk',
    skippedBy: [],
    evaluate: (s) => ({
      passed: s.history.activeOrders < s.config.maxActiveOrders,
      details: { activeOrders: s.history.activeOrders, maximum: s.config.maxActiveOrders },
    }),
  },
  {
    reason: 'DEFAULT',
    group: 'risk',
    skippedBy: [],
    evaluate: (s) => {
      // skipProtectedScore: the score is not read (the merchant maximum is the limit); a negativated CPF still denies.
      const scoreIgnored = s.merchant.skipProtectedScore;
      const scoreOk = scoreIgnored || s.bureau.score >= s.config.minBureauScore;
      return {
        passed: !s.bureau.negativated && scoreOk,
        details: {
          negativated: s.bureau.negativated,
          score: s.bureau.score,
          minimum: s.config.minBureauScore,
          scoreIgnored,
        },
      };
    },
  },
  {
    reason: 'ORDER_ABOVE_MAX_VALUE',
    group: 'limit',
    // Always on: with skipOrderAmountRule the merchant maximum is the only limit of the order.
    skippedBy: [],
    evaluate: (s) => {
      const maxAmount = s.merchant.maxAmountPerOrder;
      if (maxAmount === null || maxAmount <= 0) return ok({ maxAmountPerOrder: null });
      const passed = s.amount <= maxAmount;
      const blockedLimit = s.history.unpaidPrincipal;
      return {
        passed,
        details: {
          amount: s.amount,
          maxAmountPerOrder: maxAmount,
          isTheCustomerLimit: s.merchant.skipOrderAmountRule,
        },
        koVariables: {
          allowedAmount: maxAmount,
          blockedLimit,
          // A shopper new to Drip (nothing to unlock) is offered the waiting list for a larger limit.
          ...(blockedLimit === 0 && s.history.totalOrders === 0
            ? { waitlistStatus: 'WAITING_RESPONSE' as const }
            : {}),
        },
      };
    },
  },
  {
    reason: 'ORDER_ABOVE_CUSTOMER_MAX_VALUE',
    group: 'limit',
    skippedBy: ['skipOrderAmountRule'],
    evaluate: (s) => {
      const limit = customerLimitAt(s);
      const available = max0(sub(limit, s.history.unpaidPrincipal));
      return {
        passed: s.amount <= available,
        details: {
          amount: s.amount,
          limit,
          bureauLimit: s.bureau.limit,
          merchantCustomerLimit: s.merchant.customerLimit,
          used: s.history.unpaidPrincipal,
          available,
        },
        koVariables: { allowedAmount: available, blockedLimit: s.history.unpaidPrincipal },
      };
    },
  },
  {
    reason: 'MAX_MULTIPLE_ORDERS_VALUE_PER_CUSTOMER',
    group: 'limit',
    skippedBy: [],
    evaluate: (s) => {
      const open = s.history.unpaidPrincipal;
      const allowed = max0(sub(s.config.maxOpenValuePerCustomer, open));
      return {
        passed: open + s.amount <= s.config.maxOpenValuePerCustomer,
        details: { open, amount: s.amount, maximum: s.config.maxOpenValuePerCustomer },
        koVariables: { allowedAmount: allowed, blockedLimit: open },
      };
    },
  },
  {
    reason: 'DRIP_MAX_VALUE_PER_DAY',
    group: 'fraud',
    skippedBy: [],
    evaluate: (s) => ({
      passed: s.drip.financedToday + s.amount <= s.config.dripDailyCap,
      details: { financedToday: s.drip.financedToday, amount: s.amount, cap: s.config.dripDailyCap },
    }),
  },
  {
    reason: 'DRIP_MAX_VALUE_GLOBAL',
    group: 'fraud',
    skippedBy: [],
    evaluate: (s) => ({
      passed: s.drip.outstanding + s.amount <= s.config.dripGlobalCap,
      details: { outstanding: s.drip.outstanding, amount: s.amount, cap: s.config.dripGlobalCap },
    }),
  },
];

/**
 * The merchant's flags as the rules apply them (spec 4 "Risk rule dependencies", spec 5): `skipOrderAmountRule`
 * counts only with a `maxAmountPerOrder` above zero, and `skipProtectedScore` only when `skipOrderAmountRule`
 * counts. The merchant forms refuse the other combinations (core `merchantRiskFlagsIssues`); a row saved before
 * that check is read as if the unmet flag were off, so that no purchase is ever analysed without a limit.
 */
export function effectiveFlags(m: CreditSnapshot['merchant']): CreditSnapshot['merchant'] {
  const skipOrderAmountRule =
    m.skipOrderAmountRule && m.maxAmountPerOrder !== null && m.maxAmountPerOrder > 0;
  return { ...m, skipOrderAmountRule, skipProtectedScore: m.skipProtectedScore && skipOrderAmountRule };
}

/**
 * Whether the merchant switched a rule off. `skipAntifraud` switches off every rule of the fraud group that is
 * about the shopper (blocked lists, invalid data, anti-fraud score); Drip's own caps (daily/global) stay on.
 */
export function isSkipped(rule: CreditRule, flags: MerchantRuleFlags): boolean {
  if (rule.skippedBy.some((f) => flags[f])) return true;
  return flags.skipAntifraud && isShopperFraudRule(rule);
}

/** The rules a trust-list CPF skips: the same ones as `skipAntifraud` (the proof of the CPF still holds). */
export function isShopperFraudRule(rule: CreditRule): boolean {
  return rule.group === 'fraud' && !DRIP_CAP_REASONS.includes(rule.reason);
}

const DRIP_CAP_REASONS: readonly DenialReason[] = ['DRIP_MAX_VALUE_PER_DAY', 'DRIP_MAX_VALUE_GLOBAL'];

export interface EvaluatedRule {
  rule: CreditRuleName;
  group: RuleGroup;
  /** null when the merchant switched the rule off. */
  passed: boolean | null;
  skipped: boolean;
  details: RuleOutcome['details'];
}

export type CreditDecision =
  | { type: 'approved'; evaluated: EvaluatedRule[]; limit: Cents; available: Cents }
  | {
      type: 'denied';
      reason: DenialReason;
      koVariables: NonNullable<RuleOutcome['koVariables']>;
      evaluated: EvaluatedRule[];
      limit: Cents;
      available: Cents;
    };

/** The customer's limit at this merchant: the bureau limit, capped by the merchant's positive `customerLimit`. */
function customerLimitAt(s: CreditSnapshot): Cents {
  const cap = s.merchant.customerLimit;
  return cap !== null && cap > 0 && cap < s.bureau.limit ? cap : s.bureau.limit;
}

/**
 * Evaluates every rule in order, under the merchant's effective flags; the first failing (non-skipped) rule is the
 * reason. The customer's limit is the bureau limit (capped by the merchant's `customerLimit`), or the merchant
 * maximum under skipOrderAmountRule.
 */
export function evaluateCredit(
  snapshot: CreditSnapshot,
  rules: readonly CreditRule[] = CREDIT_RULES,
): CreditDecision {
  const s: CreditSnapshot = { ...snapshot, merchant: effectiveFlags(snapshot.merchant) };
  const evaluated: EvaluatedRule[] = [];
  let first: { reason: DenialReason; koVariables: NonNullable<RuleOutcome['koVariables']> } | null = null;
  for (const rule of rules) {
    const name = rule.name ?? rule.reason;
    const byMerchant = isSkipped(rule, s.merchant);
    const byTrust = !byMerchant && s.lists.whitelisted && isShopperFraudRule(rule);
    const skipped = byMerchant || byTrust;
    const unskippable = skipped ? rule.always?.(s) : undefined;
    if (skipped && (unskippable === undefined || unskippable.passed)) {
      const details: RuleOutcome['details'] = byTrust ? { skippedBy: 'WHITELIST' } : {};
      evaluated.push({ rule: name, group: rule.group, passed: null, skipped: true, details });
      continue;
    }
    const outcome = unskippable ?? rule.evaluate(s);
    evaluated.push({
      rule: name,
      group: rule.group,
      passed: outcome.passed,
      skipped: false,
      details: outcome.details,
    });
    if (!outcome.passed && first === null)
      first = { reason: rule.reason, koVariables: outcome.koVariables ?? {} };
  }
  // Under skipOrderAmountRule (effective: a positive maximum) the merchant maximum is the limit of each order.
  const merchantMaximum = s.merchant.skipOrderAmountRule ? s.merchant.maxAmountPerOrder : null;
  const customerLimit = customerLimitAt(s);
  const limit = merchantMaximum ?? customerLimit;
  const available = merchantMaximum ?? max0(sub(customerLimit, s.history.unpaidPrincipal));
  if (first === null) return { type: 'approved', evaluated, limit, available };
  return { type: 'denied', ...first, evaluated, limit, available };
}
