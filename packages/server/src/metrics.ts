/**
 * The Prometheus metrics of one server instance (docs/metrics.md), on prom-client. Each app has its own registry
 * (tests build many apps in one process); the process' default metrics (CPU, memory, event loop, GC) live in one
 * registry per process and are merged in at scrape time.
 *
 * Three kinds of figures:
 * - observed as they happen: HTTP requests (http/metrics.ts) and job runs (`jobObserver`);
 * - counted by their owner and read at scrape time (`counterFrom`): a module keeps plain numbers, never a
 *   prom-client object, so that nothing outside this file depends on the library;
 * - read from the database at scrape time (`gauge`): each family one cheap, bounded query of the owning service.
 */
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { JobObservation } from './jobs/runner.ts';
import { errorFields, type Logger } from './log.ts';

/** One sample of a family: its labels (by the family's label names) and its value. */
export interface Sample {
  labels?: Record<string, string>;
  value: number;
}

export interface FamilyDefinition {
  /** Prometheus style, `drip_` prefix; a counter's name ends in `_total`. */
  name: string;
  /** What the figure means, for whoever reads it at 3 a.m. */
  help: string;
  labelNames?: readonly string[];
}

export interface GaugeDefinition extends FamilyDefinition {
  /** The family's samples now; called at each scrape (a query of the owning service, or an in-memory state). */
  collect(): Sample[] | Promise<Sample[]>;
}

export interface CounterDefinition extends FamilyDefinition {
  /** The counts since the process started, kept by their owner (e.g. `TaskQueues.deadCounts`). */
  read(): Sample[];
}

/** How long one scrape-time collector may take before the scrape goes on without it. */
export const COLLECT_TIMEOUT_MS = 5_000;

/** Request latency buckets (seconds): a fast read is ~5 ms, a Pix charge asks the PSP, 15 s is the clients' time-out. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15];
/** Job lag buckets (seconds): a job is due every 3 s to 5 min; a minute late is worth an alert. */
const LAG_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 30, 60, 300, 900];
const JOB_DURATION_BUCKETS = [0.005, 0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300];

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

let processRegistry: Registry | undefined;

/** The process' default metrics, registered once per process (they watch the event loop and the GC). */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

interface Collector {
  /** The families it fills. */
  names: string[];
  run(): Promise<void>;
  /** Its read failed: what its families show for this scrape. */
  failed(): void;
}

export class Metrics {
  readonly registry = new Registry();
  private readonly collectors: Collector[] = [];
  private readonly httpRequests: Counter<'endpoint' | 'method' | 'status'>;
  private readonly httpDuration: Histogram<'endpoint' | 'method' | 'status'>;
  private readonly httpInFlight: Gauge;
  private readonly collectFailures: Counter<'family'>;
  private readonly jobRuns: Counter<'job' | 'outcome'>;
  private readonly jobFailures: Counter<'job'>;
  private readonly jobLag: Histogram<'job'>;
  private readonly jobDuration: Histogram<'job'>;
  private readonly jobLastSuccess: Gauge<'job'>;

  constructor(private readonly log: Logger) {
    const registers = [this.registry];
    this.httpRequests = new Counter({
      name: 'drip_http_requests_total',
      help: 'HTTP requests answered, by endpoint id of the endpoint table (or ops, static, unmatched), method and status class.',
      labelNames: ['endpoint', 'method', 'status'],
      registers,
    });
    this.httpDuration = new Histogram({
      name: 'drip_http_request_duration_seconds',
      help: 'Time from a request reaching the server to its answer being ready (headers; an SSE stream counts until it opens), by endpoint id, method and status class.',
      labelNames: ['endpoint', 'method', 'status'],
      buckets: HTTP_BUCKETS,
      registers,
    });
    this.httpInFlight = new Gauge({
      name: 'drip_http_requests_in_flight',
      help: 'Requests being handled now (the scrape itself included; an open SSE stream counts until it opens). While an instance drains, watch it reach 0.',
      registers,
    });
    this.jobRuns = new Counter({
      name: 'drip_job_runs_total',
      help: 'Runs of a periodic job that ended without an error: outcome ran, or skipped when another instance held its lock.',
      labelNames: ['job', 'outcome'],
      registers,
    });
    this.jobFailures = new Counter({
      name: 'drip_job_failures_total',
      help: 'Runs of a periodic job that threw (logged as "job failed").',
      labelNames: ['job'],
      registers,
    });
    this.jobLag = new Histogram({
      name: 'drip_job_lag_seconds',
      help: 'How late a scheduled run of a job started against its period (a run still going when the next was due, or a blocked event loop, makes it late).',
      labelNames: ['job'],
      buckets: LAG_BUCKETS,
      registers,
    });
    this.jobDuration = new Histogram({
      name: 'drip_job_duration_seconds',
      help: 'How long a run of a periodic job took.',
      labelNames: ['job'],
      buckets: JOB_DURATION_BUCKETS,
      registers,
    });
    this.jobLastSuccess = new Gauge({
      name: 'drip_job_last_success_timestamp_seconds',
      help: 'When a run of the job last ended without an error (Unix time); absent until one did in this process.',
      labelNames: ['job'],
      registers,
    });
    this.collectFailures = new Counter({
      name: 'drip_metrics_collect_failures_total',
      help: 'Scrape-time reads that failed or took longer than 5 s; the family is left out of that scrape.',
      labelNames: ['family'],
      registers,
    });
  }

  /** A request started (`observeRequest` ends it). */
  requestStarted(): void {
    this.httpInFlight.inc();
  }

  /** One answered request. `endpoint` is an endpoint id or one of a few fixed words: never a raw path. */
  observeRequest(endpoint: string, method: string, status: number, seconds: number): void {
    this.httpInFlight.dec();
    const labels = {
      endpoint,
      method: METHODS.has(method) ? method : 'OTHER',
      status: `${Math.min(Math.max(Math.floor(status / 100), 1), 5)}xx`,
    };
    this.httpRequests.inc(labels);
    this.httpDuration.observe(labels, seconds);
  }

  /** What the jobs runner reports after each run (jobs/runner.ts). */
  readonly jobObserver = (o: JobObservation): void => {
    if (o.outcome === 'failed') this.jobFailures.inc({ job: o.job });
    else {
      this.jobRuns.inc({ job: o.job, outcome: o.outcome });
      this.jobLastSuccess.set({ job: o.job }, Date.now() / 1000);
    }
    this.jobDuration.observe({ job: o.job }, o.seconds);
    if (o.lagSeconds !== null) this.jobLag.observe({ job: o.job }, o.lagSeconds);
  };

  /**
   * A gauge whose samples are read at each scrape. The way another module adds its figure (a circuit's state, a
   * table's count through its owner's service): `metrics.gauge({ name, help, labelNames, collect })`.
   */
  gauge(def: GaugeDefinition): void {
    this.gauges({ families: [def], collect: async () => ({ [def.name]: await def.collect() }) });
  }

  /** Several gauges filled by ONE read at each scrape (one query answering several families), by family name. */
  gauges(def: { families: readonly FamilyDefinition[]; collect(): Promise<Record<string, Sample[]>> }): void {
    const gauges = def.families.map(
      (f) =>
        new Gauge({
          name: f.name,
          help: f.help,
          labelNames: [...(f.labelNames ?? [])],
          registers: [this.registry],
        }),
    );
    this.collectors.push({
      names: def.families.map((f) => f.name),
      run: async () => {
        const samples = await def.collect();
        // Replaced at once, after the read: a family never shows half of one scrape and half of another.
        for (const [i, gauge] of gauges.entries()) {
          gauge.reset();
          for (const s of samples[def.families[i]?.name ?? ''] ?? []) gauge.set(s.labels ?? {}, s.value);
        }
      },
      // No sample when a family has labels; NaN ("unknown", never a reassuring 0) when it has none.
      failed: () => {
        for (const [i, gauge] of gauges.entries()) {
          gauge.reset();
          if ((def.families[i]?.labelNames ?? []).length === 0) gauge.set(Number.NaN);
        }
      },
    });
  }

  /** A counter kept by its owner as plain numbers (monotonic in the process), copied in at each scrape. */
  counterFrom(def: CounterDefinition): void {
    const counter = new Counter({
      name: def.name,
      help: def.help,
      labelNames: [...(def.labelNames ?? [])],
      registers: [this.registry],
    });
    this.collectors.push({
      names: [def.name],
      run: async () => {
        const samples = def.read();
        counter.reset();
        for (const s of samples) counter.inc(s.labels ?? {}, s.value);
      },
      // The last counts stand (a counter going to 0 would read as a restart).
      failed: () => {},
    });
  }

  /**
   * The exposition text: every collector run at once (each bounded by COLLECT_TIMEOUT_MS; a failed one is counted,
   * logged and its family left empty, so that a database in trouble still gets the rest of the figures out).
   */
  async scrape(): Promise<string> {
    await Promise.all(
      this.collectors.map(async (c) => {
        let timer: ReturnType<typeof setTimeout> | undefined;
        try {
          await Promise.race([
            c.run(),
            new Promise((_, reject) => {
              timer = setTimeout(() => reject(new Error('timed out')), COLLECT_TIMEOUT_MS);
            }),
          ]);
        } catch (err) {
          for (const name of c.names) this.collectFailures.inc({ family: name });
          c.failed();
          this.log.warn('metrics collect failed', { families: c.names, ...errorFields(err) });
        } finally {
          clearTimeout(timer);
        }
      }),
    );
    return Registry.merge([processMetrics(), this.registry]).metrics();
  }

  /** The Content-Type of `scrape`'s text (Prometheus text format 0.0.4). */
  get contentType(): string {
    return this.registry.contentType;
  }
}
