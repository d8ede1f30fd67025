/** The back office's orders list (spec 2.2 'Admin orders list', spec 7 `GET /orders?page&size`). */
import * as v from 'valibot';
import { ORDER_STATUSES } from './orders.ts';
import { IsoInstant, NonNegativeReais, PositiveReais, pageQueryEntries } from './primitives.ts';

/**
 * How many matching orders the list counts exactly. Counting a million rows on every page turn costs more than the
 * whole page; past this many the count stops and the answer says so (`totalCapped`, as the merchant sales list does), docs/admin-orders.md.
 */
export const ADMIN_ORDERS_COUNT_CAP = 10_000;

export const AdminOrdersQuery = v.object({
  ...pageQueryEntries(20),
  /**
   * One search box: an order id, a Drip code ('DRP-7K2M9Q'), the merchant's order code, a customer's CPF (masked or
   * digits) or e-mail, each matched whole (docs/admin-orders.md).
   */
  search: v.optional(
    v.pipe(v.string(), v.trim(), v.maxLength(200, 'A busca deve ter no máximo 200 caracteres')),
  ),
  status: v.optional(v.picklist(ORDER_STATUSES, 'Status de pedido desconhecido')),
  merchantId: v.optional(v.pipe(v.string(), v.uuid('Parceiro inválido'))),
});
export type AdminOrdersQuery = v.InferOutput<typeof AdminOrdersQuery>;

export const AdminOrderRow = v.object({
  id: v.string(),
  /** The Drip code ('DRP-7K2M9Q'), the list's 'Order ID'. */
  code: v.string(),
  merchantOrderCode: v.string(),
  createdAt: IsoInstant,
  merchantId: v.string(),
  merchantName: v.string(),
  customerId: v.string(),
  customerName: v.string(),
  customerEmail: v.nullable(v.string()),
  amount: PositiveReais,
  canceledAmount: NonNegativeReais,
  /** Unpaid instalments whose due date is before today (São Paulo, the app's clock): 'Qtd. parcelas em atraso'. */
  lateInstalments: v.pipe(v.number(), v.integer(), v.minValue(0)),
  status: v.picklist(ORDER_STATUSES),
});
export type AdminOrderRow = v.InferOutput<typeof AdminOrderRow>;

export const AdminOrdersPage = v.object({
  content: v.array(AdminOrderRow),
  number: v.pipe(v.number(), v.integer(), v.minValue(0)),
  size: v.pipe(v.number(), v.integer(), v.minValue(1)),
  totalPages: v.pipe(v.number(), v.integer(), v.minValue(0)),
  totalElements: v.pipe(v.number(), v.integer(), v.minValue(0)),
  /** True when more orders match than ADMIN_ORDERS_COUNT_CAP: `totalElements` is then the cap. */
  totalCapped: v.boolean(),
});
export type AdminOrdersPage = v.InferOutput<typeof AdminOrdersPage>;
