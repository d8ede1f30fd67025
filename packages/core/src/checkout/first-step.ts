/**
 * The checkout's first step without the machine (issue 4, first-load budget): the hosted checkout shows the insight
 * step from the first `PUT /checkouts/{id}` answer while xstate, the machine and the contract's schemas load after
 * it. Only answers made of the fields that step needs are read here (merchant summary, URLs, requested customer
 * fields), each checked as the contract's `CheckoutResponse` checks it (a test compares both on the same JSON);
 * anything else (`null`) waits for the machine, which parses the same answer with the full contract.
 * No valibot and no value import of the contract here: this module is on the first load.
 */
import type {
  CheckoutField,
  CheckoutResponse,
  CheckoutResult,
  MerchantSummary,
  UpfrontPaymentStatus,
} from '../contract/checkout.ts';
import { isReaisAmount, reaisToCents } from '../money.ts';
import type { CheckoutMachineContext } from './machine.ts';
import { deriveStep, initialCheckoutState, reduceResponse, stepNumber } from './state.ts';

type Fields = { [key: string]: unknown };

function isObject(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function oneOf<T extends string>(list: readonly T[], value: unknown): value is T {
  return list.some((item) => item === value);
}

const RESULTS: readonly CheckoutResult[] = ['OK', 'KO', 'MORE_INFO'];
const UPFRONT: readonly UpfrontPaymentStatus[] = ['DISABLED', 'OPTIONAL', 'MANDATORY'];

/** MerchantSummary as the contract parses it (defaults included), or null. */
function merchantSummary(data: unknown): MerchantSummary | null {
  if (!isObject(data)) return null;
  const { id, name, cashbackRate, totalAmount, logoUrl } = data;
  const flexibleInstallments = data.flexibleInstallments ?? true;
  const autoRedirect = data.autoRedirect ?? true;
  const maxInstalments = data.maxInstalments ?? 3;
  const upfrontPaymentStatus = data.upfrontPaymentStatus ?? 'OPTIONAL';
  if (
    typeof id !== 'string' ||
    typeof name !== 'string' ||
    typeof flexibleInstallments !== 'boolean' ||
    typeof autoRedirect !== 'boolean' ||
    !(typeof maxInstalments === 'number' && Number.isInteger(maxInstalments) && maxInstalments >= 1) ||
    !oneOf(UPFRONT, upfrontPaymentStatus) ||
    !(typeof cashbackRate === 'number' && cashbackRate >= 0 && cashbackRate <= 1) ||
    !(typeof totalAmount === 'number' && totalAmount > 0 && isReaisAmount(totalAmount)) ||
    !(logoUrl === undefined || typeof logoUrl === 'string')
  ) {
    return null;
  }
  const summary: MerchantSummary = {
    id,
    name,
    flexibleInstallments,
    maxInstalments,
    upfrontPaymentStatus,
    cashbackRate,
    totalAmount: reaisToCents(totalAmount),
    autoRedirect,
  };
  if (logoUrl !== undefined) summary.logoUrl = logoUrl;
  return summary;
}

/** One field of the first step's set, as the contract parses it, or null (another field, or invalid). */
function firstStepField(value: unknown): CheckoutField | null {
  if (!isObject(value)) return null;
  const { fieldName, fieldData } = value;
  switch (fieldName) {
    case 'merchantSummary': {
      const summary = merchantSummary(fieldData);
      return summary && { fieldName, fieldData: summary };
    }
    case 'resolveUrl':
    case 'cancelUrl':
      return typeof fieldData === 'string' ? { fieldName, fieldData } : null;
    case 'customerCpf':
    case 'customerPhone':
    case 'customerEmail':
      if (fieldData === undefined) return { fieldName };
      return typeof fieldData === 'string' ? { fieldName, fieldData } : null;
    default:
      return null;
  }
}

/**
 * The answer when it only carries the first step's fields and they are valid (the same value the contract's
 * `CheckoutResponse` would give), else null.
 */
export function parseFirstStepResponse(json: unknown): CheckoutResponse | null {
  if (!isObject(json) || !oneOf(RESULTS, json.result) || !Array.isArray(json.fields)) return null;
  if (json.isValid !== undefined) return null;
  const fields: CheckoutField[] = [];
  for (const raw of json.fields) {
    const field = firstStepField(raw);
    if (!field) return null;
    fields.push(field);
  }
  return { result: json.result, fields };
}

/** The machine's context before its first answer (the machine starts from it too). */
export function initialMachineContext(checkoutId: string, transparent: boolean): CheckoutMachineContext {
  return {
    ...initialCheckoutState(checkoutId, transparent),
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
  };
}

/**
 * The context of the insight step from the first answer (what the machine's context is once that answer is
 * applied), or null when the answer does not lead to the insight step or is not one `parseFirstStepResponse` reads.
 */
export function firstStepContext(
  checkoutId: string,
  transparent: boolean,
  json: unknown,
): CheckoutMachineContext | null {
  const response = parseFirstStepResponse(json);
  if (!response) return null;
  const initial = initialMachineContext(checkoutId, transparent);
  const context: CheckoutMachineContext = { ...initial, ...reduceResponse(initial, response) };
  return deriveStep(context) === 'insight'
    ? { ...context, step: 'insight', stepNumber: stepNumber('insight') }
    : null;
}

/** The contract's `checkoutPaths.checkout(id)`, restated (a test keeps them equal) for the first load. */
export function firstStepPath(checkoutId: string): string {
  return `/api/v1/checkouts/${encodeURIComponent(checkoutId)}`;
}
