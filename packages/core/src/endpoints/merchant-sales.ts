/** Merchant sales: the orders list and details, big numbers, the chart and Drip links (spec 2.4, 7). */
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

export const merchantSalesEndpoints = {
  merchantCheckouts,
  merchantCheckoutStatistics,
  merchantCheckoutGraphic,
  merchantCheckoutDetails,
  merchantCheckoutLinks,
  merchantCreateCheckoutLink,
};
