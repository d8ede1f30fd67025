/** Merchant webhooks: endpoints registered by the merchant, signed deliveries and their log (Standard Webhooks). */
import * as v from 'valibot';
import { PageQuery } from '../contract/orders.ts';
import { MERCHANT_API } from '../contract/paths.ts';
import {
  CreateWebhookRequest,
  CreateWebhookResponse,
  DeleteWebhookResponse,
  ReplayWebhookResponse,
  WebhookDeliveryPage,
  WebhookEndpointList,
} from '../contract/webhooks.ts';
import { IdParam } from './common.ts';
import { endpoint } from './define.ts';

// The contract travels with the endpoints (the package's index re-exports this file).
export * from '../contract/webhooks.ts';

const tag = 'Merchant webhooks';

export const merchantCreateWebhook = endpoint('merchant.createWebhook', {
  method: 'POST',
  path: `${MERCHANT_API}/v1/webhooks`,
  audience: 'merchantAdmin',
  tag,
  summary: 'Registra um endpoint de webhook; a resposta traz o segredo de assinatura (mostrado uma vez)',
  description:
    'Entregas assinadas pela especificação Standard Webhooks (cabeçalhos webhook-id, webhook-timestamp e webhook-signature). Fora do sandbox a URL deve usar https.',
  errors: { 400: 'URL inválida, sem https ou limite de webhooks atingido' },
  body: CreateWebhookRequest,
  response: CreateWebhookResponse,
  status: 201,
});

export const merchantListWebhooks = endpoint('merchant.listWebhooks', {
  method: 'GET',
  path: `${MERCHANT_API}/v1/webhooks`,
  audience: 'merchantRead',
  tag,
  summary: 'Os endpoints de webhook da parceira',
  response: WebhookEndpointList,
});

export const merchantDeleteWebhook = endpoint('merchant.deleteWebhook', {
  method: 'DELETE',
  path: `${MERCHANT_API}/v1/webhooks/:id`,
  audience: 'merchantAdmin',
  tag,
  summary: 'Remove um endpoint de webhook (entregas pendentes são abandonadas)',
  errors: { 404: 'Webhook inexistente ou de outra parceira' },
  params: IdParam,
  response: DeleteWebhookResponse,
});

export const merchantWebhookDeliveries = endpoint('merchant.webhookDeliveries', {
  method: 'GET',
  path: `${MERCHANT_API}/v1/webhooks/:id/deliveries`,
  audience: 'merchantRead',
  tag,
  summary: 'O registro de entregas de um webhook, com os códigos de resposta de cada tentativa',
  errors: { 404: 'Webhook inexistente ou de outra parceira' },
  params: IdParam,
  query: PageQuery,
  response: WebhookDeliveryPage,
});

export const merchantReplayWebhookDelivery = endpoint('merchant.replayWebhookDelivery', {
  method: 'POST',
  path: `${MERCHANT_API}/v1/webhooks/:id/deliveries/:deliveryId/replay`,
  audience: 'merchantAdmin',
  tag,
  summary: 'Envia de novo uma entrega (mesmo webhook-id, nova assinatura)',
  errors: { 404: 'Webhook ou entrega inexistente ou de outra parceira' },
  params: v.object({ id: v.string(), deliveryId: v.string() }),
  response: ReplayWebhookResponse,
  status: 201,
});

export const merchantWebhookEndpoints = {
  merchantCreateWebhook,
  merchantListWebhooks,
  merchantDeleteWebhook,
  merchantWebhookDeliveries,
  merchantReplayWebhookDelivery,
};
