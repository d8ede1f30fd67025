import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Append-only record of every admin action (and other security-relevant actions). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorType: text('actor_type', { enum: ['ADMIN', 'MERCHANT', 'CUSTOMER', 'SYSTEM'] }).notNull(),
    actorId: text('actor_id'),
    action: text('action').notNull(),
    entityType: text('entity_type'),
    entityId: text('entity_id'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    requestId: text('request_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_actor_idx').on(t.actorType, t.actorId, t.createdAt),
    // A customer's or an order's history, newest first (the admin details).
    index('audit_log_entity_idx').on(t.entityType, t.entityId, t.createdAt),
  ],
);
