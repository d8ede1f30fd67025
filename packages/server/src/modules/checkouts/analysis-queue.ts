/**
 * The in-process queue of pending credit analyses (docs/checkout-lifecycle.md, "Analysis after the verification
 * Pix"). The webhook's booking only moves the checkout to phase ANALYSIS and enqueues its id after the commit; the
 * queue runs `work(id)` in the background, a few at a time. Nothing is lost when the process dies with ids queued:
 * the shopper's next poll runs the pending analysis itself (the phase is in the database, not in this queue).
 *
 * Within the process one id runs once at a time: `run(id)` (a poll, a step) joins the run in progress, or takes the
 * id out of the waiting line and runs it at once.
 */

export interface AnalysisQueueLog {
  error(msg: string, fields?: Record<string, unknown>): void;
}

export class AnalysisQueue<T> {
  /** Ids waiting for a background slot, in arrival order (an id queued twice before it starts runs once). */
  private readonly waiting: string[] = [];
  private readonly waitingIds = new Set<string>();
  private readonly inFlight = new Map<string, Promise<T>>();
  private background = 0;
  private paused = false;
  private idleWaiters: (() => void)[] = [];

  constructor(
    private readonly work: (checkoutId: string) => Promise<T>,
    private readonly log: AnalysisQueueLog,
    private readonly concurrency = 4,
  ) {}

  /** Queues a background run; returns at once (the run starts on a later tick, never inside the caller). */
  enqueue(checkoutId: string): void {
    if (this.waitingIds.has(checkoutId) || this.inFlight.has(checkoutId)) return;
    this.waitingIds.add(checkoutId);
    this.waiting.push(checkoutId);
    setImmediate(() => this.pump());
  }

  /** Runs now (or joins the run in progress) and answers its result; a failure is thrown to the caller. */
  run(checkoutId: string): Promise<T> {
    const running = this.inFlight.get(checkoutId);
    if (running) return running;
    if (this.waitingIds.delete(checkoutId)) {
      const i = this.waiting.indexOf(checkoutId);
      if (i >= 0) this.waiting.splice(i, 1);
    }
    return this.start(checkoutId);
  }

  /** How many analyses are queued or running. */
  get size(): number {
    return this.waiting.length + this.inFlight.size;
  }

  /** Resolves when nothing is queued or running (tests, graceful shutdown). */
  idle(): Promise<void> {
    if (this.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Starts no new background run until `resume` (runs in progress finish); ids queued meanwhile wait. */
  pause(): void {
    this.paused = true;
  }

  resume(): void {
    this.paused = false;
    this.pump();
  }

  /** Forgets the ids waiting for a slot (their checkouts stay in phase ANALYSIS: the next poll runs them). */
  clear(): void {
    this.waiting.length = 0;
    this.waitingIds.clear();
    this.settleIfIdle();
  }

  private start(checkoutId: string): Promise<T> {
    const p = this.work(checkoutId).finally(() => {
      this.inFlight.delete(checkoutId);
      // After the caller's own continuation: `idle()` resolves once the result was handed over.
      setImmediate(() => this.settleIfIdle());
    });
    this.inFlight.set(checkoutId, p);
    return p;
  }

  private settleIfIdle(): void {
    if (this.size !== 0) return;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const w of waiters) w();
  }

  private pump(): void {
    while (!this.paused && this.background < this.concurrency) {
      const id = this.waiting.shift();
      if (id === undefined) break;
      this.waitingIds.delete(id);
      this.background += 1;
      const p = this.inFlight.get(id) ?? this.start(id);
      p.catch((err: unknown) => {
        this.log.error('pending credit analysis failed', {
          checkoutId: id,
          error: err instanceof Error ? err.message : String(err),
          ...(err instanceof Error && err.stack ? { stack: err.stack } : {}),
        });
      }).finally(() => {
        this.background -= 1;
        this.pump();
      });
    }
  }
}
