/**
 * The circuit of a dependency (src/circuit.ts): time-out, consecutive failures, fail fast while open, one probe
 * after the cool-down, refusals not counted, answers of the wrong shape counted; the injector's modes.
 */
import { describe, expect, it } from 'vitest';
import { Dependencies, DependencyUnavailableError } from '../../src/circuit.ts';
import { manualClock } from '../../src/clock.ts';
import { FaultInjector, parseFaults } from '../../src/faults.ts';
import { createLogger } from '../../src/log.ts';

const POLICY = { timeoutMs: 40, failures: 3, cooldownMs: 30_000 };

function setup() {
  const clock = manualClock(new Date('2026-03-10T12:00:00Z'));
  const faults = new FaultInjector();
  const deps = new Dependencies({
    log: createLogger('silent'),
    clock,
    faults,
    policies: { cep: POLICY, psp: POLICY },
  });
  let called = 0;
  const real = async () => {
    called += 1;
    return { ok: true };
  };
  const check = (a: unknown) => (a as { ok?: unknown } | null)?.ok === true;
  return { clock, faults, deps, circuit: deps.circuit('cep'), real, check, calls: () => called };
}

async function failure(p: Promise<unknown>): Promise<DependencyUnavailableError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(DependencyUnavailableError);
  return err as DependencyUnavailableError;
}

describe('circuit', () => {
  it.each(['fail', 'hang', 'garbage'] as const)(
    '%s: each call ends within the time-out, N failures open the circuit, which then stops calling',
    async (mode) => {
      const { faults, circuit, deps, real, check } = setup();
      faults.set('cep', mode);
      for (let i = 1; i <= 3; i++) {
        const started = performance.now();
        const err = await failure(circuit.call(real, { check }));
        expect(performance.now() - started).toBeLessThan(1_000);
        expect(err.reason).toBe(mode === 'fail' ? 'error' : mode === 'hang' ? 'timeout' : 'garbage');
        expect(err.message).toBe(
          'Não foi possível recuperar os detalhes do endereço com base no CEP fornecido',
        );
      }
      expect(faults.calls('cep')).toBe(3);
      expect(circuit.state).toBe('open');
      // Open: fails at once, the dependency is not called.
      for (let i = 0; i < 10; i++) expect((await failure(circuit.call(real, { check }))).reason).toBe('open');
      expect(faults.calls('cep')).toBe(3);
      expect(deps.states().find((s) => s.name === 'cep')).toEqual({
        name: 'cep',
        dependency: 'cep',
        state: 'open',
        opened: 1,
      });
    },
  );

  it('after the cool-down one probe goes through: a failure opens it again, a success closes it', async () => {
    const { clock, faults, circuit, real, check, calls } = setup();
    faults.set('cep', 'fail');
    for (let i = 0; i < 3; i++) await failure(circuit.call(real, { check }));
    clock.advance(29_999);
    expect(circuit.state).toBe('open');
    await failure(circuit.call(real, { check }));
    expect(faults.calls('cep')).toBe(3);
    clock.advance(1);
    expect(circuit.state).toBe('half-open');
    // The probe fails: open again for a whole cool-down, after one call only.
    expect((await failure(circuit.call(real, { check }))).reason).toBe('error');
    expect(faults.calls('cep')).toBe(4);
    expect(circuit.state).toBe('open');
    expect(circuit.opened).toBe(2);
    clock.advance(30_000);
    faults.set('cep', 'ok');
    await expect(circuit.call(real, { check })).resolves.toEqual({ ok: true });
    expect(circuit.state).toBe('closed');
    expect(calls()).toBe(1);
    // Closed: every call goes through again.
    await circuit.call(real, { check });
    expect(calls()).toBe(2);
  });

  it('while the probe is in flight the other calls fail fast', async () => {
    const { clock, faults, circuit, check } = setup();
    faults.set('cep', 'fail');
    for (let i = 0; i < 3; i++) await failure(circuit.call(async () => ({ ok: true }), { check }));
    clock.advance(30_000);
    faults.set('cep', 'ok');
    let release: () => void = () => {};
    const probe = circuit.call(
      () =>
        new Promise<{ ok: boolean }>((resolve) => {
          release = () => resolve({ ok: true });
        }),
      { check },
    );
    expect((await failure(circuit.call(async () => ({ ok: true }), { check }))).reason).toBe('open');
    release();
    await expect(probe).resolves.toEqual({ ok: true });
    expect(circuit.state).toBe('closed');
  });

  it('a refusal is the dependency answering: thrown as is and not counted; a success resets the count', async () => {
    const { circuit, check } = setup();
    class Refusal extends Error {}
    const refusal = (e: unknown) => e instanceof Refusal;
    for (let i = 0; i < 10; i++)
      await expect(
        circuit.call(
          async () => {
            throw new Refusal('404');
          },
          { check, refusal },
        ),
      ).rejects.toBeInstanceOf(Refusal);
    expect(circuit.state).toBe('closed');
    const boom = async () => {
      throw new Error('ECONNRESET');
    };
    await failure(circuit.call(boom));
    await failure(circuit.call(boom));
    await circuit.call(async () => ({ ok: true }), { check });
    await failure(circuit.call(boom));
    await failure(circuit.call(boom));
    expect(circuit.state).toBe('closed');
  });

  it('a hanging adapter that ignores the abort signal is abandoned at the time-out, and the signal is aborted', async () => {
    const { circuit } = setup();
    let aborted = false;
    const started = performance.now();
    const err = await failure(
      circuit.call(
        (signal) =>
          new Promise(() => {
            signal.addEventListener('abort', () => {
              aborted = true;
            });
          }),
      ),
    );
    expect(err.reason).toBe('timeout');
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(aborted).toBe(true);
  });

  it('lists every dependency from the start, and one circuit per webhook endpoint as they are used', () => {
    const { deps } = setup();
    expect(deps.states().map((s) => `${s.name}:${s.state}`)).toEqual([
      'psp:closed',
      'sms:closed',
      'bureau:closed',
      'cep:closed',
      'payout:closed',
    ]);
    deps.circuit('webhooks', 'webhooks:abc');
    expect(deps.states().at(-1)).toEqual({
      name: 'webhooks:abc',
      dependency: 'webhooks',
      state: 'closed',
      opened: 0,
    });
  });

  it('DRIP_FAULTS reads dependency=mode pairs and names what it cannot read', () => {
    expect(parseFaults('psp=hang, cep=fail,bureau=garbage')).toEqual({
      faults: { psp: 'hang', cep: 'fail', bureau: 'garbage' },
      problems: [],
    });
    expect(parseFaults('psp=slow,bank=fail').problems).toHaveLength(2);
  });
});
