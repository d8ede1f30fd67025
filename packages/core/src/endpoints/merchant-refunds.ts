/**
 * Merchant orders and refunds (spec 6, 7, 9; docs/refunds.md): the paged orders list, the order's refund view and
 * the three refunds. Apart from the sales endpoints so that the sales list does not carry the refund schemas.
 */

import { PageQuery } from '../contract/orders.ts';
import { MERCHANT_API } from '../contract/paths.ts';
import {
  MerchantOrder,
  MerchantOrderPage,
  PartialRefundRequest,
  ProductRefundRequest,
  RefundRequested,
} from '../contract/refunds.ts';
import { IdParam } from './common.ts';
import { endpoint } from './define.ts';

const refundTag = 'Merchant portal';
const refundErrors = {
  404: 'Pedido de outra loja ou inexistente',
  422: 'Fora das regras de estorno (prazo, valor, produto, loja)',
} as const;

export const merchantOrders = endpoint('merchant.orders', {
  method: 'GET',
  path: `${MERCHANT_API}/v1/orders`,
  audience: 'merchantRead',
  tag: refundTag,
  summary: "The merchant's orders, newest first (page 0-based, size 1–100, default 10)",
  query: PageQuery,
  response: MerchantOrderPage,
});

export const merchantOrder = endpoint('merchant.order', {
  method: 'GET',
  path: `${MERCHANT_API}/v1/orders/:id`,
  audience: 'merchantRead',
  tag: refundTag,
  summary: 'An order of the merchant, its products, refunds and which refunds are offered',
  params: IdParam,
  response: MerchantOrder,
});

export const merchantRefundOrder = endpoint('merchant.refundOrder', {
  method: 'PUT',
  path: `${MERCHANT_API}/v1/orders/:id/cancel`,
  audience: 'merchantAdmin',
  tag: refundTag,
  summary: 'Refunds the whole order (asynchronous: answers the pending refund)',
  description:
    'Cancels what is still unpaid and gives back what was paid by Pix devolução, within seconds. Asking again ' +
    'while the same refund is pending answers that refund.',
  params: IdParam,
  response: RefundRequested,
  status: 202,
  errors: refundErrors,
});

export const merchantRefundOrderPartially = endpoint('merchant.refundOrderPartially', {
  method: 'PUT',
  path: `${MERCHANT_API}/v1/orders/:id/cancel/partially`,
  audience: 'merchantAdmin',
  tag: refundTag,
  summary: 'Refunds part of the order by amount (asynchronous: answers the pending refund)',
  description:
    'The amount (reais) is cancelled from the unpaid instalments, the last first, then given back from what was ' +
    'paid. Only for merchants whose platform allows partial refunds.',
  params: IdParam,
  body: PartialRefundRequest,
  response: RefundRequested,
  status: 202,
  errors: refundErrors,
});

export const merchantRefundProducts = endpoint('merchant.refundProducts', {
  method: 'PUT',
  path: `${MERCHANT_API}/v1/orders/:id/products/cancel`,
  audience: 'merchantAdmin',
  tag: refundTag,
  summary: 'Refunds products of the order (asynchronous: answers the pending refund)',
  description: 'Active products of an active order, with instalment products, within 30 days of the order.',
  params: IdParam,
  body: ProductRefundRequest,
  response: RefundRequested,
  status: 202,
  errors: refundErrors,
});

export const merchantRefundEndpoints = {
  merchantOrders,
  merchantOrder,
  merchantRefundOrder,
  merchantRefundOrderPartially,
  merchantRefundProducts,
};
