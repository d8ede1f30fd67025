import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * A merchant's registered webhook endpoint: where to send, which events, and the Standard Webhooks signing secret
 * (`whsec_` + base64 of 24 random bytes; it signs, so it is kept as is, like the merchant API key's peer). A deleted
 * endpoint keeps its row (`deleted_at`) so that its delivery log stays readable to an operator.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: uuid('merchant_id').notNull(),
    url: text('url').notNull(),
    events: text('events').array().notNull(),
    secret: text('secret').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('webhook_endpoints_merchant_idx').on(t.merchantId).where(sql`deleted_at is null`)],
);

/**
 * One message to one endpoint. `message_id` is the `webhook-id` header (shared by the endpoints of one publish and
 * by a replay, so that a receiver can deduplicate); `payload` is the exact JSON body that is signed.
 * PENDING until a 2xx (DELIVERED) or until 3 days of failures (FAILED).
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id),
    merchantId: uuid('merchant_id').notNull(),
    messageId: text('message_id').notNull(),
    event: text('event').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status', { enum: ['PENDING', 'DELIVERED', 'FAILED'] })
      .notNull()
      .default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    lastResponseCode: integer('last_response_code'),
    replayOf: uuid('replay_of'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt)],
);

/** The delivery log: every attempt with the endpoint's response code (null: no answer) and how long it took. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id),
    attempt: integer('attempt').notNull(),
    responseCode: integer('response_code'),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId)],
);
