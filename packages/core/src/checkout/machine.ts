/**
 * The shopper checkout as an XState v5 machine (spec 4, DESIGN.md 1 `checkout`). Pure: every effect is a named
 * actor (`loadCheckout`, `submitCustomerData`, `pollPayment`, ...) or a named delay, provided by
 * `createCheckoutMachine` from an injected checkout client and clock, and swappable with `.provide()` in tests.
 *
 * Rules (spec 4):
 * - The step is derived from the server's answer (`deriveStep`, priorities 1–10). 'analysis' is entered after a
 *   customer-data or token submit when no phone verification code (and no customer field) is requested and the
 *   merchant's upfront status is not DISABLED; it lasts 8.5 s, then, when upfront is MANDATORY and the server
 *   asks for the confirmation, `{checkoutConfirmed: true}` is sent automatically; otherwise the step is recomputed.
 * - Failed loads and submits set `error` (and `lastError`); the flag is reset when the result becomes OK.
 * - Pix steps poll every 3 s; a poll answer is applied only when `shouldApplyPoll` says so; a failed poll only
 *   sets the error flag. `pixExpired` compares the charge's `expiresAt` with the clock at each poll tick.
 * - The token can be resent 30 s after it was sent (`resendAvailableIn`, seconds, refreshed every second).
 */
import { assign, fromPromise, setup } from 'xstate';
import { type CheckoutClient, createCheckoutClient } from '../api/checkout-client.ts';
import type { ApiError } from '../api/http.ts';
import type {
  CancelCheckoutResponse,
  CheckoutResponse,
  CustomerDataRequest,
  NotifyPixResponse,
  PhoneOnlyRequest,
  UpdateWaitlistResponse,
  VerificationChannel,
  WaitlistStatus,
} from '../contract/checkout.ts';
import { type Clock, systemClock } from '../dates.ts';
import { httpMessages } from '../messages.ts';
import { initialMachineContext } from './first-step.ts';
import { checkoutToasts, denialView } from './messages.ts';
import {
  activePixPayment,
  type CheckoutState,
  type CheckoutStep,
  deriveStep,
  isPixExpired,
  isPixPastRealExpiry,
  PIX_STEPS,
  reduceResponse,
  shouldApplyPoll,
  stepNumber,
  upfrontStatusOf,
} from './state.ts';

export const POLL_INTERVAL_MS = 3_000;
export const ANALYSIS_DURATION_MS = 8_500;
export const RESEND_COOLDOWN_MS = 30_000;
export const COUNTDOWN_TICK_MS = 1_000;
/** The Drip Token has 6 digits (the server's `SubmitTokenRequest`): anything else is never sent. */
export const DRIP_TOKEN_LENGTH = 6;

/** Whether `code` is a complete Drip Token (6 digits). */
export function isCompleteToken(code: string): boolean {
  return code.length === DRIP_TOKEN_LENGTH && /^\d+$/.test(code);
}

/** A failed call, as thrown by the default actors (the machine reads `apiError` for the message and status). */
export class CheckoutRequestError extends Error {
  readonly apiError: ApiError;
  constructor(apiError: ApiError) {
    super(apiError.message);
    this.name = 'CheckoutRequestError';
    this.apiError = apiError;
  }
}

export type CheckoutOperation =
  | 'load'
  | 'customerData'
  | 'token'
  | 'resendToken'
  | 'instalments'
  | 'firstInstalmentDate'
  | 'confirm'
  | 'poll'
  | 'cancel'
  | 'waitlist'
  | 'notifyPix';

export interface CheckoutNotice {
  /** Increases with every notice, so that the same text twice is still two toasts. */
  id: number;
  kind: 'success' | 'error';
  message: string;
}

export interface CheckoutFailure {
  operation: CheckoutOperation;
  message: string;
  /** HTTP status, 0 for network failures and time-outs. */
  status: number;
  /**
   * What failed: the HTTP layer's kind (`http`, `network`, `timeout`, `parse`), or `unexpected` for anything
   * else thrown (fixtures may leave it out: read as `unexpected`).
   */
  kind?: ApiError['kind'] | 'unexpected';
}

/** The analytics event of a failed checkout call (spec 8: "an analytics failure event fired"). */
export const CHECKOUT_ANALYTICS_EVENTS = { failed: 'checkout_failed' } as const;

/**
 * Spec 8: a failure is reported unless it is a 401, a 403, a network error or a time-out (the shopper's
 * connection, not Drip's fault). A failed poll is reported too ("polling 500 errors only reported").
 */
export function shouldReportFailure(failure: CheckoutFailure): boolean {
  const kind = failure.kind ?? 'unexpected';
  return kind !== 'network' && kind !== 'timeout' && failure.status !== 401 && failure.status !== 403;
}

/** Spec 8: failed loads and submits fire the analytics failure event; a failed poll is only reported. */
export function firesFailureEvent(failure: CheckoutFailure): boolean {
  return failure.operation !== 'poll';
}

export interface CheckoutMachineContext extends CheckoutState {
  /** Epoch ms from which the token may be resent (null before a token was sent). */
  resendAvailableAt: number | null;
  /** Whole seconds until the token may be resent (0: now). */
  resendAvailableIn: number;
  /** The last submitted token was rejected ('Drip Token inválido...'). */
  tokenInvalid: boolean;
  /** The Pix charge of the current Pix step has expired (its QR is blurred, REQUEST_NEW_PIX offered). */
  pixExpired: boolean;
  /** The last toast to show. */
  notice: CheckoutNotice | null;
  lastError: CheckoutFailure | null;
  pendingCustomerData: PhoneOnlyRequest | CustomerDataRequest | null;
  pendingToken: string | null;
  pendingResendChannel: VerificationChannel | null;
  pendingTotalInstalments: number | null;
  pendingFirstDate: string | null;
}

export interface CheckoutMachineInput {
  checkoutId: string;
  transparent?: boolean;
}

/** Wire bodies use the request schemas' input types; forms pass what they validated. */
export type CheckoutEvent =
  | { type: 'START' }
  | { type: 'SUBMIT_PHONE'; phone: string }
  | { type: 'SUBMIT_CUSTOMER_DATA'; data: CustomerDataRequest }
  | { type: 'SUBMIT_TOKEN'; code: string }
  | { type: 'RESEND_TOKEN'; channel: VerificationChannel }
  | { type: 'SELECT_INSTALMENTS'; totalInstalments: number }
  | { type: 'CHANGE_FIRST_DATE'; date: string }
  | { type: 'CONFIRM' }
  | { type: 'REQUEST_NEW_PIX' }
  | { type: 'SEND_PIX_SMS' }
  | { type: 'JOIN_WAITLIST' }
  | { type: 'CANCEL' }
  | { type: 'RETRY' }
  | { type: 'DISMISS_NOTICE' };

/** What the machine ends with: the SDK's `finished {status, url}` or the cancel redirect. */
export type CheckoutMachineOutput =
  | { status: 'approved'; url: string | null }
  | { status: 'cancelled'; url: string | null };

export interface CheckoutMachineOptions {
  /** Defaults to `createCheckoutClient()` (same origin), created on first use. */
  client?: CheckoutClient;
  clock?: Clock;
}

type ById = { checkoutId: string };

function failureOf(operation: CheckoutOperation, error: unknown): CheckoutFailure {
  if (error instanceof CheckoutRequestError) {
    const { message, status, kind } = error.apiError;
    return { operation, message, status, kind };
  }
  return {
    operation,
    message: error instanceof Error ? error.message : httpMessages.network,
    status: 0,
    kind: 'unexpected',
  };
}

function failureMessage(operation: CheckoutOperation, error: unknown): string {
  switch (operation) {
    case 'load':
      return checkoutToasts.loadFailed;
    case 'firstInstalmentDate':
      return checkoutToasts.firstDateFailed;
    case 'waitlist':
      return checkoutToasts.waitlistFailed;
    case 'notifyPix':
      return checkoutToasts.pixSmsFailed;
    case 'cancel':
      return checkoutToasts.cancelFailed;
    default: {
      // A 4xx with the server's validation message is more useful than a generic text.
      const failure = failureOf(operation, error);
      return failure.status >= 400 && failure.status < 500 ? failure.message : checkoutToasts.submitFailed;
    }
  }
}

function requested(context: CheckoutState): boolean {
  return context.phoneVerificationRequested || context.requestedCustomerFields.length > 0;
}

/**
 * Spec 4: after customer data (or a valid token) the analysis is shown unless more input is needed. A first
 * purchase's R$ 1,00 verification Pix comes before the credit analysis (the server analyses once it is paid), so
 * an answer asking for it goes to the Pix, and the analysis is shown when the paid Pix is left (`pix` below).
 */
function goesToAnalysis(context: CheckoutState, response: CheckoutResponse): boolean {
  const next = reduceResponse(context, response);
  return !requested(next) && upfrontStatusOf(next) !== 'DISABLED' && next.step !== 'pixVerification';
}

export function createCheckoutMachine(options: CheckoutMachineOptions = {}) {
  const clock = options.clock ?? systemClock;
  let defaultClient = options.client;
  const client = (): CheckoutClient => {
    defaultClient ??= createCheckoutClient();
    return defaultClient;
  };
  const call = async <T>(
    result: Promise<{ ok: true; data: T } | { ok: false; error: ApiError }>,
  ): Promise<T> => {
    const outcome = await result;
    if (!outcome.ok) throw new CheckoutRequestError(outcome.error);
    return outcome.data;
  };
  let noticeId = 0;
  const notice = (kind: CheckoutNotice['kind'], message: string): CheckoutNotice => {
    noticeId += 1;
    return { id: noticeId, kind, message };
  };
  const withStep = (state: CheckoutMachineContext, step: CheckoutStep): CheckoutMachineContext => ({
    ...state,
    step,
    stepNumber: stepNumber(step),
  });

  return setup({
    types: {
      context: {} as CheckoutMachineContext,
      events: {} as CheckoutEvent,
      input: {} as CheckoutMachineInput,
      output: {} as CheckoutMachineOutput,
    },
    actors: {
      loadCheckout: fromPromise<CheckoutResponse, ById>(({ input }) => call(client().load(input.checkoutId))),
      submitCustomerData: fromPromise<
        CheckoutResponse,
        ById & { data: PhoneOnlyRequest | CustomerDataRequest }
      >(({ input }) =>
        call(
          'customerCpf' in input.data
            ? client().submitCustomerData(input.checkoutId, input.data)
            : client().submitPhone(input.checkoutId, input.data),
        ),
      ),
      submitToken: fromPromise<CheckoutResponse, ById & { code: string }>(({ input }) =>
        call(client().submitToken(input.checkoutId, input.code)),
      ),
      resendToken: fromPromise<CheckoutResponse, ById & { channel: VerificationChannel }>(({ input }) =>
        call(client().resendToken(input.checkoutId, input.channel)),
      ),
      submitInstalments: fromPromise<CheckoutResponse, ById & { totalInstalments: number }>(({ input }) =>
        call(client().selectInstalments(input.checkoutId, input.totalInstalments)),
      ),
      submitFirstInstalmentDate: fromPromise<CheckoutResponse, ById & { date: string }>(({ input }) =>
        call(client().changeFirstInstalmentDate(input.checkoutId, input.date)),
      ),
      confirmCheckout: fromPromise<CheckoutResponse, ById>(({ input }) =>
        call(client().confirm(input.checkoutId)),
      ),
      pollPayment: fromPromise<CheckoutResponse, ById>(({ input }) => call(client().load(input.checkoutId))),
      cancelCheckout: fromPromise<CancelCheckoutResponse, ById>(({ input }) =>
        call(client().cancel(input.checkoutId)),
      ),
      updateWaitlist: fromPromise<
        UpdateWaitlistResponse,
        ById & { oldStatus: WaitlistStatus | null; newStatus: WaitlistStatus }
      >(({ input }) => call(client().updateWaitlist(input.checkoutId, input.oldStatus, input.newStatus))),
      notifyPix: fromPromise<NotifyPixResponse, ById>(({ input }) =>
        call(client().notifyPix(input.checkoutId)),
      ),
    },
    delays: {
      POLL_INTERVAL: POLL_INTERVAL_MS,
      ANALYSIS_DURATION: ANALYSIS_DURATION_MS,
      COUNTDOWN_TICK: COUNTDOWN_TICK_MS,
    },
    guards: {
      stepIs: ({ context }, params: { step: CheckoutStep }) => context.step === params.step,
      isPixStep: ({ context }) => PIX_STEPS.includes(context.step),
      pixPastRealExpiry: ({ context }) => isPixPastRealExpiry(activePixPayment(context), clock.now()),
      goesToAnalysis: ({ context }, params: { response: CheckoutResponse }) =>
        goesToAnalysis(context, params.response),
      /** The verification Pix was paid: the server has analysed (or is analysing) the credit now. */
      verificationPaidGoesToAnalysis: ({ context }, params: { response: CheckoutResponse }) =>
        context.step === 'pixVerification' &&
        shouldApplyPoll(params.response, context.step) &&
        goesToAnalysis(context, params.response),
      tokenRejected: (_, params: { response: CheckoutResponse }) => params.response.isValid === false,
      autoConfirm: ({ context }) =>
        upfrontStatusOf(context) === 'MANDATORY' && deriveStep(context) === 'confirmation',
      canResend: ({ context }) =>
        context.resendAvailableAt === null || clock.now().getTime() >= context.resendAvailableAt,
      shouldApplyPoll: ({ context }, params: { response: CheckoutResponse }) =>
        shouldApplyPoll(params.response, context.step),
      offerWaitlist: ({ context }) =>
        denialView(context.koReason, {
          ...context.koVariables,
          blockedLimit: context.blockedLimit ?? undefined,
        }).offerWaitlist,
    },
    actions: {
      applyResponse: assign(({ context }, params: { response: CheckoutResponse }) => ({
        ...context,
        ...reduceResponse(context, params.response),
        tokenInvalid: false,
      })),
      recomputeStep: assign(({ context }) => withStep(context, deriveStep(context))),
      enterStep: assign(({ context }, params: { step: CheckoutStep }) => withStep(context, params.step)),
      markStarted: assign(({ context }) => {
        const started = { ...context, started: true };
        return withStep(started, deriveStep(started));
      }),
      markFailure: assign((_, params: { operation: CheckoutOperation; error: unknown }) => ({
        error: true,
        lastError: failureOf(params.operation, params.error),
        notice: notice('error', failureMessage(params.operation, params.error)),
      })),
      /** Toast only (waitlist, Pix SMS, resend): the error flag is for failed loads and submits. */
      noticeFailure: assign(
        (_, params: { operation: CheckoutOperation; error: unknown; message?: string }) => ({
          lastError: failureOf(params.operation, params.error),
          notice: notice('error', params.message ?? failureMessage(params.operation, params.error)),
        }),
      ),
      notify: assign((_, params: { kind: CheckoutNotice['kind']; message: string }) => ({
        notice: notice(params.kind, params.message),
      })),
      dismissNotice: assign({ notice: null }),
      markPollFailure: assign((_, params: { error: unknown }) => ({
        error: true,
        lastError: failureOf('poll', params.error),
      })),
      markTokenInvalid: assign(() => ({
        tokenInvalid: true,
        notice: notice('error', checkoutToasts.tokenInvalid),
      })),
      startResendCooldown: assign(() => ({
        resendAvailableAt: clock.now().getTime() + RESEND_COOLDOWN_MS,
        resendAvailableIn: RESEND_COOLDOWN_MS / 1000,
      })),
      refreshResendCountdown: assign(({ context }) => ({
        resendAvailableIn:
          context.resendAvailableAt === null
            ? 0
            : Math.max(0, Math.ceil((context.resendAvailableAt - clock.now().getTime()) / 1000)),
      })),
      refreshPixExpired: assign(({ context }) => ({
        pixExpired: isPixExpired(activePixPayment(context), clock.now()),
      })),
      applyResendResponse: assign(({ context }, params: { response: CheckoutResponse }) => {
        const field = params.response.fields.find((f) => f.fieldName === 'phoneVerificationCode');
        return field?.fieldName === 'phoneVerificationCode' && field.fieldData
          ? { phoneVerification: field.fieldData }
          : { phoneVerification: context.phoneVerification };
      }),
      setWaitlistStatus: assign(({ context }, params: { status: WaitlistStatus }) => ({
        waitlistStatus: params.status,
        koVariables: {
          ...context.koVariables,
          waitlistStatus: params.status,
          onWaitlist: params.status === 'CONFIRMED',
        },
      })),
      setCancelUrl: assign(({ context }, params: { cancelUrl: string | null }) => ({
        cancelUrl: params.cancelUrl ?? context.cancelUrl,
      })),
    },
  }).createMachine({
    id: 'checkout',
    context: ({ input }) => initialMachineContext(input.checkoutId, input.transparent ?? false),
    initial: 'loading',
    output: ({ context }) =>
      context.result === 'OK'
        ? { status: 'approved', url: context.resolveUrl }
        : { status: 'cancelled', url: context.cancelUrl },
    on: {
      CANCEL: { target: '.cancelling' },
      DISMISS_NOTICE: { actions: 'dismissNotice' },
    },
    states: {
      loading: {
        entry: { type: 'enterStep', params: { step: 'loading' } },
        invoke: {
          src: 'loadCheckout',
          input: ({ context }) => ({ checkoutId: context.checkoutId }),
          onDone: {
            target: 'route',
            actions: { type: 'applyResponse', params: ({ event }) => ({ response: event.output }) },
          },
          onError: {
            target: 'loadFailed',
            actions: {
              type: 'markFailure',
              params: ({ event }) => ({ operation: 'load', error: event.error }),
            },
          },
        },
      },
      loadFailed: {
        on: { RETRY: 'loading' },
      },
      /** The server has nothing for the shopper to do yet (more info, no request): ask again shortly. */
      waitingServer: {
        after: { POLL_INTERVAL: 'loading' },
      },
      route: {
        always: [
          { guard: { type: 'stepIs', params: { step: 'insight' } }, target: 'insight' },
          { guard: { type: 'stepIs', params: { step: 'phoneForm' } }, target: 'phoneForm' },
          { guard: { type: 'stepIs', params: { step: 'form' } }, target: 'form' },
          { guard: { type: 'stepIs', params: { step: 'token' } }, target: 'token' },
          { guard: 'isPixStep', target: 'pix' },
          {
            guard: { type: 'stepIs', params: { step: 'instalmentSelection' } },
            target: 'instalmentSelection',
          },
          { guard: { type: 'stepIs', params: { step: 'confirmation' } }, target: 'confirmation' },
          { guard: { type: 'stepIs', params: { step: 'approved' } }, target: 'approved' },
          { guard: { type: 'stepIs', params: { step: 'denied' } }, target: 'denied' },
          { target: 'waitingServer' },
        ],
      },
      insight: {
        on: { START: { target: 'route', actions: 'markStarted' } },
      },
      phoneForm: {
        on: {
          SUBMIT_PHONE: {
            target: 'submittingCustomerData',
            actions: assign({ pendingCustomerData: ({ event }) => ({ customerPhone: event.phone }) }),
          },
        },
      },
      form: {
        on: {
          SUBMIT_CUSTOMER_DATA: {
            target: 'submittingCustomerData',
            actions: assign({ pendingCustomerData: ({ event }) => event.data }),
          },
        },
      },
      submittingCustomerData: {
        invoke: {
          src: 'submitCustomerData',
          input: ({ context }) => ({
            checkoutId: context.checkoutId,
            data: context.pendingCustomerData ?? { customerPhone: context.customerPhone ?? '' },
          }),
          onDone: [
            {
              guard: { type: 'goesToAnalysis', params: ({ event }) => ({ response: event.output }) },
              target: 'analysis',
              actions: { type: 'applyResponse', params: ({ event }) => ({ response: event.output }) },
            },
            {
              target: 'route',
              actions: { type: 'applyResponse', params: ({ event }) => ({ response: event.output }) },
            },
          ],
          onError: {
            target: 'route',
            actions: {
              type: 'markFailure',
              params: ({ event }) => ({ operation: 'customerData', error: event.error }),
            },
          },
        },
      },
      token: {
        type: 'parallel',
        entry: ['startResendCooldown'],
        states: {
          flow: {
            initial: 'idle',
            states: {
              idle: {
                on: {
                  SUBMIT_TOKEN: [
                    {
                      guard: ({ event }) => isCompleteToken(event.code),
                      target: 'submitting',
                      actions: assign({ pendingToken: ({ event }) => event.code, tokenInvalid: false }),
                    },
                    // An incomplete code would only earn the server's format error: it is a wrong token.
                    { actions: 'markTokenInvalid' },
                  ],
                  RESEND_TOKEN: {
                    guard: 'canResend',
                    target: 'resending',
                    actions: assign({ pendingResendChannel: ({ event }) => event.channel }),
                  },
                },
              },
              submitting: {
                invoke: {
                  src: 'submitToken',
                  input: ({ context }) => ({
                    checkoutId: context.checkoutId,
                    code: context.pendingToken ?? '',
                  }),
                  onDone: [
                    {
                      guard: { type: 'tokenRejected', params: ({ event }) => ({ response: event.output }) },
                      target: 'idle',
                      actions: 'markTokenInvalid',
                    },
                    {
                      guard: { type: 'goesToAnalysis', params: ({ event }) => ({ response: event.output }) },
                      target: '#checkout.analysis',
                      actions: { type: 'applyResponse', params: ({ event }) => ({ response: event.output }) },
                    },
                    {
                      target: '#checkout.route',
                      actions: { type: 'applyResponse', params: ({ event }) => ({ response: event.output }) },
                    },
                  ],
                  onError: [
                    {
                      // The server's 400 for a malformed code: for the shopper it is a wrong token too.
                      guard: ({ event }) => failureOf('token', event.error).status === 400,
                      target: 'idle',
                      actions: 'markTokenInvalid',
                    },
                    {
                      target: 'idle',
                      actions: {
                        type: 'markFailure',
                        params: ({ event }) => ({ operation: 'token', error: event.error }),
                      },
                    },
                  ],
                },
              },
              resending: {
                invoke: {
                  src: 'resendToken',
                  input: ({ context }) => ({
                    checkoutId: context.checkoutId,
                    channel: context.pendingResendChannel ?? 'SMS',
                  }),
                  onDone: {
                    target: 'idle',
                    actions: [
                      { type: 'applyResendResponse', params: ({ event }) => ({ response: event.output }) },
                      'startResendCooldown',
                      {
                        type: 'notify',
                        params: ({ context }) => ({
                          kind: 'success',
                          message: checkoutToasts.tokenResent(context.pendingResendChannel ?? 'SMS'),
                        }),
                      },
                    ],
                  },
                  onError: {
                    target: 'idle',
                    actions: {
                      type: 'noticeFailure',
                      params: ({ context, event }) => ({
                        operation: 'resendToken',
                        error: event.error,
                        message: checkoutToasts.tokenResendFailed(context.pendingResendChannel ?? 'SMS'),
                      }),
                    },
                  },
                },
              },
            },
          },
          countdown: {
            initial: 'ticking',
            states: {
              ticking: {
                after: {
                  COUNTDOWN_TICK: { target: 'ticking', reenter: true, actions: 'refreshResendCountdown' },
                },
              },
            },
          },
        },
      },
      analysis: {
        entry: { type: 'enterStep', params: { step: 'analysis' } },
        after: {
          ANALYSIS_DURATION: [
            { guard: 'autoConfirm', target: 'confirming' },
            { target: 'route', actions: 'recomputeStep' },
          ],
        },
      },
      instalmentSelection: {
        on: {
          SELECT_INSTALMENTS: {
            target: 'submittingInstalments',
            actions: assign({ pendingTotalInstalments: ({ event }) => event.totalInstalments }),
          },
        },
      },
      submittingInstalments: {
        invoke: {
          src: 'submitInstalments',
          input: ({ context }) => ({
            checkoutId: context.checkoutId,
            totalInstalments: context.pendingTotalInstalments ?? 3,
          }),
          onDone: {
            target: 'route',
            actions: { type: 'applyResponse', params: ({ event }) => ({ response: event.output }) },
          },
          onError: {
            target: 'route',
            actions: {
              type: 'markFailure',
              params: ({ event }) => ({ operation: 'instalments', error: event.error }),
            },
          },
        },
      },
      confirmation: {
        on: {
          CHANGE_FIRST_DATE: {
            target: 'changingFirstDate',
            actions: assign({ pendingFirstDate: ({ event }) => event.date }),
          },
          CONFIRM: 'confirming',
        },
      },
      changingFirstDate: {
        invoke: {
          src: 'submitFirstInstalmentDate',
          input: ({ context }) => ({ checkoutId: context.checkoutId, date: context.pendingFirstDate ?? '' }),
          onDone: {
            target: 'route',
            actions: [
              { type: 'applyResponse', params: ({ event }) => ({ response: event.output }) },
              { type: 'notify', params: { kind: 'success', message: checkoutToasts.firstDateChanged } },
            ],
          },
          onError: {
            target: 'route',
            actions: {
              type: 'markFailure',
              params: ({ event }) => ({ operation: 'firstInstalmentDate', error: event.error }),
            },
          },
        },
      },
      confirming: {
        entry: { type: 'enterStep', params: { step: 'confirmation' } },
        invoke: {
          src: 'confirmCheckout',
          input: ({ context }) => ({ checkoutId: context.checkoutId }),
          onDone: {
            target: 'route',
            actions: { type: 'applyResponse', params: ({ event }) => ({ response: event.output }) },
          },
          onError: {
            target: 'route',
            actions: [
              { type: 'markFailure', params: ({ event }) => ({ operation: 'confirm', error: event.error }) },
              'recomputeStep',
            ],
          },
        },
      },
      /** pixVerification, firstInstalmentPix and fullAmountPayment (context.step says which). */
      pix: {
        entry: 'refreshPixExpired',
        initial: 'waiting',
        on: {
          REQUEST_NEW_PIX: '.renewing',
          SEND_PIX_SMS: '.notifying',
        },
        states: {
          waiting: {
            entry: 'refreshPixExpired',
            after: { POLL_INTERVAL: 'polling' },
          },
          polling: {
            invoke: {
              src: 'pollPayment',
              input: ({ context }) => ({ checkoutId: context.checkoutId }),
              onDone: [
                {
                  guard: {
                    type: 'verificationPaidGoesToAnalysis',
                    params: ({ event }) => ({ response: event.output }),
                  },
                  target: '#checkout.analysis',
                  actions: { type: 'applyResponse', params: ({ event }) => ({ response: event.output }) },
                },
                {
                  guard: { type: 'shouldApplyPoll', params: ({ event }) => ({ response: event.output }) },
                  target: '#checkout.route',
                  actions: { type: 'applyResponse', params: ({ event }) => ({ response: event.output }) },
                },
                { target: 'waiting' },
              ],
              onError: {
                target: 'waiting',
                actions: { type: 'markPollFailure', params: ({ event }) => ({ error: event.error }) },
              },
            },
          },
          /**
           * The shopper asked for a new code. The page shows a charge as expired a safety margin before the PSP
           * stops taking it, and the server makes a new charge only after that: until then, keep polling (a
           * payment made at the last second moves the checkout on), then load the new charge.
           */
          renewing: {
            initial: 'check',
            states: {
              check: {
                always: [
                  { guard: 'pixPastRealExpiry', target: '#checkout.pix.refreshing' },
                  { target: 'waiting' },
                ],
              },
              waiting: {
                after: { POLL_INTERVAL: 'polling' },
              },
              polling: {
                invoke: {
                  src: 'pollPayment',
                  input: ({ context }) => ({ checkoutId: context.checkoutId }),
                  onDone: [
                    {
                      guard: {
                        type: 'verificationPaidGoesToAnalysis',
                        params: ({ event }) => ({ response: event.output }),
                      },
                      target: '#checkout.analysis',
                      actions: {
                        type: 'applyResponse',
                        params: ({ event }) => ({ response: event.output }),
                      },
                    },
                    {
                      guard: {
                        type: 'shouldApplyPoll',
                        params: ({ event }) => ({ response: event.output }),
                      },
                      target: '#checkout.route',
                      actions: {
                        type: 'applyResponse',
                        params: ({ event }) => ({ response: event.output }),
                      },
                    },
                    { target: 'check' },
                  ],
                  onError: {
                    target: 'check',
                    actions: { type: 'markPollFailure', params: ({ event }) => ({ error: event.error }) },
                  },
                },
              },
            },
          },
          /** A new charge after expiry: the server answers with a fresh payment field. */
          refreshing: {
            invoke: {
              src: 'loadCheckout',
              input: ({ context }) => ({ checkoutId: context.checkoutId }),
              onDone: {
                target: '#checkout.route',
                actions: { type: 'applyResponse', params: ({ event }) => ({ response: event.output }) },
              },
              onError: {
                target: 'waiting',
                actions: {
                  type: 'markFailure',
                  params: ({ event }) => ({ operation: 'load', error: event.error }),
                },
              },
            },
          },
          notifying: {
            invoke: {
              src: 'notifyPix',
              input: ({ context }) => ({ checkoutId: context.checkoutId }),
              onDone: [
                {
                  guard: ({ event }) => event.output.smsDelivered,
                  target: 'waiting',
                  actions: {
                    type: 'notify',
                    params: { kind: 'success', message: checkoutToasts.pixSentBySms },
                  },
                },
                {
                  target: 'waiting',
                  actions: {
                    type: 'notify',
                    params: { kind: 'error', message: checkoutToasts.pixSmsFailed },
                  },
                },
              ],
              onError: {
                target: 'waiting',
                actions: {
                  type: 'noticeFailure',
                  params: ({ event }) => ({ operation: 'notifyPix', error: event.error }),
                },
              },
            },
          },
        },
      },
      approved: {
        type: 'final',
      },
      denied: {
        on: {
          JOIN_WAITLIST: { guard: 'offerWaitlist', target: 'joiningWaitlist' },
        },
      },
      joiningWaitlist: {
        invoke: {
          src: 'updateWaitlist',
          input: ({ context }) => ({
            checkoutId: context.checkoutId,
            oldStatus: context.waitlistStatus,
            newStatus: 'CONFIRMED' as const,
          }),
          onDone: {
            target: 'denied',
            actions: { type: 'setWaitlistStatus', params: ({ event }) => ({ status: event.output.status }) },
          },
          onError: {
            target: 'denied',
            actions: {
              type: 'noticeFailure',
              params: ({ event }) => ({ operation: 'waitlist', error: event.error }),
            },
          },
        },
      },
      cancelling: {
        invoke: {
          src: 'cancelCheckout',
          input: ({ context }) => ({ checkoutId: context.checkoutId }),
          onDone: {
            target: 'cancelled',
            actions: { type: 'setCancelUrl', params: ({ event }) => ({ cancelUrl: event.output.cancelUrl }) },
          },
          onError: {
            target: 'route',
            actions: [
              { type: 'markFailure', params: ({ event }) => ({ operation: 'cancel', error: event.error }) },
              'recomputeStep',
            ],
          },
        },
      },
      cancelled: {
        type: 'final',
      },
    },
  });
}

export type CheckoutMachine = ReturnType<typeof createCheckoutMachine>;
