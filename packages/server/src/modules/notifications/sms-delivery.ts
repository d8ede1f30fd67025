/**
 * The SMS gateway and the delivery of the outbox's SMS (docs/faults.md, "SMS gateway"). Every SMS is first stored in
 * `outbox_messages` with the change that asks for it (a code, a first-access link); outside the sandbox it waits
 * there as PENDING, and this worker hands it to the gateway: one task of the durable queue `sms-outbox` per message,
 * retried with back-off while the gateway is down, DEAD (the message FAILED, listed for an operator, who can retry
 * it) after its last try. The shopper never waits for the gateway: asking for a code answers once the message is
 * stored, and it goes out when the gateway answers.
 */
import { and, eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import type { Dependencies } from '../../circuit.ts';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/index.ts';
import type { Queue, TaskQueues } from '../../jobs/queue.ts';
import type { JobDefinition, JobResult } from '../../jobs/runner.ts';
import { outboxMessages } from './tables.ts';

/** One SMS as the gateway takes it; `id` is the outbox message's id, the gateway's idempotency key. */
export interface GatewaySms {
  id: string;
  /** E.164. */
  to: string;
  body: string;
}

/** The `sms` gateway port: an HTTP SMS provider in production, the sandbox's in-process gateway by default. */
export interface SmsGateway {
  readonly kind: string;
  /** Sends one SMS; idempotent by `id` (a retry after a lost answer is not a second SMS). `signal`: the time-out. */
  send(sms: GatewaySms, signal: AbortSignal): Promise<{ providerId: string }>;
}

/** The sandbox gateway: accepts every message (the sandbox inbox shows the stored row). */
export const sandboxSmsGateway: SmsGateway = {
  kind: 'sandbox',
  send: async (sms) => ({ providerId: `sandbox-sms-${sms.id}` }),
};

export const SMS_QUEUE = 'sms-outbox';
const SmsTask = v.object({ messageId: v.string() });
type SmsTask = v.InferOutput<typeof SmsTask>;
const Sent = v.object({ providerId: v.pipe(v.string(), v.minLength(1)) });

export class SmsDelivery {
  readonly queue: Queue<SmsTask>;

  constructor(
    private readonly o: {
      db: Db;
      clock: Clock;
      queues: TaskQueues;
      dependencies: Dependencies;
      gateway?: SmsGateway;
    },
  ) {
    this.queue = o.queues.define({
      name: SMS_QUEUE,
      payload: SmsTask,
      // 30 s doubling, capped at 10 min: a code is valid 10 minutes, a first-access link longer; about 2 hours of
      // tries before the message is FAILED and listed for an operator.
      maxAttempts: 15,
      backoff: { baseMs: 30_000, maxMs: 10 * 60_000 },
      handle: ({ payload }) => this.send(payload.messageId),
      onDead: async ({ payload }) => {
        await this.setStatus(payload.messageId, 'PENDING', 'FAILED');
      },
      onRetry: async (tx, { payload }) => {
        await tx
          .update(outboxMessages)
          .set({ status: 'PENDING' })
          .where(and(eq(outboxMessages.id, payload.messageId), eq(outboxMessages.status, 'FAILED')));
      },
    });
  }

  /**
   * Gives each PENDING SMS of the outbox its task (once: the task's key is the message id), then drains the queue.
   * The messages are stored by many one-statement writes; finding them here keeps those statements as they are.
   */
  async run(): Promise<JobResult> {
    const now = this.o.clock.now().toISOString();
    await this.o.db.execute(sql`with pending as (
        select id from ${outboxMessages} where status = 'PENDING' and channel = 'SMS'),
      ${this.queue.enqueueCte({
        cte: 'queued',
        from: 'pending',
        payload: sql`jsonb_build_object('messageId', pending.id)`,
        key: sql`pending.id::text`,
        now: sql`${now}::timestamptz`,
      })}
      select count(*) from queued`);
    return this.queue.drain();
  }

  job(intervalMs: number): JobDefinition {
    return { name: `queue-${SMS_QUEUE}`, intervalMs, runAtStart: true, run: () => this.run() };
  }

  private async send(messageId: string): Promise<void> {
    const [m] = await this.o.db.select().from(outboxMessages).where(eq(outboxMessages.id, messageId));
    // Sent already (a retry after a crash between the gateway's answer and the write), or not an SMS to send.
    if (m?.status !== 'PENDING' || m.channel !== 'SMS') return;
    const gateway = this.o.gateway ?? sandboxSmsGateway;
    await this.o.dependencies
      .circuit('sms')
      .call((signal) => gateway.send({ id: m.id, to: m.to, body: m.body }, signal), {
        check: (a) => v.is(Sent, a),
      });
    await this.setStatus(m.id, 'PENDING', 'SENT');
  }

  private async setStatus(id: string, from: 'PENDING', to: 'SENT' | 'FAILED'): Promise<void> {
    await this.o.db
      .update(outboxMessages)
      .set({ status: to })
      .where(and(eq(outboxMessages.id, id), eq(outboxMessages.status, from)));
  }
}
