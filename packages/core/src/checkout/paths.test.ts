/**
 * Generated paths: a small model of the server's choices (upfront status, flexible merchant, first purchase
 * with a verification Pix, credit decision) is traversed with @xstate/graph; every path to a complete scenario
 * drives the real checkout machine (fake actors over `FakeCheckoutServer`, a shopper that answers each step) and
 * must reach a final step with a consistent state.
 */
import { getSimplePaths } from '@xstate/graph';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { assign, setup } from 'xstate';
import type { UpfrontPaymentStatus } from '../contract/checkout.ts';
import { FakeCheckoutServer, type Scenario, VALID_TOKEN } from './fake-server.ts';
import { type CheckoutStep, stepNumber } from './state.ts';
import { CUSTOMER_DATA, machineWithServer, startActor } from './test-harness.ts';

type ModelEvent =
  | { type: 'UPFRONT'; status: UpfrontPaymentStatus }
  | { type: 'FLEXIBLE'; value: boolean }
  | { type: 'FIRST_PURCHASE'; value: boolean }
  | { type: 'DECIDE'; decision: Scenario['decision'] };

const serverModel = setup({
  types: { context: {} as Partial<Scenario>, events: {} as ModelEvent },
}).createMachine({
  id: 'server',
  context: {},
  initial: 'merchant',
  states: {
    merchant: {
      on: { UPFRONT: { target: 'flexibility', actions: assign({ upfront: ({ event }) => event.status }) } },
    },
    flexibility: {
      on: { FLEXIBLE: { target: 'customer', actions: assign({ flexible: ({ event }) => event.value }) } },
    },
    customer: {
      on: {
        FIRST_PURCHASE: {
          target: 'credit',
          actions: assign({ verificationPix: ({ event }) => event.value }),
        },
      },
    },
    credit: {
      on: { DECIDE: { target: 'ready', actions: assign({ decision: ({ event }) => event.decision }) } },
    },
    ready: { type: 'final' },
  },
});

const MODEL_EVENTS: ModelEvent[] = [
  ...(['DISABLED', 'OPTIONAL', 'MANDATORY'] as const).map((status) => ({ type: 'UPFRONT' as const, status })),
  { type: 'FLEXIBLE', value: true },
  { type: 'FLEXIBLE', value: false },
  { type: 'FIRST_PURCHASE', value: true },
  { type: 'FIRST_PURCHASE', value: false },
  ...(['ok', 'ko', 'koFullAmount'] as const).map((decision) => ({ type: 'DECIDE' as const, decision })),
];

function scenarios(): Scenario[] {
  const paths = getSimplePaths(serverModel, { events: MODEL_EVENTS });
  const out: Scenario[] = [];
  for (const path of paths) {
    if (path.state.status !== 'done') continue;
    const { upfront, flexible, verificationPix, decision } = path.state.context;
    if (
      upfront === undefined ||
      flexible === undefined ||
      verificationPix === undefined ||
      decision === undefined
    ) {
      throw new Error('incomplete scenario');
    }
    out.push({ upfront, flexible, verificationPix, decision });
  }
  return out;
}

const ALL = scenarios();
const name = (s: Scenario) =>
  `upfront ${s.upfront}, ${s.flexible ? 'flexible' : 'fixed 3x'}, ${s.verificationPix ? 'first purchase' : 'returning'}, ${s.decision}`;

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2025-01-31T12:00:00.000Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('generated paths over the server model', () => {
  it('covers every scenario (3 upfront × 2 flexibility × 2 customers × 3 decisions)', () => {
    expect(ALL).toHaveLength(36);
  });

  it.each(ALL.map((s) => [name(s), s] as const))('%s', async (_, scenario) => {
    const server = new FakeCheckoutServer(scenario);
    const actor = startActor(machineWithServer(server));
    const steps: CheckoutStep[] = [actor.getSnapshot().context.step];
    actor.subscribe((s) => {
      if (steps.at(-1) !== s.context.step) steps.push(s.context.step);
    });

    // The shopper: answers whatever step is shown; time passes between actions.
    for (let i = 0; i < 60; i++) {
      const snapshot = actor.getSnapshot();
      const step = snapshot.context.step;
      if (step === 'approved' || step === 'denied') break;
      if (step === 'insight') actor.send({ type: 'START' });
      else if (step === 'form') actor.send({ type: 'SUBMIT_CUSTOMER_DATA', data: CUSTOMER_DATA });
      else if (step === 'token') actor.send({ type: 'SUBMIT_TOKEN', code: VALID_TOKEN });
      else if (step === 'instalmentSelection')
        actor.send({ type: 'SELECT_INSTALMENTS', totalInstalments: 3 });
      else if (step === 'confirmation' && snapshot.matches('confirmation')) actor.send({ type: 'CONFIRM' });
      await vi.advanceTimersByTimeAsync(1_000);
    }

    const ctx = actor.getSnapshot().context;
    const final = ctx.step;
    const ko = scenario.decision === 'ko';
    expect(final).toBe(ko ? 'denied' : 'approved');

    // consistent final state
    if (final === 'approved') {
      expect(actor.getSnapshot().status).toBe('done');
      expect(ctx.result).toBe('OK');
      expect(ctx.error).toBe(false);
      expect(ctx.koReason).toBeNull();
      expect([ctx.payment, ctx.firstInstalmentPayment, ctx.fullAmountPayment]).toEqual([null, null, null]);
      expect(actor.getSnapshot().output).toEqual({ status: 'approved', url: 'https://loja.example/ok' });
    } else {
      expect(ctx.result).toBe('KO');
      expect(ctx.koReason).toBe('ORDER_ABOVE_CUSTOMER_MAX_VALUE');
      expect(ctx.koVariables.allowedAmount).toBe(15_000);
    }

    // the route the shopper saw
    expect(steps.slice(0, 4)).toEqual(['loading', 'insight', 'form', 'token']);
    expect(steps.includes('analysis')).toBe(scenario.upfront !== 'DISABLED');
    const autoConfirm = scenario.upfront === 'MANDATORY';
    if (scenario.decision === 'ok') {
      expect(steps.includes('instalmentSelection')).toBe(scenario.flexible);
      expect(steps.includes('firstInstalmentPix')).toBe(scenario.upfront !== 'DISABLED');
      expect(server.requests.filter((r) => r.kind === 'confirm')).toHaveLength(1);
      if (autoConfirm && !scenario.flexible) {
        // confirmed by the machine right after the analysis: the shopper never saw the confirmation step
        expect(steps.indexOf('firstInstalmentPix')).toBe(steps.indexOf('analysis') + 2);
      }
    } else {
      expect(server.requests.some((r) => r.kind === 'confirm')).toBe(false);
      expect(steps.includes('fullAmountPayment')).toBe(scenario.decision === 'koFullAmount');
    }

    // a first purchase pays the R$ 1,00 right after the token, before any offer or decision
    expect(steps.includes('pixVerification')).toBe(scenario.verificationPix);
    if (scenario.verificationPix) {
      const offer = steps.findIndex((s) =>
        [
          'instalmentSelection',
          'confirmation',
          'firstInstalmentPix',
          'fullAmountPayment',
          'approved',
          'denied',
        ].includes(s),
      );
      expect(steps.indexOf('pixVerification')).toBeLessThan(offer);
    }

    // 'Passo N de 3' never goes back
    const numbers = steps.map(stepNumber).filter((n) => n !== null);
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
  });
});
