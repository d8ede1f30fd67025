import { paths } from '@drip/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../src/clock.ts';
import { DEFAULT_RATE_LIMIT } from '../../src/config.ts';
import { appOn, seededApp, type TestApp } from '../helpers.ts';

let t: Awaited<ReturnType<typeof seededApp>>;
beforeAll(async () => {
  t = await seededApp({ rateLimit: DEFAULT_RATE_LIMIT });
});
afterAll(async () => {
  await t.dispose();
});

describe('rate limits', () => {
  it('limits logins per subject with 429, a pt-BR message and Retry-After; the window resets', async () => {
    const attempt = () =>
      t.request('POST', paths.customer.login, { username: '52998224725', password: 'errada' });
    for (let i = 0; i < DEFAULT_RATE_LIMIT.perSubject; i++) expect((await attempt()).status).toBe(401);
    const limited = await attempt();
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('TOO_MANY_REQUESTS');
    expect(limited.body.error.message).toMatch(/^Muitas tentativas/);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    t.clock.advance(DEFAULT_RATE_LIMIT.windowSeconds * 1000);
    expect((await attempt()).status).toBe(401);
  });

  it('limits per IP across subjects', async () => {
    const fresh = appOn(t.database, { rateLimit: DEFAULT_RATE_LIMIT });
    let last = 0;
    for (let i = 0; i <= DEFAULT_RATE_LIMIT.perIp; i++) {
      last = (
        await fresh.request('POST', paths.merchant.recoverPassword, { merchantUserEmail: `x${i}@loja.dev` })
      ).status;
    }
    expect(last).toBe(429);
  });

  it('limits the code step and the recovery validation', async () => {
    const fresh = appOn(t.database, { rateLimit: DEFAULT_RATE_LIMIT });
    const statuses: number[] = [];
    for (let i = 0; i <= DEFAULT_RATE_LIMIT.perSubject; i++) {
      statuses.push(
        (
          await fresh.request('PUT', paths.customer.recoverValidate, {
            token: '123456',
            customerCpf: '11144477735',
            type: 'password',
          })
        ).status,
      );
    }
    expect(statuses.at(-1)).toBe(429);
    const codeStatuses: number[] = [];
    for (let i = 0; i <= DEFAULT_RATE_LIMIT.perSubject; i++) {
      codeStatuses.push(
        (await fresh.request('POST', paths.merchant.login, { username: 'x@y.dev', smsCode: '123456' }))
          .status,
      );
    }
    expect(codeStatuses.at(-1)).toBe(429);
  });

  it('two instances on one database together give a login only the single allowance', async () => {
    const clock = manualClock(new Date('2026-03-10T12:00:00Z'));
    const [a, b] = [0, 1].map(() => appOn(t.database, { clock, rateLimit: DEFAULT_RATE_LIMIT }));
    const attempt = (app: TestApp) =>
      app.request('POST', paths.admin.login, { username: 'ninguem@drip.dev', password: 'errada' });
    const statuses: number[] = [];
    for (let i = 0; i < DEFAULT_RATE_LIMIT.perSubject; i++)
      statuses.push((await attempt(i % 2 ? b! : a!)).status);
    expect(statuses.every((s) => s === 401)).toBe(true);
    // The allowance is used up on both instances, not only on the one that used most of it.
    expect((await attempt(a!)).status).toBe(429);
    const onB = await attempt(b!);
    expect(onB.status).toBe(429);
    expect(Number(onB.headers.get('retry-after'))).toBeGreaterThan(0);
    clock.advance(DEFAULT_RATE_LIMIT.windowSeconds * 1000);
    expect((await attempt(b!)).status).toBe(401);
  });

  it('concurrent attempts on two instances: exactly the allowance gets through', async () => {
    const clock = manualClock(new Date('2026-03-10T12:00:00Z'));
    const [a, b] = [0, 1].map(() => appOn(t.database, { clock, rateLimit: DEFAULT_RATE_LIMIT }));
    const results = await Promise.all(
      Array.from({ length: 2 * DEFAULT_RATE_LIMIT.perSubject }, (_, i) =>
        (i % 2 ? b! : a!).request('POST', paths.merchant.login, {
          username: 'ninguem@loja.dev',
          password: 'errada',
        }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(DEFAULT_RATE_LIMIT.perSubject);
    expect(statuses.filter((s) => s === 429)).toHaveLength(DEFAULT_RATE_LIMIT.perSubject);
  });
});
