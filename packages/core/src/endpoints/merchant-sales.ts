/** Merchant sales: the orders list and details, big numbers, the chart, Drip links and refunds (spec 2.4, 7). */
import {
  CheckoutChart,
  CheckoutLinkPage,
  CheckoutStatistics,
  CreateCheckoutLinkRequest,
  CreateCheckoutLinkResponse,
  LinkPageQuery,
  MerchantCheckoutDetails,
  MerchantCheckoutPage,
  MerchantCheckoutsQuery,
  PeriodQuery,
} from '../contract/merchant-sales.ts';
import { MERCHANT_API } from '../contract/paths.ts';
import {
  MerchantOrder,
  PartialRefundRequest,
  ProductRefundRequest,
  RefundRequested,
} from '../contract/refunds.ts';
import { IdParam } from './common.ts';
import { endpoint } from './define.ts';

// Each endpoint is its own named export (see define.ts); `merchantSalesEndpoints` lists them for the table.

const salesTag = 'Merchant portal';

export const merchantCheckouts = endpoint('merchant.checkouts', {
  method: 'GET',
  path: `${MERCHANT_API}/v2/checkouts`,
  audience: 'merchantRead',
  tag: salesTag,
  summary: "The merchant's checkouts, newest first, with the filters of 'Minhas Vendas'",
  query: MerchantCheckoutsQuery,
  response: MerchantCheckoutPage,
});

export const merchantCheckoutStatistics = endpoint('merchant.checkoutStatistics', {
  method: 'GET',
  path: `${MERCHANT_API}/v2/checkouts/statistics`,
  audience: 'merchantRead',
  tag: salesTag,
  summary: 'Big numbers of the period: approved volume and its comparison, approved and denied (not expired)',
  query: PeriodQuery,
  response: CheckoutStatistics,
});

export const merchantCheckoutGraphic = endpoint('merchant.checkoutGraphic', {
  method: 'GET',
  path: `${MERCHANT_API}/v2/checkouts/graphic`,
  audience: 'merchantRead',
  tag: salesTag,
  summary: 'The chart of the period: approved and denied checkouts per slice, with the refusal reasons',
  query: PeriodQuery,
  response: CheckoutChart,
});

export const merchantCheckoutDetails = endpoint('merchant.checkoutDetails', {
  method: 'GET',
  path: `${MERCHANT_API}/v2/checkouts/:id`,
  audience: 'merchantRead',
  tag: salesTag,
  summary: 'One checkout of the merchant with its customer, order and products',
  params: IdParam,
  response: MerchantCheckoutDetails,
  errors: { 404: 'Checkout inexistente ou de outra parceira' },
});

export const merchantCheckoutLinks = endpoint('merchant.checkoutLinks', {
  method: 'GET',
  path: `${MERCHANT_API}/v1/checkouts`,
  audience: 'merchantRead',
  tag: salesTag,
  summary: 'The Drip links created in the portal, newest first',
  query: LinkPageQuery,
  response: CheckoutLinkPage,
});

export const merchantCreateCheckoutLink = endpoint('merchant.createCheckoutLink', {
  method: 'POST',
  path: `${MERCHANT_API}/v1/checkouts`,
  audience: 'merchantAdmin',
  tag: salesTag,
  summary: 'Creates a Drip link (a hosted checkout) for an amount and an order code',
  body: CreateCheckoutLinkRequest,
  response: CreateCheckoutLinkResponse,
  status: 201,
  errors: { 409: 'Código de pedido já usado' },
});

// ---------------------------------------------------------------- orders and refunds (docs/refunds.md)

const refundTag = 'Merchant portal';
const refundErrors = {
  404: 'Pedido de outra loja ou inexistente',
  422: 'Fora das regras de estorno (prazo, valor, produto, loja)',
} as const;

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

export const merchantSalesEndpoints = {
  merchantCheckouts,
  merchantCheckoutStatistics,
  merchantCheckoutGraphic,
  merchantCheckoutDetails,
  merchantCheckoutLinks,
  merchantCreateCheckoutLink,
  merchantOrder,
  merchantRefundOrder,
  merchantRefundOrderPartially,
  merchantRefundProducts,
};
