/** Merchant webhooks: endpoints registered by the merchant, signed deliveries and their log (Standard Webhooks). */
import { endpoint } from './define.ts';

// Each endpoint is its own named export (see define.ts); `merchantWebhookEndpoints` lists them for the table.
void endpoint;

export const merchantWebhookEndpoints = {};
