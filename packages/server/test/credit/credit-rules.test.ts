import { cents, DENIAL_REASONS, type DenialReason, isValidCpf } from '@drip/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CHECKOUT_CONFIG } from '../../src/modules/checkouts/config.ts';
import {
  CREDIT_RULES,
  type CreditRuleName,
  type CreditSnapshot,
  evaluateCredit,
  isSkipped,
  type MerchantRuleFlags,
} from '../../src/modules/credit/rules.ts';
import { MAGIC_CPFS } from '../../src/modules/credit/sandbox.ts';

const NO_SKIP: MerchantRuleFlags = {
  skipAntifraud: false,
  skipProtectedScore: false,
  skipFraudulentPhone: false,
  skipFraudulentCpf: false,
  skipFraudulentAddressCep: false,
  skipFraudulentBankCode: false,
  skipOrderAmountRule: false,
};

/** A snapshot that passes every rule. */
function good(): CreditSnapshot {
  return {
    now: new Date('2026-03-10T12:00:00Z'),
    today: '2026-03-10',
    checkoutExpiresAt: new Date('2026-03-11T12:00:00Z'),
    amount: cents(30_000),
    customer: {
      cpf: '52998224725',
      phone: '+5511912345678',
      addressCep: '01310100',
      birthDate: '1990-01-01',
      phoneOnFile: false,
      archived: false,
    },
    payer: { cpf: '52998224725', bankCode: '260' },
    bureau: {
      score: 750,
      limit: cents(200_000),
      negativated: false,
      birthDate: '1990-01-01',
      cpfStatus: 'REGULAR',
    },
    antifraudScore: 900,
    merchant: { ...NO_SKIP, enabled: true, maxAmountPerOrder: cents(500_000), customerLimit: null },
    blocked: { cpf: false, phone: false, cep: false, bankCode: false },
    lists: { whitelisted: false, onDebtNegotiation: false },
    history: {
      activeOrders: 0,
      unpaidPrincipal: cents(0),
      lateInstalments: 0,
      activeOrdersWithFirstInstalmentUnpaid: 0,
      totalOrders: 1,
    },
    drip: { financedToday: cents(0), outstanding: cents(0) },
    config: DEFAULT_CHECKOUT_CONFIG.credit,
  };
}

/** The rules' recorded names, in order; FAILED_MERCHANT_ORDER_CONFIRMATION is no rule of the analysis. */
type RuleName = Exclude<CreditRuleName, 'FAILED_MERCHANT_ORDER_CONFIRMATION'>;
const RULE_NAMES = CREDIT_RULES.map((r) => r.name ?? r.reason) as RuleName[];
const reasonOf = (name: RuleName): DenialReason =>
  CREDIT_RULES.find((r) => (r.name ?? r.reason) === name)?.reason ?? 'DEFAULT';

/** For every rule, a change that makes exactly that rule fail. */
const BREAKERS: Record<RuleName, (s: CreditSnapshot) => void> = {
  EXPIRED: (s) => {
    s.checkoutExpiresAt = new Date('2026-03-10T11:00:00Z');
  },
  MERCHANT_ENABLED: (s) => {
    s.merchant.enabled = false;
  },
  CUSTOMER_ARCHIVED: (s) => {
    s.customer.archived = true;
  },
  BLOCKED_CUSTOMER_CPF: (s) => {
    s.blocked.cpf = true;
  },
  BLOCKED_CUSTOMER_PHONE: (s) => {
    s.blocked.phone = true;
  },
  BLOCKED_CUSTOMER_ADDRESS_CEP: (s) => {
    s.blocked.cep = true;
  },
  BLOCKED_BANK_CODE: (s) => {
    s.blocked.bankCode = true;
  },
  INVALID_CUSTOMER_DATA: (s) => {
    // An irregular CPF: the part of the rule that skipAntifraud switches off (a payer of another CPF never is).
    s.bureau.cpfStatus = 'IRREGULAR';
  },
  ANTI_FRAUD_SCORE: (s) => {
    s.antifraudScore = 100;
  },
  LEGALLY_PROTECTED_MINOR: (s) => {
    s.bureau.birthDate = '2010-03-11';
  },
  DEBT_NEGOTIATION: (s) => {
    s.lists.onDebtNegotiation = true;
  },
  LATE_INSTALMENTS: (s) => {
    s.history.lateInstalments = 1;
  },
  ACTIVE_ORDERS_WITH_FIRST_INSTALMENT_NOT_PAID: (s) => {
    s.history.activeOrdersWithFirstInstalmentUnpaid = 1;
  },
  ALREADY_HAVE_ACTIVE_ORDER: (s) => {
    s.history.activeOrders = 3;
  },
  DEFAULT: (s) => {
    s.bureau.negativated = true;
  },
  ORDER_ABOVE_MAX_VALUE: (s) => {
    s.merchant.maxAmountPerOrder = cents(10_000);
  },
  ORDER_ABOVE_CUSTOMER_MAX_VALUE: (s) => {
    s.bureau.limit = cents(10_000);
  },
  MAX_MULTIPLE_ORDERS_VALUE_PER_CUSTOMER: (s) => {
    s.bureau.limit = cents(10_000_000);
    s.history.unpaidPrincipal = cents(290_000);
  },
  DRIP_MAX_VALUE_PER_DAY: (s) => {
    s.drip.financedToday = s.config.dripDailyCap;
  },
  DRIP_MAX_VALUE_GLOBAL: (s) => {
    s.drip.outstanding = s.config.dripGlobalCap;
  },
};

/**
 * Which merchant flag switches each rule off (skipAntifraud: every shopper fraud rule; skipOrderAmountRule: the
 * customer's bureau limit, the merchant maximum being the limit). No flag switches off the minor or the merchant
 * maximum, nor the proof of the CPF (INVALID_CUSTOMER_DATA's breaker here is an irregular CPF).
 */
const SKIPPED_BY: Partial<Record<RuleName, (keyof MerchantRuleFlags)[]>> = {
  INVALID_CUSTOMER_DATA: ['skipAntifraud'],
  BLOCKED_CUSTOMER_CPF: ['skipFraudulentCpf', 'skipAntifraud'],
  BLOCKED_CUSTOMER_PHONE: ['skipFraudulentPhone', 'skipAntifraud'],
  BLOCKED_CUSTOMER_ADDRESS_CEP: ['skipFraudulentAddressCep', 'skipAntifraud'],
  BLOCKED_BANK_CODE: ['skipFraudulentBankCode', 'skipAntifraud'],
  ANTI_FRAUD_SCORE: ['skipAntifraud'],
  ORDER_ABOVE_CUSTOMER_MAX_VALUE: ['skipOrderAmountRule'],
};

describe('credit rules', () => {
  it('every denial code of spec section 8 but the store confirmation is a rule, in the documented order', () => {
    expect([...new Set(CREDIT_RULES.map((r) => r.reason))].sort()).toEqual(
      DENIAL_REASONS.filter((r) => r !== 'FAILED_MERCHANT_ORDER_CONFIRMATION').sort(),
    );
    expect(RULE_NAMES).toEqual([
      'EXPIRED',
      'MERCHANT_ENABLED',
      'CUSTOMER_ARCHIVED',
      'BLOCKED_CUSTOMER_CPF',
      'BLOCKED_CUSTOMER_PHONE',
      'BLOCKED_CUSTOMER_ADDRESS_CEP',
      'BLOCKED_BANK_CODE',
      'INVALID_CUSTOMER_DATA',
      'ANTI_FRAUD_SCORE',
      'LEGALLY_PROTECTED_MINOR',
      'DEBT_NEGOTIATION',
      'LATE_INSTALMENTS',
      'ACTIVE_ORDERS_WITH_FIRST_INSTALMENT_NOT_PAID',
      'ALREADY_HAVE_ACTIVE_ORDER',
      'DEFAULT',
      'ORDER_ABOVE_MAX_VALUE',
      'ORDER_ABOVE_CUSTOMER_MAX_VALUE',
      'MAX_MULTIPLE_ORDERS_VALUE_PER_CUSTOMER',
      'DRIP_MAX_VALUE_PER_DAY',
      'DRIP_MAX_VALUE_GLOBAL',
    ]);
  });

  it('a good snapshot is approved and every rule is recorded', () => {
    const d = evaluateCredit(good());
    expect(d.type).toBe('approved');
    expect(d.evaluated).toHaveLength(CREDIT_RULES.length);
    expect(d.evaluated.every((e) => e.passed === true)).toBe(true);
  });

  it.each(RULE_NAMES.map((r) => [r]))('%s: its breaker denies with its reason', (name) => {
    const s = good();
    BREAKERS[name](s);
    const d = evaluateCredit(s);
    expect(d.type).toBe('denied');
    if (d.type === 'denied') expect(d.reason).toBe(reasonOf(name));
    expect(d.evaluated.find((e) => e.passed === false)?.rule).toBe(name);
  });

  it.each(RULE_NAMES.map((r) => [r]))('%s: switched off exactly by its merchant flags', (name) => {
    const flags = SKIPPED_BY[name] ?? [];
    for (const flag of Object.keys(NO_SKIP) as (keyof MerchantRuleFlags)[]) {
      const s = good();
      BREAKERS[name](s);
      s.merchant[flag] = true;
      const d = evaluateCredit(s);
      if (flags.includes(flag)) {
        expect(d.type, `${name} with ${flag}`).toBe('approved');
        expect(d.evaluated.find((e) => e.rule === name)?.skipped).toBe(true);
      } else {
        expect(d.type === 'denied' && d.reason, `${name} with ${flag}`).toBe(reasonOf(name));
      }
    }
  });

  it('no approval without a proof of the CPF: no payer and no verified phone on file is invalid data', () => {
    const s = good();
    s.payer = null;
    s.customer.phoneOnFile = false;
    const d = evaluateCredit(s);
    expect(d.type === 'denied' && d.reason).toBe('INVALID_CUSTOMER_DATA');
    expect(d.evaluated.find((e) => e.rule === 'INVALID_CUSTOMER_DATA')?.details).toMatchObject({
      proof: 'NONE',
    });
  });

  it('the verified phone on file proves the CPF without a payer', () => {
    const s = good();
    s.payer = null;
    s.customer.phoneOnFile = true;
    const d = evaluateCredit(s);
    expect(d.type).toBe('approved');
    expect(d.evaluated.find((e) => e.rule === 'INVALID_CUSTOMER_DATA')?.details).toMatchObject({
      proof: 'PHONE_ON_FILE',
    });
  });

  const noProof = (s: CreditSnapshot) => {
    s.payer = null;
  };
  const otherPayer = (s: CreditSnapshot) => {
    s.payer = { cpf: '11144477735', bankCode: '260' };
  };
  it.each([
    ['no proof', noProof],
    ['a payer of another CPF', otherPayer],
  ])('%s is denied even when the merchant skips every flag', (_name, breakIdentity) => {
    const s = good();
    breakIdentity(s);
    for (const flag of Object.keys(NO_SKIP) as (keyof MerchantRuleFlags)[]) s.merchant[flag] = true;
    s.merchant.maxAmountPerOrder = cents(500_000);
    const d = evaluateCredit(s);
    expect(d.type === 'denied' && d.reason).toBe('INVALID_CUSTOMER_DATA');
  });

  it('limit reasons carry the allowed amount and the blocked limit', () => {
    const s = good();
    s.bureau.limit = cents(50_000);
    s.history.unpaidPrincipal = cents(30_000);
    const d = evaluateCredit(s);
    expect(d).toMatchObject({
      type: 'denied',
      reason: 'ORDER_ABOVE_CUSTOMER_MAX_VALUE',
      koVariables: { allowedAmount: 20_000, blockedLimit: 30_000 },
    });
  });

  it("the merchant's customerLimit caps the bureau limit at that merchant, never raises it", () => {
    const s = good();
    s.amount = cents(60_000);
    s.bureau.limit = cents(200_000);
    s.history.unpaidPrincipal = cents(10_000);
    s.merchant.customerLimit = cents(50_000);
    expect(evaluateCredit(s)).toMatchObject({
      type: 'denied',
      reason: 'ORDER_ABOVE_CUSTOMER_MAX_VALUE',
      koVariables: { allowedAmount: 40_000, blockedLimit: 10_000 },
      limit: 50_000,
      available: 40_000,
    });
    s.amount = cents(40_000);
    expect(evaluateCredit(s)).toMatchObject({ type: 'approved', limit: 50_000, available: 40_000 });
    // Above the bureau limit the cap changes nothing; 0 is no cap (the form's default).
    s.merchant.customerLimit = cents(900_000);
    expect(evaluateCredit(s)).toMatchObject({ type: 'approved', limit: 200_000 });
    s.merchant.customerLimit = cents(0);
    expect(evaluateCredit(s)).toMatchObject({ type: 'approved', limit: 200_000 });
  });

  it('the first failing rule in the order is the reason (property)', () => {
    const names = fc.subarray(RULE_NAMES, { minLength: 1 });
    fc.assert(
      fc.property(names, (broken) => {
        const s = good();
        // MAX_MULTIPLE and ORDER_ABOVE_CUSTOMER share the limit: apply in order so the later one wins its setup.
        for (const r of broken) BREAKERS[r](s);
        const d = evaluateCredit(s);
        expect(d.type).toBe('denied');
        if (d.type !== 'denied') return;
        const firstFailing = d.evaluated.find((e) => e.passed === false);
        expect(firstFailing).toBeDefined();
        if (!firstFailing) return;
        expect(d.reason).toBe(reasonOf(firstFailing.rule as RuleName));
        const expectedFirst = RULE_NAMES.find(
          (r) => broken.includes(r) && d.evaluated.find((e) => e.rule === r)?.passed === false,
        );
        expect(firstFailing.rule).toBe(expectedFirst);
        const at = RULE_NAMES.indexOf(firstFailing.rule as RuleName);
        for (const e of d.evaluated)
          if (RULE_NAMES.indexOf(e.rule as RuleName) < at) expect(e.passed).not.toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  it('an archived merchant is denied with DEFAULT (recorded as MERCHANT_ENABLED), never FAILED_MERCHANT_ORDER_CONFIRMATION', () => {
    const s = good();
    s.merchant.enabled = false;
    const d = evaluateCredit(s);
    expect(d).toMatchObject({ type: 'denied', reason: 'DEFAULT' });
    expect(d.evaluated[1]).toMatchObject({ rule: 'MERCHANT_ENABLED', passed: false });
    expect(CREDIT_RULES.some((r) => r.reason === 'FAILED_MERCHANT_ORDER_CONFIRMATION')).toBe(false);
  });

  it('no merchant flag lends to a minor', () => {
    const s = good();
    BREAKERS.LEGALLY_PROTECTED_MINOR(s);
    for (const flag of Object.keys(NO_SKIP) as (keyof MerchantRuleFlags)[]) s.merchant[flag] = true;
    expect(evaluateCredit(s)).toMatchObject({ type: 'denied', reason: 'LEGALLY_PROTECTED_MINOR' });
  });
});

describe('the risk lists of the back office', () => {
  /** The rules a CPF on the trust list skips: every shopper fraud rule, as skipAntifraud. */
  const TRUST_SKIPS: RuleName[] = [
    'BLOCKED_CUSTOMER_CPF',
    'BLOCKED_CUSTOMER_PHONE',
    'BLOCKED_CUSTOMER_ADDRESS_CEP',
    'BLOCKED_BANK_CODE',
    'INVALID_CUSTOMER_DATA',
    'ANTI_FRAUD_SCORE',
  ];

  it.each(RULE_NAMES.map((r) => [r]))(
    '%s: a trusted CPF skips it only if it is a shopper fraud rule',
    (name) => {
      const s = good();
      BREAKERS[name](s);
      s.lists.whitelisted = true;
      const d = evaluateCredit(s);
      if (TRUST_SKIPS.includes(name)) {
        expect(d.type, name).toBe('approved');
        expect(d.evaluated.find((e) => e.rule === name)).toMatchObject({
          skipped: true,
          passed: null,
          details: { skippedBy: 'WHITELIST' },
        });
      } else {
        expect(d.type === 'denied' && d.reason, name).toBe(reasonOf(name));
      }
    },
  );

  it('a trusted CPF still has to prove the CPF (no payer, or a payer of another CPF, is invalid data)', () => {
    const s = good();
    s.lists.whitelisted = true;
    s.payer = { cpf: '11144477735', bankCode: '260' };
    expect(evaluateCredit(s)).toMatchObject({ type: 'denied', reason: 'INVALID_CUSTOMER_DATA' });
  });

  it('a blocked CPF, phone or CEP is denied with its own code; the trust list lets it through', () => {
    const cases = [
      ['cpf', 'BLOCKED_CUSTOMER_CPF'],
      ['phone', 'BLOCKED_CUSTOMER_PHONE'],
      ['cep', 'BLOCKED_CUSTOMER_ADDRESS_CEP'],
    ] as const;
    for (const [kind, reason] of cases) {
      const s = good();
      s.blocked[kind] = true;
      expect(evaluateCredit(s)).toMatchObject({ type: 'denied', reason });
      s.lists.whitelisted = true;
      expect(evaluateCredit(s).type, kind).toBe('approved');
    }
  });

  it('the debt-negotiation list denies new credit whatever the merchant skips and the trust list says', () => {
    const s = good();
    s.lists.onDebtNegotiation = true;
    s.lists.whitelisted = true;
    for (const flag of Object.keys(NO_SKIP) as (keyof MerchantRuleFlags)[]) s.merchant[flag] = true;
    const d = evaluateCredit(s);
    expect(d).toMatchObject({ type: 'denied', reason: 'LATE_INSTALMENTS' });
    expect(d.evaluated.find((e) => e.passed === false)?.rule).toBe('DEBT_NEGOTIATION');
  });
});

describe('skipOrderAmountRule: the merchant maximum is the limit', () => {
  const withFlag = (maxAmountPerOrder: number | null) => {
    const s = good();
    s.merchant.skipOrderAmountRule = true;
    s.merchant.maxAmountPerOrder = maxAmountPerOrder === null ? null : cents(maxAmountPerOrder);
    return s;
  };

  it('an amount above the bureau limit but within the merchant maximum is approved, against that maximum', () => {
    const s = withFlag(500_000);
    s.bureau.limit = cents(10_000);
    s.amount = cents(400_000);
    s.config = { ...s.config, maxOpenValuePerCustomer: cents(1_000_000) };
    const d = evaluateCredit(s);
    expect(d).toMatchObject({ type: 'approved', limit: 500_000, available: 500_000 });
    expect(d.evaluated.find((e) => e.rule === 'ORDER_ABOVE_CUSTOMER_MAX_VALUE')?.skipped).toBe(true);
    expect(d.evaluated.find((e) => e.rule === 'ORDER_ABOVE_MAX_VALUE')).toMatchObject({
      passed: true,
      details: { maxAmountPerOrder: 500_000, isTheCustomerLimit: true },
    });
  });

  it('an amount above the merchant maximum is denied with ORDER_ABOVE_MAX_VALUE and that maximum', () => {
    const s = withFlag(20_000);
    s.history.unpaidPrincipal = cents(5_000);
    expect(evaluateCredit(s)).toMatchObject({
      type: 'denied',
      reason: 'ORDER_ABOVE_MAX_VALUE',
      koVariables: { allowedAmount: 20_000, blockedLimit: 5_000 },
    });
  });

  it('without a maximum above zero the flag does not count: the bureau limit stays the limit', () => {
    for (const max of [null, 0]) {
      const s = withFlag(max);
      s.bureau.limit = cents(10_000);
      const d = evaluateCredit(s);
      expect(d, String(max)).toMatchObject({
        type: 'denied',
        reason: 'ORDER_ABOVE_CUSTOMER_MAX_VALUE',
        limit: 10_000,
      });
      expect(d.evaluated.find((e) => e.rule === 'ORDER_ABOVE_CUSTOMER_MAX_VALUE')?.skipped).toBe(false);
    }
  });

  it('without the flag both the merchant maximum and the bureau limit apply', () => {
    const above = good();
    above.merchant.maxAmountPerOrder = cents(20_000);
    expect(evaluateCredit(above)).toMatchObject({ type: 'denied', reason: 'ORDER_ABOVE_MAX_VALUE' });
    const overLimit = good();
    overLimit.bureau.limit = cents(20_000);
    expect(evaluateCredit(overLimit)).toMatchObject({
      type: 'denied',
      reason: 'ORDER_ABOVE_CUSTOMER_MAX_VALUE',
    });
  });

  it("Drip's own per-customer cap stays on", () => {
    const s = withFlag(500_000);
    BREAKERS.MAX_MULTIPLE_ORDERS_VALUE_PER_CUSTOMER(s);
    expect(evaluateCredit(s)).toMatchObject({
      type: 'denied',
      reason: 'MAX_MULTIPLE_ORDERS_VALUE_PER_CUSTOMER',
    });
  });
});

describe('skipProtectedScore: the score behind the customer limit is not read', () => {
  const lowScore = (skipOrderAmountRule: boolean, skipProtectedScore: boolean) => {
    const s = good();
    s.bureau.score = s.config.minBureauScore - 1;
    s.merchant.skipOrderAmountRule = skipOrderAmountRule;
    s.merchant.skipProtectedScore = skipProtectedScore;
    return evaluateCredit(s);
  };

  it('a low bureau score no longer denies when the merchant maximum is the limit', () => {
    const d = lowScore(true, true);
    expect(d.type).toBe('approved');
    expect(d.evaluated.find((e) => e.rule === 'DEFAULT')?.details).toMatchObject({ scoreIgnored: true });
  });

  it('it needs skipOrderAmountRule: alone (or with no maximum) the low score still denies', () => {
    expect(lowScore(false, true)).toMatchObject({ type: 'denied', reason: 'DEFAULT' });
    expect(lowScore(true, false)).toMatchObject({ type: 'denied', reason: 'DEFAULT' });
    const s = good();
    s.bureau.score = 0;
    s.merchant = {
      ...s.merchant,
      skipOrderAmountRule: true,
      skipProtectedScore: true,
      maxAmountPerOrder: null,
    };
    expect(evaluateCredit(s)).toMatchObject({ type: 'denied', reason: 'DEFAULT' });
  });

  it('a negativated CPF and a minor are still denied', () => {
    const negativated = good();
    BREAKERS.DEFAULT(negativated);
    negativated.merchant = { ...negativated.merchant, skipOrderAmountRule: true, skipProtectedScore: true };
    expect(evaluateCredit(negativated)).toMatchObject({ type: 'denied', reason: 'DEFAULT' });
    const minor = good();
    BREAKERS.LEGALLY_PROTECTED_MINOR(minor);
    minor.merchant = { ...minor.merchant, skipOrderAmountRule: true, skipProtectedScore: true };
    expect(evaluateCredit(minor)).toMatchObject({ type: 'denied', reason: 'LEGALLY_PROTECTED_MINOR' });
  });
});

describe('credit rules: helpers', () => {
  it('isSkipped keeps the Drip caps on under skipAntifraud', () => {
    const all = { ...NO_SKIP, skipAntifraud: true };
    const caps = CREDIT_RULES.filter((r) => r.reason.startsWith('DRIP_MAX'));
    for (const r of caps) expect(isSkipped(r, all)).toBe(false);
  });

  it('the magic CPFs of docs/sandbox.md have valid check digits', () => {
    for (const cpf of Object.keys(MAGIC_CPFS)) expect(isValidCpf(cpf), cpf).toBe(true);
  });
});
