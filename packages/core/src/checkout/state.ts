/**
 * The shopper checkout state of spec section 3, how a checkout response folds into it, and the step derivation
 * of spec section 4 (priorities 1–10). Pure functions: the machine in `machine.ts` drives them.
 */
import type {
  CheckoutField,
  CheckoutInstalment,
  CheckoutResponse,
  CheckoutResult,
  CustomerFieldName,
  DenialReason,
  FieldName,
  InstalmentSelectionData,
  KoVariables,
  MerchantSummary,
  PhoneVerificationData,
  PixPayment,
  UpfrontPaymentStatus,
  WaitlistStatus,
} from '../contract/checkout.ts';
import type { Cents } from '../money.ts';

/**
 * The contract's DEFAULT_UPFRONT_PAYMENT_STATUS, restated (a test keeps them equal): this module is on the
 * checkout's first load, which must not pull in the contract's schemas (issue 4 budget).
 */
export const UPFRONT_STATUS_WHEN_ABSENT: UpfrontPaymentStatus = 'OPTIONAL';

export const CHECKOUT_STEPS = [
  'loading',
  'insight',
  'phoneForm',
  'form',
  'token',
  'analysis',
  'instalmentSelection',
  'confirmation',
  'pixVerification',
  'firstInstalmentPix',
  'fullAmountPayment',
  'approved',
  'denied',
] as const;
export type CheckoutStep = (typeof CHECKOUT_STEPS)[number];

/** Steps that show a Pix charge and poll for its payment. */
export const PIX_STEPS: readonly CheckoutStep[] = [
  'pixVerification',
  'firstInstalmentPix',
  'fullAmountPayment',
];

export interface CheckoutState {
  checkoutId: string;
  /** Embedded (iframe) mode: events are posted to the parent window. */
  transparent: boolean;
  /** The shopper left the insight step. */
  started: boolean;
  result: CheckoutResult;
  koReason: DenialReason | null;
  koVariables: KoVariables;
  step: CheckoutStep;
  /** 'Passo N de 3', null on steps without it. */
  stepNumber: 1 | 2 | 3 | null;
  /** The user-detail fields the server asks for now. */
  requestedCustomerFields: CustomerFieldName[];
  /** Prefill values the server sent with the customer fields. */
  prefill: Partial<Record<CustomerFieldName, string>>;
  phoneVerificationRequested: boolean;
  phoneVerification: PhoneVerificationData | null;
  checkoutConfirmationRequested: boolean;
  instalmentSelectionRequested: boolean;
  instalmentSelection: InstalmentSelectionData | null;
  /** R$ 1,00 verification Pix. */
  payment: PixPayment | null;
  firstInstalmentPayment: PixPayment | null;
  fullAmountPayment: PixPayment | null;
  instalments: CheckoutInstalment[];
  resolveUrl: string | null;
  cancelUrl: string | null;
  /** Failed load or submit; reset when the result becomes OK. */
  error: boolean;
  /**
   * A first purchase: the server asked for the R$ 1,00 verification Pix in this visit (the approved step then
   * tells how to reach the customer portal, whose password link goes out by SMS).
   */
  firstPurchase: boolean;
  /** Amount of the first instalment paid upfront, when the server announced it. */
  upfrontFirstInstalment: Cents | null;
  customerThreshold: Cents | null;
  blockedLimit: Cents | null;
  waitlistStatus: WaitlistStatus | null;
  customerPhone: string | null;
  merchantSummary: MerchantSummary | null;
  /** Fraction; from the merchant summary. */
  cashbackRate: number;
  totalAmount: Cents | null;
}

export function initialCheckoutState(checkoutId: string, transparent = false): CheckoutState {
  return {
    checkoutId,
    transparent,
    started: false,
    result: 'MORE_INFO',
    koReason: null,
    koVariables: {},
    step: 'loading',
    stepNumber: null,
    requestedCustomerFields: [],
    prefill: {},
    phoneVerificationRequested: false,
    phoneVerification: null,
    checkoutConfirmationRequested: false,
    instalmentSelectionRequested: false,
    instalmentSelection: null,
    payment: null,
    firstInstalmentPayment: null,
    fullAmountPayment: null,
    instalments: [],
    resolveUrl: null,
    cancelUrl: null,
    error: false,
    firstPurchase: false,
    upfrontFirstInstalment: null,
    customerThreshold: null,
    blockedLimit: null,
    waitlistStatus: null,
    customerPhone: null,
    merchantSummary: null,
    cashbackRate: 0,
    totalAmount: null,
  };
}

/** The inputs of the step derivation (a subset of the state, so that tables stay small). */
export type StepInputs = Pick<
  CheckoutState,
  | 'started'
  | 'result'
  | 'requestedCustomerFields'
  | 'phoneVerificationRequested'
  | 'payment'
  | 'firstInstalmentPayment'
  | 'fullAmountPayment'
  | 'instalmentSelectionRequested'
  | 'checkoutConfirmationRequested'
>;

/**
 * Spec 4, "Checkout step derivation", in priority order. 'analysis' is never derived (the machine enters it after
 * a submit); 'loading' means nothing is actionable yet (more info without a requested field).
 */
export function deriveStep(s: StepInputs): CheckoutStep {
  const customer = s.requestedCustomerFields;
  if (!s.started && customer.length > 0) return 'insight'; // (1)
  if (s.started && customer.length === 1 && customer[0] === 'customerPhone') return 'phoneForm'; // (2)
  if (s.started && customer.length > 0) return 'form'; // (3)
  if (s.phoneVerificationRequested) return 'token'; // (4)
  if (s.payment) return 'pixVerification'; // (5)
  if (s.firstInstalmentPayment) return 'firstInstalmentPix'; // (6)
  if (s.instalmentSelectionRequested) return 'instalmentSelection'; // (7)
  if (s.checkoutConfirmationRequested) return 'confirmation'; // (8)
  if (s.result === 'OK') return 'approved'; // (9)
  if (s.result === 'KO') return s.fullAmountPayment ? 'fullAmountPayment' : 'denied'; // (10)
  return 'loading';
}

/**
 * 'Passo N de 3' (spec 2.5): insight, phone, token, form, analysis 1; confirmation, selection 2; Pix 3. The
 * R$ 1,00 verification Pix of a first purchase comes before the analysis in Drip's flow (it proves the CPF the
 * credit is granted to), so it counts with the identity steps as 1: the counter never goes back (1, 1, 1, 1, 2,
 * 3 through a first purchase). The first-instalment and full-amount Pix are 3. See docs/checkout-lifecycle.md.
 */
export function stepNumber(step: CheckoutStep): 1 | 2 | 3 | null {
  switch (step) {
    case 'insight':
    case 'phoneForm':
    case 'token':
    case 'form':
    case 'analysis':
    case 'pixVerification':
      return 1;
    case 'confirmation':
    case 'instalmentSelection':
      return 2;
    case 'firstInstalmentPix':
    case 'fullAmountPayment':
      return 3;
    default:
      return null;
  }
}

/** The merchant's upfront payment requirement (OPTIONAL when the server did not say, spec 3). */
export function upfrontStatusOf(state: Pick<CheckoutState, 'merchantSummary'>): UpfrontPaymentStatus {
  return state.merchantSummary?.upfrontPaymentStatus ?? UPFRONT_STATUS_WHEN_ABSENT;
}

/**
 * How long before the charge's real `expiresAt` the page stops offering it (spec 9: the countdown ends at the
 * server's expiresAt minus a fixed margin). A shopper who copies the code in the countdown's last second still
 * has this long to confirm it in the bank app before the PSP refuses it, and the page keeps polling meanwhile,
 * so such a payment is seen. See docs/pix.md.
 */
export const PIX_EXPIRY_SAFETY_MARGIN_MS = 60_000;

/** Spec 9: the countdown a Pix step starts with when the charge carries no usable expiry (10 minutes). */
export const PIX_COUNTDOWN_DEFAULT_MS = 600_000;

/**
 * The epoch ms at which the page shows the charge as expired: `expiresAt` minus the safety margin, or, for a
 * charge without a readable `expiresAt`, the default countdown from `shownAt` (when the page first showed it).
 */
export function pixDisplayDeadline(payment: Pick<PixPayment, 'expiresAt'>, shownAt: number): number {
  const expiresAt = Date.parse(payment.expiresAt);
  return Number.isFinite(expiresAt)
    ? expiresAt - PIX_EXPIRY_SAFETY_MARGIN_MS
    : shownAt + PIX_COUNTDOWN_DEFAULT_MS;
}

/**
 * Whether the page shows a Pix charge as expired at `now` (the QR is blurred then, spec 4): from the safety
 * margin before its real expiry on. A charge without a readable expiry is left to the page's countdown.
 */
export function isPixExpired(payment: Pick<PixPayment, 'expiresAt'> | null, now: Date): boolean {
  if (payment === null) return false;
  const expiresAt = Date.parse(payment.expiresAt);
  return Number.isFinite(expiresAt) && expiresAt - PIX_EXPIRY_SAFETY_MARGIN_MS <= now.getTime();
}

/** Whether the PSP itself no longer takes the charge (its real `expiresAt` has passed): a new one can be asked. */
export function isPixPastRealExpiry(payment: Pick<PixPayment, 'expiresAt'> | null, now: Date): boolean {
  if (payment === null) return true;
  const expiresAt = Date.parse(payment.expiresAt);
  return !Number.isFinite(expiresAt) || expiresAt <= now.getTime();
}

/** The Pix charge of a Pix step (null on other steps). */
export function activePixPayment(state: CheckoutState): PixPayment | null {
  switch (state.step) {
    case 'pixVerification':
      return state.payment;
    case 'firstInstalmentPix':
      return state.firstInstalmentPayment;
    case 'fullAmountPayment':
      return state.fullAmountPayment;
    default:
      return null;
  }
}

/**
 * Folds a checkout response into the state. What the server asks for (customer fields, token, Pix charges,
 * selection, confirmation) is replaced by each response: a request absent from the response is no longer
 * pending. Data (merchant summary, instalments, URLs, limits, ko variables) is kept until the server sends a new
 * value. The step is recomputed (`deriveStep`); the error flag is reset when the result is OK.
 */
export function reduceResponse(state: CheckoutState, response: CheckoutResponse): CheckoutState {
  const next: CheckoutState = {
    ...state,
    result: response.result,
    requestedCustomerFields: [],
    prefill: { ...state.prefill },
    phoneVerificationRequested: false,
    phoneVerification: null,
    checkoutConfirmationRequested: false,
    instalmentSelectionRequested: false,
    instalmentSelection: null,
    payment: null,
    firstInstalmentPayment: null,
    fullAmountPayment: null,
  };
  for (const field of response.fields) {
    switch (field.fieldName) {
      case 'merchantSummary':
        next.merchantSummary = field.fieldData;
        next.cashbackRate = field.fieldData.cashbackRate;
        next.totalAmount = field.fieldData.totalAmount;
        break;
      case 'payment':
        next.payment = field.fieldData;
        next.firstPurchase = true;
        break;
      case 'paymentForFirstInstalment':
        next.firstInstalmentPayment = field.fieldData;
        break;
      case 'paymentForFullAmount':
        next.fullAmountPayment = field.fieldData;
        break;
      case 'instalments':
        next.instalments = field.fieldData;
        break;
      case 'resolveUrl':
        next.resolveUrl = field.fieldData;
        break;
      case 'cancelUrl':
        next.cancelUrl = field.fieldData;
        break;
      case 'koReason':
        next.koReason = field.fieldData;
        break;
      case 'koVariables':
        next.koVariables = field.fieldData;
        if (field.fieldData.waitlistStatus) next.waitlistStatus = field.fieldData.waitlistStatus;
        if (field.fieldData.blockedLimit !== undefined) next.blockedLimit = field.fieldData.blockedLimit;
        break;
      case 'customerThreshold':
        next.customerThreshold = field.fieldData;
        break;
      case 'blockedLimit':
        next.blockedLimit = field.fieldData;
        break;
      case 'upfrontFirstInstalment':
        next.upfrontFirstInstalment = field.fieldData.amount;
        break;
      case 'phoneVerificationCode':
        next.phoneVerificationRequested = true;
        next.phoneVerification = field.fieldData ?? null;
        break;
      case 'checkoutConfirmation':
        next.checkoutConfirmationRequested = true;
        break;
      case 'instalmentSelection':
        next.instalmentSelectionRequested = true;
        next.instalmentSelection = field.fieldData ?? null;
        break;
      case 'customerCpf':
      case 'customerPhone':
      case 'customerEmail':
        if (!next.requestedCustomerFields.includes(field.fieldName)) {
          next.requestedCustomerFields.push(field.fieldName);
        }
        if (field.fieldData !== undefined && field.fieldData !== '') {
          next.prefill[field.fieldName] = field.fieldData;
          if (field.fieldName === 'customerPhone') next.customerPhone = field.fieldData;
        }
        break;
    }
  }
  if (next.result !== 'KO') next.koReason = null;
  if (next.result === 'OK') next.error = false;
  next.step = deriveStep(next);
  next.stepNumber = stepNumber(next.step);
  return next;
}

/** The charge field each Pix step is waiting for. */
const PIX_STEP_FIELD: Partial<Record<CheckoutStep, FieldName>> = {
  pixVerification: 'payment',
  firstInstalmentPix: 'paymentForFirstInstalment',
  fullAmountPayment: 'paymentForFullAmount',
};

/**
 * Whether a Pix poll answer may be applied (spec 4): it must have fields, and it must not still carry the charge
 * being paid (verification payment, first-instalment payment, or the full-amount payment when KO). Given the step
 * being shown, only that step's own charge holds the answer back: a verification Pix followed by a KO that offers
 * the full amount moves on to the full-amount step (the charge still open there is another one).
 */
export function shouldApplyPoll(response: CheckoutResponse, step?: CheckoutStep): boolean {
  if (response.fields.length === 0) return false;
  const waitingFor = step ? PIX_STEP_FIELD[step] : undefined;
  const pending = (f: CheckoutField) =>
    f.fieldName === 'payment' ||
    f.fieldName === 'paymentForFirstInstalment' ||
    (response.result === 'KO' && f.fieldName === 'paymentForFullAmount');
  if (!waitingFor) return !response.fields.some(pending);
  return !response.fields.some(
    (f) => f.fieldName === waitingFor && (waitingFor !== 'paymentForFullAmount' || response.result === 'KO'),
  );
}
