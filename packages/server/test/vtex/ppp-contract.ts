/**
 * Drip's own description of the VTEX Payment Provider Protocol messages the connector sends and receives, written
 * by hand from VTEX's protocol reference (developers.vtex.com "Payment Provider Protocol" and the OpenAPI document
 * `VTEX - Payment Provider Protocol.json` of vtex/openapi-schemas, read at commit 0d207e53): field names, which are
 * required, their JSON types, nullability and enumerations, the provider headers and the answers each call may
 * give. It is committed (the published document is not, docs/vtex.md "The contract test") so that CI judges every
 * connector exchange by it; when the published document is present, the contract test also checks that this file
 * agrees with it on every field described here.
 *
 * Where the protocol's prose is more precise than its schema, this file follows the prose: the payment `status` is
 * one of `approved`, `denied`, `undefined` (the schema says "string"). Fields of the protocol that no Drip message
 * uses (card data, split recipients, the beta inbound request) are left out. Plain JSON Schema (draft-07 keywords
 * only), validated with ajv.
 */

type Schema = Record<string, unknown>;

const str: Schema = { type: 'string' };
const strOrNull: Schema = { type: ['string', 'null'] };
const num: Schema = { type: 'number' };
const int: Schema = { type: 'integer' };
const bool: Schema = { type: 'boolean' };
const array = (items: Schema): Schema => ({ type: 'array', items });
const object = (required: string[], properties: Record<string, Schema>): Schema => ({
  type: 'object',
  required,
  properties,
});
const oneOf = (...values: string[]): Schema => ({ type: 'string', enum: values });

/** `{name, value}` pairs: merchant settings and connector metadata. */
const nameValue = object(['name', 'value'], { name: str, value: str });

const address = object(['country', 'street', 'number', 'neighborhood', 'postalCode', 'city', 'state'], {
  country: str,
  street: str,
  number: str,
  complement: str,
  neighborhood: str,
  postalCode: str,
  city: str,
  state: str,
});

/** The payment's status as the provider reports it (protocol: "must be one of three values"). */
export const PPP_PAYMENT_STATUSES = ['approved', 'denied', 'undefined'] as const;

/** The answer of Create Payment, and the body Drip posts to `callbackUrl` once the payment is decided. */
const paymentResponse = object(
  [
    'paymentId',
    'status',
    'authorizationId',
    'tid',
    'nsu',
    'acquirer',
    'delayToAutoSettle',
    'delayToAutoSettleAfterAntifraud',
    'delayToCancel',
  ],
  {
    paymentId: str,
    status: oneOf(...PPP_PAYMENT_STATUSES),
    authorizationId: str,
    paymentUrl: strOrNull,
    tid: str,
    nsu: strOrNull,
    acquirer: strOrNull,
    code: strOrNull,
    message: strOrNull,
    // Seconds.
    delayToAutoSettle: int,
    delayToAutoSettleAfterAntifraud: int,
    delayToCancel: int,
    maxValue: int,
    connectorMetadata: array(nameValue),
  },
);

export const PPP_SCHEMAS = {
  manifestResponse: object(['paymentMethods'], {
    paymentMethods: array(
      object(['name', 'allowsSplit'], {
        name: str,
        allowsSplit: oneOf('onAuthorize', 'onCapture', 'disabled'),
      }),
    ),
    customFields: array(
      object([], {
        name: str,
        type: oneOf('text', 'password', 'select'),
        options: array(object([], { text: str, value: str })),
      }),
    ),
    // Hours, as strings.
    autoSettleDelay: object(['minimum', 'maximum'], { minimum: str, maximum: str }),
    metadataFields: array(str),
  }),

  createPaymentRequest: object(
    [
      'reference',
      'orderId',
      'shopperInteraction',
      'transactionId',
      'paymentId',
      'paymentMethod',
      'paymentMethodCustomCode',
      'merchantName',
      'value',
      'currency',
      'installments',
      'deviceFingerprint',
      'miniCart',
      'url',
      'callbackUrl',
      'returnUrl',
    ],
    {
      reference: str,
      orderId: str,
      shopperInteraction: str,
      verificationOnly: bool,
      transactionId: str,
      paymentId: str,
      paymentMethod: str,
      paymentMethodCustomCode: strOrNull,
      merchantName: str,
      // Reais, as a JSON number.
      value: num,
      referenceValue: num,
      currency: str,
      installments: num,
      installmentsInterestRate: num,
      installmentsValue: num,
      deviceFingerprint: str,
      ipAddress: str,
      miniCart: object(['shippingValue', 'taxValue', 'buyer', 'shippingAddress', 'billingAddress', 'items'], {
        shippingValue: num,
        taxValue: num,
        buyer: object(['firstName', 'lastName', 'document', 'documentType', 'email', 'phone'], {
          id: str,
          firstName: str,
          lastName: str,
          document: strOrNull,
          documentType: strOrNull,
          email: str,
          phone: str,
          isCorporate: bool,
          corporateName: strOrNull,
          tradeName: strOrNull,
          corporateDocument: strOrNull,
          createdDate: str,
        }),
        shippingAddress: address,
        billingAddress: address,
        items: array(
          object(['id', 'name', 'price', 'quantity', 'discount'], {
            id: str,
            name: str,
            price: num,
            quantity: int,
            discount: int,
            deliveryType: str,
            categoryId: str,
            sellerId: str,
            taxRate: num,
            taxValue: num,
          }),
        ),
      }),
      merchantSettings: array(nameValue),
      url: str,
      callbackUrl: str,
      returnUrl: str,
      inboundRequestUrl: str,
      sandBoxMode: bool,
      totalCartValue: num,
      connectorMetadata: array(nameValue),
    },
  ),
  paymentResponse,
  /** The callback's body: the Create Payment answer of a decided payment. */
  callbackBody: {
    allOf: [paymentResponse, { type: 'object', properties: { status: oneOf('approved', 'denied') } }],
  },
  /** `Fail-BadRequest`: a Create Payment refused (400) or failed (500). */
  paymentError: object(['status', 'code', 'message'], { status: str, code: str, message: str }),

  cancelRequest: object(['paymentId', 'requestId', 'authorizationId'], {
    paymentId: str,
    requestId: str,
    authorizationId: str,
    tid: str,
    transactionId: str,
    value: num,
    nsu: str,
    sandboxMode: bool,
    merchantSettings: array(nameValue),
    connectorMetadata: array(nameValue),
  }),
  cancelResponse: object(['paymentId', 'cancellationId', 'code', 'message', 'requestId'], {
    paymentId: str,
    cancellationId: str,
    code: strOrNull,
    message: str,
    requestId: str,
    connectorMetadata: array(nameValue),
  }),
  cancelError: object(['paymentId', 'cancellationId', 'code', 'message', 'requestId'], {
    paymentId: str,
    cancellationId: strOrNull,
    code: str,
    message: str,
    requestId: str,
  }),

  settleRequest: object(['transactionId', 'requestId', 'paymentId', 'value', 'authorizationId'], {
    transactionId: str,
    requestId: str,
    paymentId: str,
    value: num,
    authorizationId: str,
    tid: str,
    nsu: str,
    sandboxMode: bool,
    merchantSettings: array(nameValue),
    connectorMetadata: array(nameValue),
  }),
  settleResponse: object(['paymentId', 'settleId', 'value', 'code', 'message', 'requestId'], {
    paymentId: str,
    settleId: str,
    value: num,
    code: strOrNull,
    message: str,
    requestId: str,
    connectorMetadata: array(nameValue),
  }),
  settleError: object(['paymentId', 'settleId', 'value', 'code', 'message', 'requestId'], {
    paymentId: str,
    settleId: strOrNull,
    value: num,
    code: str,
    message: str,
    requestId: str,
  }),

  refundRequest: object(['requestId', 'settleId', 'paymentId', 'tid', 'value', 'transactionId'], {
    requestId: str,
    settleId: str,
    paymentId: str,
    tid: str,
    value: num,
    transactionId: str,
    authorizationId: str,
    nsu: str,
    sandboxMode: bool,
    merchantSettings: array(nameValue),
    connectorMetadata: array(nameValue),
  }),
  refundResponse: object(['paymentId', 'refundId', 'value', 'code', 'message', 'requestId'], {
    paymentId: str,
    refundId: str,
    value: num,
    code: strOrNull,
    message: str,
    requestId: str,
    connectorMetadata: array(nameValue),
  }),
  refundError: object(['paymentId', 'refundId', 'value', 'code', 'message', 'requestId'], {
    paymentId: str,
    refundId: strOrNull,
    value: num,
    code: str,
    message: str,
    requestId: str,
  }),

  authorizationTokenRequest: object(['applicationId', 'returnUrl'], { applicationId: str, returnUrl: str }),
  authorizationTokenResponse: object(['applicationId', 'token'], { applicationId: str, token: str }),
  credentialsResponse: object(['applicationId', 'appKey', 'appToken'], {
    applicationId: str,
    appKey: str,
    appToken: str,
  }),
} satisfies Record<string, Schema>;

export type PppSchemaName = keyof typeof PPP_SCHEMAS;

/** The headers with which VTEX's gateway authenticates itself to the provider. */
export const PPP_PROVIDER_HEADERS = ['X-PROVIDER-API-AppKey', 'X-PROVIDER-API-AppToken'] as const;

export interface PppOperation {
  method: 'GET' | 'POST';
  /** The protocol's path, after the provider's base URL. */
  path: string;
  /** The gateway sends the provider headers (the configuration flow's calls come before any credential exists). */
  providerHeaders: boolean;
  /** Query parameters the gateway always sends. */
  query?: string[];
  request?: PppSchemaName;
  /** Every answer the connector may give, by HTTP status: its body's schema, or a redirect. */
  responses: Partial<Record<number, PppSchemaName | 'redirect'>>;
}

export const PPP_OPERATIONS: PppOperation[] = [
  { method: 'GET', path: '/manifest', providerHeaders: false, responses: { 200: 'manifestResponse' } },
  {
    method: 'POST',
    path: '/payments',
    providerHeaders: true,
    request: 'createPaymentRequest',
    responses: { 200: 'paymentResponse', 400: 'paymentError', 500: 'paymentError' },
  },
  {
    method: 'POST',
    path: '/payments/{paymentId}/cancellations',
    providerHeaders: true,
    request: 'cancelRequest',
    responses: { 200: 'cancelResponse', 500: 'cancelError', 501: 'cancelError' },
  },
  {
    method: 'POST',
    path: '/payments/{paymentId}/settlements',
    providerHeaders: true,
    request: 'settleRequest',
    responses: { 200: 'settleResponse', 500: 'settleError' },
  },
  {
    method: 'POST',
    path: '/payments/{paymentId}/refunds',
    providerHeaders: true,
    request: 'refundRequest',
    responses: { 200: 'refundResponse', 500: 'refundError', 501: 'refundError' },
  },
  {
    method: 'POST',
    path: '/authorization/token',
    providerHeaders: false,
    request: 'authorizationTokenRequest',
    responses: { 200: 'authorizationTokenResponse' },
  },
  {
    method: 'GET',
    path: '/authorization/redirect',
    providerHeaders: false,
    query: ['applicationId', 'token'],
    // The protocol's "redirect the merchant to the provider's authentication page".
    responses: { 302: 'redirect' },
  },
  {
    method: 'GET',
    path: '/authorization/credentials',
    providerHeaders: false,
    query: ['applicationId', 'authorizationCode'],
    responses: { 200: 'credentialsResponse' },
  },
];

/** The operation of a concrete connector path (`/payments/ABC/refunds` → `/payments/{paymentId}/refunds`). */
export function pppOperation(method: string, path: string): PppOperation | null {
  return (
    PPP_OPERATIONS.find(
      (op) =>
        op.method === method.toUpperCase() &&
        new RegExp(`^${op.path.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(path),
    ) ?? null
  );
}
