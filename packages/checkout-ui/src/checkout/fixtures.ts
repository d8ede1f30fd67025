/**
 * Machine contexts for every step, for the tests and (later) the Storybook stories: what `CheckoutView` receives
 * from the machine at each point of the journey. Amounts are centavos.
 */
import {
  type CheckoutMachineContext,
  type CheckoutStep,
  cents,
  type DenialReason,
  initialCheckoutState,
  type KoVariables,
  type MerchantSummary,
  type PixPayment,
  stepNumber,
} from '@drip/core';

export const fixtureMerchant: MerchantSummary = {
  id: 'm-1',
  name: 'Loja Exemplo',
  flexibleInstallments: true,
  maxInstalments: 6,
  upfrontPaymentStatus: 'OPTIONAL',
  cashbackRate: 0.05,
  totalAmount: cents(30000),
  autoRedirect: true,
};

export const fixturePix = (expiresAt = '2099-01-01T12:00:00.000Z', amount = cents(100)): PixPayment => ({
  paymentQrCode: 'data:image/png;base64,iVBORw0KGgo=',
  paymentQrCodeText: '00020126580014br.gov.bcb.pix0136fixture-key5204000053039865802BR6304ABCD',
  amount,
  expiresAt,
});

export function fixtureContext(
  step: CheckoutStep,
  overrides: Partial<CheckoutMachineContext> = {},
): CheckoutMachineContext {
  return {
    ...initialCheckoutState('chk-fixture'),
    merchantSummary: fixtureMerchant,
    cashbackRate: fixtureMerchant.cashbackRate,
    totalAmount: fixtureMerchant.totalAmount,
    started: step !== 'insight',
    step,
    stepNumber: stepNumber(step),
    resendAvailableAt: null,
    resendAvailableIn: 0,
    tokenInvalid: false,
    pixExpired: false,
    notice: null,
    lastError: null,
    pendingCustomerData: null,
    pendingToken: null,
    pendingResendChannel: null,
    pendingTotalInstalments: null,
    pendingFirstDate: null,
    ...overrides,
  };
}

export const fixtureInstalments = [
  { number: 1, dueDate: '2026-12-07', amount: cents(10000), cashbackAmount: cents(0) },
  { number: 2, dueDate: '2027-01-06', amount: cents(10000), cashbackAmount: cents(0) },
  { number: 3, dueDate: '2027-02-05', amount: cents(10000), cashbackAmount: cents(1500) },
];

export function deniedContext(reason: DenialReason, koVariables: KoVariables = {}): CheckoutMachineContext {
  return fixtureContext('denied', { result: 'KO', koReason: reason, koVariables });
}
