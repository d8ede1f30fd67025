import { desc, eq, sql } from 'drizzle-orm';
import { normalizeRecipient } from '../../br.ts';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/index.ts';
import type { DbOrTx } from '../../db/types.ts';
import type { EmailPort, Notifications, OutboxStaging, SmsPort } from './ports.ts';
import { outboxMessages } from './tables.ts';

export interface OutboxMessage {
  id: string;
  channel: 'SMS' | 'EMAIL' | 'WHATSAPP';
  to: string;
  subject: string | null;
  body: string;
  code: string | null;
  link: string | null;
  createdAt: string;
}

/**
 * Outbox adapters: every message is stored in `outbox_messages`. In sandbox mode the row is the delivery (status
 * SANDBOX, shown in /sandbox/inbox); otherwise it waits as PENDING for a real provider's delivery worker.
 */
export function outboxNotifications(db: Db, clock: Clock, sandbox: boolean): Notifications {
  const status = sandbox ? 'SANDBOX' : 'PENDING';
  // One INSERT for every message (each checkout sends at least one code), prepared once.
  const p = sql.placeholder;
  const insert = db
    .insert(outboxMessages)
    .values({
      channel: p('channel'),
      to: p('to'),
      subject: p('subject'),
      body: p('body'),
      code: p('code'),
      link: p('link'),
      status,
      createdAt: sql`${p('createdAt')}::timestamptz`,
    })
    .prepare(`drip_outbox_insert_${status.toLowerCase()}`);
  const store = (m: {
    channel: 'SMS' | 'EMAIL';
    to: string;
    subject?: string | undefined;
    body: string;
    code?: string | undefined;
    link?: string | undefined;
  }) =>
    insert.execute({
      channel: m.channel,
      to: normalizeRecipient(m.to),
      subject: m.subject ?? null,
      body: m.body,
      code: m.code ?? null,
      link: m.link ?? null,
      createdAt: clock.now().toISOString(),
    });
  const sms: SmsPort = {
    async send(m) {
      await store({ channel: 'SMS', to: m.to, body: m.body, code: m.code });
      return { delivered: true };
    },
  };
  const email: EmailPort = {
    async send(m) {
      await store({
        channel: 'EMAIL',
        to: m.to,
        subject: m.subject,
        body: m.body,
        code: m.code,
        link: m.link,
      });
      return { delivered: true };
    },
  };
  const outbox: OutboxStaging = {
    insertIf(guard, name, m) {
      const p = (field: string) => sql.placeholder(`${name}_${field}`);
      const to = m.to;
      const fromColumn = typeof to === 'string' ? null : to.column;
      return {
        key: `outbox-insert-if:${guard}:${name}${fromColumn === null ? '' : `:to=${fromColumn}`}`,
        build: () =>
          sql`insert into ${outboxMessages} (channel, "to", subject, body, code, link, status, created_at) select ${p('channel')}, ${fromColumn === null ? p('to') : sql`${sql.identifier(guard)}.${sql.identifier(fromColumn)}`}, ${p('subject')}, ${p('body')}, ${p('code')}, ${p('link')}, ${p('status')}, ${p('createdAt')}::timestamptz from ${sql.identifier(guard)}`,
        values: {
          [`${name}_channel`]: m.channel,
          ...(typeof to === 'string' ? { [`${name}_to`]: normalizeRecipient(to) } : {}),
          [`${name}_subject`]: m.subject ?? null,
          [`${name}_body`]: m.body,
          [`${name}_code`]: m.code ?? null,
          [`${name}_link`]: m.link ?? null,
          [`${name}_status`]: status,
          [`${name}_createdAt`]: clock.now().toISOString(),
        },
      };
    },
  };
  return { sms, email, outbox };
}

/**
 * One recipient's messages, newest first: prepared once per database handle (the sandbox inbox and the tests read
 * a shopper's code after every message sent).
 */
const recipientQueries = new WeakMap<Db, ReturnType<typeof prepareForRecipient>>();
function prepareForRecipient(db: Db) {
  return db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.to, sql.placeholder('to')))
    .orderBy(desc(outboxMessages.seq))
    .limit(sql.placeholder('limit'))
    .prepare('drip_outbox_for_recipient');
}
function forRecipient(db: Db) {
  let query = recipientQueries.get(db);
  if (!query) {
    query = prepareForRecipient(db);
    recipientQueries.set(db, query);
  }
  return query;
}

/** Newest first, optionally for one recipient (phone in any Brazilian format, e-mail in any case). */
export async function listOutbox(db: Db, options: { to?: string; limit?: number }): Promise<OutboxMessage[]> {
  const limit = options.limit ?? 100;
  const rows = await (options.to
    ? forRecipient(db).execute({ to: normalizeRecipient(options.to), limit })
    : db.select().from(outboxMessages).orderBy(desc(outboxMessages.seq)).limit(limit));
  return rows.map((r) => ({
    id: r.id,
    channel: r.channel,
    to: r.to,
    subject: r.subject,
    body: r.body,
    code: r.code,
    link: r.link,
    createdAt: r.createdAt.toISOString(),
  }));
}

/**
 * Stores one message in the outbox inside the caller's transaction `tx` (one INSERT), so that it exists exactly when
 * the caller's step commits: for a channel no port delivers yet (WhatsApp), whatever the SMS and e-mail adapters are.
 * In sandbox mode the row is the delivery (SANDBOX); otherwise it waits as PENDING.
 */
export async function storeOutboxMessage(
  tx: DbOrTx,
  message: {
    channel: 'SMS' | 'EMAIL' | 'WHATSAPP';
    to: string;
    body: string;
    subject?: string | undefined;
    code?: string | undefined;
    link?: string | undefined;
  },
  options: { sandbox: boolean; now: Date },
): Promise<void> {
  await tx.insert(outboxMessages).values({
    channel: message.channel,
    to: normalizeRecipient(message.to),
    body: message.body,
    ...(message.subject === undefined ? {} : { subject: message.subject }),
    ...(message.code === undefined ? {} : { code: message.code }),
    ...(message.link === undefined ? {} : { link: message.link }),
    status: options.sandbox ? 'SANDBOX' : 'PENDING',
    createdAt: options.now,
  });
}
