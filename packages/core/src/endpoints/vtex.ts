/**
 * The VTEX Payment Provider Protocol connector (docs/vtex.md): the calls VTEX's payment gateway makes to Drip, at
 * the protocol's paths under VTEX_API, and the sandbox's emulated VTEX gateway that makes them on one machine.
 */
import * as v from 'valibot';
import {
  VTEX_API,
  VTEX_HEADERS,
  VtexAuthorizationTokenRequest,
  VtexAuthorizationTokenResponse,
  VtexCancelRequest,
  VtexCancelResponse,
  VtexCreatePaymentRequest,
  VtexCredentialsQuery,
  VtexCredentialsResponse,
  VtexManifest,
  VtexPaymentIdParam,
  VtexPaymentResponse,
  VtexRedirectQuery,
  VtexRefundRequest,
  VtexRefundResponse,
  VtexSettleRequest,
  VtexSettleResponse,
} from '../contract/vtex.ts';
import { AnyJson, HtmlPage } from './common.ts';
import { endpoint } from './define.ts';

// The contract travels with the endpoints (the package's index re-exports this file).
export * from '../contract/vtex.ts';

const tag = 'VTEX Payment Provider Protocol';
const credentials = {
  [VTEX_HEADERS.appKey]:
    'A AppKey da parceira na Drip (recebida no fluxo de configuração; no sandbox, a da demonstração)',
  [VTEX_HEADERS.appToken]: 'O AppToken correspondente',
};

export const vtexManifest = endpoint('vtex.manifest', {
  method: 'GET',
  path: `${VTEX_API}/manifest`,
  audience: 'anonymous',
  tag,
  summary: 'Manifesto do conector: o meio de pagamento oferecido na VTEX',
  response: VtexManifest,
});

export const vtexCreatePayment = endpoint('vtex.createPayment', {
  method: 'POST',
  path: `${VTEX_API}/payments`,
  audience: 'vtexProvider',
  tag,
  summary: 'Cria o pagamento: status undefined e paymentUrl do checkout Drip; o resultado vai ao callbackUrl',
  description:
    'Idempotente por paymentId: a mesma chamada devolve o estado atual do pagamento, sem criar outro checkout. O status final (approved ou denied) é enviado por POST ao callbackUrl, com novas tentativas até a VTEX responder 2xx.',
  errors: {
    400: 'Moeda diferente de BRL, valor inválido ou corpo inválido (formato Fail-BadRequest do protocolo)',
  },
  headers: credentials,
  body: VtexCreatePaymentRequest,
  response: VtexPaymentResponse,
});

export const vtexCancelPayment = endpoint('vtex.cancelPayment', {
  method: 'POST',
  path: `${VTEX_API}/payments/:paymentId/cancellations`,
  audience: 'vtexProvider',
  tag,
  summary:
    'Cancela o pagamento: o checkout em aberto é encerrado; um pedido aprovado é estornado por inteiro',
  description:
    'Idempotente por requestId. 500 enquanto o estorno do pedido ainda roda (a VTEX tenta de novo); 501 cancel-manually quando as regras de estorno o recusam.',
  errors: { 404: 'Pagamento desconhecido desta parceira' },
  headers: credentials,
  params: VtexPaymentIdParam,
  body: VtexCancelRequest,
  response: VtexCancelResponse,
});

export const vtexSettlePayment = endpoint('vtex.settlePayment', {
  method: 'POST',
  path: `${VTEX_API}/payments/:paymentId/settlements`,
  audience: 'vtexProvider',
  tag,
  summary:
    'Liquida (captura) o pagamento aprovado; um valor menor estorna a diferença pelo motor de estornos',
  errors: { 404: 'Pagamento desconhecido desta parceira' },
  headers: credentials,
  params: VtexPaymentIdParam,
  body: VtexSettleRequest,
  response: VtexSettleResponse,
});

export const vtexRefundPayment = endpoint('vtex.refundPayment', {
  method: 'POST',
  path: `${VTEX_API}/payments/:paymentId/refunds`,
  audience: 'vtexProvider',
  tag,
  summary: 'Estorna (total ou parcial) um pagamento liquidado, pelo motor de estornos da Drip',
  description:
    'Idempotente por requestId. 200 só depois do estorno feito; 500 enquanto roda (a VTEX tenta de novo por até 24 h); 501 refund-manually quando as regras o recusam.',
  errors: { 404: 'Pagamento desconhecido desta parceira' },
  headers: credentials,
  params: VtexPaymentIdParam,
  body: VtexRefundRequest,
  response: VtexRefundResponse,
});

export const vtexAuthorizationToken = endpoint('vtex.authorizationToken', {
  method: 'POST',
  path: `${VTEX_API}/authorization/token`,
  audience: 'anonymous',
  tag,
  summary: 'Fluxo de configuração: cria o token que identifica a instalação (válido por 30 minutos)',
  body: VtexAuthorizationTokenRequest,
  response: VtexAuthorizationTokenResponse,
});

export const vtexAuthorizationRedirect = endpoint('vtex.authorizationRedirect', {
  method: 'GET',
  path: `${VTEX_API}/authorization/redirect`,
  audience: 'anonymous',
  tag,
  summary: 'Fluxo de configuração: leva a lojista ao cadastro do plugin no portal da parceira',
  description: 'Responde 302 para /parceira/plugin_sign_up/vtex?code=<token>.',
  query: VtexRedirectQuery,
  response: HtmlPage,
  responseKind: 'text',
  status: 302,
});

export const vtexAuthorizationCredentials = endpoint('vtex.authorizationCredentials', {
  method: 'GET',
  path: `${VTEX_API}/authorization/credentials`,
  audience: 'anonymous',
  tag,
  summary: 'Fluxo de configuração: troca o authorizationCode (uso único) pela AppKey e AppToken da parceira',
  errors: { 401: 'Código desconhecido, expirado ou já usado' },
  query: VtexCredentialsQuery,
  response: VtexCredentialsResponse,
});

// ---------------------------------------------------------------- the sandbox's emulated VTEX gateway

const sandboxTag = 'Sandbox';

export const sandboxVtexStore = endpoint('sandbox.vtexStore', {
  method: 'GET',
  path: '/sandbox/vtex',
  audience: 'sandbox',
  tag: sandboxTag,
  summary: 'Emulated VTEX store: buy with Drip through the VTEX payment gateway',
  response: HtmlPage,
  responseKind: 'html',
  internal: true,
});

export const SandboxVtexOrderRequest = v.strictObject({
  merchantId: v.string(),
  value: v.pipe(v.number(), v.minValue(0.01), v.maxValue(1_000_000)),
  buyerDocument: v.optional(v.string()),
});

export const sandboxVtexCreateOrder = endpoint('sandbox.vtexCreateOrder', {
  method: 'POST',
  path: '/sandbox/vtex/orders',
  audience: 'sandbox',
  tag: sandboxTag,
  summary: 'Emulated VTEX gateway: places an order (Create Payment to the connector); answers its paymentUrl',
  body: SandboxVtexOrderRequest,
  response: AnyJson,
  status: 201,
  internal: true,
});

export const sandboxVtexOrder = endpoint('sandbox.vtexOrder', {
  method: 'GET',
  path: '/sandbox/vtex/orders/:paymentId',
  audience: 'sandbox',
  tag: sandboxTag,
  summary: "Emulated VTEX gateway: an order's payment as VTEX sees it (status, callbacks received)",
  params: VtexPaymentIdParam,
  response: AnyJson,
  internal: true,
});

export const sandboxVtexOrderAction = endpoint('sandbox.vtexOrderAction', {
  method: 'POST',
  path: '/sandbox/vtex/orders/:paymentId/:action',
  audience: 'sandbox',
  tag: sandboxTag,
  summary:
    'Emulated VTEX gateway: cancel, settle or refund (value in reais), retried while the connector answers 500',
  params: v.object({ paymentId: v.string(), action: v.string() }),
  body: v.strictObject({ value: v.optional(v.number()) }),
  response: AnyJson,
  internal: true,
});

export const sandboxVtexCallback = endpoint('sandbox.vtexCallback', {
  method: 'POST',
  path: '/sandbox/vtex/callback/:transactionId/payments/:paymentId',
  audience: 'sandbox',
  tag: sandboxTag,
  summary: "Emulated VTEX gateway: the callbackUrl receiving the connector's final status",
  params: v.object({ transactionId: v.string(), paymentId: v.string() }),
  body: AnyJson,
  response: AnyJson,
  internal: true,
});

export const vtexEndpoints = {
  vtexManifest,
  vtexCreatePayment,
  vtexCancelPayment,
  vtexSettlePayment,
  vtexRefundPayment,
  vtexAuthorizationToken,
  vtexAuthorizationRedirect,
  vtexAuthorizationCredentials,
  sandboxVtexStore,
  sandboxVtexCreateOrder,
  sandboxVtexOrder,
  sandboxVtexOrderAction,
  sandboxVtexCallback,
};
