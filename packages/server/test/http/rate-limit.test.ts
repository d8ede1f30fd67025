import { paths } from '@drip/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../src/clock.ts';
import { DEFAULT_RATE_LIMIT } from '../../src/config.ts';
import { DEFAULT_THROTTLE } from '../../src/modules/auth/throttle.ts';
import { appOn, seededApp, type TestApp } from '../helpers.ts';

let t: Awaited<ReturnType<typeof seededApp>>;
beforeAll(async () => {
  t = await seededApp({ rateLimit: DEFAULT_RATE_LIMIT });
});
afterAll(async () => {
  await t.dispose();
});

describe('rate limits', () => {
  it('limits requests per client address with 429, a pt-BR message and Retry-After; the window resets', async () => {
    const attempt = () => t.request('GET', paths.merchant.recoveryLink('nao-existe'));
    for (let i = 0; i < DEFAULT_RATE_LIMIT.perIp; i++) expect((await attempt()).status).toBe(404);
    const limited = await attempt();
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('TOO_MANY_REQUESTS');
    expect(limited.body.error.message).toMatch(/^Muitas tentativas/);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    t.clock.advance(DEFAULT_RATE_LIMIT.windowSeconds * 1000);
    expect((await attempt()).status).toBe(404);
  });

  it('no limit is per account alone: wrong passwords of one account from many addresses are all looked at', async () => {
    const fresh = appOn(t.database, { rateLimit: DEFAULT_RATE_LIMIT });
    const statuses: number[] = [];
    for (let i = 0; i < 3 * DEFAULT_RATE_LIMIT.perSubject; i++) {
      statuses.push(
        (
          await fresh.from(`192.0.2.${i + 1}`)('POST', paths.customer.login, {
            username: '52998224725',
            password: 'errada',
          })
        ).status,
      );
    }
    expect(statuses.every((s) => s === 401)).toBe(true);
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

  it('two instances on one database share the delays of an account at an address', async () => {
    const clock = manualClock(new Date('2026-03-10T12:00:00Z'));
    const [a, b] = [0, 1].map(() => appOn(t.database, { clock, rateLimit: DEFAULT_RATE_LIMIT }));
    const attempt = (app: TestApp) =>
      app.from('192.0.2.200')('POST', paths.admin.login, {
        username: 'ninguem@drip.dev',
        password: 'errada',
      });
    const statuses: number[] = [];
    // The free failures and the one that starts the first delay.
    for (let i = 0; i <= DEFAULT_THROTTLE.freePerAccountAndSource; i++)
      statuses.push((await attempt(i % 2 ? b! : a!)).status);
    expect(statuses.every((s) => s === 401)).toBe(true);
    // The delay holds on both instances, not only on the one that counted the failures.
    expect((await attempt(a!)).status).toBe(429);
    const onB = await attempt(b!);
    expect(onB.status).toBe(429);
    expect(onB.body.error.code).toBe('TOO_MANY_ATTEMPTS');
    const wait = Number(onB.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    clock.advance(wait * 1000);
    expect((await attempt(b!)).status).toBe(401);
  });

  it('concurrent guesses on two instances cannot slip past a delay', async () => {
    const clock = manualClock(new Date('2026-03-10T12:00:00Z'));
    const [a, b] = [0, 1].map(() => appOn(t.database, { clock, rateLimit: DEFAULT_RATE_LIMIT }));
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 ? b! : a!).from('192.0.2.201')('POST', paths.merchant.login, {
          username: 'ninguem@loja.dev',
          password: 'errada',
        }),
      ),
    );
    const statuses = results.map((r) => r.status);
    // The free failures plus the one that starts the delay are looked at; every other guess waits.
    const looked = DEFAULT_THROTTLE.freePerAccountAndSource + 1;
    expect(statuses.filter((s) => s === 401)).toHaveLength(looked);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20 - looked);
  });
});
