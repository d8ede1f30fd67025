import { bigint, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Every SMS, e-mail and WhatsApp message the server sends, in send order. The sandbox inbox reads it. */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Insertion order (ties of createdAt under a frozen clock). */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    channel: text('channel', { enum: ['SMS', 'EMAIL', 'WHATSAPP'] }).notNull(),
    /** E.164 phone or lower-case e-mail. */
    to: text('to').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    code: text('code'),
    link: text('link'),
    /** SANDBOX: kept for the inbox only; PENDING: waiting for a real provider; SENT / FAILED after delivery. */
    status: text('status', { enum: ['SANDBOX', 'PENDING', 'SENT', 'FAILED'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('outbox_messages_to_idx').on(t.to, t.createdAt), index('outbox_messages_seq_idx').on(t.seq)],
);

/**
 * Fixed-window counters shared by every server instance (counters.ts): the messages sent (or asked for) per checkout,
 * per recipient and per client IP (send-caps.ts), and the login and recovery requests (http/rate-limit.ts). A row per
 * key and window; rows whose window ended are deleted from time to time.
 */
export const sendCounters = pgTable(
  'send_counters',
  {
    /**
     * Send caps: `checkout:<id>`, `to:<E.164 phone | e-mail | cpf:…>` or `ip:<address>`; rate limits:
     * `rate:<group>:ip:<address>` or `rate:<group>:subject:<e-mail | cpf | phone>`.
     */
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
    /** End of the window: after it the row is dead and may be deleted. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.key, t.windowStart] }),
    index('send_counters_expires_idx').on(t.expiresAt),
  ],
);
