/**
 * Server-to-server and infrastructure calls: the merchant checkout API (API key), the Pix provider's webhook, the
 * QR Code images and the API reference itself.
 */
import * as v from 'valibot';
import {
  CHECKOUT_API,
  CreateCheckoutRequest,
  CreateCheckoutResponse,
  MerchantCheckoutView,
} from '../contract/checkout.ts';
import { AnyJson, HtmlPage, IdParam } from './common.ts';
import { endpoint } from './define.ts';

const tag = 'Merchant API';

export const createCheckout = endpoint('merchantApi.createCheckout', {
  method: 'POST',
  path: `${CHECKOUT_API}/merchant/checkouts`,
  audience: 'merchantApiKey',
  tag,
  summary: 'Creates a checkout for the shopper to complete (replayed by Idempotency-Key)',
  headers: {
    Authorization: 'Bearer <merchant API key>',
    'Idempotency-Key':
      'A unique key per checkout (1–255 printable characters); a retry with the same key and body gets the same answer',
  },
  body: CreateCheckoutRequest,
  response: CreateCheckoutResponse,
  status: 201,
});

export const getCheckout = endpoint('merchantApi.getCheckout', {
  method: 'GET',
  path: `${CHECKOUT_API}/merchant/checkouts/:id`,
  audience: 'merchantApiKey',
  tag,
  summary: "One of the merchant's checkouts with its status",
  headers: { Authorization: 'Bearer <merchant API key>' },
  params: IdParam,
  response: MerchantCheckoutView,
});

export const PixWebhookAnswer = v.object({ received: v.number(), results: v.array(v.unknown()) });

export const pixWebhook = endpoint('psp.pixWebhook', {
  method: 'POST',
  path: `${CHECKOUT_API}/webhooks/pix`,
  audience: 'psp',
  tag: 'Pix provider',
  summary: 'Pix received notices of the provider (API Pix webhook, authenticated by the webhook secret)',
  // The notice follows the provider's protocol (API Pix `{ pix: [...] }`); its adapter parses it.
  body: AnyJson,
  response: PixWebhookAnswer,
  internal: true,
});

export const pixQrImage = endpoint('public.pixQrImage', {
  method: 'GET',
  path: `${CHECKOUT_API}/pix/qr/:file`,
  audience: 'anonymous',
  tag: 'Public pages',
  summary: 'The QR Code image (PNG) of a Pix charge, `<txid>.png`',
  params: v.object({ file: v.string() }),
  response: v.unknown(),
  responseKind: 'binary',
});

export const openApiDocument = endpoint('meta.openApi', {
  method: 'GET',
  path: '/api/openapi.json',
  audience: 'anonymous',
  tag: 'Reference',
  summary: 'This OpenAPI 3.1 document',
  response: AnyJson,
});

export const apiDocs = endpoint('meta.apiDocs', {
  method: 'GET',
  path: '/api/docs',
  audience: 'anonymous',
  tag: 'Reference',
  summary: 'The readable API reference',
  response: HtmlPage,
  responseKind: 'html',
});

export const platformEndpoints = {
  createCheckout,
  getCheckout,
  pixWebhook,
  pixQrImage,
  openApiDocument,
  apiDocs,
};
