/**
 * Signed merchant webhooks (docs/webhooks.md): the endpoints a merchant registers, `publish` (called by other
 * modules inside their own transaction or statement), the delivery worker on the durable queue, the delivery log
 * and the replay. Signatures follow the Standard Webhooks specification through its reference library.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import {
  type Cents,
  centsToReais,
  WEBHOOK_ENDPOINTS_MAX,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENTS,
  type WebhookDeliveryPage,
  type WebhookEndpoint,
  type WebhookEndpointList,
  type WebhookEvent,
  webhookMessages,
} from '@drip/core';
import { and, asc, count, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import * as v from 'valibot';
import { type Dependencies, DependencyUnavailableError } from '../../circuit.ts';
import { type Clock, systemClock } from '../../clock.ts';
import type { Db } from '../../db/index.ts';
import { type Shaped, ShapedStatements } from '../../db/shaped.ts';
import type { DbOrTx } from '../../db/types.ts';
import { DomainError } from '../../errors.ts';
import type { Queue, TaskQueues } from '../../jobs/queue.ts';
import { errorFields, type Logger } from '../../log.ts';
import {
  addressProblem,
  errorChain,
  type OutboundFetch,
  outboundFetch,
  type Resolver,
} from '../../outbound.ts';
import type { OrderCreatedFacts, OrderCreatedStaging } from '../customers/first-access.ts';
import type { EmailPort } from '../notifications/ports.ts';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from './tables.ts';

/** The deliveries' queue: one task per delivery, keyed by its id. */
export const WEBHOOK_QUEUE = 'merchant-webhooks';
/** The merchant users' e-mails of an event (spec 6 subscriptions): one task per published message. */
export const WEBHOOK_EMAIL_QUEUE = 'merchant-event-emails';
/** A delivery that still fails this long after it was created is given up (FAILED). */
export const GIVE_UP_MS = 3 * 24 * 60 * 60 * 1000;
/** Retry n waits min(6 h, 1 min × 2^(n−1)): about 20 attempts in the 3 days. */
export const WEBHOOK_BACKOFF = { baseMs: 60_000, maxMs: 6 * 60 * 60 * 1000 };
/** The events merchant users can subscribe to by e-mail (spec 6). */
const EMAIL_EVENTS: readonly WebhookEvent[] = ['ORDER_CREATED', 'ORDER_CANCELED', 'SETTLEMENT_CREATED'];

/** What one delivery attempt came to (`WebhookService.attemptCounts`). */
export type DeliveryOutcome = 'delivered' | 'failed' | 'given_up';

const DeliveryTask = v.object({ deliveryId: v.string() });
type DeliveryTask = v.InferOutput<typeof DeliveryTask>;
const EmailTask = v.object({
  merchantId: v.string(),
  event: v.picklist(WEBHOOK_EVENTS),
  messageId: v.string(),
  data: v.record(v.string(), v.unknown()),
});
type EmailTask = v.InferOutput<typeof EmailTask>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const notFound = () => new DomainError('not_found', 'WEBHOOK_NOT_FOUND', webhookMessages.notFound);

export interface WebhookServiceDeps {
  db: Db;
  clock: Clock;
  log: Logger;
  queues: TaskQueues;
  /**
   * http:// and internal addresses are accepted only in the sandbox (a local test receiver); outside it every
   * delivery's connection is checked after DNS (src/outbound.ts).
   */
  sandbox: boolean;
  /** Where the merchant users' e-mails go. */
  email: EmailPort;
  /** The e-mails of the merchant's active users subscribed to the event (merchants module). */
  subscribers: (merchantId: string, event: WebhookEvent) => Promise<string[]>;
  /** The HTTP client; `outboundFetch` (address checked at connect time, no redirects) by default. */
  fetch?: OutboundFetch;
  /** DNS of the default client; the system's by default. */
  resolve?: Resolver;
  /** The real time, for the signature's timestamp; the system's by default. */
  wallClock?: Clock;
  /**
   * The endpoints' circuits and time-out (circuit.ts): one circuit per endpoint, so that one merchant's dead
   * receiver is not called while it is down, and does not hold up anyone else's deliveries.
   */
  dependencies: Dependencies;
}

/** The Standard Webhooks body: `{ type, timestamp, data }`. */
export interface WebhookBody {
  type: WebhookEvent;
  timestamp: string;
  data: Record<string, unknown>;
}

/** A new signing secret: `whsec_` + base64 of 24 random bytes (the Standard Webhooks format). */
export const newWebhookSecret = (): string => `whsec_${randomBytes(24).toString('base64')}`;
/** A new message id (`webhook-id`). */
export const newMessageId = (): string => `msg_${randomUUID().replaceAll('-', '')}`;

export class WebhookService {
  readonly deliveryQueue: Queue<DeliveryTask>;
  readonly emailQueue: Queue<EmailTask>;
  private readonly shaped = new ShapedStatements();
  private readonly send: OutboundFetch;
  /** Delivery attempts made by this process, by outcome: the counter the metrics read (`attemptCounts`). */
  private readonly attempts = new Map<DeliveryOutcome, number>();

  constructor(private readonly d: WebhookServiceDeps) {
    this.send =
      d.fetch ??
      outboundFetch({
        allowInternal: d.sandbox,
        log: d.log,
        ...(d.resolve ? { resolve: d.resolve } : {}),
      });
    this.deliveryQueue = d.queues.define({
      name: WEBHOOK_QUEUE,
      payload: DeliveryTask,
      // Time decides the give-up (3 days, in deliver); this cap is only a backstop above the ~20 tries of 3 days.
      maxAttempts: 40,
      backoff: WEBHOOK_BACKOFF,
      // An endpoint has 15 s; the lease covers a batch of slow ones.
      leaseMs: 10 * 60_000,
      handle: (task) => this.deliver(task),
    });
    this.emailQueue = d.queues.define({
      name: WEBHOOK_EMAIL_QUEUE,
      payload: EmailTask,
      maxAttempts: 10,
      handle: (task) => this.email(task.payload),
    });
  }

  // ---------------------------------------------------------------- endpoints

  async register(merchantId: string, input: { url: string; events: WebhookEvent[] }) {
    this.checkUrl(input.url);
    return this.d.db.transaction(async (tx) => {
      // Serialises two registrations of one merchant, so that the cap holds.
      await tx.execute(sql`select pg_advisory_xact_lock(720451, hashtext(${merchantId}))`);
      const [row] = await tx
        .select({ n: count() })
        .from(webhookEndpoints)
        .where(and(eq(webhookEndpoints.merchantId, merchantId), isNull(webhookEndpoints.deletedAt)));
      if ((row?.n ?? 0) >= WEBHOOK_ENDPOINTS_MAX)
        throw new DomainError('invalid', 'WEBHOOK_LIMIT', webhookMessages.tooMany);
      const secret = newWebhookSecret();
      const [created] = await tx
        .insert(webhookEndpoints)
        .values({ merchantId, url: input.url, events: input.events, secret, createdAt: this.d.clock.now() })
        .returning({ id: webhookEndpoints.id });
      if (!created) throw new Error('webhook endpoint not created');
      return { id: created.id, secret };
    });
  }

  async list(merchantId: string): Promise<WebhookEndpointList> {
    const rows = await this.d.db
      .select()
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.merchantId, merchantId), isNull(webhookEndpoints.deletedAt)))
      .orderBy(asc(webhookEndpoints.createdAt));
    return { content: rows.map(toEndpoint) };
  }

  /** Removes an endpoint; its pending deliveries are given up (their tasks find them FAILED). */
  async remove(merchantId: string, id: string): Promise<{ id: string; deleted: true }> {
    if (!UUID.test(id)) throw notFound();
    return this.d.db.transaction(async (tx) => {
      const now = this.d.clock.now();
      const [row] = await tx
        .update(webhookEndpoints)
        .set({ deletedAt: now })
        .where(and(this.own(merchantId, id), isNull(webhookEndpoints.deletedAt)))
        .returning({ id: webhookEndpoints.id });
      if (!row) throw notFound();
      await tx
        .update(webhookDeliveries)
        .set({ status: 'FAILED', updatedAt: now })
        .where(and(eq(webhookDeliveries.endpointId, id), eq(webhookDeliveries.status, 'PENDING')));
      return { id, deleted: true as const };
    });
  }

  /** The delivery log of one of the merchant's endpoints, newest first, with every attempt. */
  async deliveries(
    merchantId: string,
    endpointId: string,
    page: number,
    size: number,
  ): Promise<WebhookDeliveryPage> {
    await this.ownEndpoint(merchantId, endpointId);
    const where = eq(webhookDeliveries.endpointId, endpointId);
    const [total] = await this.d.db.select({ n: count() }).from(webhookDeliveries).where(where);
    const rows = await this.d.db
      .select()
      .from(webhookDeliveries)
      .where(where)
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
      .limit(size)
      .offset(page * size);
    const attempts =
      rows.length === 0
        ? []
        : await this.d.db
            .select()
            .from(webhookAttempts)
            .where(
              inArray(
                webhookAttempts.deliveryId,
                rows.map((r) => r.id),
              ),
            )
            .orderBy(asc(webhookAttempts.attempt));
    const totalElements = total?.n ?? 0;
    return {
      content: rows.map((r) => ({
        id: r.id,
        messageId: r.messageId,
        event: r.event as WebhookEvent,
        status: r.status,
        attempts: r.attempts,
        lastResponseCode: r.lastResponseCode,
        createdAt: r.createdAt.toISOString(),
        replayOf: r.replayOf,
        log: attempts
          .filter((a) => a.deliveryId === r.id)
          .map((a) => ({
            attempt: a.attempt,
            at: a.at.toISOString(),
            responseCode: a.responseCode,
            error: a.error,
            durationMs: a.durationMs,
          })),
      })),
      number: page,
      size,
      totalPages: Math.ceil(totalElements / size),
      totalElements,
    };
  }

  /**
   * Sends a delivery again: a new delivery of the same message (same `webhook-id` and body, so a receiver that
   * already processed it can tell), signed anew when it goes out, with its own 3 days of retries.
   */
  async replay(merchantId: string, endpointId: string, deliveryId: string) {
    const endpoint = await this.ownEndpoint(merchantId, endpointId);
    if (endpoint.deletedAt) throw notFound();
    if (!UUID.test(deliveryId)) throw deliveryNotFound();
    return this.d.db.transaction(async (tx) => {
      const [original] = await tx
        .select()
        .from(webhookDeliveries)
        .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpointId)));
      if (!original) throw deliveryNotFound();
      const now = this.d.clock.now();
      const [created] = await tx
        .insert(webhookDeliveries)
        .values({
          endpointId,
          merchantId,
          messageId: original.messageId,
          event: original.event,
          payload: original.payload,
          replayOf: original.id,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: webhookDeliveries.id });
      if (!created) throw new Error('replay not created');
      await this.deliveryQueue.enqueue(tx, { deliveryId: created.id }, { key: created.id });
      return { id: created.id, status: 'PENDING' as const };
    });
  }

  // ---------------------------------------------------------------- publishing

  /**
   * Publishes an event of a merchant INSIDE the caller's transaction (or as a statement of its own with `db`): one
   * delivery per endpoint subscribed to the event, each with its task on the durable queue, and the merchant users'
   * e-mail task — all in ONE statement, so they exist exactly when the caller's change commits.
   * `data` is the event's object (ids, codes, amounts in reais as the API shows them).
   */
  async publish(exec: DbOrTx, merchantId: string, event: WebhookEvent, data: Record<string, unknown>) {
    const staged = this.stage('wh', merchantId, event, data, null);
    await this.shaped.execute(exec, {
      key: `webhook-publish:${staged.key}`,
      build: () => sql`with ${staged.build()} select 1`,
      values: staged.values,
    });
  }

  /**
   * The CTEs of a publish, for a caller that writes its change in ONE statement: named `<prefix>_d` (deliveries),
   * `<prefix>_t` (their tasks) and `<prefix>_e` (the e-mail task), with placeholders `<prefix>_*`. With `gate` (the
   * name of one of the caller's CTEs), nothing is published unless that CTE returned a row.
   */
  stage(
    prefix: string,
    merchantId: string,
    event: WebhookEvent,
    data: Record<string, unknown>,
    gate: string | null,
  ): Shaped {
    const p = (name: string) => sql.placeholder(`${prefix}_${name}`);
    const now = this.d.clock.now();
    const messageId = newMessageId();
    const body: WebhookBody = { type: event, timestamp: now.toISOString(), data };
    const gated = gate ? sql` and exists (select 1 from ${sql.identifier(gate)})` : sql``;
    const d = `${prefix}_d`;
    const emails = EMAIL_EVENTS.includes(event);
    return {
      key: `${prefix}:${gate ?? ''}:${emails ? 'e' : ''}`,
      build: () => {
        const ctes: SQL[] = [
          sql`${sql.identifier(d)} as (insert into ${webhookDeliveries} (endpoint_id, merchant_id, message_id, event, payload, created_at, updated_at) select e.id, e.merchant_id, ${p('messageId')}::text, ${p('event')}::text, ${p('body')}::jsonb, ${p('now')}::timestamptz, ${p('now')}::timestamptz from ${webhookEndpoints} e where e.merchant_id = ${p('merchantId')}::uuid and e.deleted_at is null and ${p('event')}::text = any(e.events)${gated} returning id)`,
          this.deliveryQueue.enqueueCte({
            cte: `${prefix}_t`,
            from: d,
            payload: sql`jsonb_build_object('deliveryId', ${sql.identifier(d)}.id)`,
            key: sql`${sql.identifier(d)}.id::text`,
            now: sql`${p('now')}::timestamptz`,
          }),
        ];
        if (emails) {
          const one = `${prefix}_one`;
          ctes.push(
            sql`${sql.identifier(one)} as (select 1 where true${gated})`,
            this.emailQueue.enqueueCte({
              cte: `${prefix}_e`,
              from: one,
              payload: sql`${p('email')}::jsonb`,
              key: sql`${p('messageId')}::text`,
              now: sql`${p('now')}::timestamptz`,
            }),
          );
        }
        return sql.join(ctes, sql`, `);
      },
      values: {
        [`${prefix}_messageId`]: messageId,
        [`${prefix}_event`]: event,
        [`${prefix}_body`]: JSON.stringify(body),
        [`${prefix}_now`]: now.toISOString(),
        [`${prefix}_merchantId`]: merchantId,
        ...(emails
          ? {
              [`${prefix}_email`]: JSON.stringify({
                merchantId,
                event,
                messageId,
                data,
              } satisfies EmailTask),
            }
          : {}),
      },
    };
  }

  /**
   * ORDER_CREATED (and the checkout's OK) as CTEs of the order's own one-statement INSERT (OrderService's
   * `onCreated`): gated on its CTE `o`, so the events exist exactly when the order does.
   */
  orderCreatedStaging(): OrderCreatedStaging {
    return (order: OrderCreatedFacts) => {
      const created = this.stage('whoc', order.merchantId, 'ORDER_CREATED', orderCreatedData(order), 'o');
      // Every approved checkout creates its order in this statement: its CHECKOUT_STATUS_CHANGED (OK) goes too.
      const approved = this.stage(
        'whok',
        order.merchantId,
        'CHECKOUT_STATUS_CHANGED',
        {
          checkoutId: order.checkoutId,
          merchantOrderCode: order.merchantOrderCode,
          status: 'OK',
          koReason: null,
          orderId: order.orderId,
        },
        'o',
      );
      return {
        key: `${created.key}+${approved.key}`,
        build: () => sql`${created.build()}, ${approved.build()}`,
        values: { ...created.values, ...approved.values },
      };
    };
  }

  // ---------------------------------------------------------------- delivery

  /** One attempt of a delivery (the queue's handler). Throws to be retried with back-off. */
  private async deliver(task: { id: string; payload: DeliveryTask }): Promise<void> {
    const id = task.payload.deliveryId;
    const [row] = await this.d.db
      .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(eq(webhookDeliveries.id, id));
    // Done, given up, or its endpoint removed: nothing to send.
    if (row?.delivery.status !== 'PENDING' || row.endpoint.deletedAt) return;
    const { delivery, endpoint } = row;
    const body = JSON.stringify(delivery.payload);
    const sentAt = this.d.clock.now();
    // The receiver checks the timestamp against its own clock (5 minutes of tolerance): it is the real time, also
    // when the sandbox's clock was moved to try due dates (that clock still schedules the retries and the log).
    const signedAt = (this.d.wallClock ?? systemClock).now();
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'Drip-Webhooks/1.0',
      'webhook-id': delivery.messageId,
      'webhook-timestamp': String(Math.floor(signedAt.getTime() / 1000)),
      'webhook-signature': new Webhook(endpoint.secret).sign(delivery.messageId, signedAt, body),
    };
    const started = performance.now();
    let responseCode: number | null = null;
    let error: string | null = null;
    try {
      // A redirect is not followed (outboundFetch): the signature, the https rule and the address check are for
      // the registered URL. A non-2xx answer counts against the endpoint's circuit like a refused connection.
      await this.d.dependencies.circuit('webhooks', `webhooks:${endpoint.id}`).call(
        async (signal) => {
          const response = await this.send(endpoint.url, { method: 'POST', headers, body, signal });
          responseCode = response.status;
          if (responseCode < 200 || responseCode > 299) throw new Error(`HTTP ${responseCode}`);
          return response;
        },
        { check: (a) => typeof (a as { status?: unknown } | null)?.status === 'number' },
      );
    } catch (err) {
      // 'fetch failed' alone says nothing: the cause (a refused address, a DNS or TLS error) is logged with it.
      error = (
        err instanceof DependencyUnavailableError && err.reason !== 'error'
          ? err.detail
          : errorChain(causeOf(err))
      ).slice(0, 300);
    }
    const durationMs = Math.round(performance.now() - started);
    const ok = error === null;
    const gaveUp = !ok && sentAt.getTime() - delivery.createdAt.getTime() >= GIVE_UP_MS;
    const outcome: DeliveryOutcome = ok ? 'delivered' : gaveUp ? 'given_up' : 'failed';
    this.attempts.set(outcome, (this.attempts.get(outcome) ?? 0) + 1);
    await this.d.db.transaction(async (tx) => {
      const attempt = delivery.attempts + 1;
      await tx
        .insert(webhookAttempts)
        .values({ deliveryId: id, attempt, responseCode, error, durationMs, at: sentAt });
      await tx
        .update(webhookDeliveries)
        .set({
          attempts: attempt,
          lastResponseCode: responseCode,
          status: ok ? 'DELIVERED' : gaveUp ? 'FAILED' : 'PENDING',
          updatedAt: sentAt,
        })
        .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.status, 'PENDING')));
    });
    if (gaveUp) {
      this.d.log.warn('webhook delivery given up', {
        deliveryId: id,
        merchantId: delivery.merchantId,
        error,
      });
      return;
    }
    if (!ok) throw new Error(`webhook delivery failed: ${error}`);
  }

  /**
   * Delivery attempts made by this process since it started, by outcome (the metrics): `delivered` (a 2xx),
   * `failed` (retried with back-off), `given_up` (the last one: the delivery is FAILED after 3 days of failures).
   */
  attemptCounts(): Record<DeliveryOutcome, number> {
    return {
      delivered: this.attempts.get('delivered') ?? 0,
      failed: this.attempts.get('failed') ?? 0,
      given_up: this.attempts.get('given_up') ?? 0,
    };
  }

  /** The merchant users' e-mails of a published event (their spec 6 subscriptions). */
  private async email(task: EmailTask): Promise<void> {
    const to = await this.d.subscribers(task.merchantId, task.event);
    const message = emailOf(task);
    for (const address of to) {
      try {
        await this.d.email.send({ to: address, ...message });
      } catch (err) {
        this.d.log.warn('merchant event e-mail failed', { event: task.event, ...errorFields(err) });
        throw err;
      }
    }
  }

  // ---------------------------------------------------------------- helpers

  private own(merchantId: string, id: string) {
    return and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.merchantId, merchantId));
  }

  private async ownEndpoint(merchantId: string, id: string) {
    if (!UUID.test(id)) throw notFound();
    const [row] = await this.d.db.select().from(webhookEndpoints).where(this.own(merchantId, id));
    if (!row) throw notFound();
    return row;
  }

  /**
   * https only outside the sandbox, and no name or address literal that is internal on its face there. Where a name
   * leads is checked when a delivery connects (src/outbound.ts): DNS can answer anything, and change.
   */
  private checkUrl(raw: string): void {
    const invalid = (message: string) =>
      new DomainError('invalid', 'WEBHOOK_URL_INVALID', message, { issues: [{ path: 'url', message }] });
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw invalid(webhookMessages.urlInvalid);
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw invalid(webhookMessages.urlInvalid);
    if (url.username || url.password) throw invalid(webhookMessages.urlInvalid);
    if (this.d.sandbox) return;
    if (url.protocol !== 'https:') throw invalid(webhookMessages.httpsRequired);
    if (isInternalHost(url.hostname)) throw invalid(webhookMessages.urlInvalid);
  }
}

const deliveryNotFound = () =>
  new DomainError('not_found', 'WEBHOOK_DELIVERY_NOT_FOUND', webhookMessages.deliveryNotFound);

function toEndpoint(r: typeof webhookEndpoints.$inferSelect): WebhookEndpoint {
  return {
    id: r.id,
    url: r.url,
    events: r.events.filter((e): e is WebhookEvent => (WEBHOOK_EVENTS as readonly string[]).includes(e)),
    createdAt: r.createdAt.toISOString(),
  };
}

/** ORDER_CREATED's data: what a merchant needs to match the order with its own (amounts in reais). */
export function orderCreatedData(o: OrderCreatedFacts): Record<string, unknown> {
  return {
    orderId: o.orderId,
    code: o.code,
    checkoutId: o.checkoutId,
    merchantOrderCode: o.merchantOrderCode,
    amount: centsToReais(o.amount as Cents),
    status: o.status,
    createdAt: o.now.toISOString(),
  };
}

/**
 * Whether a URL's host is internal on its face: an address literal that is not public unicast (IPv4 or IPv6, mapped,
 * NAT64, 6to4, Teredo…), `localhost`, `*.localhost`, `*.internal`, `*.local`, `*.home.arpa`, or a single label (`vm`,
 * an intranet name), with or without the trailing dot of a fully qualified name (`localhost.`).
 */
export function isInternalHost(hostname: string): boolean {
  const bare = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (bare.includes(':') || /^[\d.]+$/.test(bare)) return addressProblem(bare.replace(/\.$/, '')) !== null;
  const host = bare.replace(/\.+$/, '');
  if (!host.includes('.')) return true;
  return ['localhost', 'internal', 'local', 'home.arpa', 'lan', 'intranet'].some(
    (suffix) => host === suffix || host.endsWith(`.${suffix}`),
  );
}

/** The e-mail of an ORDER_CANCELED whose refund could not be carried out (docs/refunds.md): nothing was cancelled. */
const REFUND_FAILED_LABEL = 'Estorno não realizado';

function emailOf(task: EmailTask): { subject: string; body: string } {
  const failed = task.event === 'ORDER_CANCELED' && task.data.refundStatus === 'FAILED';
  const label = failed ? REFUND_FAILED_LABEL : WEBHOOK_EVENT_LABELS[task.event];
  const code = typeof task.data.code === 'string' ? task.data.code : null;
  const merchantCode = typeof task.data.merchantOrderCode === 'string' ? task.data.merchantOrderCode : null;
  const subject = code ? `Drip: ${label} (${code})` : `Drip: ${label}`;
  const lines = [`${label} na sua loja.`];
  if (code) lines.push(`Código Drip: ${code}`);
  if (merchantCode) lines.push(`Código do pedido: ${merchantCode}`);
  if (failed) {
    if (typeof task.data.failureReason === 'string') lines.push(`Motivo: ${task.data.failureReason}`);
    lines.push('Nenhum valor foi alterado: o pedido pode ser estornado de novo no portal da parceira.');
  } else if (typeof task.data.amount === 'number')
    lines.push(`Valor: ${task.data.amount.toLocaleString('pt-BR', { style: 'currency', currency: 'BRL' })}`);
  lines.push('Você recebe este e-mail porque assinou esta notificação no portal da parceira.');
  return { subject, body: lines.join('\n') };
}

/** The error under the circuit's wrapper: what the endpoint did (HTTP 500, a refused connection). */
function causeOf(err: unknown): unknown {
  return err instanceof DependencyUnavailableError ? err.cause : err;
}
