/**
 * The shopper checkout client (spec 7, "Shopper checkout"): anonymous calls keyed by the checkout id, 15 s
 * time-out, responses parsed with the contract. Every method returns an `ApiResult`; nothing here shows a toast.
 * Request bodies take the wire shape and are normalised with the request schema (digits-only CPF, E.164 phone)
 * before sending; an invalid body is sent as given and the server answers 400 with its issues.
 */
import type * as v from 'valibot';
import { onlyDigits } from '../br.ts';
import type {
  CancelCheckoutResponse,
  CepLookupResponse,
  CheckoutFeedbackRequest,
  CheckoutResponse,
  CheckoutUpdateRequest,
  CustomerDataRequest,
  InstalmentsSimulatorResponse,
  NotifyPixResponse,
  PhoneOnlyRequest,
  UpdateWaitlistRequest,
  UpdateWaitlistResponse,
  VerificationChannel,
  WaitlistStatus,
} from '../contract/checkout.ts';
import type { HighlightStore } from '../contract/highlight-stores.ts';
import { shopperHighlightStores } from '../endpoints/highlight-stores.ts';
import {
  cepLookup,
  checkoutCancel,
  checkoutFeedback,
  checkoutNotifyPix,
  checkoutUpdate,
  checkoutUpdateWaitlist,
  instalmentsSimulator,
} from '../endpoints/shopper.ts';
import { createCall } from './call.ts';
import { type ApiResult, createHttp, DEFAULT_TIMEOUT_MS } from './http.ts';

type In<S extends v.GenericSchema> = v.InferInput<S>;

export interface CheckoutClientOptions {
  baseUrl?: string;
  fetch?: typeof fetch;
  /** Default 15 000 ms (spec 9). */
  timeoutMs?: number;
}

/** Query of the simulator: by checkout, or by amount (reais) with optional date, CNPJ and merchant id. */
export type SimulatorQuery =
  | { checkoutId: string }
  | { amount: string | number; date?: string; cnpj?: string; merchantId?: string };

export interface CheckoutClient {
  /** `PUT /checkouts/{id}` with `{}`: load or refresh (also the Pix polling call). */
  load(id: string): Promise<ApiResult<CheckoutResponse>>;
  submitPhone(id: string, body: In<typeof PhoneOnlyRequest>): Promise<ApiResult<CheckoutResponse>>;
  submitCustomerData(id: string, body: In<typeof CustomerDataRequest>): Promise<ApiResult<CheckoutResponse>>;
  submitToken(id: string, code: string): Promise<ApiResult<CheckoutResponse>>;
  resendToken(id: string, channel: VerificationChannel): Promise<ApiResult<CheckoutResponse>>;
  selectInstalments(id: string, totalInstalments: number): Promise<ApiResult<CheckoutResponse>>;
  changeFirstInstalmentDate(id: string, isoDate: string): Promise<ApiResult<CheckoutResponse>>;
  confirm(id: string): Promise<ApiResult<CheckoutResponse>>;
  cancel(id: string): Promise<ApiResult<CancelCheckoutResponse>>;
  notifyPix(id: string): Promise<ApiResult<NotifyPixResponse>>;
  updateWaitlist(
    id: string,
    oldStatus: WaitlistStatus | null,
    newStatus: WaitlistStatus,
  ): Promise<ApiResult<UpdateWaitlistResponse>>;
  simulate(query: SimulatorQuery): Promise<ApiResult<InstalmentsSimulatorResponse>>;
  /** `feedback`: the label chosen on the page (one of FEEDBACK_REASONS; the server refuses any other with 400). */
  sendFeedback(
    body: Omit<In<typeof CheckoutFeedbackRequest>, 'feedback'> & { feedback: string },
  ): Promise<ApiResult<unknown>>;
  lookupCep(cep: string): Promise<ApiResult<CepLookupResponse>>;
}

export function createCheckoutClient(opts: CheckoutClientOptions = {}): CheckoutClient {
  const call = createCall(
    createHttp({ baseUrl: opts.baseUrl, fetch: opts.fetch, timeoutMs: opts.timeoutMs ?? DEFAULT_TIMEOUT_MS }),
  );
  const put = (id: string, body: In<typeof CheckoutUpdateRequest>) =>
    call(checkoutUpdate, { params: { id }, body });

  return {
    load: (id) => put(id, {}),
    submitPhone: (id, body) => put(id, body),
    submitCustomerData: (id, body) => put(id, body),
    submitToken: (id, code) => put(id, { phoneVerificationCode: code }),
    resendToken: (id, channel) =>
      put(id, { phoneVerificationMethod: channel, shouldResendPhoneVerificationCode: true }),
    selectInstalments: (id, totalInstalments) => put(id, { totalInstalments }),
    changeFirstInstalmentDate: (id, isoDate) => put(id, { firstInstallmentsDate: isoDate }),
    confirm: (id) => put(id, { checkoutConfirmed: true }),
    cancel: (id) => call(checkoutCancel, { params: { id } }),
    notifyPix: (id) => call(checkoutNotifyPix, { params: { id } }),
    // Only CONFIRMED parses; any other status is sent as given and refused by the server (400).
    updateWaitlist: (id, oldStatus, newStatus) =>
      call(checkoutUpdateWaitlist, {
        params: { id },
        body: { oldStatus, newStatus } as In<typeof UpdateWaitlistRequest>,
      }),
    simulate: (query) =>
      call(instalmentsSimulator, {
        query: 'checkoutId' in query ? { checkoutId: query.checkoutId } : { ...query },
      }),
    sendFeedback: (body) => call(checkoutFeedback, { body: body as In<typeof CheckoutFeedbackRequest> }),
    lookupCep: (cep) => call(cepLookup, { params: { cep: onlyDigits(cep) } }),
  };
}

/**
 * The checkout's highlight stores: the catalogue's 'Highlights' bucket, relayed by the server (the browser holds no
 * catalogue key). Beside the client rather than in it, so that the client's fakes in tests need not change.
 */
export function loadHighlightStores(opts: CheckoutClientOptions = {}): Promise<ApiResult<HighlightStore[]>> {
  const call = createCall(
    createHttp({ baseUrl: opts.baseUrl, fetch: opts.fetch, timeoutMs: opts.timeoutMs ?? DEFAULT_TIMEOUT_MS }),
  );
  return call(shopperHighlightStores);
}
