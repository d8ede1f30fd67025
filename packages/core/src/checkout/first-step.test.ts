import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  CheckoutResponse,
  checkoutPaths,
  DEFAULT_UPFRONT_PAYMENT_STATUS,
  VERIFICATION_CHANNEL_LABELS,
} from '../contract/checkout.ts';
import {
  firstStepContext,
  firstStepPath,
  initialMachineContext,
  parseFirstStepResponse,
} from './first-step.ts';
import { CHANNEL_LABELS } from './messages.ts';
import { reduceResponse, UPFRONT_STATUS_WHEN_ABSENT } from './state.ts';

const summary = {
  id: 'm1',
  name: 'Casa Pitanga',
  cashbackRate: 0.05,
  totalAmount: 299.9,
};

const firstAnswer = {
  result: 'MORE_INFO',
  fields: [
    { fieldName: 'merchantSummary', fieldData: summary },
    { fieldName: 'resolveUrl', fieldData: 'https://loja.example/ok' },
    { fieldName: 'cancelUrl', fieldData: 'https://loja.example/cancelado' },
    { fieldName: 'customerCpf' },
    { fieldName: 'customerPhone', fieldData: '+5511987654321' },
    { fieldName: 'customerEmail' },
  ],
};

describe('the first step without the machine', () => {
  it.each([
    firstAnswer,
    {
      result: 'MORE_INFO',
      fields: [
        {
          fieldName: 'merchantSummary',
          fieldData: {
            ...summary,
            flexibleInstallments: false,
            maxInstalments: 6,
            upfrontPaymentStatus: 'MANDATORY',
            logoUrl: 'https://cdn.example/logo.png',
            autoRedirect: false,
            extra: 'dropped',
          },
        },
        { fieldName: 'customerPhone' },
      ],
    },
  ])('reads what the contract reads: %#', (json) => {
    expect(parseFirstStepResponse(json)).toEqual(v.parse(CheckoutResponse, json));
  });

  it('a merchant summary without autoRedirect is on the auto-redirect list; a non-boolean is not read', () => {
    const parsed = v.parse(CheckoutResponse, firstAnswer);
    expect(parsed.fields[0]).toMatchObject({
      fieldName: 'merchantSummary',
      fieldData: { autoRedirect: true },
    });
    const junk = {
      ...firstAnswer,
      fields: [{ fieldName: 'merchantSummary', fieldData: { ...summary, autoRedirect: 'yes' } }],
    };
    expect(v.safeParse(CheckoutResponse, junk).success).toBe(false);
    expect(parseFirstStepResponse(junk)).toBeNull();
  });

  it.each([
    [
      'another field',
      { ...firstAnswer, fields: [...firstAnswer.fields, { fieldName: 'koReason', fieldData: 'DEFAULT' }] },
    ],
    ['isValid', { ...firstAnswer, isValid: true }],
    ['an unknown result', { ...firstAnswer, result: 'MAYBE' }],
    ['no fields', { result: 'MORE_INFO' }],
    [
      'a negative amount',
      {
        result: 'MORE_INFO',
        fields: [{ fieldName: 'merchantSummary', fieldData: { ...summary, totalAmount: -1 } }],
      },
    ],
    [
      'three decimals',
      {
        result: 'MORE_INFO',
        fields: [{ fieldName: 'merchantSummary', fieldData: { ...summary, totalAmount: 1.001 } }],
      },
    ],
    [
      'a rate above 1',
      {
        result: 'MORE_INFO',
        fields: [{ fieldName: 'merchantSummary', fieldData: { ...summary, cashbackRate: 2 } }],
      },
    ],
    [
      'a bad upfront status',
      {
        result: 'MORE_INFO',
        fields: [{ fieldName: 'merchantSummary', fieldData: { ...summary, upfrontPaymentStatus: 'X' } }],
      },
    ],
    ['a numeric prefill', { result: 'MORE_INFO', fields: [{ fieldName: 'customerCpf', fieldData: 123 }] }],
    ['not an object', 'nope'],
  ])('leaves %s to the machine', (_, json) => {
    expect(parseFirstStepResponse(json)).toBeNull();
  });

  it('gives the context the machine has on the insight step', () => {
    const context = firstStepContext('c1', true, firstAnswer);
    const initial = initialMachineContext('c1', true);
    const response = v.parse(CheckoutResponse, firstAnswer);
    expect(context).toEqual({
      ...initial,
      ...reduceResponse(initial, response),
      step: 'insight',
      stepNumber: 1,
    });
    expect(context?.totalAmount).toBe(29990);
  });

  it('shows nothing without the machine when the answer is not the insight step', () => {
    // Only data, no requested field: nothing actionable (the machine decides).
    expect(
      firstStepContext('c1', false, { result: 'MORE_INFO', fields: [firstAnswer.fields[0]] }),
    ).toBeNull();
    expect(firstStepContext('c1', false, { result: 'OK', fields: [] })).toBeNull();
  });

  it('restates the contract values it needs without importing them', () => {
    expect(firstStepPath('a b/c')).toBe(checkoutPaths.checkout('a b/c'));
    expect(UPFRONT_STATUS_WHEN_ABSENT).toBe(DEFAULT_UPFRONT_PAYMENT_STATUS);
    expect(CHANNEL_LABELS).toEqual(VERIFICATION_CHANNEL_LABELS);
  });
});
