import { randomUUID } from 'node:crypto';
import { withCorrelation } from '../correlation.ts';
import { errorFields, type Logger } from '../log.ts';
import { jobLockKey } from './lock.ts';

/** What one run of a job did. */
export interface JobResult {
  /** false when another instance held the job's lock (this run did nothing). */
  ran: boolean;
  /** Rows the run changed or claimed. */
  rows: number;
}

export interface JobDefinition {
  /** Unique; the job's advisory lock key is derived from it (lock.ts). */
  name: string;
  intervalMs: number;
  /** Also run as the runner starts (work left while the server was down), not only after the first interval. */
  runAtStart?: boolean;
  /**
   * Run by every instance's timer (a queue's workers, which share the tasks out). Otherwise a timer's run first
   * claims the job's current period for this instance (`claimPeriod`), so that N instances run it once per period.
   */
  everyInstance?: boolean;
  /**
   * One run: set-based and idempotent, guarded by the job's own lock (`tryJobLock(tx, name)`) where two instances
   * running it at once would do the work twice. A number is the rows touched by a run that ran.
   */
  run(): Promise<JobResult | number>;
}

/** What the runner reports after each run of a job (the metrics, src/metrics.ts). */
export interface JobObservation {
  job: string;
  /** ran; skipped: another instance held the job's lock; failed: the run threw. */
  outcome: 'ran' | 'skipped' | 'failed';
  seconds: number;
  /**
   * How late the run started against the job's period: from when its tick was due (one period after the previous
   * tick) to the run's start. A tick that found the previous run still going is served by the next run, a period
   * or more late. Null for a run nobody scheduled (`runNow` by hand).
   */
  lagSeconds: number | null;
}

/**
 * Every periodic job of the server, registered in one place (registry.ts): each on its own timer, never overlapping
 * itself in this process, one log line per run with its duration and rows touched (info when it changed something,
 * debug otherwise, error when it failed).
 */
export class JobRunner {
  private readonly jobs = new Map<string, JobDefinition>();
  private readonly timers: ReturnType<typeof setInterval>[] = [];
  private readonly inFlight = new Map<string, Promise<JobResult | null>>();
  /** Per job: when its timer last fired, and when the oldest tick not yet served by a run was due (ms, monotonic). */
  private readonly schedules = new Map<string, { lastTick: number; due: number | null }>();
  private stopped = false;

  /**
   * `observe`: each run's outcome, duration and lag, for the metrics. `claimPeriod(name, intervalMs)`: true when this
   * instance may run the job in its current period (lock.ts `claimJobPeriod`). Without it, every timer runs its job
   * (one process alone, tests).
   */
  constructor(
    private readonly log: Logger,
    private readonly observe: (o: JobObservation) => void = () => {},
    private readonly claimPeriod?: (name: string, intervalMs: number) => Promise<boolean>,
  ) {}

  register(job: JobDefinition): this {
    if (!/^[a-z][a-z0-9-]*$/.test(job.name)) throw new Error(`job name must be kebab-case: "${job.name}"`);
    if (!(job.intervalMs >= 1)) throw new Error(`job ${job.name}: interval must be at least 1 ms`);
    const key = jobLockKey(job.name);
    for (const other of this.jobs.values()) {
      if (other.name === job.name) throw new Error(`job ${job.name} is registered twice`);
      if (jobLockKey(other.name) === key)
        throw new Error(`jobs ${other.name} and ${job.name} would share an advisory lock key: rename one`);
    }
    this.jobs.set(job.name, job);
    return this;
  }

  /** The registered jobs, in registration order. */
  list(): readonly JobDefinition[] {
    return [...this.jobs.values()];
  }

  /** Starts every job's timer (and the start-up runs). */
  start(): void {
    for (const job of this.jobs.values()) {
      const now = performance.now();
      const schedule = { lastTick: now, due: job.runAtStart ? now : null };
      this.schedules.set(job.name, schedule);
      // The start-up run is this instance's catch-up (a Pix paid while it was down): it does not wait for a period.
      if (job.runAtStart) void this.runNow(job.name);
      const timer = setInterval(() => {
        // Due one period after the previous tick (as Node schedules an interval), not when this one fired: a blocked
        // event loop is lag too. A tick that finds a run still going leaves its due time to the next run.
        const due = schedule.lastTick + job.intervalMs;
        schedule.lastTick = performance.now();
        schedule.due ??= due;
        void this.tick(job);
      }, job.intervalMs);
      timer.unref();
      this.timers.push(timer);
    }
  }

  /**
   * Runs a job now, unless it is already running in this process (then the running one's result). Never throws: a
   * failure is logged and answers null.
   */
  runNow(name: string): Promise<JobResult | null> {
    const job = this.jobs.get(name);
    if (!job) return Promise.reject(new Error(`no job named ${name}`));
    const running = this.inFlight.get(name);
    if (running) return running;
    if (this.stopped) return Promise.resolve(null);
    // Each run has its own id, on its log lines and its calls out (beside the request's id when a request asked).
    const run = withCorrelation({ job: job.name, runId: randomUUID() }, () => this.execute(job)).finally(() =>
      this.inFlight.delete(name),
    );
    this.inFlight.set(name, run);
    return run;
  }

  /** A timer's run: after claiming the job's period, unless every instance runs it. */
  private async tick(job: JobDefinition): Promise<void> {
    if (this.stopped || this.inFlight.has(job.name)) return;
    if (!job.everyInstance && this.claimPeriod) {
      let claimed: boolean;
      try {
        claimed = await this.claimPeriod(job.name, job.intervalMs);
      } catch (err) {
        this.log.error('job failed', { job: job.name, ms: 0, ...errorFields(err) });
        return;
      }
      if (!claimed) {
        // Another instance serves this period: no lag of this instance's to report for it.
        const schedule = this.schedules.get(job.name);
        if (schedule) schedule.due = null;
        this.log.debug('job run', {
          job: job.name,
          ms: 0,
          rows: 0,
          skipped: true,
          period: 'claimed elsewhere',
        });
        return;
      }
    }
    await this.runNow(job.name);
  }

  /** Clears the timers and waits for the runs in progress (so that the database is not closed under them). */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const t of this.timers.splice(0)) clearInterval(t);
    await Promise.all(this.inFlight.values());
  }

  private async execute(job: JobDefinition): Promise<JobResult | null> {
    const started = performance.now();
    const schedule = this.schedules.get(job.name);
    const lagSeconds = schedule?.due == null ? null : Math.max(0, (started - schedule.due) / 1000);
    if (schedule) schedule.due = null;
    const ms = () => Math.round((performance.now() - started) * 10) / 10;
    const report = (outcome: JobObservation['outcome']) => {
      try {
        this.observe({ job: job.name, outcome, seconds: (performance.now() - started) / 1000, lagSeconds });
      } catch (err) {
        this.log.error('job observer failed', { job: job.name, ...errorFields(err) });
      }
    };
    try {
      const out = await job.run();
      const result = typeof out === 'number' ? { ran: true, rows: out } : out;
      const fields = { job: job.name, ms: ms(), rows: result.rows, ...(result.ran ? {} : { skipped: true }) };
      if (result.rows > 0) this.log.info('job run', fields);
      else this.log.debug('job run', fields);
      report(result.ran ? 'ran' : 'skipped');
      return result;
    } catch (err) {
      this.log.error('job failed', { job: job.name, ms: ms(), ...errorFields(err) });
      report('failed');
      return null;
    }
  }
}
