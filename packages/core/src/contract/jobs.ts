/**
 * The operator's view of the durable queue (docs/jobs.md): the tasks that failed for good (DEAD), listed so that an
 * admin can see what never happened and put a task back in its queue.
 */
import * as v from 'valibot';
import { IsoInstant, PageNumber, PageSize } from './primitives.ts';

/**
 * Every queue the server defines (`queues.define({ name })` in packages/server/src/modules), in one place for the
 * operator's filter; packages/server/test/jobs/queue-names.test.ts keeps it equal to the server's.
 */
export const QUEUE_NAMES = [
  'order-refunds',
  'pix-refunds',
  'merchant-webhooks',
  'merchant-event-emails',
  'settlement-payouts',
  'vtex-callbacks',
  'nuvemshop-transactions',
  'sms-outbox',
] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];

/** GET …/jobs/dead query: one queue or all, paged. */
export const DeadTasksQuery = v.object({
  queue: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^[a-z][a-z0-9-]{0,62}$/, 'O parâmetro queue deve ser o nome de uma fila (ex.: order-refunds)'),
    ),
  ),
  page: PageNumber,
  size: PageSize,
});

export const DeadTask = v.object({
  id: v.string(),
  /** The queue (e.g. `order-refunds`, `pix-refunds`, `merchant-webhooks`). */
  queue: v.string(),
  /** What the task was to do (its queue's payload, e.g. `{ refundId }`). */
  payload: v.unknown(),
  attempts: v.number(),
  /** The last try's error. */
  lastError: v.nullable(v.string()),
  createdAt: IsoInstant,
  diedAt: IsoInstant,
});
export type DeadTask = v.InferOutput<typeof DeadTask>;

export const DeadTasks = v.object({
  total: v.number(),
  /** Tasks that died since this server instance started, per queue (the metrics' counter). */
  diedSinceStart: v.record(v.string(), v.number()),
  tasks: v.array(DeadTask),
});

/** A retried task: back in its queue, due now. */
export const RetriedTask = v.object({
  id: v.string(),
  queue: v.string(),
  status: v.literal('PENDING'),
});
