import { paths } from '@drip/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMIT } from '../src/config.ts';
import { appOn, seededApp } from './helpers.ts';

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
});
