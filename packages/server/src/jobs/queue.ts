import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { DependencyUnavailableError } from '../circuit.ts';
import type { Clock } from '../clock.ts';
import { correlation, withCorrelation } from '../correlation.ts';
import type { Db } from '../db/index.ts';
import type { DbOrTx, Tx } from '../db/types.ts';
import { DomainError } from '../errors.ts';
import { errorFields, type Logger } from '../log.ts';
import type { JobDefinition, JobResult } from './runner.ts';
import { jobQueue } from './tables.ts';

/** One task as its handler sees it. */
export interface Task<P> {
  id: string;
  payload: P;
  /** 1 on the first try. */
  attempt: number;
}

export interface QueueDefinition<P> {
  /** kebab-case; the runner's job that drains it is `queue-<name>`. */
  name: string;
  /** Checks the stored payload before the handler sees it (a bad one fails the task). */
  payload: v.GenericSchema<unknown, P>;
  /**
   * Does the work. At least once: a task can run again after a crash or a lost lease, so the handler must be
   * idempotent (e.g. the task id as the provider's idempotency key). Throwing schedules a retry.
   */
  handle(task: Task<P>): Promise<void>;
  /** Tries before the task is DEAD (default 10). */
  maxAttempts?: number;
  /** Retry n waits min(maxMs, baseMs × 2^(n−1)) (default 30 s, capped at 1 h). */
  backoff?: { baseMs: number; maxMs: number };
  /** How long a claimed task is this worker's; after it another instance may take it again (default 5 min). */
  leaseMs?: number;
  /** Tasks claimed per run (default 20). */
  batch?: number;
  /**
   * Whether a failure can never succeed by trying again (e.g. a business refusal): such a task is DEAD at once, with
   * its error, instead of being tried `maxAttempts` times. Default: every failure is worth retrying.
   */
  permanent?: (err: unknown) => boolean;
  /**
   * Called once when a task becomes DEAD (after its row is marked), so that what it was doing ends in a state its
   * user sees (e.g. a refund FAILED with its reason); `error` is what the last try threw. A failure here is logged;
   * the task stays DEAD and listed.
   */
  onDead?: (task: Task<P>, error: unknown) => Promise<void>;
  /**
   * Called in the transaction that puts a DEAD task back in the queue (an operator's retry), so that what its death
   * ended is reopened with it; throwing (a DomainError) refuses the retry.
   */
  onRetry?: (tx: Tx, task: Task<P>) => Promise<void>;
}

/** A task that failed for good, as an operator lists it. */
export interface DeadTask {
  id: string;
  queue: string;
  payload: unknown;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  /** When it died (its last change). */
  diedAt: Date;
}

export interface EnqueueOptions {
  /** Ignored when a task of this queue with this key exists (any status). */
  key?: string;
  /** Not before (default now). */
  runAt?: Date;
}

/** A defined queue: enqueue into it (inside the caller's transaction), drain it, or register its drain job. */
export interface Queue<P> {
  readonly name: string;
  /** Adds a task through `exec` (a transaction: the task exists exactly when the change that asked for it commits). */
  enqueue(exec: DbOrTx, payload: P, o?: EnqueueOptions): Promise<boolean>;
  /**
   * The same enqueue as a data-modifying CTE, for a caller that writes the change asking for the work in ONE
   * statement: `<cte> as (insert into job_queue … select … from <from> on conflict do nothing returning id)`, one
   * task per row of the caller's CTE `from`. `payload` (jsonb), `key` (text) and `now` (timestamptz) are SQL over
   * `from`'s columns or the caller's placeholders: the fragment holds no value, so it fits a shaped statement.
   */
  enqueueCte(o: { cte: string; from: string; payload: SQL; key: SQL | null; now: SQL }): SQL;
  /** Claims due tasks and runs them once; what it did. */
  drain(): Promise<JobResult>;
  /** The runner's job that drains it every `intervalMs`. */
  job(intervalMs: number): JobDefinition;
}

/** How long a queue job's run goes on claiming batches of a backlog (a shutdown waits for the run in progress). */
const DRAIN_BUDGET_MS = 5_000;

const Claimed = v.object({
  rows: v.array(
    v.object({ id: v.string(), payload: v.unknown(), attempts: v.number(), max_attempts: v.number() }),
  ),
});

/**
 * The durable queue (docs/jobs.md): rows of `job_queue`, claimed with `for update skip locked` in one statement
 * under a lease, so that any number of instances drain a queue without taking a task twice at once, and a task of a
 * crashed worker is taken again when its lease ends. Runs on PGlite and PostgreSQL alike.
 */
export class TaskQueues {
  /** Each queue's reopening of a dead task's work, by queue name: an operator's retry runs it (`onRetry`). */
  private readonly reopen = new Map<
    string,
    (tx: Tx, task: { id: string; payload: unknown; attempts: number }) => Promise<void>
  >();
  /** Tasks that died in this process, per queue: the counter the metrics read (`deadCounts`). */
  private readonly deaths = new Map<string, number>();
  /** Every defined queue, so that a queue with no task still shows (as zeros) in the metrics. */
  private readonly names = new Set<string>();
  /** Set at shutdown: no new claims, and a run hands back the tasks it claimed and has not started. */
  private stopping = false;

  constructor(private readonly o: { db: Db; clock: Clock; log: Logger }) {}

  define<P>(def: QueueDefinition<P>): Queue<P> {
    if (!/^[a-z][a-z0-9-]*$/.test(def.name)) throw new Error(`queue name must be kebab-case: "${def.name}"`);
    this.names.add(def.name);
    const maxAttempts = def.maxAttempts ?? 10;
    const onRetry = def.onRetry;
    if (onRetry)
      this.reopen.set(def.name, async (tx, task) => {
        const parsed = v.safeParse(def.payload, task.payload);
        if (!parsed.success)
          throw new DomainError('conflict', 'TASK_PAYLOAD_INVALID', 'A tarefa tem dados inválidos');
        await onRetry(tx, { id: task.id, payload: parsed.output, attempt: task.attempts });
      });
    return {
      name: def.name,
      enqueue: (exec, payload, o = {}) => this.enqueue(exec, def.name, maxAttempts, payload, o),
      // The name is kebab-case (checked above) and the attempts an integer: safe as literals.
      enqueueCte: (c) =>
        sql`${sql.identifier(c.cte)} as (insert into ${jobQueue} (queue, payload, dedupe_key, max_attempts, run_at, created_at, updated_at) select ${sql.raw(`'${def.name}'`)}, ${c.payload}, ${c.key ?? sql`null`}, ${sql.raw(String(Math.trunc(maxAttempts)))}, ${c.now}, ${c.now}, ${c.now} from ${sql.identifier(c.from)} on conflict (queue, dedupe_key) do nothing returning id)`,
      drain: () => this.drain(def, maxAttempts),
      job: (intervalMs) => ({
        name: `queue-${def.name}`,
        intervalMs,
        runAtStart: true,
        // Workers: every instance drains the queue, the claims share the tasks out.
        everyInstance: true,
        run: () => this.drainBacklog(def, maxAttempts, Math.min(intervalMs, DRAIN_BUDGET_MS)),
      }),
    };
  }

  private async enqueue<P>(
    exec: DbOrTx,
    queue: string,
    maxAttempts: number,
    payload: P,
    o: EnqueueOptions,
  ): Promise<boolean> {
    const now = this.o.clock.now();
    // The request that asked for the work, kept with the task so that its run logs and calls out with that id.
    const { requestId } = correlation();
    const stored =
      requestId && payload !== null && typeof payload === 'object' && !Array.isArray(payload)
        ? { ...payload, [ORIGIN_KEY]: requestId }
        : payload;
    const rows = await exec
      .insert(jobQueue)
      .values({
        queue,
        payload: stored,
        dedupeKey: o.key ?? null,
        maxAttempts,
        runAt: o.runAt ?? now,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: [jobQueue.queue, jobQueue.dedupeKey] })
      .returning({ id: jobQueue.id });
    return rows.length > 0;
  }

  /**
   * Shutdown: runs stop claiming tasks, and a run in progress finishes the task in hand and hands back the others it
   * claimed (PENDING again, the try not counted), so that another instance takes them at once instead of after
   * their lease.
   */
  stop(): void {
    this.stopping = true;
  }

  /**
   * The job's run: batch after batch while batches come back full, for up to `budgetMs`. One batch a run capped a
   * queue at batch/interval per instance (20 webhook deliveries every 10 s: 2 a second, while the bench created 45
   * orders a second).
   */
  private async drainBacklog<P>(
    def: QueueDefinition<P>,
    maxAttempts: number,
    budgetMs: number,
  ): Promise<JobResult> {
    const started = performance.now();
    let rows = 0;
    for (;;) {
      const batch = await this.drain(def, maxAttempts);
      rows += batch.rows;
      if (batch.rows < (def.batch ?? 20) || performance.now() - started >= budgetMs)
        return { ran: true, rows };
    }
  }

  private async drain<P>(def: QueueDefinition<P>, maxAttempts: number): Promise<JobResult> {
    if (this.stopping) return { ran: false, rows: 0 };
    const now = this.o.clock.now();
    const at = sql`${now.toISOString()}::timestamptz`;
    const leaseEnd = new Date(now.getTime() + (def.leaseMs ?? 300_000)).toISOString();
    const claimed = v.parse(
      Claimed,
      await this.o.db.execute(sql`
        update ${jobQueue} set status = 'RUNNING', attempts = attempts + 1,
          locked_until = ${leaseEnd}::timestamptz, updated_at = ${at}
        where id in (
          select id from ${jobQueue}
          where queue = ${def.name}
            and ((status = 'PENDING' and run_at <= ${at}) or (status = 'RUNNING' and locked_until <= ${at}))
          order by run_at
          limit ${def.batch ?? 20}
          for update skip locked)
        returning id, payload, attempts, max_attempts`),
    ).rows;
    for (const [i, row] of claimed.entries()) {
      if (this.stopping) {
        await this.release(def.name, claimed.slice(i));
        return { ran: true, rows: i };
      }
      await withCorrelation({ taskId: row.id, requestId: originOf(row.payload) }, () =>
        this.runTask(def, maxAttempts, row),
      );
    }
    return { ran: true, rows: claimed.length };
  }

  private async runTask<P>(
    def: QueueDefinition<P>,
    maxAttempts: number,
    row: { id: string; payload: unknown; attempts: number; max_attempts: number },
  ): Promise<void> {
    // A task whose worker died mid-run (lease over) more times than it may be tried is not run again.
    if (row.attempts > row.max_attempts) {
      const error = 'lease ended without an answer';
      this.o.log.error('queued task dead', { queue: def.name, id: row.id, attempt: row.attempts, error });
      await this.die(def, row, new Error(error));
      return;
    }
    try {
      const payload = v.parse(def.payload, row.payload);
      await def.handle({ id: row.id, payload, attempt: row.attempts });
      await this.settle(row.id, row.attempts, null, def);
    } catch (err) {
      // A dependency's outage is recorded with its technical reason (which circuit, time-out or open), not the
      // sentence its user reads.
      const message =
        err instanceof DependencyUnavailableError
          ? err.detail
          : err instanceof Error
            ? err.message
            : String(err);
      const dead = row.attempts >= Math.min(row.max_attempts, maxAttempts) || (def.permanent?.(err) ?? false);
      this.o.log[dead ? 'error' : 'warn'](dead ? 'queued task dead' : 'queued task failed', {
        queue: def.name,
        id: row.id,
        attempt: row.attempts,
        ...errorFields(err),
      });
      if (dead) await this.die(def, row, err);
      else await this.settle(row.id, row.attempts, { dead: false, error: message }, def);
    }
  }

  /** Hands claimed, unstarted tasks back (while this worker's claim stands): due again, the try not counted. */
  private async release(queue: string, rows: readonly { id: string; attempts: number }[]): Promise<void> {
    let released = 0;
    for (const attempts of new Set(rows.map((r) => r.attempts))) {
      const ids = rows.filter((r) => r.attempts === attempts).map((r) => r.id);
      const done = await this.o.db
        .update(jobQueue)
        .set({ status: 'PENDING', attempts: attempts - 1, lockedUntil: null })
        .where(
          and(inArray(jobQueue.id, ids), eq(jobQueue.status, 'RUNNING'), eq(jobQueue.attempts, attempts)),
        )
        .returning({ id: jobQueue.id });
      released += done.length;
    }
    if (released > 0) this.o.log.info('queued tasks handed back at shutdown', { queue, tasks: released });
  }

  /** Done, retried later or dead; only while this worker's claim stands (same attempt, still RUNNING). */
  private async settle<P>(
    id: string,
    attempt: number,
    failure: { dead: boolean; error: string } | null,
    def: QueueDefinition<P>,
  ): Promise<boolean> {
    const now = this.o.clock.now();
    const backoff = def.backoff ?? { baseMs: 30_000, maxMs: 3_600_000 };
    const delay = Math.min(backoff.maxMs, backoff.baseMs * 2 ** Math.min(attempt - 1, 30));
    const updated = await this.o.db
      .update(jobQueue)
      .set(
        failure === null
          ? { status: 'DONE', lockedUntil: null, lastError: null, updatedAt: now }
          : failure.dead
            ? { status: 'DEAD', lockedUntil: null, lastError: failure.error.slice(0, 500), updatedAt: now }
            : {
                status: 'PENDING',
                lockedUntil: null,
                lastError: failure.error.slice(0, 500),
                runAt: new Date(now.getTime() + delay),
                updatedAt: now,
              },
      )
      .where(and(eq(jobQueue.id, id), eq(jobQueue.status, 'RUNNING'), eq(jobQueue.attempts, attempt)))
      .returning({ id: jobQueue.id });
    return updated.length > 0;
  }

  /**
   * A task failed for good: DEAD with its error (while this worker's claim stands), counted, and handed to the
   * queue's `onDead` so that its user sees the failure. Never silent: the row stays listed for an operator.
   */
  private async die<P>(
    def: QueueDefinition<P>,
    row: { id: string; payload: unknown; attempts: number },
    err: unknown,
  ): Promise<void> {
    const error =
      err instanceof DependencyUnavailableError
        ? err.detail
        : err instanceof Error
          ? err.message
          : String(err);
    if (!(await this.settle(row.id, row.attempts, { dead: true, error }, def))) return;
    this.deaths.set(def.name, (this.deaths.get(def.name) ?? 0) + 1);
    if (!def.onDead) return;
    try {
      const payload = v.parse(def.payload, row.payload);
      await def.onDead({ id: row.id, payload, attempt: row.attempts }, err);
    } catch (err) {
      this.o.log.error('queued task dead: its failure not recorded', {
        queue: def.name,
        id: row.id,
        ...errorFields(err),
      });
    }
  }

  /** Tasks that died in this process since it started, per queue (for the metrics). */
  deadCounts(): Record<string, number> {
    return Object.fromEntries(this.deaths);
  }

  /**
   * Each queue's live and dead tasks now (the metrics, at every scrape): ONE grouped statement whose two branches
   * match the partial indexes of the live rows (`job_queue_due_idx`) and of the dead ones (`job_queue_dead_idx`), so
   * that it reads neither the DONE rows, however many there are, nor anything else. Every defined queue is in the
   * answer, with zeros when it has no task.
   */
  async census(): Promise<QueueCensus[]> {
    const at = sql`${this.o.clock.now().toISOString()}::timestamptz`;
    const rows = v.parse(
      Census,
      await this.o.db.execute(sql`
        select queue,
          count(*) filter (where status = 'PENDING' and run_at <= ${at})::int as due,
          count(*) filter (where status = 'PENDING' and run_at > ${at})::int as waiting,
          count(*) filter (where status = 'RUNNING')::int as running,
          0 as dead,
          coalesce(extract(epoch from ${at} - min(run_at) filter (where status = 'PENDING' and run_at <= ${at})), 0)::float8 as oldest_due_seconds
        from ${jobQueue} where status in ('PENDING', 'RUNNING') group by queue
        union all
        select queue, 0, 0, 0, count(*)::int, 0 from ${jobQueue} where status = 'DEAD' group by queue`),
    ).rows;
    const byQueue = new Map<string, QueueCensus>(
      [...this.names].map((queue) => [
        queue,
        { queue, due: 0, waiting: 0, running: 0, dead: 0, oldestDueSeconds: 0 },
      ]),
    );
    for (const r of rows) {
      const c = byQueue.get(r.queue) ?? {
        queue: r.queue,
        due: 0,
        waiting: 0,
        running: 0,
        dead: 0,
        oldestDueSeconds: 0,
      };
      c.due += r.due;
      c.waiting += r.waiting;
      c.running += r.running;
      c.dead += r.dead;
      c.oldestDueSeconds = Math.max(c.oldestDueSeconds, r.oldest_due_seconds);
      byQueue.set(r.queue, c);
    }
    return [...byQueue.values()];
  }

  /** The DEAD tasks, the latest death first (an operator's list; `queue` narrows it). */
  async listDead(o: { queue?: string; limit?: number; offset?: number } = {}): Promise<{
    total: number;
    tasks: DeadTask[];
  }> {
    const where = o.queue
      ? and(eq(jobQueue.status, 'DEAD'), eq(jobQueue.queue, o.queue))
      : eq(jobQueue.status, 'DEAD');
    const [total] = await this.o.db.select({ n: count() }).from(jobQueue).where(where);
    const rows = await this.o.db
      .select()
      .from(jobQueue)
      .where(where)
      .orderBy(desc(jobQueue.updatedAt), desc(jobQueue.id))
      .limit(Math.min(Math.max(o.limit ?? 50, 1), 200))
      .offset(Math.max(o.offset ?? 0, 0));
    return { total: total?.n ?? 0, tasks: rows.map(deadTask) };
  }

  /**
   * An operator's retry: the DEAD task is due again now with all its tries (its queue's `onRetry` reopens what its
   * death ended, in the same transaction, with `within`: the caller's own record). 404 when no such dead task
   * exists; the queue's refusal otherwise.
   */
  async retryDead(id: string, within?: (tx: Tx, task: DeadTask) => Promise<void>): Promise<DeadTask> {
    if (!UUID.test(id)) throw deadNotFound();
    const now = this.o.clock.now();
    const row = await this.o.db.transaction(async (tx) => {
      const [task] = await tx
        .select()
        .from(jobQueue)
        .where(and(eq(jobQueue.id, id), eq(jobQueue.status, 'DEAD')))
        .for('update');
      if (!task) throw deadNotFound();
      await this.reopen.get(task.queue)?.(tx, task);
      const [updated] = await tx
        .update(jobQueue)
        .set({ status: 'PENDING', attempts: 0, runAt: now, lockedUntil: null, updatedAt: now })
        .where(eq(jobQueue.id, id))
        .returning();
      if (!updated) throw deadNotFound();
      // The caller's record of the retry (the admin's audit entry), in the same transaction.
      await within?.(tx, deadTask(task));
      return updated;
    });
    this.o.log.info('queued task retried', { queue: row.queue, id: row.id });
    return deadTask(row);
  }
}

/** One queue's tasks now (`TaskQueues.census`). */
export interface QueueCensus {
  queue: string;
  /** PENDING and due: work that should be under way. */
  due: number;
  /** PENDING, not yet due: a retry's back-off, or scheduled for later. */
  waiting: number;
  /** Claimed by a worker (under its lease). */
  running: number;
  dead: number;
  /** How long the oldest due task has waited (0 when none is due). */
  oldestDueSeconds: number;
}

const Census = v.object({
  rows: v.array(
    v.object({
      queue: v.string(),
      due: v.number(),
      waiting: v.number(),
      running: v.number(),
      dead: v.number(),
      oldest_due_seconds: v.number(),
    }),
  ),
});

/** The payload key under which a task keeps the id of the request that queued it (handlers never see it). */
const ORIGIN_KEY = '_requestId';

/** The id of the request that queued a task (undefined when none did, e.g. a job's own work). */
const Origin = v.object({ [ORIGIN_KEY]: v.string() });
function originOf(payload: unknown): string | undefined {
  const parsed = v.safeParse(Origin, payload);
  return parsed.success ? parsed.output[ORIGIN_KEY] : undefined;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const deadNotFound = () => new DomainError('not_found', 'TASK_NOT_FOUND', 'Tarefa parada não encontrada');

function deadTask(r: typeof jobQueue.$inferSelect): DeadTask {
  return {
    id: r.id,
    queue: r.queue,
    payload: r.payload,
    attempts: r.attempts,
    lastError: r.lastError,
    createdAt: r.createdAt,
    diedAt: r.updatedAt,
  };
}
