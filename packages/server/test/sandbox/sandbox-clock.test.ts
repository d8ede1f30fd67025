import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { offsetClock } from '../../src/clock.ts';
import type { DatabaseHandle } from '../../src/db/index.ts';
import { createLogger } from '../../src/log.ts';
import { appOn, openTestDatabase, testConfig } from '../helpers.ts';

let database: DatabaseHandle;
let dispose: () => Promise<void>;
beforeAll(async () => {
  ({ database, dispose } = await openTestDatabase());
});
afterAll(() => dispose());

// biome-ignore lint/suspicious/noExplicitAny: test assertions read arbitrary JSON shapes
async function json(res: Response): Promise<{ status: number; body: any }> {
  return { status: res.status, body: await res.json() };
}

describe('POST /sandbox/clock', () => {
  const clock = offsetClock();
  let app: ReturnType<typeof buildApp>['app'];
  beforeAll(() => {
    app = buildApp({ config: testConfig(), database, clock, log: createLogger('silent') }).app;
  });
  const post = (body: unknown) =>
    app.request('/sandbox/clock', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('moves the server clock forward by days and minutes, and back to real time', async () => {
    const before = Date.now();
    const moved = await json(await post({ advanceDays: 2, advanceMinutes: 30 }));
    expect(moved.status).toBe(200);
    expect(moved.body.offsetMs).toBe((2 * 1440 + 30) * 60_000);
    expect(new Date(moved.body.now).getTime()).toBeGreaterThanOrEqual(before + moved.body.offsetMs);
    expect(clock.now().getTime() - Date.now()).toBeGreaterThan(2 * 86_400_000);
    const reset = await json(await post({ reset: true }));
    expect(reset.body.offsetMs).toBe(0);
    expect(Math.abs(clock.now().getTime() - Date.now())).toBeLessThan(5_000);
    expect((await json(await app.request('/sandbox/clock'))).body.offsetMs).toBe(0);
  });

  it('rejects bad input with a 400 and a clear message', async () => {
    for (const body of [
      {},
      { advanceDays: -1 },
      { advanceDays: 1.5 },
      { advanceDays: '2' },
      { reset: false },
      { x: 1 },
    ]) {
      const res = await json(await post(body));
      if (Object.keys(body).length === 0) {
        // An empty body advances nothing: a valid no-op.
        expect(res.status).toBe(200);
        continue;
      }
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBeTruthy();
    }
  });

  it('answers 409 on a server whose clock cannot move', async () => {
    const fixed = appOn(database);
    const res = await fixed.request('POST', '/sandbox/clock', { advanceDays: 1 });
    expect(res.status).toBe(409);
  });

  it('does not exist with the sandbox off', async () => {
    const { app: off } = buildApp({
      config: testConfig({ sandbox: false }),
      database,
      clock,
      log: createLogger('silent'),
    });
    expect((await off.request('/sandbox/clock')).status).toBe(404);
  });
});
