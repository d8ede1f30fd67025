import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { CheckoutResponse, PixPayment } from '../contract/checkout.ts';
import {
  type CheckoutStep,
  deriveStep,
  initialCheckoutState,
  reduceResponse,
  type StepInputs,
  shouldApplyPoll,
  stepNumber,
} from './state.ts';

const PIX = {
  paymentQrCode: 'qr',
  paymentQrCodeText: '000201',
  amount: 1,
  expiresAt: '2030-01-01T00:00:00Z',
};
const pix = v.parse(PixPayment, PIX);

const base: StepInputs = {
  started: false,
  result: 'MORE_INFO',
  requestedCustomerFields: [],
  phoneVerificationRequested: false,
  payment: null,
  firstInstalmentPayment: null,
  fullAmountPayment: null,
  instalmentSelectionRequested: false,
  checkoutConfirmationRequested: false,
};

describe('deriveStep (spec 4 priorities)', () => {
  const cases: [string, Partial<StepInputs>, CheckoutStep][] = [
    [
      '(1) not started, customer fields',
      { requestedCustomerFields: ['customerCpf', 'customerPhone'] },
      'insight',
    ],
    ['(1) not started, only phone', { requestedCustomerFields: ['customerPhone'] }, 'insight'],
    [
      '(1) beats the token',
      { requestedCustomerFields: ['customerEmail'], phoneVerificationRequested: true },
      'insight',
    ],
    ['(2) started, only phone', { started: true, requestedCustomerFields: ['customerPhone'] }, 'phoneForm'],
    ['(3) started, only cpf', { started: true, requestedCustomerFields: ['customerCpf'] }, 'form'],
    [
      '(3) started, phone and e-mail',
      { started: true, requestedCustomerFields: ['customerPhone', 'customerEmail'] },
      'form',
    ],
    [
      '(3) beats the token',
      { started: true, requestedCustomerFields: ['customerCpf'], phoneVerificationRequested: true },
      'form',
    ],
    ['(4) token', { phoneVerificationRequested: true, payment: pix }, 'token'],
    ['(5) verification Pix', { payment: pix, firstInstalmentPayment: pix }, 'pixVerification'],
    [
      '(6) first-instalment Pix',
      { firstInstalmentPayment: pix, instalmentSelectionRequested: true },
      'firstInstalmentPix',
    ],
    [
      '(7) selection',
      { instalmentSelectionRequested: true, checkoutConfirmationRequested: true },
      'instalmentSelection',
    ],
    ['(8) confirmation', { checkoutConfirmationRequested: true, result: 'OK' }, 'confirmation'],
    ['(9) ok', { result: 'OK' }, 'approved'],
    ['(9) ok with a full-amount field', { result: 'OK', fullAmountPayment: pix }, 'approved'],
    ['(10) ko with full amount', { result: 'KO', fullAmountPayment: pix }, 'fullAmountPayment'],
    ['(10) ko', { result: 'KO' }, 'denied'],
    ['nothing actionable', {}, 'loading'],
    ['started, nothing requested', { started: true }, 'loading'],
  ];
  it.each(cases)('%s', (_, inputs, expected) => {
    expect(deriveStep({ ...base, ...inputs })).toBe(expected);
  });
});

describe('stepNumber', () => {
  const cases: [CheckoutStep, number | null][] = [
    ['insight', 1],
    ['phoneForm', 1],
    ['token', 1],
    ['form', 1],
    ['analysis', 1],
    ['pixVerification', 1],
    ['confirmation', 2],
    ['instalmentSelection', 2],
    ['firstInstalmentPix', 3],
    ['fullAmountPayment', 3],
    ['approved', null],
    ['denied', null],
    ['loading', null],
  ];
  it.each(cases)('%s → %s', (step, n) => {
    expect(stepNumber(step)).toBe(n);
  });
});

const parse = (wire: v.InferInput<typeof CheckoutResponse>) => v.parse(CheckoutResponse, wire);

describe('reduceResponse', () => {
  const summary = {
    fieldName: 'merchantSummary' as const,
    fieldData: { id: 'm1', name: 'Loja', cashbackRate: 0.05, totalAmount: 300.5 },
  };

  it('reads the merchant summary with defaults and converts reais to centavos', () => {
    const s = reduceResponse(initialCheckoutState('c1'), parse({ result: 'MORE_INFO', fields: [summary] }));
    expect(s.merchantSummary).toEqual({
      id: 'm1',
      name: 'Loja',
      cashbackRate: 0.05,
      totalAmount: 30_050,
      flexibleInstallments: true,
      maxInstalments: 3,
      upfrontPaymentStatus: 'OPTIONAL',
      autoRedirect: true,
    });
    expect(s.totalAmount).toBe(30_050);
    expect(s.cashbackRate).toBe(0.05);
    expect(s.step).toBe('loading');
  });

  it('table: requests are replaced by each response, data is kept', () => {
    const steps: [v.InferInput<typeof CheckoutResponse>, Record<string, unknown>][] = [
      [
        {
          result: 'MORE_INFO',
          fields: [
            summary,
            { fieldName: 'customerCpf', fieldData: '52998224725' },
            { fieldName: 'customerPhone' },
          ],
        },
        {
          step: 'insight',
          stepNumber: 1,
          requestedCustomerFields: ['customerCpf', 'customerPhone'],
          prefill: { customerCpf: '52998224725' },
        },
      ],
      [
        {
          result: 'MORE_INFO',
          fields: [
            { fieldName: 'phoneVerificationCode', fieldData: { channel: 'SMS', destination: '****-4321' } },
            { fieldName: 'cancelUrl', fieldData: 'https://loja/cancel' },
          ],
        },
        {
          step: 'token',
          requestedCustomerFields: [],
          phoneVerificationRequested: true,
          phoneVerification: { channel: 'SMS', destination: '****-4321' },
          cancelUrl: 'https://loja/cancel',
          totalAmount: 30_050,
        },
      ],
      [
        {
          result: 'MORE_INFO',
          fields: [
            {
              fieldName: 'instalments',
              fieldData: [{ number: 1, dueDate: '2025-02-15', amount: 100.17, cashbackAmount: 0 }],
            },
            { fieldName: 'checkoutConfirmation' },
            { fieldName: 'upfrontFirstInstalment', fieldData: { amount: 100.17 } },
          ],
        },
        {
          step: 'confirmation',
          stepNumber: 2,
          phoneVerificationRequested: false,
          checkoutConfirmationRequested: true,
          upfrontFirstInstalment: 10_017,
          cancelUrl: 'https://loja/cancel',
        },
      ],
      [
        {
          result: 'KO',
          fields: [
            { fieldName: 'koReason', fieldData: 'ORDER_ABOVE_MAX_VALUE' },
            {
              fieldName: 'koVariables',
              fieldData: { allowedAmount: 150, blockedLimit: 20, waitlistStatus: 'DENIED' },
            },
          ],
        },
        {
          step: 'denied',
          stepNumber: null,
          result: 'KO',
          checkoutConfirmationRequested: false,
          koReason: 'ORDER_ABOVE_MAX_VALUE',
          blockedLimit: 2_000,
          waitlistStatus: 'DENIED',
        },
      ],
    ];
    let state = { ...initialCheckoutState('c1'), started: false };
    state = reduceResponse(state, parse({ result: 'MORE_INFO', fields: [summary] }));
    for (const [wire, expected] of steps) {
      state = reduceResponse(state, parse(wire));
      expect(state).toMatchObject(expected);
    }
    expect(state.instalments).toEqual([
      { number: 1, dueDate: '2025-02-15', amount: 10_017, cashbackAmount: 0 },
    ]);
    expect(state.koVariables.allowedAmount).toBe(15_000);
  });

  it('resets the error flag on OK only, and clears the ko reason when not KO', () => {
    const failed = { ...initialCheckoutState('c1'), error: true, koReason: 'DEFAULT' as const };
    const more = reduceResponse(failed, parse({ result: 'MORE_INFO', fields: [] }));
    expect(more.error).toBe(true);
    expect(more.koReason).toBeNull();
    const ok = reduceResponse(failed, parse({ result: 'OK', fields: [] }));
    expect(ok.error).toBe(false);
    expect(ok.step).toBe('approved');
  });
});

describe('shouldApplyPoll', () => {
  const cases: [string, v.InferInput<typeof CheckoutResponse>, boolean][] = [
    ['no fields', { result: 'OK', fields: [] }, false],
    [
      'still the verification Pix',
      { result: 'MORE_INFO', fields: [{ fieldName: 'payment', fieldData: PIX }] },
      false,
    ],
    [
      'still the first-instalment Pix',
      { result: 'MORE_INFO', fields: [{ fieldName: 'paymentForFirstInstalment', fieldData: PIX }] },
      false,
    ],
    [
      'KO still with the full amount',
      { result: 'KO', fields: [{ fieldName: 'paymentForFullAmount', fieldData: PIX }] },
      false,
    ],
    ['approved', { result: 'OK', fields: [{ fieldName: 'resolveUrl', fieldData: 'https://x' }] }, true],
    ['KO without charge', { result: 'KO', fields: [{ fieldName: 'koReason', fieldData: 'EXPIRED' }] }, true],
  ];
  it.each(cases)('%s → %s', (_, wire, expected) => {
    expect(shouldApplyPoll(parse(wire))).toBe(expected);
  });

  it("holds back only the shown step's own charge", () => {
    const koWithFullAmount = parse({
      result: 'KO',
      fields: [
        { fieldName: 'koReason', fieldData: 'MAX_MULTIPLE_ORDERS_VALUE_PER_CUSTOMER' },
        { fieldName: 'paymentForFullAmount', fieldData: PIX },
      ],
    });
    expect(shouldApplyPoll(koWithFullAmount, 'pixVerification')).toBe(true);
    expect(shouldApplyPoll(koWithFullAmount, 'fullAmountPayment')).toBe(false);
    const stillVerifying = parse({ result: 'MORE_INFO', fields: [{ fieldName: 'payment', fieldData: PIX }] });
    expect(shouldApplyPoll(stillVerifying, 'pixVerification')).toBe(false);
    const firstInstalment = parse({
      result: 'MORE_INFO',
      fields: [{ fieldName: 'paymentForFirstInstalment', fieldData: PIX }],
    });
    expect(shouldApplyPoll(firstInstalment, 'pixVerification')).toBe(true);
    expect(shouldApplyPoll(firstInstalment, 'firstInstalmentPix')).toBe(false);
  });
});
