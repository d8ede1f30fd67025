/**
 * Every call to a dependency (the PSP, the SMS gateway, the bureau, the CEP service, the payout provider, a
 * merchant's webhook endpoint) goes through its circuit (docs/faults.md): a time-out, then a circuit breaker that
 * opens after N consecutive failures, answers at once without calling for a cool-down, then lets one probe through
 * (half-open) and closes when it succeeds, or opens again when it fails.
 *
 * A failure, whatever its form (an error, a time-out, an answer of the wrong shape, the circuit open), reaches the
 * caller as one `DependencyUnavailableError`, which the HTTP layer answers 503 with a pt-BR message, and which the
 * durable queues retry with back-off. An answer that is the dependency refusing the request (a 4xx: it is up and
 * said no) is passed through unchanged and does not count against the circuit.
 *
 * Hand-written rather than cockatiel or opossum (docs/faults.md, "Why not a library"): the cool-down runs on the
 * injected clock, the one the queues' back-off, the sandbox's time travel and the tests run on; both libraries
 * read Date.now() or arm their own timers for it.
 */
import type { Clock } from './clock.ts';
import { DEPENDENCIES, type DependencyKind, type FaultInjector } from './faults.ts';
import { errorFields, type Logger } from './log.ts';

export type { DependencyKind } from './faults.ts';

export interface DependencyPolicy {
  /** How long one call may take before it is abandoned (and counted as a failure). */
  timeoutMs: number;
  /** Consecutive failures that open the circuit. */
  failures: number;
  /** How long an open circuit answers without calling, before one probe is let through. */
  cooldownMs: number;
}

export type DependencyPolicies = Record<DependencyKind, DependencyPolicy>;

/** The defaults (configurable, docs/configuration.md); why each time-out is what it is: docs/faults.md. */
export const DEFAULT_DEPENDENCY_POLICIES: DependencyPolicies = {
  psp: { timeoutMs: 10_000, failures: 5, cooldownMs: 30_000 },
  sms: { timeoutMs: 10_000, failures: 5, cooldownMs: 30_000 },
  bureau: { timeoutMs: 5_000, failures: 5, cooldownMs: 30_000 },
  cep: { timeoutMs: 5_000, failures: 5, cooldownMs: 30_000 },
  payout: { timeoutMs: 30_000, failures: 3, cooldownMs: 60_000 },
  webhooks: { timeoutMs: 15_000, failures: 5, cooldownMs: 60_000 },
};

/** What the user reads when the dependency behind the call cannot answer now. */
const UNAVAILABLE: Record<DependencyKind, string> = {
  psp: 'O provedor Pix não respondeu, tente novamente mais tarde',
  sms: 'Ocorreu um erro ao enviar o código por SMS, tente novamente mais tarde',
  bureau: 'Não foi possível concluir a análise de crédito agora, tente novamente mais tarde',
  cep: 'Não foi possível recuperar os detalhes do endereço com base no CEP fornecido',
  payout: 'O banco não respondeu; a transferência será tentada novamente',
  webhooks: 'O endpoint do webhook não respondeu; a entrega será tentada novamente',
};

export type UnavailableReason = 'open' | 'timeout' | 'error' | 'garbage';

/** A dependency that could not answer: 503 for a user (http/errors.ts), a retry for a queued task. */
export class DependencyUnavailableError extends Error {
  readonly code = 'DEPENDENCY_UNAVAILABLE';
  constructor(
    readonly dependency: DependencyKind,
    readonly circuit: string,
    readonly reason: UnavailableReason,
    cause: unknown,
  ) {
    super(UNAVAILABLE[dependency], { cause });
    this.name = 'DependencyUnavailableError';
  }

  /** The technical reason, for logs and delivery logs (never shown to a user). */
  get detail(): string {
    const cause = this.cause instanceof Error ? this.cause.message : String(this.cause);
    if (this.reason === 'open') return `${this.circuit}: circuito aberto, chamada não feita`;
    if (this.reason === 'timeout') return `${this.circuit}: sem resposta (time-out)`;
    if (this.reason === 'garbage') return `${this.circuit}: resposta inválida`;
    return `${this.circuit}: ${cause}`;
  }
}

/** An answer the port's schema refused: the dependency is up but speaks nonsense, which is a failure. */
export class GarbageAnswerError extends Error {
  constructor(readonly dependency: DependencyKind) {
    super(`${dependency}: answer of an unexpected shape`);
    this.name = 'GarbageAnswerError';
  }
}

export interface CallOptions {
  /** Whether the answer has the port's shape; one that has not is garbage (a failure). */
  check?: (answer: unknown) => boolean;
  /** An error that is the dependency's own refusal (it is up): thrown as is, not counted. */
  refusal?: (err: unknown) => boolean;
}

export type CircuitStateName = 'closed' | 'open' | 'half-open';

/** One circuit as the metrics show it. */
export interface CircuitStatus {
  /** `psp`, `bureau`, …; `webhooks:<endpoint id>` for a merchant's endpoint. */
  name: string;
  dependency: DependencyKind;
  state: CircuitStateName;
  /** How many times it opened since the process started. */
  opened: number;
}

/** The call's time-out: the dependency did not answer in time. */
export class DependencyTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`no answer in ${timeoutMs} ms`);
    this.name = 'DependencyTimeoutError';
  }
}

/** The circuit is open: the call was not made. */
export class CircuitOpenError extends Error {
  constructor(readonly circuit: string) {
    super(`${circuit}: circuit open`);
    this.name = 'CircuitOpenError';
  }
}

export class Circuit {
  private consecutiveFailures = 0;
  /** When it opened (ms on the injected clock); null while closed. */
  private openedAt: number | null = null;
  /** A half-open probe is in flight: the other calls still fail fast until it answers. */
  private probing = false;
  private openCount = 0;
  /** The time-out, for an adapter that also closes its socket then (a cooperative abort). */
  readonly timeoutMs: number;

  constructor(
    readonly name: string,
    readonly dependency: DependencyKind,
    private readonly settings: DependencyPolicy,
    private readonly clock: Clock,
    private readonly faults: FaultInjector | null,
    private readonly log: Logger,
  ) {
    this.timeoutMs = settings.timeoutMs;
  }

  get state(): CircuitStateName {
    if (this.openedAt === null) return 'closed';
    return this.probing || this.cooledDown() ? 'half-open' : 'open';
  }

  get opened(): number {
    return this.openCount;
  }

  private cooledDown(): boolean {
    return this.openedAt !== null && this.clock.now().getTime() - this.openedAt >= this.settings.cooldownMs;
  }

  /** Calls the dependency through the circuit and the time-out. `signal` aborts at the time-out. */
  async call<T>(fn: (signal: AbortSignal) => Promise<T>, o: CallOptions = {}): Promise<T> {
    let probe = false;
    if (this.openedAt !== null) {
      if (this.probing || !this.cooledDown()) {
        throw this.unavailable('open', new CircuitOpenError(this.name));
      }
      this.probing = true;
      probe = true;
    }
    let value: T;
    try {
      value = await this.withTimeout(fn);
      if (o.check && !o.check(value)) throw new GarbageAnswerError(this.dependency);
    } catch (err) {
      if (o.refusal?.(err)) {
        this.succeeded(probe);
        throw err;
      }
      this.failed(probe);
      throw this.unavailable(
        err instanceof DependencyTimeoutError
          ? 'timeout'
          : err instanceof GarbageAnswerError
            ? 'garbage'
            : 'error',
        err,
      );
    }
    this.succeeded(probe);
    return value;
  }

  private async withTimeout<T>(fn: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    // The promise is abandoned at the deadline even when the adapter ignores the signal (a socket that accepted and
    // never answers); the signal still tells a cooperative adapter to close it.
    const deadline = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => {
        const err = new DependencyTimeoutError(this.settings.timeoutMs);
        controller.abort(err);
        reject(err);
      }, this.settings.timeoutMs);
      timer.unref();
    });
    const run = this.faults
      ? this.faults.run(this.dependency, controller.signal, () => fn(controller.signal))
      : fn(controller.signal);
    try {
      return await Promise.race([run, deadline]);
    } finally {
      clearTimeout(timer);
      // A call abandoned at the deadline may still fail later: nobody is waiting for it any more.
      run.catch(() => {});
    }
  }

  private succeeded(probe: boolean): void {
    if (probe) this.probing = false;
    this.consecutiveFailures = 0;
    if (this.openedAt !== null) {
      this.openedAt = null;
      this.log.info('circuit closed', { circuit: this.name, dependency: this.dependency });
    }
  }

  private failed(probe: boolean): void {
    if (probe) this.probing = false;
    this.consecutiveFailures += 1;
    if (probe || (this.openedAt === null && this.consecutiveFailures >= this.settings.failures)) {
      this.openedAt = this.clock.now().getTime();
      this.openCount += 1;
      this.log.warn('circuit open', {
        circuit: this.name,
        dependency: this.dependency,
        failures: this.consecutiveFailures,
        cooldownMs: this.settings.cooldownMs,
      });
    }
  }

  private unavailable(reason: UnavailableReason, cause: unknown): DependencyUnavailableError {
    const failure = new DependencyUnavailableError(this.dependency, this.name, reason, cause);
    this.log.warn('dependency unavailable', {
      circuit: this.name,
      reason,
      detail: failure.detail,
      ...(reason === 'error' ? errorFields(cause) : {}),
    });
    return failure;
  }
}

/** Every circuit of the process, by name; a dependency's circuit is made on its first call. */
export class Dependencies {
  private readonly circuits = new Map<string, Circuit>();
  readonly policies: DependencyPolicies;

  constructor(
    private readonly o: {
      log: Logger;
      /** The clock of the cool-downs: the one the queues' back-off runs on. */
      clock: Clock;
      policies?: Partial<DependencyPolicies> | undefined;
      /** The fault injector of the tests and the sandbox (DRIP_FAULTS); none in production. */
      faults?: FaultInjector | null | undefined;
    },
  ) {
    this.policies = { ...DEFAULT_DEPENDENCY_POLICIES, ...o.policies };
    // Listed from the start (closed), so that the metrics show every dependency before its first call; the
    // webhooks' circuits are one per endpoint, made as deliveries go out.
    for (const d of DEPENDENCIES) if (d !== 'webhooks') this.circuit(d);
  }

  get faults(): FaultInjector | null {
    return this.o.faults ?? null;
  }

  /** The circuit `name` of a dependency (default: the dependency's own, one for all its calls). */
  circuit(dependency: DependencyKind, name: string = dependency): Circuit {
    let circuit = this.circuits.get(name);
    if (!circuit) {
      circuit = new Circuit(
        name,
        dependency,
        this.policies[dependency],
        this.o.clock,
        this.faults,
        this.o.log,
      );
      this.circuits.set(name, circuit);
    }
    return circuit;
  }

  /** Each circuit's name, state and how often it opened: what `/metrics` shows. */
  states(): CircuitStatus[] {
    return [...this.circuits.values()].map((c) => ({
      name: c.name,
      dependency: c.dependency,
      state: c.state,
      opened: c.opened,
    }));
  }
}

/** Each circuit of a server's services, for the metrics: name, state (closed/open/half-open) and open count. */
export function circuitStates(services: { dependencies: Dependencies }): CircuitStatus[] {
  return services.dependencies.states();
}
