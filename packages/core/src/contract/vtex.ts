/**
 * The VTEX Payment Provider Protocol as Drip's connector reads and answers it (docs/vtex.md). The shapes follow the
 * published OpenAPI document (`VTEX - Payment Provider Protocol.json`, vtex/openapi-schemas): requests are loose
 * objects (VTEX adds fields over time; the connector reads only what it needs), answers carry every field the
 * document requires. Amounts are reais as VTEX sends them (numbers); the server converts to centavos once.
 */
import * as v from 'valibot';

/** The connector's base path: VTEX's "provider endpoint URL" is `PUBLIC_URL` followed by it. */
export const VTEX_API = '/api/v1/vtex';

export const VTEX_HEADERS = {
  appKey: 'X-PROVIDER-API-AppKey',
  appToken: 'X-PROVIDER-API-AppToken',
} as const;

/** The manifest's one payment method: Drip shows in the VTEX checkout as a promissory ("Pix parcelado"). */
export const VTEX_PAYMENT_METHOD = 'Promissories';

const text = v.string();
const optionalText = v.optional(v.nullable(v.string()));
const Reais = v.pipe(v.number('value deve ser um número'), v.finite('value deve ser um número'));

export const VtexManifest = v.object({
  paymentMethods: v.array(
    v.object({ name: v.string(), allowsSplit: v.picklist(['onCapture', 'onAuthorize', 'disabled']) }),
  ),
  customFields: v.optional(v.array(v.object({ name: v.string(), type: v.string() }))),
  autoSettleDelay: v.optional(v.object({ minimum: v.string(), maximum: v.string() })),
});

const VtexBuyer = v.looseObject({
  firstName: optionalText,
  lastName: optionalText,
  document: optionalText,
  documentType: optionalText,
  email: optionalText,
  phone: optionalText,
});

const VtexItem = v.looseObject({
  id: optionalText,
  name: v.optional(v.string()),
  price: v.optional(v.number()),
  quantity: v.optional(v.number()),
});

export const VtexCreatePaymentRequest = v.looseObject({
  reference: text,
  orderId: text,
  transactionId: text,
  paymentId: v.pipe(
    v.string('paymentId deve ser um texto'),
    v.minLength(1, 'Informe o paymentId'),
    v.maxLength(64),
  ),
  paymentMethod: text,
  merchantName: v.optional(v.string()),
  value: Reais,
  currency: v.string('currency deve ser um texto'),
  installments: v.optional(v.number()),
  miniCart: v.optional(v.looseObject({ buyer: v.optional(VtexBuyer), items: v.optional(v.array(VtexItem)) })),
  url: v.optional(v.string()),
  callbackUrl: v.pipe(v.string('Informe o callbackUrl'), v.url('callbackUrl deve ser uma URL válida')),
  returnUrl: v.optional(v.nullable(v.string())),
  sandBoxMode: v.optional(v.boolean()),
});
export type VtexCreatePaymentRequest = v.InferOutput<typeof VtexCreatePaymentRequest>;

/** `Success-Approved` of the document: the answer of Create Payment and the body of the callback. */
export const VtexPaymentResponse = v.object({
  paymentId: v.string(),
  status: v.picklist(['approved', 'denied', 'undefined']),
  authorizationId: v.string(),
  paymentUrl: v.optional(v.nullable(v.string())),
  tid: v.string(),
  nsu: v.nullable(v.string()),
  acquirer: v.nullable(v.string()),
  code: v.nullable(v.string()),
  message: v.nullable(v.string()),
  delayToAutoSettle: v.pipe(v.number(), v.integer()),
  delayToAutoSettleAfterAntifraud: v.pipe(v.number(), v.integer()),
  delayToCancel: v.pipe(v.number(), v.integer()),
});
export type VtexPaymentResponse = v.InferOutput<typeof VtexPaymentResponse>;

export const VtexCancelRequest = v.looseObject({
  paymentId: text,
  requestId: v.pipe(v.string('Informe o requestId'), v.minLength(1, 'Informe o requestId'), v.maxLength(128)),
  authorizationId: optionalText,
});
export const VtexCancelResponse = v.object({
  paymentId: v.string(),
  cancellationId: v.nullable(v.string()),
  code: v.nullable(v.string()),
  message: v.string(),
  requestId: v.string(),
});

export const VtexSettleRequest = v.looseObject({
  transactionId: optionalText,
  requestId: v.pipe(v.string('Informe o requestId'), v.minLength(1, 'Informe o requestId'), v.maxLength(128)),
  paymentId: text,
  value: Reais,
  authorizationId: optionalText,
});
export const VtexSettleResponse = v.object({
  paymentId: v.string(),
  settleId: v.nullable(v.string()),
  value: v.number(),
  code: v.nullable(v.string()),
  message: v.string(),
  requestId: v.string(),
});

export const VtexRefundRequest = v.looseObject({
  requestId: v.pipe(v.string('Informe o requestId'), v.minLength(1, 'Informe o requestId'), v.maxLength(128)),
  settleId: optionalText,
  paymentId: text,
  value: Reais,
  transactionId: optionalText,
});
export const VtexRefundResponse = v.object({
  paymentId: v.string(),
  refundId: v.nullable(v.string()),
  value: v.number(),
  code: v.nullable(v.string()),
  message: v.string(),
  requestId: v.string(),
});

/** `Fail-BadRequest`: a create payment the connector refuses (currency, value). */
export const VtexError = v.object({ status: v.literal('error'), code: v.string(), message: v.string() });

export const VtexAuthorizationTokenRequest = v.looseObject({
  applicationId: v.pipe(v.string('Informe o applicationId'), v.minLength(1), v.maxLength(64)),
  returnUrl: v.pipe(
    v.string('Informe o returnUrl'),
    v.url('returnUrl deve ser uma URL válida'),
    v.maxLength(2000),
  ),
});
export const VtexAuthorizationTokenResponse = v.object({ applicationId: v.string(), token: v.string() });

export const VtexRedirectQuery = v.object({
  applicationId: v.pipe(v.string('Informe o applicationId'), v.minLength(1)),
  token: v.pipe(v.string('Informe o token'), v.minLength(1), v.maxLength(200)),
});

export const VtexCredentialsQuery = v.object({
  applicationId: v.pipe(v.string('Informe o applicationId'), v.minLength(1)),
  authorizationCode: v.pipe(v.string('Informe o authorizationCode'), v.minLength(1), v.maxLength(200)),
});
export const VtexCredentialsResponse = v.object({
  applicationId: v.string(),
  appKey: v.string(),
  appToken: v.string(),
});

export const VtexPaymentIdParam = v.object({
  paymentId: v.pipe(v.string(), v.minLength(1), v.maxLength(64)),
});
