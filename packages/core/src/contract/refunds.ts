/**
 * Merchant refunds of an order (spec 2.4, 4 "Order", 6, 7 "Merchant portal", 8 "Order refund", 9 "Refund window"):
 * the three refund calls and the order as the merchant portal reads it. Asked refunds are asynchronous: the answer
 * is the PENDING refund, carried out within seconds (docs/refunds.md).
 *
 * Money follows contract/checkout.ts: the wire carries reais numbers with 2 decimals, `v.InferOutput` is `Cents`.
 */
import * as v from 'valibot';
import { ORDER_STATUSES, PRODUCT_STATUSES, pageOf } from './orders.ts';
import { IsoInstant, NonNegativeReais, PositiveReais } from './primitives.ts';

/** The texts of refunds (spec 8, merchant portal "Order refund"; the refusals are Drip's). */
export const refundMessages = {
  /** Spec 8: the success toast of a refund request. */
  requested:
    'Solicitação de reembolso feita com sucesso, dentro de alguns minutos o reembolso será realizado',
  /** Spec 4: a refunded order in the merchant view ('Estornado em {date}'). */
  refundedOn: (date: string) => `Estornado em ${date}`,
  orderNotFound: 'Pedido não encontrado',
  nothingLeft: 'Este pedido já foi totalmente estornado',
  orderNotRefundable: 'Este pedido não pode ser estornado',
  orderNotActive: 'O pedido não está ativo: não é possível estornar produtos',
  windowOver: (days: number) =>
    `O prazo para estorno deste pedido terminou: o estorno é permitido até ${days} dias após a criação do pedido`,
  partialNotAllowed: 'O reembolso parcial não está disponível para esta loja',
  amountTooHigh: 'O valor do reembolso excede o valor ainda não estornado do pedido',
  noProducts: 'Informe ao menos um produto para estornar',
  productNotFound: 'Produto não encontrado neste pedido',
  productNotActive: 'Este produto já foi estornado',
  productWithoutInstalments: 'Este produto não tem parcelas associadas e não pode ser estornado',
  /** An admin's amount update above the product's amount: the customer never agreed to pay more. */
  productAmountRaised:
    'O valor do produto só pode ser reduzido: aumentar o valor cobraria do cliente mais do que ele aceitou na compra',
  productAmountUnchanged: 'O novo valor é igual ao valor atual do produto',
  /** A refund or amount update of the product is still being carried out. */
  productChangePending: 'Já existe um estorno ou alteração de valor em processamento para este produto',
  /** A paid instalment whose Pix Drip cannot find: its money cannot be given back. */
  paymentNotFound: (n: number) =>
    `O pagamento da parcela ${n} não foi encontrado: não é possível devolvê-lo por Pix`,
  /** A refund that could not be carried out after its tries (the technical error is the operator's). */
  failed: 'Não foi possível concluir o estorno. Nenhum valor foi alterado: solicite o estorno novamente.',
  /** An operator retrying a failed refund while the merchant already asked for the same one again. */
  samePending: 'Já existe um estorno igual em processamento para este pedido',
} as const;

/** PRODUCT_AMOUNT: an admin lowered a product's amount (the difference refunded on its shares). */
export const REFUND_TYPES = ['FULL', 'AMOUNT', 'PRODUCTS', 'PRODUCT_AMOUNT'] as const;
export const REFUND_STATUSES = ['PENDING', 'DONE', 'REJECTED', 'FAILED'] as const;

/** Body of PUT v1/orders/{id}/cancel/partially. */
export const PartialRefundRequest = v.object({ amount: PositiveReais });

/** Body of PUT v1/orders/{id}/products/cancel. */
export const ProductRefundRequest = v.object({
  productIds: v.pipe(
    v.array(v.string('Cada produto deve ser um texto'), 'productIds deve ser uma lista'),
    v.minLength(1, refundMessages.noProducts),
    v.maxLength(100, 'Produtos demais em uma só solicitação'),
  ),
});

/**
 * A refund as the merchant sees it: PENDING until carried out (DONE), refused by its rules then (REJECTED), or not
 * carried out (FAILED, with `failureReason`: nothing changed and the order can be refunded again).
 */
export const OrderRefund = v.object({
  id: v.string(),
  orderId: v.string(),
  type: v.picklist(REFUND_TYPES),
  status: v.picklist(REFUND_STATUSES),
  /** What the request may cancel at most (reserved while PENDING). */
  requestedAmount: NonNegativeReais,
  /** Cancelled once DONE. */
  amount: NonNegativeReais,
  /** Given back to the payer by Pix devolução once DONE. */
  returnedAmount: NonNegativeReais,
  productIds: v.array(v.string()),
  rejectionReason: v.nullable(v.string()),
  failureReason: v.nullable(v.string()),
  createdAt: IsoInstant,
  processedAt: v.nullable(IsoInstant),
});

/** The answer of the three refund calls (202): the pending refund and the spec's message. */
export const RefundRequested = v.object({
  message: v.string(),
  refund: OrderRefund,
});

/** GET v1/orders/{id}: an order of the merchant with what the refund buttons need (spec 2.4 order detail, 6). */
export const MerchantOrder = v.object({
  id: v.string(),
  code: v.string(),
  merchantOrderCode: v.string(),
  amount: NonNegativeReais,
  canceledAmount: NonNegativeReais,
  status: v.picklist(ORDER_STATUSES),
  /** CANCELED for a CLOSED order whose cancelled amount is its amount (spec 4). */
  displayStatus: v.picklist(ORDER_STATUSES),
  /** 'Estornado em DD/MM/AAAA' once wholly refunded. */
  refundedLabel: v.nullable(v.string()),
  canceledAt: v.nullable(IsoInstant),
  createdAt: IsoInstant,
  /** Whether each refund is offered now (section 6 and 9 rules; a READ user is refused by the server anyway). */
  refundable: v.object({ full: v.boolean(), partial: v.boolean(), products: v.boolean() }),
  products: v.array(
    v.object({
      id: v.string(),
      name: v.string(),
      quantity: v.number(),
      amount: NonNegativeReais,
      status: v.picklist(PRODUCT_STATUSES),
      canceledAt: v.nullable(IsoInstant),
      hasInstalmentProducts: v.boolean(),
    }),
  ),
  refunds: v.array(OrderRefund),
});
export type MerchantOrder = v.InferOutput<typeof MerchantOrder>;

/**
 * GET v1/orders: one order of the merchant's list (spec 3 "Order", spec 7), newest first. `checkoutId` opens its
 * detail in 'Minhas Vendas' (`pedidos/{checkoutId}`); `displayStatus` is CANCELED for a CLOSED order wholly refunded.
 */
export const MerchantOrderSummary = v.object({
  id: v.string(),
  /** The Drip code ('DRP-7K2M9Q'). */
  code: v.string(),
  merchantOrderCode: v.string(),
  checkoutId: v.string(),
  customerName: v.nullable(v.string()),
  customerEmail: v.nullable(v.string()),
  amount: NonNegativeReais,
  canceledAmount: NonNegativeReais,
  instalmentsCount: v.pipe(v.number(), v.integer(), v.minValue(0)),
  unpaidInstalmentsCount: v.pipe(v.number(), v.integer(), v.minValue(0)),
  lateInstalments: v.pipe(v.number(), v.integer(), v.minValue(0)),
  status: v.picklist(ORDER_STATUSES),
  displayStatus: v.picklist(ORDER_STATUSES),
  createdAt: IsoInstant,
});
export type MerchantOrderSummary = v.InferOutput<typeof MerchantOrderSummary>;

export const MerchantOrderPage = pageOf(MerchantOrderSummary);
export type MerchantOrderPage = v.InferOutput<typeof MerchantOrderPage>;
