/**
 * The world of the order property tests (refunds, admin operations): one seeded app for the file, Loja Aurora set
 * for partial refunds without a refund window, and each run's fresh order drawn by fast-check.
 */
import fc from 'fast-check';
import { afterAll, beforeAll } from 'vitest';
import { DomainError } from '../src/errors.ts';
import { seededApp, type TestApp } from './helpers.ts';
import { createOrder } from './instalment-helpers.ts';
import { setAurora } from './refunds-helpers.ts';

/** Every run starts on this day, before the first due date. */
export const PROPERTY_START = new Date('2026-03-10T12:00:00Z');
export const DAY = 86_400_000;

/** The call's answer, or null when it was refused as an expected business outcome. */
export async function refused<T>(call: Promise<T>): Promise<T | null> {
  try {
    return await call;
  } catch (err) {
    if (err instanceof DomainError && ['not_found', 'unprocessable'].includes(err.kind)) return null;
    throw err;
  }
}

/**
 * Opens the file's app before its tests and closes it (the sandbox PSP, the instalment events) after them;
 * `ready` receives it once it is set up.
 */
export function orderPropertyWorld(ready: (t: TestApp) => void) {
  let app: TestApp & { dispose(): Promise<void> };
  beforeAll(async () => {
    app = await seededApp();
    await setAurora(app, { ecommPlatform: 'MALGA', cancelMaxDays: null });
    ready(app);
  });
  afterAll(async () => {
    app.built.services.sandboxPsp?.close();
    await app.built.services.instalmentEvents.close();
    await app.dispose();
  });
}

/** The order a run starts from: its total in centavos, its instalments and its cashback percent. */
export const orderShape = fc.record({
  total: fc.integer({ min: 300, max: 300_000 }),
  instalments: fc.integer({ min: 1, max: 6 }),
  cashbackPercent: fc.integer({ min: 0, max: 20 }),
});

/** A new order of that shape, with the clock back at the start. */
export type OrderShape = { total: number; instalments: number; cashbackPercent: number };

export function freshOrder(t: TestApp, shape: OrderShape) {
  t.clock.set(PROPERTY_START);
  return createOrder(t, {
    total: shape.total,
    instalments: shape.instalments,
    cashbackRate: shape.cashbackPercent / 100,
    firstDueDate: '2026-03-20',
  });
}

/**
 * The property: on `numRuns` fresh orders, each with 1 to 10 actions drawn from `action`, `run` (which plays the
 * actions and checks the invariants) holds.
 */
export function forEveryOrder<A>(
  t: TestApp,
  action: fc.Arbitrary<A>,
  numRuns: number,
  run: (order: Awaited<ReturnType<typeof freshOrder>>, shape: OrderShape, actions: A[]) => Promise<void>,
) {
  return fc.assert(
    fc.asyncProperty(orderShape, fc.array(action, { minLength: 1, maxLength: 10 }), async (shape, actions) =>
      run(await freshOrder(t, shape), shape, actions),
    ),
    { numRuns },
  );
}
