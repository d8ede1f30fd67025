/**
 * The shopper checkout client (spec 7, "Shopper checkout"): anonymous calls keyed by the checkout id, 15 s
 * time-out, responses parsed with the contract. Every method returns an `ApiResult`; nothing here shows a toast.
 * Request bodies take the wire shape and are normalised with the request schema (digits-only CPF, E.164 phone)
 * before sending; an invalid body is sent as given and the server answers 400 with its issues.
 */
import * as v from 'valibot';
import { onlyDigits } from '../br.ts';
import {
  CancelCheckoutResponse,
  CepLookupResponse,
  CheckoutFeedbackRequest,
  CheckoutResponse,
  CustomerDataRequest,
  checkoutPaths,
  FirstInstalmentDateRequest,
  InstalmentSelectionRequest,
  InstalmentsSimulatorResponse,
  NotifyPixResponse,
  PhoneOnlyRequest,
  ResendTokenRequest,
  SubmitTokenRequest,
  UpdateWaitlistRequest,
  UpdateWaitlistResponse,
  type VerificationChannel,
  type WaitlistStatus,
} from '../contract/checkout.ts';
import { type ApiResult, createHttp, DEFAULT_TIMEOUT_MS, type Http } from './http.ts';

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

function normalise<S extends v.GenericSchema>(schema: S, body: In<S>): unknown {
  const parsed = v.safeParse(schema, body);
  return parsed.success ? parsed.output : body;
}

export function createCheckoutClient(opts: CheckoutClientOptions = {}): CheckoutClient {
  const http: Http = createHttp({
    baseUrl: opts.baseUrl,
    fetch: opts.fetch,
    timeoutMs: opts.timeoutMs ?? DEFAULT_TIMEOUT_MS,
  });
  const put = (id: string, body: unknown) =>
    http.request({
      method: 'PUT',
      path: checkoutPaths.checkout(id),
      body,
      schema: CheckoutResponse,
      auth: false,
    });

  return {
    load: (id) => put(id, {}),
    submitPhone: (id, body) => put(id, normalise(PhoneOnlyRequest, body)),
    submitCustomerData: (id, body) => put(id, normalise(CustomerDataRequest, body)),
    submitToken: (id, code) => put(id, normalise(SubmitTokenRequest, { phoneVerificationCode: code })),
    resendToken: (id, channel) =>
      put(
        id,
        normalise(ResendTokenRequest, {
          phoneVerificationMethod: channel,
          shouldResendPhoneVerificationCode: true,
        }),
      ),
    selectInstalments: (id, totalInstalments) =>
      put(id, normalise(InstalmentSelectionRequest, { totalInstalments })),
    changeFirstInstalmentDate: (id, isoDate) =>
      put(id, normalise(FirstInstalmentDateRequest, { firstInstallmentsDate: isoDate })),
    confirm: (id) => put(id, { checkoutConfirmed: true }),
    cancel: (id) =>
      http.request({
        method: 'PUT',
        path: checkoutPaths.cancel(id),
        schema: CancelCheckoutResponse,
        auth: false,
      }),
    notifyPix: (id) =>
      http.request({
        method: 'POST',
        path: checkoutPaths.notifyPix(id),
        schema: NotifyPixResponse,
        auth: false,
      }),
    updateWaitlist: (id, oldStatus, newStatus) =>
      http.request({
        method: 'POST',
        path: checkoutPaths.updateWaitlist(id),
        // Only CONFIRMED parses; any other status is sent as given and refused by the server (400).
        body: normalise(UpdateWaitlistRequest, { oldStatus, newStatus } as In<typeof UpdateWaitlistRequest>),
        schema: UpdateWaitlistResponse,
        auth: false,
      }),
    simulate: (query) =>
      http.request({
        method: 'GET',
        path: checkoutPaths.instalmentsSimulator,
        query: 'checkoutId' in query ? { checkoutId: query.checkoutId } : { ...query },
        schema: InstalmentsSimulatorResponse,
        auth: false,
      }),
    sendFeedback: (body) =>
      http.request({
        method: 'POST',
        path: checkoutPaths.feedback,
        body: normalise(CheckoutFeedbackRequest, body as In<typeof CheckoutFeedbackRequest>),
        schema: v.unknown(),
        auth: false,
      }),
    lookupCep: (cep) =>
      http.request({
        method: 'GET',
        path: checkoutPaths.cep(onlyDigits(cep)),
        schema: CepLookupResponse,
        auth: false,
      }),
  };
}
