/**
 * The VTEX test-suite replay (`npm run vtex:test-suite`, scripts/vtex-scenarios.mjs) run against the app in-process,
 * so that `npm test` fails when a scenario of the protocol's suite does or a connector answer takes 5 s or more.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  type CallbackReceiver,
  callbackReceiver,
  LIMIT_MS,
  runScenarios,
} from '../../../../scripts/vtex-scenarios.mjs';
import { seededApp } from '../helpers.ts';

let t: Awaited<ReturnType<typeof seededApp>>;
let receiver: CallbackReceiver;

beforeAll(async () => {
  t = await seededApp();
  receiver = await callbackReceiver();
});
afterAll(async () => {
  receiver.close();
  t.built.services.sandboxPsp?.close();
  await t.built.services.instalmentEvents.close();
  await t.dispose();
});

it('passes all 8 scenarios of the replay, every connector answer under 5 s', async () => {
  const vtex = t.built.services.vtex;
  const results = await runScenarios({
    base: t.built.services.config.publicUrl,
    receiver,
    fetch: async (input, init) => t.built.app.request(input, init),
    // The test app runs no background jobs: the status sync and the callbacks' queue run at each poll.
    tick: async () => {
      await vtex.syncUndecided();
      await vtex.callbacks.drain();
    },
  });
  expect(results.map((r) => r.name)).toEqual([
    'approved',
    'denied',
    'async approved',
    'async denied',
    'cancel',
    'settle',
    'refund',
    'idempotent retry',
  ]);
  for (const r of results) {
    expect(r, `${r.name}: ${r.outcome}`).toMatchObject({ ok: true });
    expect(r.slowest).toBeLessThan(LIMIT_MS);
  }
}, 180_000);
