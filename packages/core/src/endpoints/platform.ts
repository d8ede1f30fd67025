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
  summary: 'Cria um checkout',
  description:
    'Exige `Idempotency-Key`. A mesma chave com o mesmo corpo em até 24 h devolve a primeira resposta sem criar nada; com outro corpo, 422; enquanto a primeira ainda roda, 409. O código do pedido é único por parceiro (409).',
  errors: {
    400: 'Corpo inválido ou Idempotency-Key ausente',
    409: 'Código de pedido já usado, ou requisição com a mesma chave em andamento',
    422: 'Valor, quantidade ou número de produtos acima do limite (OUT_OF_RANGE: valor e valor unitário até R$ 1.000.000,00, quantidade de 1 a 10.000, até 100 produtos; a mensagem nomeia o campo), ou Idempotency-Key reutilizada com outro corpo',
  },
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
  summary: 'Consulta um checkout (status, pedido e parcelas)',
  errors: { 404: 'Checkout inexistente ou de outro parceiro' },
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

export const openApiJson = endpoint('meta.openApi', {
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
  openApiJson,
  apiDocs,
};
