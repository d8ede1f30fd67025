/**
 * After checkout (issue 5): the customer portal's orders and instalment payments, the public instalment page with
 * its server-sent events, and the debt renegotiation request. Spec sections 2.1, 2.3, 3 (Order, Instalment, Unique
 * payment, Instalment details response, Renegotiation payload), 4 and 7.
 *
 * Money follows contract/checkout.ts: the wire carries reais numbers with 2 decimals, `v.InferOutput` is `Cents`.
 */
import * as v from 'valibot';
import { isValidCpf, onlyDigits } from '../br.ts';
import { normalizeShopperPhone } from '../phone.ts';
import { CUSTOMER_API } from './paths.ts';
import {
  IsoDateString,
  IsoInstant,
  NonNegativeReais,
  PositiveReais,
  pageQueryEntries,
} from './primitives.ts';

// ---------------------------------------------------------------- paths

/** The customer portal's order calls (spec 7, "Customer portal"). */
export const orderPaths = {
  /** GET ?page=0&size=10 → `CustomerOrderPage` */
  customerOrders: `${CUSTOMER_API}/v1/orders`,
  /** GET → `CustomerOrderDetails` */
  customerOrder: (id: string) => `${CUSTOMER_API}/v1/orders/${encodeURIComponent(id)}`,
  /** PUT (empty body) → `CustomerInstalment` (the next pending one, with a Pix charge); 404 when none is pending. */
  payInstalment: (orderId: string) =>
    `${CUSTOMER_API}/v1/orders/${encodeURIComponent(orderId)}/pay_instalment`,
  /** POST (empty body) → `UniquePayment`: one Pix for every pending instalment; 404 when none is pending. */
  uniquePayment: (orderId: string) =>
    `${CUSTOMER_API}/v1/orders/${encodeURIComponent(orderId)}/unique_payment`,
  /** GET → `UniquePayment` (polling while a unique payment is shown). */
  uniquePaymentStatus: (uniquePaymentId: string) =>
    `${CUSTOMER_API}/v1/instalments/payments/${encodeURIComponent(uniquePaymentId)}`,
  /** GET → `CustomerInstalment` (polling while an instalment payment is shown). */
  customerInstalment: (instalmentId: string) =>
    `${CUSTOMER_API}/v1/instalments/${encodeURIComponent(instalmentId)}`,
  /** Public, GET → `InstalmentDetails` (the `/pagamento/{instalmentId}` page). Creates the Pix when pending. */
  instalmentDetails: (instalmentId: string) =>
    `/api/v1/installments/details/${encodeURIComponent(instalmentId)}`,
  /** Public, server-sent events: each message's data is `InstalmentStatusEvent` JSON. */
  instalmentEvents: (instalmentId: string) => `/api/v1/installments/sse/${encodeURIComponent(instalmentId)}`,
  /**
   * Public, POST `StartNegotiationRequest`: 201 `StartNegotiationResponse`; 204 no debts; 404 (or 400) customer not
   * found; 409 a negotiation was already requested for the CPF.
   */
  startNegotiation: '/api/v1/debts/start-negotiation',
} as const;

// ---------------------------------------------------------------- enumerations

export const ORDER_STATUSES = ['ACTIVE', 'CLOSED', 'CANCELED'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const INSTALMENT_STATUSES = ['PENDING', 'PAID'] as const;
export type InstalmentStatus = (typeof INSTALMENT_STATUSES)[number];

/** Payment statuses of spec 3 ('Pago', 'Pendente', 'Cancelado', 'Reembolsado', 'Sucesso'). */
export const PAYMENT_STATUSES = ['PAID', 'PENDING', 'CANCELED', 'SUCCESS', 'REFUNDED'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const PRODUCT_STATUSES = ['ACTIVE', 'CANCELED'] as const;

// ---------------------------------------------------------------- pieces

/** A Pix charge as the customer sees it: the QR image URL (served by Drip) and the copy-paste text. */
export const InstalmentPayment = v.object({
  status: v.picklist(PAYMENT_STATUSES),
  /** The charge's txid at the PSP. */
  externalPaymentId: v.string(),
  /** URL of the QR code PNG. */
  qrCode: v.string(),
  /** BR Code copy-paste payload. */
  qrCodeText: v.string(),
  expiresAt: IsoInstant,
});
export type InstalmentPayment = v.InferOutput<typeof InstalmentPayment>;

/** Identical products of an instalment in one line (spec 2.3): `quantity` units, `amount` their summed share. */
export const CustomerInstalmentProduct = v.object({
  amount: NonNegativeReais,
  name: v.string(),
  quantity: v.pipe(v.number(), v.integer(), v.minValue(1)),
  status: v.picklist(PRODUCT_STATUSES),
  /** null while active; 'CANCELED' once the product was refunded. */
  cancelationStatus: v.nullable(v.string()),
});

export const CustomerInstalment = v.object({
  id: v.string(),
  orderId: v.string(),
  number: v.pipe(v.number(), v.integer(), v.minValue(1)),
  /** Number of instalments of the order. */
  total: v.pipe(v.number(), v.integer(), v.minValue(1)),
  dueDate: IsoDateString,
  status: v.picklist(INSTALMENT_STATUSES),
  /** Principal share. */
  amount: NonNegativeReais,
  feesAmount: NonNegativeReais,
  cashbackAmount: NonNegativeReais,
  canceledCashbackAmount: NonNegativeReais,
  canceledAmount: NonNegativeReais,
  /** amount + feesAmount − cashbackAmount − canceledAmount (+ canceledCashbackAmount): what a Pix must carry now. */
  amountToPay: NonNegativeReais,
  amountPaidIncludingRefunds: NonNegativeReais,
  amountCanceledWithRefund: NonNegativeReais,
  /** Past its due date and still pending. */
  late: v.boolean(),
  paidAt: v.nullable(IsoInstant),
  /** The newest Pix charge of this instalment (null when none was created yet). */
  payment: v.nullable(InstalmentPayment),
  instalmentProducts: v.array(CustomerInstalmentProduct),
});
export type CustomerInstalment = v.InferOutput<typeof CustomerInstalment>;

export const OrderProductView = v.object({
  id: v.string(),
  name: v.string(),
  quantity: v.pipe(v.number(), v.integer(), v.minValue(1)),
  amount: NonNegativeReais,
  status: v.picklist(PRODUCT_STATUSES),
});

export const CustomerOrderSummary = v.object({
  id: v.string(),
  /** The Drip code ('DRP-7K2M9Q'). */
  code: v.string(),
  merchantOrderCode: v.string(),
  merchantName: v.string(),
  amount: PositiveReais,
  canceledAmount: NonNegativeReais,
  instalmentsCount: v.pipe(v.number(), v.integer()),
  unpaidInstalmentsCount: v.pipe(v.number(), v.integer()),
  lateInstalments: v.pipe(v.number(), v.integer()),
  status: v.picklist(ORDER_STATUSES),
  createdAt: IsoInstant,
});
export type CustomerOrderSummary = v.InferOutput<typeof CustomerOrderSummary>;

/**
 * A page of a list (spec 3 "Paged responses": totalPages, number, total element count). Marked free of side effects
 * so that a bundler drops a page schema nobody reads, and with it what its items reference (the phone metadata).
 */
export const pageOf = /* @__NO_SIDE_EFFECTS__ */ <T extends v.GenericSchema>(item: T) =>
  v.object({
    content: v.array(item),
    /** Zero-based page number. */
    number: v.pipe(v.number(), v.integer(), v.minValue(0)),
    size: v.pipe(v.number(), v.integer(), v.minValue(1)),
    totalPages: v.pipe(v.number(), v.integer(), v.minValue(0)),
    totalElements: v.pipe(v.number(), v.integer(), v.minValue(0)),
  });

export const CustomerOrderPage = pageOf(CustomerOrderSummary);
export type CustomerOrderPage = v.InferOutput<typeof CustomerOrderPage>;

export const CustomerOrderDetails = v.object({
  ...CustomerOrderSummary.entries,
  cashbackAmount: NonNegativeReais,
  instalments: v.array(CustomerInstalment),
  products: v.array(OrderProductView),
});
export type CustomerOrderDetails = v.InferOutput<typeof CustomerOrderDetails>;

/** Query of the orders list: `?page=0&size=10` (strings on the wire). */
export const PageQuery = v.object(pageQueryEntries());
export type PageQuery = v.InferOutput<typeof PageQuery>;

/** One Pix for all pending instalments of an order (spec 3 "Unique payment"). */
export const UniquePayment = v.object({
  id: v.string(),
  orderId: v.string(),
  qrCode: v.string(),
  qrCodeText: v.string(),
  amount: PositiveReais,
  expiresAt: IsoInstant,
  /** Ids of the instalments this payment settles. */
  instalments: v.array(v.string()),
  status: v.picklist(PAYMENT_STATUSES),
});
export type UniquePayment = v.InferOutput<typeof UniquePayment>;

// ---------------------------------------------------------------- public instalment page

/** spec 3 "Instalment details response" (the spec spells `qrcodeText` in lower case). */
export const InstalmentDetails = v.object({
  merchantName: v.string(),
  installment: v.object({
    id: v.string(),
    number: v.pipe(v.number(), v.integer(), v.minValue(1)),
    total: v.pipe(v.number(), v.integer(), v.minValue(1)),
    amount: NonNegativeReais,
    status: v.picklist(INSTALMENT_STATUSES),
    dueDate: IsoDateString,
    late: v.boolean(),
    /** Present while pending: QR image URL and copy-paste text of the instalment's Pix. */
    qrCode: v.nullable(v.string()),
    qrcodeText: v.nullable(v.string()),
  }),
});
export type InstalmentDetails = v.InferOutput<typeof InstalmentDetails>;

/** The JSON data of each SSE message of `instalmentEvents` (spec 4: "a message with data.status"). */
export const InstalmentStatusEvent = v.object({
  status: v.picklist(INSTALMENT_STATUSES),
});
export type InstalmentStatusEvent = v.InferOutput<typeof InstalmentStatusEvent>;

// ---------------------------------------------------------------- renegotiation

/** spec 3 "Renegotiation payload: cpf, phone (digits)". Masked input is accepted and reduced to digits. */
export const StartNegotiationRequest = v.strictObject({
  cpf: v.pipe(
    v.string('Informe o CPF'),
    v.transform(onlyDigits),
    v.check((s) => isValidCpf(s), 'CPF inválido'),
  ),
  phone: v.pipe(
    v.string('Informe o celular'),
    // Digits with the country code (spec: "Renegotiation payload: cpf, phone (digits)"); any notation is read.
    v.transform((s) => normalizeShopperPhone(s) ?? ''),
    v.nonEmpty('Celular inválido'),
  ),
});
export type StartNegotiationRequest = v.InferOutput<typeof StartNegotiationRequest>;

export const StartNegotiationResponse = v.object({
  id: v.string(),
  createdAt: IsoInstant,
});
export type StartNegotiationResponse = v.InferOutput<typeof StartNegotiationResponse>;
