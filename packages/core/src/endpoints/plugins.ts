/**
 * Platform plugins: the merchant's sign-up (spec 2.4 and 7), the Nuvemshop payment app's public calls (the checkout
 * script and the redirect it asks for), and the sandbox's emulator of a Nuvemshop store (docs/nuvemshop.md).
 */
import * as v from 'valibot';
import { MERCHANT_API } from '../contract/paths.ts';
import {
  NuvemshopLgpdWebhook,
  NuvemshopRedirectRequest,
  NuvemshopRedirectResponse,
  NuvemshopWebhook,
  NuvemshopWebhookAnswer,
  PluginSignUpRequest,
  PluginSignUpResponse,
} from '../contract/plugins.ts';
import { AnyJson, HtmlPage } from './common.ts';
import { endpoint } from './define.ts';

// The contract travels with the endpoints (the package's index re-exports this file).
export * from '../contract/plugins.ts';

const tag = 'Plugins';
const EMULATOR = '/sandbox/nuvemshop';
const EMULATOR_API = `${EMULATOR}/api/v1/:storeId`;
const StoreParam = v.object({ storeId: v.string() });
/** The emulated API's own credential (the API's README: `Authentication: bearer <token>`), not one of Drip's. */
const STORE_TOKEN = { Authentication: 'bearer <access token of the emulated store>' };
const StoreOrderParams = v.object({ storeId: v.string(), orderId: v.string() });

export const merchantPluginSignUp = endpoint('merchant.pluginSignUp', {
  method: 'POST',
  // `platform`: nuvemshop or vtex (PluginPlatformParam, checked after the body).
  path: `${MERCHANT_API}/v1/plugin_sign_up/:platform`,
  audience: 'merchantAdmin',
  tag,
  summary:
    'Registra o plugin Drip da plataforma com o código de instalação; a URL de sucesso vem no Location',
  description:
    'Nuvemshop: o código OAuth que a plataforma entregou na URL de redirecionamento do app (trocado pelo token da loja). VTEX: o código de uso único do fluxo de configuração do conector. Cada código vale uma vez; um código inválido ou repetido é recusado e nada muda.',
  errors: {
    400: 'Código ausente ou plataforma desconhecida',
    409: 'Loja já vinculada a outra parceira',
    422: 'Código inválido, expirado ou já usado',
    503: 'Plataforma indisponível ou não configurada',
  },
  params: v.object({ platform: v.string() }),
  body: PluginSignUpRequest,
  response: PluginSignUpResponse,
  status: 201,
});

export const nuvemshopCheckoutScript = endpoint('plugins.nuvemshopCheckoutScript', {
  method: 'GET',
  path: '/api/v1/plugins/nuvemshop/checkout.js',
  audience: 'anonymous',
  tag,
  summary:
    'O script de checkout do app Nuvemshop (checkout_js_url): a opção de pagamento Drip, do tipo redirect',
  response: v.string(),
  responseKind: 'text',
});

export const nuvemshopRedirect = endpoint('plugins.nuvemshopRedirect', {
  method: 'POST',
  path: '/api/v1/plugins/nuvemshop/redirect',
  audience: 'anonymous',
  tag,
  summary:
    'Cria (ou retoma) o checkout Drip de um pedido Nuvemshop e responde a URL para onde o consumidor vai',
  description:
    'O valor e os produtos são lidos do pedido na API da Nuvemshop com o token da loja, nunca do navegador; a URL de retorno deve ser da loja.',
  errors: { 404: 'Loja sem o app Drip instalado ou pedido inexistente', 422: 'URL de retorno fora da loja' },
  body: NuvemshopRedirectRequest,
  response: NuvemshopRedirectResponse,
});

/** webhook.md: every webhook carries this header, HMAC-SHA256 of the raw body with the app's secret (hex). */
const WEBHOOK_SIGNATURE = { 'X-Linkedstore-HMAC-SHA256': 'hex HMAC-SHA256 of the body with the app secret' };

export const nuvemshopWebhook = endpoint('plugins.nuvemshopWebhook', {
  method: 'POST',
  path: '/api/v1/plugins/nuvemshop/webhooks',
  audience: 'anonymous',
  tag,
  summary:
    'Webhooks da Nuvemshop registrados pelo app (order/cancelled: a Drip reembolsa; app/uninstalled: desativa a instalação)',
  description:
    'Autenticado pela assinatura X-Linkedstore-HMAC-SHA256 (HMAC-SHA256 do corpo com o segredo do app). Cada evento (loja, evento, id) é tratado uma vez; uma reentrega responde 200 sem agir de novo.',
  errors: { 401: 'Assinatura ausente ou inválida' },
  body: NuvemshopWebhook,
  response: NuvemshopWebhookAnswer,
  headers: WEBHOOK_SIGNATURE,
});

export const nuvemshopLgpdWebhook = endpoint('plugins.nuvemshopLgpdWebhook', {
  method: 'POST',
  // `request`: store_redact, customers_redact or customers_data_request (the Partners Portal's three URLs;
  // NuvemshopLgpdRequestParam, checked after the body, so that a body of the wrong type is a 415 whatever the path).
  path: '/api/v1/plugins/nuvemshop/lgpd/:request',
  audience: 'anonymous',
  tag,
  summary: 'Webhooks LGPD da Nuvemshop (store/redact, customers/redact, customers/data_request)',
  description:
    'Autenticado pela assinatura X-Linkedstore-HMAC-SHA256. store/redact apaga a instalação da loja; os pedidos de clientes são registrados (o app não guarda dados de clientes da loja).',
  errors: { 401: 'Assinatura ausente ou inválida', 404: 'Pedido LGPD desconhecido' },
  params: v.object({ request: v.string() }),
  body: NuvemshopLgpdWebhook,
  response: NuvemshopWebhookAnswer,
  headers: WEBHOOK_SIGNATURE,
});

// ------------------------------------------------------------------ the sandbox's Nuvemshop emulator

export const emulatorStorePage = endpoint('sandbox.nuvemshopStore', {
  method: 'GET',
  path: `${EMULATOR}/stores/:storeId`,
  audience: 'sandbox',
  tag: 'Sandbox',
  summary: 'Emulated Nuvemshop store: the storefront, its orders and their transactions',
  params: StoreParam,
  response: HtmlPage,
  responseKind: 'html',
  internal: true,
});

export const emulatorAdminPage = endpoint('sandbox.nuvemshopAdmin', {
  method: 'GET',
  path: `${EMULATOR}/stores/:storeId/admin`,
  audience: 'sandbox',
  tag: 'Sandbox',
  summary: "Emulated Nuvemshop store admin: payment providers installed (the sign-up's success URL)",
  params: StoreParam,
  response: HtmlPage,
  responseKind: 'html',
  internal: true,
});

export const emulatorCreateOrder = endpoint('sandbox.nuvemshopCreateOrder', {
  method: 'POST',
  path: `${EMULATOR}/stores/:storeId/orders`,
  audience: 'sandbox',
  tag: 'Sandbox',
  summary: 'Emulated storefront: buys the cart (form post) and goes to the checkout page',
  params: StoreParam,
  body: AnyJson,
  response: AnyJson,
  internal: true,
});

export const emulatorCheckoutPage = endpoint('sandbox.nuvemshopCheckout', {
  method: 'GET',
  path: `${EMULATOR}/stores/:storeId/checkout/:orderId`,
  audience: 'sandbox',
  tag: 'Sandbox',
  summary: "Emulated checkout: loads the payment app's checkout_js_url and runs its redirect option",
  params: StoreOrderParams,
  response: HtmlPage,
  responseKind: 'html',
  internal: true,
});

export const emulatorAuthorize = endpoint('sandbox.nuvemshopAuthorize', {
  method: 'GET',
  path: `${EMULATOR}/apps/:appId/authorize`,
  audience: 'sandbox',
  tag: 'Sandbox',
  summary: "Emulated app install: issues an authorization code and redirects to the app's redirection URL",
  params: v.object({ appId: v.string() }),
  query: v.object({ store: v.string(), state: v.optional(v.string()) }),
  response: AnyJson,
  internal: true,
});

export const emulatorToken = endpoint('sandbox.nuvemshopToken', {
  method: 'POST',
  path: `${EMULATOR}/apps/authorize/token`,
  audience: 'sandbox',
  tag: 'Sandbox',
  summary: 'Emulated OAuth token endpoint (authorization_code grant; codes are single-use)',
  body: AnyJson,
  response: AnyJson,
  internal: true,
});

export const emulatorFailures = endpoint('sandbox.nuvemshopFailures', {
  method: 'POST',
  path: `${EMULATOR}/failures`,
  audience: 'sandbox',
  tag: 'Sandbox',
  summary: 'Makes the next {count} transaction calls of the emulated API answer 503 (to watch retries)',
  body: AnyJson,
  response: AnyJson,
  internal: true,
});

export const emulatorGetStore = endpoint('sandbox.nuvemshopApiStore', {
  method: 'GET',
  path: `${EMULATOR_API}/store`,
  audience: 'sandbox',
  tag: 'Sandbox',
  summary: 'Emulated API: GET /{store_id}/store',
  params: StoreParam,
  response: AnyJson,
  headers: STORE_TOKEN,
  internal: true,
});

export const emulatorCreatePaymentProvider = endpoint('sandbox.nuvemshopApiCreateProvider', {
  method: 'POST',
  path: `${EMULATOR_API}/payment_providers`,
  audience: 'sandbox',
  tag: 'Sandbox',
  summary: 'Emulated API: POST /{store_id}/payment_providers',
  params: StoreParam,
  body: AnyJson,
  response: AnyJson,
  status: 201,
  headers: STORE_TOKEN,
  internal: true,
});

export const emulatorGetOrder = endpoint('sandbox.nuvemshopApiOrder', {
  method: 'GET',
  path: `${EMULATOR_API}/orders/:orderId`,
  audience: 'sandbox',
  tag: 'Sandbox',
  summary: 'Emulated API: GET /{store_id}/orders/{id}',
  params: StoreOrderParams,
  response: AnyJson,
  headers: STORE_TOKEN,
  internal: true,
});

export const emulatorListTransactions = endpoint('sandbox.nuvemshopApiTransactions', {
  method: 'GET',
  path: `${EMULATOR_API}/orders/:orderId/transactions`,
  audience: 'sandbox',
  tag: 'Sandbox',
  summary: 'Emulated API: GET /{store_id}/orders/{order_id}/transactions',
  params: StoreOrderParams,
  response: AnyJson,
  headers: STORE_TOKEN,
  internal: true,
});

export const emulatorCreateTransaction = endpoint('sandbox.nuvemshopApiCreateTransaction', {
  method: 'POST',
  path: `${EMULATOR_API}/orders/:orderId/transactions`,
  audience: 'sandbox',
  tag: 'Sandbox',
  summary: 'Emulated API: POST /{store_id}/orders/{order_id}/transactions',
  params: StoreOrderParams,
  body: AnyJson,
  response: AnyJson,
  status: 201,
  headers: STORE_TOKEN,
  internal: true,
});

export const emulatorCreateTransactionEvent = endpoint('sandbox.nuvemshopApiCreateEvent', {
  method: 'POST',
  path: `${EMULATOR_API}/orders/:orderId/transactions/:transactionId/events`,
  audience: 'sandbox',
  tag: 'Sandbox',
  summary: 'Emulated API: POST /{store_id}/orders/{order_id}/transactions/{transaction_id}/events',
  params: v.object({ storeId: v.string(), orderId: v.string(), transactionId: v.string() }),
  body: AnyJson,
  response: AnyJson,
  status: 201,
  headers: STORE_TOKEN,
  internal: true,
});

export const emulatorRegisterWebhook = endpoint('sandbox.nuvemshopApiCreateWebhook', {
  method: 'POST',
  path: `${EMULATOR_API}/webhooks`,
  audience: 'sandbox',
  tag: 'Sandbox',
  summary: 'Emulated API: POST /{store_id}/webhooks (event and url)',
  params: StoreParam,
  body: AnyJson,
  response: AnyJson,
  status: 201,
  headers: STORE_TOKEN,
  internal: true,
});

export const emulatorAdminAction = endpoint('sandbox.nuvemshopAdminAction', {
  method: 'POST',
  path: `${EMULATOR}/stores/:storeId/admin/actions`,
  audience: 'sandbox',
  tag: 'Sandbox',
  summary:
    "Emulated store admin (form post): cancel an order, uninstall the app or ask for the store's data to be deleted; the platform's signed webhook follows",
  params: StoreParam,
  body: AnyJson,
  response: AnyJson,
  internal: true,
});

export const pluginEndpoints = {
  merchantPluginSignUp,
  nuvemshopCheckoutScript,
  nuvemshopRedirect,
  nuvemshopWebhook,
  nuvemshopLgpdWebhook,
  emulatorStorePage,
  emulatorAdminPage,
  emulatorCreateOrder,
  emulatorCheckoutPage,
  emulatorAuthorize,
  emulatorToken,
  emulatorFailures,
  emulatorGetStore,
  emulatorCreatePaymentProvider,
  emulatorGetOrder,
  emulatorListTransactions,
  emulatorCreateTransaction,
  emulatorCreateTransactionEvent,
  emulatorRegisterWebhook,
  emulatorAdminAction,
};
