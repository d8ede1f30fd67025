import { describe, expect, expectTypeOf, it } from 'vitest';
import { CHECKOUT_STEPS, type CheckoutStep } from '../checkout/state.ts';
import {
  type CheckoutLifecycleEvent,
  EMBED_CHECKOUT_STEPS,
  EMBED_PROTOCOL_VERSION,
  type EmbedCheckoutStep,
  isCheckoutLifecycleEvent,
  isWidgetEvent,
  type WidgetEvent,
} from './penpal-protocol.ts';
import { PROTOCOL_VERSION } from './protocol.ts';

describe('penpal embed protocol', () => {
  it('shares the version of the postMessage envelope', () => {
    expect(EMBED_PROTOCOL_VERSION).toBe(PROTOCOL_VERSION);
  });

  it('names the same steps as the checkout machine', () => {
    expectTypeOf<EmbedCheckoutStep>().toEqualTypeOf<CheckoutStep>();
    expect([...EMBED_CHECKOUT_STEPS].sort()).toEqual([...CHECKOUT_STEPS].sort());
  });

  it.each<CheckoutLifecycleEvent>([
    { type: 'open' },
    { type: 'ready' },
    { type: 'step', step: 'phoneForm', stepNumber: 1 },
    { type: 'step', step: 'approved', stepNumber: null },
    { type: 'resize', height: 640 },
    { type: 'finished', status: 'OK', url: 'https://loja.example/ok' },
    { type: 'finished', status: 'KO', url: null },
    { type: 'completed', status: 'OK', url: 'https://loja.example/ok' },
    { type: 'completed', status: 'OK', url: null },
    { type: 'expired' },
    { type: 'error', code: 'CHECKOUT_LOAD_FAILED', message: 'HTTP 500' },
    { type: 'close' },
  ])('accepts %o', (event) => {
    expect(isCheckoutLifecycleEvent(event)).toBe(true);
  });

  it.each([
    null,
    'close',
    { type: 'nope' },
    { type: 'step', step: 'unknownStep', stepNumber: 1 },
    { type: 'step', step: 'form', stepNumber: '1' },
    { type: 'resize', height: -1 },
    { type: 'resize', height: Number.NaN },
    { type: 'finished', status: 'MAYBE', url: null },
    { type: 'finished', status: 'OK', url: 3 },
    { type: 'completed', status: 'KO', url: null },
    { type: 'completed', status: 'OK' },
    { type: 'error', code: 'WHATEVER', message: 'x' },
    { type: 'error', code: 'UNEXPECTED' },
  ])('rejects %o', (value) => {
    expect(isCheckoutLifecycleEvent(value)).toBe(false);
  });

  it('narrows unknown values', () => {
    const value: unknown = { type: 'finished', status: 'OK', url: null };
    if (isCheckoutLifecycleEvent(value) && value.type === 'finished') {
      expectTypeOf(value.status).toEqualTypeOf<'OK' | 'KO'>();
    }
  });

  it('parses widget events', () => {
    expect(isWidgetEvent({ type: 'clickOnLogo' })).toBe(true);
    expect(isWidgetEvent({ type: 'clickOnLink' })).toBe(true);
    expect(isWidgetEvent({ type: 'clickOnClose' })).toBe(true);
    expect(isWidgetEvent({ type: 'resize', height: 80 })).toBe(true);
    expect(isWidgetEvent({ type: 'resize', height: Number.POSITIVE_INFINITY })).toBe(false);
    expect(isWidgetEvent({ type: 'close' })).toBe(false);
    expect(isWidgetEvent(undefined)).toBe(false);
    expectTypeOf(isWidgetEvent).guards.toEqualTypeOf<WidgetEvent>();
  });
});
