/**
 * Fault injection in front of the real adapter of each dependency (docs/faults.md): the tests and the sandbox make
 * the PSP, the SMS gateway, the bureau, the CEP service, the payout provider or the merchants' webhook endpoints
 * fail, hang or answer garbage, and watch what Drip does. It sits inside the dependency's circuit and time-out
 * (circuit.ts), where the network would be, so that what it breaks is exactly what a real outage breaks.
 */

/** The dependencies Drip calls, each behind its own circuit (one per endpoint for the webhooks). */
export const DEPENDENCIES = ['psp', 'sms', 'bureau', 'cep', 'payout', 'webhooks'] as const;
export type DependencyKind = (typeof DEPENDENCIES)[number];

/**
 * - `ok`: the real adapter answers;
 * - `fail`: an error, as a 5xx or a refused connection would give;
 * - `hang`: never answers (only the caller's time-out ends the call);
 * - `garbage`: answers something of the wrong shape (a malformed body, wrong types).
 */
export const FAULT_MODES = ['ok', 'fail', 'hang', 'garbage'] as const;
export type FaultMode = (typeof FAULT_MODES)[number];

/** The error of the `fail` mode: what an adapter throws on a 503. */
export class InjectedFaultError extends Error {
  readonly status = 503;
  constructor(readonly dependency: DependencyKind) {
    super('503 Service Unavailable (falha injetada)');
    this.name = 'InjectedFaultError';
  }
}

/** What `garbage` answers instead of the adapter's value: no port's schema accepts it. */
export const GARBAGE_ANSWER: unknown = Object.freeze({
  status: '200 OK?',
  '\u0000': [null, Number.POSITIVE_INFINITY],
  ok: 'sim',
});

export class FaultInjector {
  private readonly modes = new Map<DependencyKind, FaultMode>();
  private readonly seen = new Map<DependencyKind, number>();

  constructor(initial: Partial<Record<DependencyKind, FaultMode>> = {}) {
    for (const [dependency, mode] of Object.entries(initial) as [DependencyKind, FaultMode][])
      this.set(dependency, mode);
  }

  set(dependency: DependencyKind, mode: FaultMode): void {
    this.modes.set(dependency, mode);
  }

  mode(dependency: DependencyKind): FaultMode {
    return this.modes.get(dependency) ?? 'ok';
  }

  /** How many calls reached the dependency (whatever it answered): the circuit's test counts them. */
  calls(dependency: DependencyKind): number {
    return this.seen.get(dependency) ?? 0;
  }

  /** Runs `real` or the injected fault. `signal`: the caller's time-out, which ends a hanging call. */
  async run<T>(dependency: DependencyKind, signal: AbortSignal, real: () => Promise<T>): Promise<T> {
    this.seen.set(dependency, this.calls(dependency) + 1);
    switch (this.mode(dependency)) {
      case 'ok':
        return real();
      case 'fail':
        throw new InjectedFaultError(dependency);
      case 'garbage':
        return GARBAGE_ANSWER as T;
      case 'hang':
        return new Promise<T>((_resolve, reject) => {
          // A connection that never answers ends only when its caller gives up.
          signal.addEventListener('abort', () => reject(signal.reason), { once: true });
        });
    }
  }
}

/**
 * `DRIP_FAULTS` (sandbox only): `psp=hang,cep=fail` → the modes. Returns the problems found instead of throwing,
 * like the rest of the configuration.
 */
export function parseFaults(raw: string): {
  faults: Partial<Record<DependencyKind, FaultMode>>;
  problems: string[];
} {
  const faults: Partial<Record<DependencyKind, FaultMode>> = {};
  const problems: string[] = [];
  for (const part of raw.split(',')) {
    const entry = part.trim();
    if (entry === '') continue;
    const [name, mode] = entry.split('=').map((s) => s.trim());
    const dependency = DEPENDENCIES.find((d) => d === name);
    const faultMode = FAULT_MODES.find((m) => m === mode);
    if (!dependency || !faultMode) {
      problems.push(
        `DRIP_FAULTS must list <dependency>=<mode> separated by commas, dependency one of ${DEPENDENCIES.join(', ')}, mode one of ${FAULT_MODES.join(', ')} (got "${entry}")`,
      );
      continue;
    }
    faults[dependency] = faultMode;
  }
  return { faults, problems };
}
