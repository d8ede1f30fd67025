import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { CheckoutLink, MerchantCheckoutSummary } from './merchant-sales.ts';
import { DENIAL_REASONS } from './primitives.ts';
import {
  adminDenialLabel,
  MERCHANT_KO_REASONS,
  merchantKoReason,
  REFUSAL_GROUP_LABELS,
  refusalGroupOf,
  refusalReasonLabel,
} from './refusal-groups.ts';

/** The individual fraud signals of spec 8's chart grouping: what a merchant must never read. */
const FRAUD_SIGNALS = [
  'INVALID_CUSTOMER_DATA',
  'DRIP_MAX_VALUE_GLOBAL',
  'DRIP_MAX_VALUE_PER_DAY',
  'BLOCKED_CUSTOMER_PHONE',
  'BLOCKED_CUSTOMER_CPF',
  'BLOCKED_CUSTOMER_ADDRESS_CEP',
  'BLOCKED_BANK_CODE',
  'ANTI_FRAUD_SCORE',
];

describe('refusal groups (spec 8)', () => {
  it("groups every denial reason as spec 8's chart does", () => {
    const expected: Record<string, string> = {
      ...Object.fromEntries(FRAUD_SIGNALS.map((r) => [r, 'FRAUD'])),
      ORDER_ABOVE_MAX_VALUE: 'CUSTOMER_LIMIT',
      ORDER_ABOVE_CUSTOMER_MAX_VALUE: 'CUSTOMER_CREDIT_RISK',
      ACTIVE_ORDERS_WITH_FIRST_INSTALMENT_NOT_PAID: 'CUSTOMER_UNPAID_INSTALMENTS',
      LATE_INSTALMENTS: 'LATE_CUSTOMER',
      MAX_MULTIPLE_ORDERS_VALUE_PER_CUSTOMER: 'CUSTOMER_ORDER_VALUE_LIMIT',
      ALREADY_HAVE_ACTIVE_ORDER: 'CUSTOMER_ORDER_LIMIT',
      FAILED_MERCHANT_ORDER_CONFIRMATION: 'MERCHANT_FAILED_CONFIRMATION',
      DEFAULT: 'DEFAULT',
      LEGALLY_PROTECTED_MINOR: 'DEFAULT',
      EXPIRED: 'EXPIRED',
    };
    for (const reason of DENIAL_REASONS) expect(merchantKoReason(reason), reason).toBe(expected[reason]);
    expect(merchantKoReason(null)).toBeNull();
    expect(refusalGroupOf('SOMETHING_NEW')).toBe('DEFAULT');
    expect(refusalGroupOf('toString')).toBe('DEFAULT');
  });

  it("labels the groups: 'Risco de Fraude', 'Outros'; unknown 'Outro'; expired or not KO 'N/A'", () => {
    expect(refusalReasonLabel('KO', 'FRAUD')).toBe('Risco de Fraude');
    expect(refusalReasonLabel('KO', 'DEFAULT')).toBe('Outros');
    expect(refusalReasonLabel('KO', 'LATE_CUSTOMER')).toBe('Cliente com parcelas em atraso');
    expect(refusalReasonLabel('KO', 'SOMETHING_NEW')).toBe('Outro');
    expect(refusalReasonLabel('KO', 'constructor')).toBe('Outro');
    expect(refusalReasonLabel('KO', 'EXPIRED')).toBe('N/A');
    expect(refusalReasonLabel('OK', null)).toBe('N/A');
    // No label names a single fraud signal.
    for (const label of Object.values(REFUSAL_GROUP_LABELS))
      expect(label).not.toMatch(
        /CPF|Telefone|CEP|Banco|antifraude|Limite (diário|global) da Drip|Dados do cliente/,
      );
  });

  it('the merchant schemas refuse an individual fraud signal as koReason', () => {
    const summary = {
      id: 'c',
      code: 'P',
      customerName: null,
      amount: 10,
      status: 'KO',
      createdAt: '2026-03-10T12:00:00.000Z',
      order: null,
    };
    for (const reason of FRAUD_SIGNALS)
      expect(v.safeParse(MerchantCheckoutSummary, { ...summary, koReason: reason }).success, reason).toBe(
        false,
      );
    for (const reason of MERCHANT_KO_REASONS)
      expect(v.safeParse(MerchantCheckoutSummary, { ...summary, koReason: reason }).success, reason).toBe(
        true,
      );
    const link = {
      id: 'l',
      code: 'P',
      amount: 10,
      status: 'KO',
      backofficeStatus: 'ACTIVE',
      creatorEmail: null,
      createdAt: '2026-03-10T12:00:00.000Z',
      formUrl: 'http://x',
    };
    expect(v.safeParse(CheckoutLink, { ...link, koReason: 'BLOCKED_CUSTOMER_CPF' }).success).toBe(false);
    expect(v.safeParse(CheckoutLink, { ...link, koReason: 'FRAUD' }).success).toBe(true);
  });
});

describe("spec 8's admin denial labels", () => {
  const SPEC_LABELS = [
    'Risco e/ou segurança',
    'Limite insuficiente',
    'Cliente em atraso',
    'Servidor do ecomm sem resposta',
    'Menor de idade',
    'Expirado',
    'Dados do pagador são de terceiros ou Pessoa Jurídica',
  ];

  it('labels every denial reason with one of the seven, and uses all seven', () => {
    const used = new Set(DENIAL_REASONS.map((r) => adminDenialLabel('KO', r)));
    expect([...used].sort()).toEqual([...SPEC_LABELS].sort());
  });

  it('an expired checkout is Expirado whatever its reason; an unknown reason is the default', () => {
    expect(adminDenialLabel('EXPIRED', 'BLOCKED_CUSTOMER_CPF')).toBe('Expirado');
    expect(adminDenialLabel('KO', 'LEGALLY_PROTECTED_MINOR')).toBe('Menor de idade');
    expect(adminDenialLabel('KO', 'SOMETHING_NEW')).toBe('Risco e/ou segurança');
    expect(adminDenialLabel('KO', 'toString')).toBe('Risco e/ou segurança');
  });
});
