/**
 * Merchant webhooks (DESIGN.md 2, docs/webhooks.md): the endpoints a merchant registers, the events Drip signs and
 * sends to them per the Standard Webhooks specification, and the delivery log with its attempts.
 */
import * as v from 'valibot';
import { pageOf } from './orders.ts';

/** The events a merchant can subscribe an endpoint to. */
export const WEBHOOK_EVENTS = [
  'ORDER_CREATED',
  'ORDER_CANCELED',
  'SETTLEMENT_CREATED',
  'CHECKOUT_STATUS_CHANGED',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** pt-BR labels of the events (the portal's checkboxes and the delivery log). */
export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  ORDER_CREATED: 'Pedido criado',
  ORDER_CANCELED: 'Pedido cancelado',
  SETTLEMENT_CREATED: 'Repasse criado',
  CHECKOUT_STATUS_CHANGED: 'Status do checkout alterado',
};

/** Longest endpoint URL accepted. */
export const WEBHOOK_URL_MAX_LENGTH = 2000;
/** Endpoints a merchant may have registered at once. */
export const WEBHOOK_ENDPOINTS_MAX = 10;

export const webhookMessages = {
  urlRequired: 'Informe a URL do webhook',
  urlInvalid: 'A URL do webhook é inválida',
  urlTooLong: `A URL do webhook deve ter no máximo ${WEBHOOK_URL_MAX_LENGTH} caracteres`,
  httpsRequired: 'A URL do webhook deve usar https',
  eventsRequired: 'Selecione ao menos um evento',
  eventInvalid: 'Evento de webhook desconhecido',
  tooMany: `Limite de ${WEBHOOK_ENDPOINTS_MAX} webhooks por parceira atingido`,
  notFound: 'Webhook não encontrado',
  deliveryNotFound: 'Entrega não encontrada',
} as const;

/** `POST v1/webhooks`: where to send and which events. https is checked by the server (the sandbox allows http). */
export const CreateWebhookRequest = v.object({
  url: v.pipe(
    v.string(webhookMessages.urlRequired),
    v.trim(),
    v.nonEmpty(webhookMessages.urlRequired),
    v.maxLength(WEBHOOK_URL_MAX_LENGTH, webhookMessages.urlTooLong),
    v.url(webhookMessages.urlInvalid),
    v.check((u) => /^https?:\/\//i.test(u), webhookMessages.urlInvalid),
  ),
  events: v.pipe(
    v.array(v.picklist(WEBHOOK_EVENTS, webhookMessages.eventInvalid), webhookMessages.eventsRequired),
    v.minLength(1, webhookMessages.eventsRequired),
    v.transform((events) => [...new Set(events)]),
  ),
});
export type CreateWebhookRequest = v.InferInput<typeof CreateWebhookRequest>;

/** The answer of a registration: the signing secret is shown this once (`whsec_` + base64). */
export const CreateWebhookResponse = v.object({ id: v.string(), secret: v.string() });
export type CreateWebhookResponse = v.InferOutput<typeof CreateWebhookResponse>;

export const WebhookEndpoint = v.object({
  id: v.string(),
  url: v.string(),
  events: v.array(v.picklist(WEBHOOK_EVENTS)),
  createdAt: v.string(),
});
export type WebhookEndpoint = v.InferOutput<typeof WebhookEndpoint>;

export const WebhookEndpointList = v.object({ content: v.array(WebhookEndpoint) });
export type WebhookEndpointList = v.InferOutput<typeof WebhookEndpointList>;

export const DeleteWebhookResponse = v.object({ id: v.string(), deleted: v.literal(true) });

/** PENDING: waiting for its (next) attempt; DELIVERED: a 2xx came back; FAILED: given up (3 days of failures). */
export const WEBHOOK_DELIVERY_STATUSES = ['PENDING', 'DELIVERED', 'FAILED'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const WEBHOOK_DELIVERY_STATUS_LABELS: Record<WebhookDeliveryStatus, string> = {
  PENDING: 'Pendente',
  DELIVERED: 'Entregue',
  FAILED: 'Falhou',
};

export const WebhookAttempt = v.object({
  attempt: v.number(),
  at: v.string(),
  /** The HTTP status the endpoint answered; null when no answer came (network error, time-out). */
  responseCode: v.nullable(v.number()),
  error: v.nullable(v.string()),
  durationMs: v.number(),
});
export type WebhookAttempt = v.InferOutput<typeof WebhookAttempt>;

export const WebhookDelivery = v.object({
  id: v.string(),
  /** The `webhook-id` header: the message's id (the same on a replay, so a receiver can deduplicate). */
  messageId: v.string(),
  event: v.picklist(WEBHOOK_EVENTS),
  status: v.picklist(WEBHOOK_DELIVERY_STATUSES),
  attempts: v.number(),
  lastResponseCode: v.nullable(v.number()),
  createdAt: v.string(),
  /** A replay points at the delivery it repeats. */
  replayOf: v.nullable(v.string()),
  log: v.array(WebhookAttempt),
});
export type WebhookDelivery = v.InferOutput<typeof WebhookDelivery>;

export const WebhookDeliveryPage = pageOf(WebhookDelivery);
export type WebhookDeliveryPage = v.InferOutput<typeof WebhookDeliveryPage>;

export const ReplayWebhookResponse = v.object({
  id: v.string(),
  status: v.picklist(WEBHOOK_DELIVERY_STATUSES),
});
