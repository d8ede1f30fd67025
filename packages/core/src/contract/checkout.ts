/**
 * The shopper checkout calls of spec section 7 and the merchant checkout API of DESIGN.md section 2: the single
 * source of their HTTP shapes. The server validates requests and serialises responses with these schemas; the
 * checkout client parses responses with them.
 *
 * Money: the JSON carries reais with two decimals (a number, e.g. 19.99). Schemas that carry money are
 * asymmetric on purpose:
 * - `v.InferInput<typeof X>` is the WIRE shape (reais numbers): what the server serialises and what goes over
 *   HTTP. The server builds it from centavos with `centsToReais`.
 * - `v.InferOutput<typeof X>` (the exported type `X`) is the DOMAIN shape (`Cents`): what `v.parse` returns to
 *   whoever reads the JSON (the server for requests, the clients for responses).
 * A reais amount with more than two decimals (10.001) is rejected, never rounded.
 *
 * Wire spelling of the checkout result: 'OK' | 'KO' | 'MORE_INFO' (the spec's "ok, ko, more info"), the same
 * spelling as the checkout status enumeration.
 */
import * as v from 'valibot';
import { isValidCpf, onlyDigits } from '../br.ts';
import { isIsoDate } from '../dates.ts';
import { type Cents, isReaisAmount, reaisToCents } from '../money.ts';
import { normalizeShopperPhone } from '../phone.ts';
import {
  CheckoutStatus,
  IsoDateString,
  IsoInstant,
  inDateYears,
  NonNegativeReais,
  PositiveReais,
} from './primitives.ts';

// ---------------------------------------------------------------- paths

export const CHECKOUT_API = '/api/v1';

/** HTTP paths of the shopper checkout (spec 7) and the merchant checkout API (DESIGN.md 2). */
export const checkoutPaths = {
  /** PUT: load/refresh (empty body) and every shopper update. */
  checkout: (id: string) => `${CHECKOUT_API}/checkouts/${encodeURIComponent(id)}`,
  /** PUT */
  cancel: (id: string) => `${CHECKOUT_API}/checkouts/${encodeURIComponent(id)}/cancel`,
  /** POST: sends the Pix copy-paste code to the customer's phone by SMS. */
  notifyPix: (id: string) => `${CHECKOUT_API}/checkouts/${encodeURIComponent(id)}/notify_pix`,
  /** POST {oldStatus, newStatus} */
  updateWaitlist: (id: string) => `${CHECKOUT_API}/checkouts/${encodeURIComponent(id)}/update_waitlist`,
  /** GET ?checkoutId= or ?amount=&date=&cnpj=&merchantId= */
  instalmentsSimulator: `${CHECKOUT_API}/instalments_simulator`,
  /** POST */
  feedback: `${CHECKOUT_API}/feedback/checkout-feedback`,
  /** GET: ViaCEP-compatible lookup through the server (DESIGN.md 1, `cep` port). */
  cep: (cep: string) => `${CHECKOUT_API}/cep/${encodeURIComponent(cep)}`,
  /** POST (merchant API key + Idempotency-Key) */
  merchantCheckouts: `${CHECKOUT_API}/merchant/checkouts`,
  /** GET (merchant API key) */
  merchantCheckout: (id: string) => `${CHECKOUT_API}/merchant/checkouts/${encodeURIComponent(id)}`,
  /** PUT (merchant back office, ADMIN): revokes an unfinished checkout (status REVOKED). */
  merchantRevoke: (id: string) => `/merchant_backoffice/api/v1/checkouts/${encodeURIComponent(id)}/revoke`,
  /** GET: the OpenAPI 3.1 document of the merchant and shopper checkout APIs. */
  openApi: `/api/openapi.json`,
  /** GET: the readable API reference page. */
  apiDocs: `/api/docs`,
  /** The hosted checkout page (checkout-ui route, spec 2.1). */
  hostedPage: (id: string) => `/checkouts/${encodeURIComponent(id)}`,
} as const;

// ---------------------------------------------------------------- shared pieces (primitives.ts)

export {
  CHECKOUT_STATUSES,
  CheckoutStatus,
  DATE_YEARS,
  DENIAL_REASONS,
  DenialReason,
  IsoDateString,
  IsoInstant,
  inDateYears,
  NonNegativeReais,
  PositiveReais,
  Reais,
} from './primitives.ts';

import { DEFAULT_UPFRONT_PAYMENT_STATUS, UpfrontPaymentStatus } from './checkout-statuses.ts';
import { MerchantKoReason } from './refusal-groups.ts';
import { SHOPPER_KO_REASONS } from './shopper-ko-reason.ts';

const HttpUrl = (label: string) =>
  v.pipe(
    v.string(`${label} deve ser um texto`),
    v.trim(),
    v.url(`${label} deve ser uma URL válida`),
    v.check((s) => /^https?:\/\//i.test(s), `${label} deve começar com http:// ou https://`),
  );

// ---------------------------------------------------------------- enumerations (spec 3 and 8)

// In a module of their own: the portals' status badges and the merchant form read them, and reaching them through
// this module put the phone schemas (libphonenumber's metadata, ≈ 30 KB gzip) on those pages' first load.
export {
  CHECKOUT_STATUS_LABELS,
  DEFAULT_UPFRONT_PAYMENT_STATUS,
  UPFRONT_PAYMENT_STATUS_LABELS,
  UPFRONT_PAYMENT_STATUSES,
  UpfrontPaymentStatus,
} from './checkout-statuses.ts';

/**
 * The most instalments any checkout offers: the bound of `{totalInstalments}`, and so of the selection options, the
 * merchant summary and the simulator, whatever a merchant's `maxInstalments` says.
 */
export const MAX_INSTALMENTS = 24;

export const WAITLIST_STATUSES = ['CONFIRMED', 'WAITING_RESPONSE', 'DENIED'] as const;
export const WaitlistStatus = v.picklist(WAITLIST_STATUSES, 'Status da lista de espera desconhecido');
export type WaitlistStatus = v.InferOutput<typeof WaitlistStatus>;

/** Channels of the phone verification code (Drip Token); WHATSAPP is offered for resends (spec 3). */
export const VERIFICATION_CHANNELS = ['SMS', 'WHATSAPP', 'EMAIL'] as const;
export const VerificationChannel = v.picklist(VERIFICATION_CHANNELS, 'Canal de verificação desconhecido');
export type VerificationChannel = v.InferOutput<typeof VerificationChannel>;
export const VERIFICATION_CHANNEL_LABELS: Record<VerificationChannel, string> = {
  SMS: 'SMS',
  WHATSAPP: 'WhatsApp',
  EMAIL: 'e-mail',
};

/** Wire spelling of the checkout result (see the file header). */
export const CHECKOUT_RESULTS = ['OK', 'KO', 'MORE_INFO'] as const;
export const CheckoutResult = v.picklist(CHECKOUT_RESULTS, 'Resultado de checkout desconhecido');
export type CheckoutResult = v.InferOutput<typeof CheckoutResult>;

// ---------------------------------------------------------------- checkout response fields

/** The `fieldName` constants of the checkout response (spec 3). */
export const FIELD_NAMES = {
  merchantSummary: 'merchantSummary',
  payment: 'payment',
  paymentForFirstInstalment: 'paymentForFirstInstalment',
  paymentForFullAmount: 'paymentForFullAmount',
  instalments: 'instalments',
  resolveUrl: 'resolveUrl',
  cancelUrl: 'cancelUrl',
  koReason: 'koReason',
  koVariables: 'koVariables',
  customerThreshold: 'customerThreshold',
  blockedLimit: 'blockedLimit',
  upfrontFirstInstalment: 'upfrontFirstInstalment',
  phoneVerificationCode: 'phoneVerificationCode',
  checkoutConfirmation: 'checkoutConfirmation',
  instalmentSelection: 'instalmentSelection',
  customerCpf: 'customerCpf',
  customerPhone: 'customerPhone',
  customerEmail: 'customerEmail',
} as const;
export type FieldName = (typeof FIELD_NAMES)[keyof typeof FIELD_NAMES];

/** The customer fields whose presence asks for the customer data form (their data, if any, is a prefill). */
export const CUSTOMER_FIELD_NAMES = ['customerCpf', 'customerPhone', 'customerEmail'] as const;
export type CustomerFieldName = (typeof CUSTOMER_FIELD_NAMES)[number];

export const MerchantSummary = v.object({
  id: v.string(),
  name: v.string(),
  flexibleInstallments: v.optional(v.boolean(), true),
  maxInstalments: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(MAX_INSTALMENTS)), 3),
  upfrontPaymentStatus: v.optional(UpfrontPaymentStatus, DEFAULT_UPFRONT_PAYMENT_STATUS),
  /** Fraction (0.05 = 5 %). */
  cashbackRate: v.pipe(v.number(), v.minValue(0), v.maxValue(1)),
  totalAmount: PositiveReais,
  logoUrl: v.optional(v.string()),
  /**
   * The merchant is on the auto-redirect list (spec 2.5 "Approved"): an approved checkout emits `finished` and,
   * in redirect mode, goes back to resolveUrl after 5 s. Off the list it emits `completed` and stays on the
   * approved page. Absent: on the list (what every merchant had before the list existed).
   */
  autoRedirect: v.optional(v.boolean(), true),
});
export type MerchantSummary = v.InferOutput<typeof MerchantSummary>;

/** A Pix charge to show: QR image (URL or data URL), BR Code copy-paste text, amount and expiry. */
export const PixPayment = v.object({
  paymentQrCode: v.string(),
  paymentQrCodeText: v.pipe(v.string(), v.nonEmpty()),
  amount: PositiveReais,
  expiresAt: IsoInstant,
});
export type PixPayment = v.InferOutput<typeof PixPayment>;

export const CheckoutInstalment = v.object({
  number: v.pipe(v.number(), v.integer(), v.minValue(1)),
  dueDate: IsoDateString,
  amount: NonNegativeReais,
  /** Cashback discounted on this instalment (the last one carries it). */
  cashbackAmount: NonNegativeReais,
});
export type CheckoutInstalment = v.InferOutput<typeof CheckoutInstalment>;

export const KoVariables = v.object({
  /** The most the customer can buy now (0 when unknown). */
  allowedAmount: v.optional(NonNegativeReais),
  /** Limit held by unpaid instalments, unlocked when they are paid. */
  blockedLimit: v.optional(NonNegativeReais),
  waitlistStatus: v.optional(WaitlistStatus),
  onWaitlist: v.optional(v.boolean()),
});
export type KoVariables = v.InferOutput<typeof KoVariables>;

export const PhoneVerificationData = v.object({
  channel: VerificationChannel,
  /** Masked destination ('+55 (11) *****-4321'). */
  destination: v.string(),
  /** When a resend is allowed again (the UI also applies its own 30 s cooldown). */
  resendAvailableAt: v.optional(IsoInstant),
});
export type PhoneVerificationData = v.InferOutput<typeof PhoneVerificationData>;

export const InstalmentOption = v.object({
  totalInstalments: v.pipe(v.number(), v.integer(), v.minValue(1)),
  instalmentAmount: PositiveReais,
});
export type InstalmentOption = v.InferOutput<typeof InstalmentOption>;

export const InstalmentSelectionData = v.object({
  options: v.array(InstalmentOption),
  selected: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
});
export type InstalmentSelectionData = v.InferOutput<typeof InstalmentSelectionData>;

/** A data field: `fieldData` is required. */
const dataField = <N extends FieldName, S extends v.GenericSchema>(name: N, data: S) =>
  v.object({ fieldName: v.literal(name), fieldData: data });
/** A request field: no `fieldData` (the server asks for this), or optional data that helps the form. */
const requestField = <N extends FieldName, S extends v.GenericSchema>(name: N, data: S) =>
  v.object({ fieldName: v.literal(name), fieldData: v.optional(data) });

/**
 * One entry of `fields`, discriminated on `fieldName`. Data fields carry `fieldData`; request fields
 * (phoneVerificationCode, checkoutConfirmation, instalmentSelection, customerCpf/Phone/Email) ask for the
 * matching shopper step and may carry helpful data (masked destination, options, prefill values).
 */
export const CheckoutField = v.variant('fieldName', [
  dataField('merchantSummary', MerchantSummary),
  dataField('payment', PixPayment),
  dataField('paymentForFirstInstalment', PixPayment),
  dataField('paymentForFullAmount', PixPayment),
  dataField('instalments', v.array(CheckoutInstalment)),
  dataField('resolveUrl', v.string()),
  dataField('cancelUrl', v.string()),
  // Only the reasons the shopper's screen tells apart (shopper-ko-reason.ts): outside production the server checks
  // its answers against this schema, so a fraud signal cannot come back to the wire by accident.
  dataField('koReason', v.picklist(SHOPPER_KO_REASONS, 'Motivo de recusa desconhecido')),
  dataField('koVariables', KoVariables),
  dataField('customerThreshold', NonNegativeReais),
  dataField('blockedLimit', NonNegativeReais),
  dataField('upfrontFirstInstalment', v.object({ amount: NonNegativeReais })),
  requestField('phoneVerificationCode', PhoneVerificationData),
  requestField('checkoutConfirmation', v.object({})),
  requestField('instalmentSelection', InstalmentSelectionData),
  requestField('customerCpf', v.string()),
  requestField('customerPhone', v.string()),
  requestField('customerEmail', v.string()),
]);
export type CheckoutField = v.InferOutput<typeof CheckoutField>;

/** Answer of every `PUT /api/v1/checkouts/{id}`. */
export const CheckoutResponse = v.object({
  result: CheckoutResult,
  fields: v.array(CheckoutField),
  /** Only on answers to `{phoneVerificationCode}`: whether the code was accepted (spec 7 "reads isValid"). */
  isValid: v.optional(v.boolean()),
});
export type CheckoutResponse = v.InferOutput<typeof CheckoutResponse>;

// ---------------------------------------------------------------- PUT /api/v1/checkouts/{id} bodies

/** Shopper form messages (spec section 5). */
export const checkoutFormMessages = {
  phoneInvalid: 'O campo telefone fornecido é inválido, verifique e tente novamente',
  phoneInvalidShort: 'Insira um número de telefone válido',
  phoneIncomplete: 'O campo telefone está incompleto, verifique o número e seu DDD',
  cpfInvalid: 'O campo CPF fornecido é inválido',
  cepLength: (n: number) => `O campo CEP deve ter ${n} digitos`,
  cepInvalid: 'O CEP fornecido é inválido',
  cepLookupFailed: 'Não foi possível recuperar os detalhes do endereço com base no CEP fornecido',
  streetMissing: 'Não encontramos a rua pelo CEP informado, por favor preencha',
  neighborhoodMissing: 'Não encontramos o bairro pelo CEP informado, por favor preencha',
  cityMissing: 'Precisamos de um CEP válido para recuperar a cidade',
  stateMissing: 'Precisamos de um CEP válido para recuperar o estado',
  // Drip's own wording below (the spec gives none).
  /** City and state typed by the shopper when the CEP lookup failed or did not give them. */
  cityTyped: 'Não encontramos a cidade pelo CEP informado, por favor preencha',
  stateTyped: 'Não encontramos o estado pelo CEP informado, por favor selecione',
  nameRequired: 'Informe seu nome completo',
  emailInvalid: 'O campo e-mail fornecido é inválido',
  numberRequired: 'Informe o número do endereço',
  birthDateInvalid: 'A data de nascimento deve estar no formato AAAA-MM-DD',
  tokenRequired: 'Informe o Drip Token',
  tokenFormat: 'O Drip Token deve ter 6 dígitos',
  firstDateInvalid: 'A data da 1º parcela deve estar no formato AAAA-MM-DD',
  totalInstalmentsInvalid: `A quantidade de parcelas deve ser um número inteiro entre 1 e ${MAX_INSTALMENTS}`,
} as const;

export const BRAZILIAN_STATES = [
  'AC',
  'AL',
  'AP',
  'AM',
  'BA',
  'CE',
  'DF',
  'ES',
  'GO',
  'MA',
  'MT',
  'MS',
  'MG',
  'PA',
  'PB',
  'PR',
  'PE',
  'PI',
  'RJ',
  'RN',
  'RS',
  'RO',
  'RR',
  'SC',
  'SP',
  'SE',
  'TO',
] as const;
export type BrazilianState = (typeof BRAZILIAN_STATES)[number];

const requiredText = (message: string, max = 200) =>
  v.pipe(v.string(message), v.trim(), v.nonEmpty(message), v.maxLength(max, message));

/**
 * Any notation of a shopper phone in, E.164 out: Brazilian numbers by Drip's rules ('+55DDNNNNNNNNN'), others
 * valid for their country (spec 9: Brazil by default, international numbers accepted).
 */
export const CustomerPhone = v.pipe(
  v.string(checkoutFormMessages.phoneInvalid),
  v.check((s) => normalizeShopperPhone(s) !== null, checkoutFormMessages.phoneInvalid),
  v.transform((s) => normalizeShopperPhone(s) ?? s),
);

/** A CPF with or without mask in, 11 digits with valid check digits out. */
export const CustomerCpf = v.pipe(
  v.string(checkoutFormMessages.cpfInvalid),
  v.transform(onlyDigits),
  v.check((s) => isValidCpf(s), checkoutFormMessages.cpfInvalid),
);

export const PhoneOnlyRequest = v.strictObject({ customerPhone: CustomerPhone });
export type PhoneOnlyRequest = v.InferOutput<typeof PhoneOnlyRequest>;

export const CustomerDataRequest = v.strictObject({
  customerPhone: CustomerPhone,
  customerCpf: CustomerCpf,
  customerName: requiredText(checkoutFormMessages.nameRequired, 120),
  customerEmail: v.pipe(
    requiredText(checkoutFormMessages.emailInvalid, 254),
    v.email(checkoutFormMessages.emailInvalid),
    v.toLowerCase(),
  ),
  customerBirthDate: v.optional(
    v.pipe(
      v.string(checkoutFormMessages.birthDateInvalid),
      v.check((s) => isIsoDate(s) && inDateYears(s), checkoutFormMessages.birthDateInvalid),
    ),
  ),
  /** CEP with or without hyphen in, 8 digits out. */
  addressCep: v.pipe(
    v.string(checkoutFormMessages.cepLength(8)),
    v.transform(onlyDigits),
    v.length(8, checkoutFormMessages.cepLength(8)),
  ),
  addressStreet: requiredText(checkoutFormMessages.streetMissing),
  addressNumber: requiredText(checkoutFormMessages.numberRequired, 20),
  addressComplement: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200))),
  addressNeighborhood: requiredText(checkoutFormMessages.neighborhoodMissing),
  addressCity: requiredText(checkoutFormMessages.cityMissing),
  addressState: v.pipe(
    v.string(checkoutFormMessages.stateMissing),
    v.trim(),
    v.toUpperCase(),
    v.picklist(BRAZILIAN_STATES, checkoutFormMessages.stateMissing),
  ),
});
export type CustomerDataRequest = v.InferOutput<typeof CustomerDataRequest>;

/** Load or refresh (also the Pix polling call). */
export const LoadCheckoutRequest = v.strictObject({});
export type LoadCheckoutRequest = v.InferOutput<typeof LoadCheckoutRequest>;

/** Chosen first due date. The 1–31 days window is checked by the server against its clock. */
export const FirstInstalmentDateRequest = v.strictObject({
  firstInstallmentsDate: v.pipe(
    v.string(checkoutFormMessages.firstDateInvalid),
    v.check((s) => isIsoDate(s) && inDateYears(s), checkoutFormMessages.firstDateInvalid),
  ),
});
export type FirstInstalmentDateRequest = v.InferOutput<typeof FirstInstalmentDateRequest>;

/** Chosen instalment count (the server checks it against the merchant's maxInstalments). */
export const InstalmentSelectionRequest = v.strictObject({
  totalInstalments: v.pipe(
    v.number(checkoutFormMessages.totalInstalmentsInvalid),
    v.integer(checkoutFormMessages.totalInstalmentsInvalid),
    v.minValue(1, checkoutFormMessages.totalInstalmentsInvalid),
    v.maxValue(MAX_INSTALMENTS, checkoutFormMessages.totalInstalmentsInvalid),
  ),
});
export type InstalmentSelectionRequest = v.InferOutput<typeof InstalmentSelectionRequest>;

export const ResendTokenRequest = v.strictObject({
  phoneVerificationMethod: VerificationChannel,
  shouldResendPhoneVerificationCode: v.literal(true),
});
export type ResendTokenRequest = v.InferOutput<typeof ResendTokenRequest>;

export const SubmitTokenRequest = v.strictObject({
  phoneVerificationCode: v.pipe(
    v.string(checkoutFormMessages.tokenRequired),
    v.trim(),
    v.nonEmpty(checkoutFormMessages.tokenRequired),
    v.regex(/^\d{6}$/, checkoutFormMessages.tokenFormat),
  ),
});
export type SubmitTokenRequest = v.InferOutput<typeof SubmitTokenRequest>;

export const ConfirmCheckoutRequest = v.strictObject({ checkoutConfirmed: v.literal(true) });
export type ConfirmCheckoutRequest = v.InferOutput<typeof ConfirmCheckoutRequest>;

/** The members of `CheckoutUpdateRequest` as one union (documentation: the parser picks the member by its keys). */
export const CheckoutUpdateUnion = v.union([
  LoadCheckoutRequest,
  PhoneOnlyRequest,
  CustomerDataRequest,
  FirstInstalmentDateRequest,
  InstalmentSelectionRequest,
  ResendTokenRequest,
  SubmitTokenRequest,
  ConfirmCheckoutRequest,
]);
type CheckoutUpdateInput = v.InferInput<typeof CheckoutUpdateUnion>;
export type CheckoutUpdateRequest = v.InferOutput<typeof CheckoutUpdateUnion>;

const CUSTOMER_DATA_KEYS = Object.keys(CustomerDataRequest.entries).filter((k) => k !== 'customerPhone');

/** The member a body is meant to be, chosen by its keys (so that its own messages are reported). */
function updateMemberFor(input: unknown): v.GenericSchema<CheckoutUpdateInput, CheckoutUpdateRequest> {
  if (typeof input !== 'object' || input === null) return LoadCheckoutRequest;
  const has = (key: string) => key in input;
  if (CUSTOMER_DATA_KEYS.some(has)) return CustomerDataRequest;
  if (has('customerPhone')) return PhoneOnlyRequest;
  if (has('firstInstallmentsDate')) return FirstInstalmentDateRequest;
  if (has('totalInstalments')) return InstalmentSelectionRequest;
  if (has('shouldResendPhoneVerificationCode') || has('phoneVerificationMethod')) return ResendTokenRequest;
  if (has('phoneVerificationCode')) return SubmitTokenRequest;
  if (has('checkoutConfirmed')) return ConfirmCheckoutRequest;
  return LoadCheckoutRequest;
}

/**
 * Every body of `PUT /api/v1/checkouts/{id}`: one of the strict members above, chosen by its keys, so that a
 * bad body gets the messages of the member it was meant to be (a plain union would only say "invalid type").
 * Mixed bodies (e.g. `{totalInstalments, checkoutConfirmed}`) are rejected for the unknown key.
 */
export const CheckoutUpdateRequest = v.lazy(updateMemberFor);

export type CheckoutUpdateKind =
  | 'load'
  | 'phone'
  | 'customerData'
  | 'firstInstalmentDate'
  | 'instalmentSelection'
  | 'resendToken'
  | 'token'
  | 'confirm';

/** Which update a parsed body is (for the server's dispatch). */
export function checkoutUpdateKind(body: CheckoutUpdateRequest): CheckoutUpdateKind {
  if ('customerCpf' in body) return 'customerData';
  if ('customerPhone' in body) return 'phone';
  if ('firstInstallmentsDate' in body) return 'firstInstalmentDate';
  if ('totalInstalments' in body) return 'instalmentSelection';
  if ('shouldResendPhoneVerificationCode' in body) return 'resendToken';
  if ('phoneVerificationCode' in body) return 'token';
  if ('checkoutConfirmed' in body) return 'confirm';
  return 'load';
}

// ---------------------------------------------------------------- other shopper calls

/** `PUT /checkouts/{id}/cancel`: the URL the browser goes to, when the merchant gave one. */
export const CancelCheckoutResponse = v.object({
  status: CheckoutStatus,
  cancelUrl: v.nullable(v.string()),
});
export type CancelCheckoutResponse = v.InferOutput<typeof CancelCheckoutResponse>;

/** `POST /checkouts/{id}/notify_pix`: whether the SMS with the Pix code was sent. */
export const NotifyPixResponse = v.object({ smsDelivered: v.boolean() });
export type NotifyPixResponse = v.InferOutput<typeof NotifyPixResponse>;

/** The shopper can only join the waiting list (spec 4: "send old status and CONFIRMED"); Drip decides the rest. */
export const UpdateWaitlistRequest = v.strictObject({
  oldStatus: v.nullable(WaitlistStatus),
  newStatus: v.literal('CONFIRMED', 'Só é possível entrar na lista de espera (CONFIRMED)'),
});
export type UpdateWaitlistRequest = v.InferOutput<typeof UpdateWaitlistRequest>;
export const UpdateWaitlistResponse = v.object({ status: WaitlistStatus });
export type UpdateWaitlistResponse = v.InferOutput<typeof UpdateWaitlistResponse>;

/** Query of `GET /instalments_simulator` (strings, as in a URL). */
export const InstalmentsSimulatorQuery = v.union([
  v.strictObject({ checkoutId: v.pipe(v.string(), v.nonEmpty('Informe o checkout')) }),
  v.strictObject({
    amount: v.pipe(
      v.string('Informe o valor'),
      v.check((s) => isReaisAmount(s) && Number(s.replace(',', '.')) > 0, 'O valor deve ser maior que zero'),
      v.transform((s): Cents => reaisToCents(s)),
    ),
    /** Purchase date 'YYYY-MM-DD' (first due date = date + 30 days unless chosen). */
    date: v.optional(IsoDateString),
    /** The merchant's business id (spec: "merchant as business id"). */
    cnpj: v.optional(v.pipe(v.string(), v.transform(onlyDigits))),
    merchantId: v.optional(v.string()),
  }),
]);
export type InstalmentsSimulatorQuery = v.InferOutput<typeof InstalmentsSimulatorQuery>;

export const InstalmentsSimulatorResponse = v.object({
  cashbackRate: v.pipe(v.number(), v.minValue(0), v.maxValue(1)),
  instalments: v.array(CheckoutInstalment),
  totalAmount: PositiveReais,
  flexibleInstallments: v.boolean(),
  maxInstalments: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(MAX_INSTALMENTS)),
});
export type InstalmentsSimulatorResponse = v.InferOutput<typeof InstalmentsSimulatorResponse>;

/** The abandonment reasons of the feedback page (spec 2.5); the label is what is sent as `feedback`. */
export const FEEDBACK_REASONS = [
  { label: 'Estou aqui apenas por curiosidade', commentRequired: false },
  { label: 'Não estou seguro de fazer essa compra', commentRequired: false },
  { label: 'Não recebi o código por SMS/Whatsapp', commentRequired: false },
  { label: 'Achei muito complicado', commentRequired: false },
  { label: 'Estou com problemas técnicos', commentRequired: true },
  { label: 'Outro motivo', commentRequired: true },
] as const;

export const CheckoutFeedbackRequest = v.pipe(
  v.strictObject({
    checkoutID: v.pipe(v.string(), v.nonEmpty('Informe o checkout')),
    // One of the six reasons of the page, as labelled (spec 2.5): anything else is refused.
    feedback: v.picklist(
      FEEDBACK_REASONS.map((r) => r.label),
      'Selecione um motivo',
    ),
    comment: v.pipe(v.string(), v.trim(), v.maxLength(2000, 'O comentário é longo demais')),
  }),
  v.forward(
    v.partialCheck(
      [['feedback'], ['comment']],
      (i) => i.comment !== '' || !FEEDBACK_REASONS.some((r) => r.commentRequired && r.label === i.feedback),
      'Conte para nós o que aconteceu no campo de comentário',
    ),
    ['comment'],
  ),
);
export type CheckoutFeedbackRequest = v.InferOutput<typeof CheckoutFeedbackRequest>;

/** ViaCEP answer shape (`erro: true` for an unknown CEP). */
export const CepLookupResponse = v.object({
  cep: v.optional(v.string()),
  logradouro: v.optional(v.string()),
  complemento: v.optional(v.string()),
  bairro: v.optional(v.string()),
  localidade: v.optional(v.string()),
  uf: v.optional(v.string()),
  erro: v.optional(v.union([v.boolean(), v.literal('true')])),
});
export type CepLookupResponse = v.InferOutput<typeof CepLookupResponse>;

// ---------------------------------------------------------------- merchant checkout API (DESIGN.md 2)

/**
 * Bounds of a checkout created through the merchant API (docs/checkout-lifecycle.md): every amount and quantity
 * fits the columns that store them (a product's line, unit amount × quantity, stays far inside a bigint), and a value
 * past a bound is answered 422 naming the field.
 */
export const CHECKOUT_LIMITS = {
  /** R$ 1.000.000,00: the checkout's amount and a product's unit amount. */
  maxAmount: 100_000_000 as Cents,
  /** A product's quantity: an integer from 1 to 10 000. */
  maxQuantity: 10_000,
  /** Products per checkout. */
  maxProducts: 100,
} as const;

/** Reais up to `max` centavos (`min`: strictly positive or non-negative); a value past `max` is only that issue. */
function boundedReais(max: Cents, min: 'positive' | 'nonNegative', maxMessage: string) {
  const maxReais = max / 100;
  return v.pipe(
    v.number('O valor deve ser um número'),
    min === 'positive'
      ? v.gtValue(0, 'O valor deve ser maior que zero')
      : v.minValue(0, 'O valor não pode ser negativo'),
    v.maxValue(maxReais, maxMessage),
    v.check((n) => n > maxReais || isReaisAmount(n), 'O valor deve ter no máximo 2 casas decimais'),
    v.transform((n): Cents => reaisToCents(n)),
  );
}

export const CheckoutProduct = v.object({
  name: requiredText('Informe o nome do produto', 200),
  quantity: v.pipe(
    v.number('A quantidade deve ser um número'),
    v.integer('A quantidade deve ser um número inteiro'),
    v.minValue(1, 'A quantidade deve ser pelo menos 1'),
    v.maxValue(CHECKOUT_LIMITS.maxQuantity, 'A quantidade deve ser no máximo 10.000'),
  ),
  /** Unit price. */
  amount: boundedReais(
    CHECKOUT_LIMITS.maxAmount,
    'nonNegative',
    'O valor unitário deve ser no máximo R$ 1.000.000,00',
  ),
});
export type CheckoutProduct = v.InferOutput<typeof CheckoutProduct>;

/**
 * `POST /api/v1/merchant/checkouts`. The products are informative (shown to the shopper and on the order):
 * their sum is NOT checked against `amount`, because shipping, discounts and fees are not itemised.
 */
export const CreateCheckoutRequest = v.strictObject({
  amount: boundedReais(CHECKOUT_LIMITS.maxAmount, 'positive', 'O valor deve ser no máximo R$ 1.000.000,00'),
  merchantOrderCode: v.pipe(
    v.string('Informe o código do pedido'),
    v.trim(),
    v.minLength(1, 'Informe o código do pedido'),
    v.maxLength(64, 'O código do pedido deve ter no máximo 64 caracteres'),
  ),
  products: v.pipe(
    v.array(CheckoutProduct),
    v.minLength(1, 'Informe pelo menos um produto'),
    v.maxLength(CHECKOUT_LIMITS.maxProducts, 'Informe no máximo 100 produtos'),
  ),
  customer: v.optional(
    v.strictObject({
      prefill: v.strictObject({
        cpf: v.optional(CustomerCpf),
        phone: v.optional(CustomerPhone),
        email: v.optional(v.pipe(v.string(), v.trim(), v.email(checkoutFormMessages.emailInvalid))),
        name: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(120))),
      }),
    }),
  ),
  resolveUrl: HttpUrl('resolveUrl'),
  cancelUrl: HttpUrl('cancelUrl'),
});
export type CreateCheckoutRequest = v.InferOutput<typeof CreateCheckoutRequest>;

export const CreateCheckoutResponse = v.object({
  id: v.string(),
  /** Absolute URL of the hosted checkout. */
  url: v.string(),
  expiresAt: IsoInstant,
});
export type CreateCheckoutResponse = v.InferOutput<typeof CreateCheckoutResponse>;

export const MerchantCheckoutView = v.object({
  id: v.string(),
  status: CheckoutStatus,
  merchantOrderCode: v.string(),
  amount: PositiveReais,
  /** The refusal's group (contract/refusal-groups.ts): a merchant never reads the individual reason. */
  koReason: v.optional(v.nullable(MerchantKoReason)),
  order: v.optional(
    v.nullable(
      v.object({
        id: v.string(),
        status: v.picklist(['ACTIVE', 'CLOSED', 'CANCELED']),
        instalments: v.array(
          v.object({
            number: v.pipe(v.number(), v.integer(), v.minValue(1)),
            dueDate: IsoDateString,
            amount: NonNegativeReais,
            status: v.picklist(['PENDING', 'PAID']),
          }),
        ),
      }),
    ),
  ),
  createdAt: IsoInstant,
  expiresAt: IsoInstant,
});
export type MerchantCheckoutView = v.InferOutput<typeof MerchantCheckoutView>;
