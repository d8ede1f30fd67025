import { cents, DENIAL_REASONS, type DenialReason, isValidCpf } from '@drip/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CHECKOUT_CONFIG } from '../src/modules/checkouts/config.ts';
import {
  CREDIT_RULES,
  type CreditSnapshot,
  evaluateCredit,
  isSkipped,
  type MerchantRuleFlags,
} from '../src/modules/credit/rules.ts';
import { MAGIC_CPFS } from '../src/modules/credit/sandbox.ts';

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
    merchant: { ...NO_SKIP, enabled: true, maxAmountPerOrder: cents(500_000) },
    blocked: { cpf: false, phone: false, cep: false, bankCode: false },
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

/** For every denial reason (except none), a change that makes exactly that rule fail. */
const BREAKERS: Record<Exclude<DenialReason, never>, (s: CreditSnapshot) => void> = {
  EXPIRED: (s) => {
    s.checkoutExpiresAt = new Date('2026-03-10T11:00:00Z');
  },
  FAILED_MERCHANT_ORDER_CONFIRMATION: (s) => {
    s.merchant.enabled = false;
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

/** Which merchant flag switches each rule off (skipAntifraud: every shopper fraud rule). */
const SKIPPED_BY: Partial<Record<DenialReason, (keyof MerchantRuleFlags)[]>> = {
  INVALID_CUSTOMER_DATA: ['skipAntifraud'],
  BLOCKED_CUSTOMER_CPF: ['skipFraudulentCpf', 'skipAntifraud'],
  BLOCKED_CUSTOMER_PHONE: ['skipFraudulentPhone', 'skipAntifraud'],
  BLOCKED_CUSTOMER_ADDRESS_CEP: ['skipFraudulentAddressCep', 'skipAntifraud'],
  BLOCKED_BANK_CODE: ['skipFraudulentBankCode', 'skipAntifraud'],
  ANTI_FRAUD_SCORE: ['skipAntifraud'],
  LEGALLY_PROTECTED_MINOR: ['skipProtectedScore'],
  ORDER_ABOVE_MAX_VALUE: ['skipOrderAmountRule'],
};

describe('credit rules', () => {
  it('every denial code of spec section 8 is a rule, in the documented order', () => {
    expect(CREDIT_RULES.map((r) => r.reason).sort()).toEqual([...DENIAL_REASONS].sort());
    expect(CREDIT_RULES.map((r) => r.reason)).toEqual([
      'EXPIRED',
      'FAILED_MERCHANT_ORDER_CONFIRMATION',
      'BLOCKED_CUSTOMER_CPF',
      'BLOCKED_CUSTOMER_PHONE',
      'BLOCKED_CUSTOMER_ADDRESS_CEP',
      'BLOCKED_BANK_CODE',
      'INVALID_CUSTOMER_DATA',
      'ANTI_FRAUD_SCORE',
      'LEGALLY_PROTECTED_MINOR',
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

  it.each(DENIAL_REASONS.map((r) => [r]))('%s: its breaker denies with that reason', (reason) => {
    const s = good();
    BREAKERS[reason](s);
    const d = evaluateCredit(s);
    expect(d.type).toBe('denied');
    if (d.type === 'denied') expect(d.reason).toBe(reason);
  });

  it.each(DENIAL_REASONS.map((r) => [r]))('%s: switched off exactly by its merchant flags', (reason) => {
    const flags = SKIPPED_BY[reason] ?? [];
    for (const flag of Object.keys(NO_SKIP) as (keyof MerchantRuleFlags)[]) {
      const s = good();
      BREAKERS[reason](s);
      s.merchant[flag] = true;
      const d = evaluateCredit(s);
      if (flags.includes(flag)) {
        expect(d.type, `${reason} with ${flag}`).toBe('approved');
        expect(d.evaluated.find((e) => e.rule === reason)?.skipped).toBe(true);
      } else {
        expect(d.type === 'denied' && d.reason, `${reason} with ${flag}`).toBe(reason);
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

  it('the first failing rule in the order is the reason (property)', () => {
    const reasons = fc.subarray([...DENIAL_REASONS], { minLength: 1 });
    fc.assert(
      fc.property(reasons, (broken) => {
        const s = good();
        // MAX_MULTIPLE and ORDER_ABOVE_CUSTOMER share the limit: apply in order so the later one wins its setup.
        for (const r of broken) BREAKERS[r](s);
        const d = evaluateCredit(s);
        expect(d.type).toBe('denied');
        if (d.type !== 'denied') return;
        const firstFailing = d.evaluated.find((e) => e.passed === false);
        expect(d.reason).toBe(firstFailing?.rule);
        const order = CREDIT_RULES.map((r) => r.reason);
        const expectedFirst = order.find(
          (r) => broken.includes(r) && d.evaluated.find((e) => e.rule === r)?.passed === false,
        );
        expect(d.reason).toBe(expectedFirst);
        for (const e of d.evaluated)
          if (order.indexOf(e.rule) < order.indexOf(d.reason)) expect(e.passed).not.toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  it('isSkipped keeps the Drip caps on under skipAntifraud', () => {
    const all = { ...NO_SKIP, skipAntifraud: true };
    const caps = CREDIT_RULES.filter((r) => r.reason.startsWith('DRIP_MAX'));
    for (const r of caps) expect(isSkipped(r, all)).toBe(false);
  });

  it('the magic CPFs of docs/sandbox.md have valid check digits', () => {
    for (const cpf of Object.keys(MAGIC_CPFS)) expect(isValidCpf(cpf), cpf).toBe(true);
  });
});
