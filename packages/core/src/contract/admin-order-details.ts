/**
 * The back office's order details (spec 2.2 "Admin order details", "Instalment table lines"; 3 Order, Instalment;
 * 7 Admin `GET /orders/{id}`): the order with every instalment line (the admin sees them all), its products, its
 * customer, merchant and checkout, and the history of what admins did to it (the audit log).
 *
 * Money follows contract/checkout.ts: the wire carries reais numbers with 2 decimals, `v.InferOutput` is `Cents`.
 * The instalment figures are the customer portal's (`CustomerInstalment`), computed by the same server code.
 */
import * as v from 'valibot';
import { AdminHistoryEntry } from './admin-history.ts';
import { CustomerInstalment, ORDER_STATUSES, OrderProductView, PAYMENT_STATUSES } from './orders.ts';
import { CHECKOUT_STATUSES, IsoInstant, NonNegativeReais, PositiveReais } from './primitives.ts';

/** Texts of the order details that are Drip's (the spec gives none). */
export const adminOrderDetailsMessages = {
  notFound: 'Pedido não encontrado',
  invalidId: 'Identificador de pedido inválido',
} as const;

/** `:id` of `GET /orders/{id}`: an order id is a UUID; anything else is a 400 with the message above. */
export const AdminOrderIdParam = v.object({
  id: v.pipe(v.string(), v.uuid(adminOrderDetailsMessages.invalidId)),
});

/** An instalment as the admin sees it: every line of the customer's view plus the admin-only facts. */
export const AdminOrderInstalment = v.object({
  ...CustomerInstalment.entries,
  /** When an admin removed the late fee (the late-fee job leaves the instalment alone from then on). */
  lateFeeWaivedAt: v.nullable(IsoInstant),
});
export type AdminOrderInstalment = v.InferOutput<typeof AdminOrderInstalment>;

export const AdminOrderCustomer = v.object({
  id: v.string(),
  cpf: v.string(),
  name: v.string(),
  email: v.nullable(v.string()),
  /** E.164. */
  phone: v.string(),
  addressCep: v.nullable(v.string()),
  addressStreet: v.nullable(v.string()),
  addressNumber: v.nullable(v.string()),
  addressComplement: v.nullable(v.string()),
  addressNeighborhood: v.nullable(v.string()),
  addressCity: v.nullable(v.string()),
  addressState: v.nullable(v.string()),
});

/** The checkout the order came from and the Pix paid in it (none when nothing was paid upfront). */
export const AdminOrderCheckout = v.object({
  id: v.string(),
  status: v.picklist(CHECKOUT_STATUSES),
  createdAt: IsoInstant,
  /** The merchant user who created it as a Drip link; null for the merchant API's checkouts. */
  creatorEmail: v.nullable(v.string()),
  paymentStatus: v.nullable(v.picklist(PAYMENT_STATUSES)),
  /** The charge's txid at the PSP. */
  paymentId: v.nullable(v.string()),
  /** URL of the QR code PNG. */
  paymentQrCode: v.nullable(v.string()),
  paymentQrCodeText: v.nullable(v.string()),
});

export const AdminOrderDetails = v.object({
  id: v.string(),
  /** The Drip code ('DRP-7K2M9Q'). */
  code: v.string(),
  merchantOrderCode: v.string(),
  amount: PositiveReais,
  /** Cancelled or refunded so far. */
  canceledAmount: NonNegativeReais,
  cashbackAmount: NonNegativeReais,
  status: v.picklist(ORDER_STATUSES),
  /** CANCELED for a CLOSED order whose whole amount was cancelled (spec 4). */
  displayStatus: v.picklist(ORDER_STATUSES),
  type: v.picklist(['INSTALMENTS', 'FULL_PAYMENT']),
  createdAt: IsoInstant,
  instalmentsCount: v.pipe(v.number(), v.integer()),
  unpaidInstalmentsCount: v.pipe(v.number(), v.integer()),
  lateInstalments: v.pipe(v.number(), v.integer()),
  instalments: v.array(AdminOrderInstalment),
  products: v.array(OrderProductView),
  customer: AdminOrderCustomer,
  merchant: v.object({ id: v.string(), name: v.string() }),
  checkout: v.nullable(AdminOrderCheckout),
  /** Newest first. */
  history: v.array(AdminHistoryEntry),
});
export type AdminOrderDetails = v.InferOutput<typeof AdminOrderDetails>;
