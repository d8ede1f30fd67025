/**
 * Nobody but the owner may spend the owner's way in: what a stranger does from other addresses (wrong passwords,
 * wrong codes, recovery requests, a forged X-Forwarded-For) never refuses the owner's right password and right code
 * from the owner's own address. The limits are the production defaults.
 */
import { paths } from '@drip/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../src/clock.ts';
import { DEFAULT_RATE_LIMIT, DEFAULT_SEND_CAPS } from '../../src/config.ts';
import type { DatabaseHandle } from '../../src/db/index.ts';
import { PasswordHasher } from '../../src/modules/auth/passwords.ts';
import { DEFAULT_THROTTLE } from '../../src/modules/auth/throttle.ts';
import { seed } from '../../src/seed.ts';
import { appOn, DEMO_PASSWORD, openTestDatabase, TEST_HASHING, type TestApp } from '../helpers.ts';

let database: DatabaseHandle;
let dispose: () => Promise<void>;
beforeAll(async () => {
  ({ database, dispose } = await openTestDatabase());
  await seed(database.db, new PasswordHasher(TEST_HASHING));
});
afterAll(() => dispose());

const MERCHANT = { email: 'admin@aurora.demo', phone: '+5511987654321' };
const MARIA = { cpf: '52998224725', phone: '+5511912345678' };
const OWNER_IP = '198.51.100.10';
const strangers = (n: number) => Array.from({ length: n }, (_, i) => `203.0.113.${i + 1}`);

let day = 0;
/** An app with the production limits, on a day of its own (the counters of other tests are in other windows). */
function app(config: Parameters<typeof appOn>[1] = {}): TestApp {
  day += 1;
  return appOn(database, {
    clock: manualClock(new Date(Date.UTC(2026, 4, day, 12))),
    rateLimit: DEFAULT_RATE_LIMIT,
    ...config,
    config: { sendCaps: DEFAULT_SEND_CAPS, ...config.config },
  });
}

async function latestCodeTo(t: TestApp, to: string): Promise<string> {
  const res = await t.request('GET', `${paths.sandbox.outbox}?to=${encodeURIComponent(to)}`);
  return res.body.messages[0].code;
}

/** The merchant's two steps from `ip`: the statuses and, when both pass, the session. */
async function merchantLogin(t: TestApp, ip: string) {
  const step1 = await t.from(ip)('POST', paths.merchant.login, {
    username: MERCHANT.email,
    password: DEMO_PASSWORD,
  });
  if (step1.status !== 200) return { step1: step1.status, step1Text: step1.text };
  const smsCode = await latestCodeTo(t, MERCHANT.phone);
  const step2 = await t.from(ip)('POST', paths.merchant.login, { username: MERCHANT.email, smsCode });
  return { step1: step1.status, step2: step2.status, step2Text: step2.text };
}

describe('merchant recovery SMS and the login code have separate budgets', () => {
  it('five recovery requests for the phone from five addresses do not refuse the owner’s login', async () => {
    const t = app();
    for (const ip of strangers(5)) {
      const res = await t.from(ip)('PUT', paths.merchant.recoverEmail, { merchantUserPhone: MERCHANT.phone });
      expect(res.status, res.text).toBe(200);
    }
    expect(await merchantLogin(t, OWNER_IP)).toMatchObject({ step1: 200, step2: 200 });
    // The recovery budget itself still caps what anyone can make Drip send to that phone.
    const sixth = await t.from('203.0.113.99')('PUT', paths.merchant.recoverEmail, {
      merchantUserPhone: MERCHANT.phone,
    });
    expect(sixth.status).toBe(429);
    expect(sixth.body.error.code).toBe('TOO_MANY_SENDS');
  });
});

describe('wrong passwords from other addresses never keep the owner out', () => {
  const hammer = async (t: TestApp, path: string, body: unknown, ips: string[], each: number) => {
    for (const ip of ips) for (let i = 0; i < each; i++) await t.from(ip)('POST', path, body);
  };

  it('admin: 30 wrong passwords from three addresses, then the owner’s right one from theirs', async () => {
    const t = app();
    await hammer(
      t,
      paths.admin.login,
      { username: 'admin@drip.dev', password: 'errada-123' },
      strangers(3),
      10,
    );
    const owner = await t.from(OWNER_IP)('POST', paths.admin.login, {
      username: 'admin@drip.dev',
      password: DEMO_PASSWORD,
    });
    expect(owner.status, owner.text).toBe(200);
  });

  it('merchant: 30 wrong passwords from three addresses, then the owner’s two steps from theirs', async () => {
    const t = app();
    await hammer(
      t,
      paths.merchant.login,
      { username: MERCHANT.email, password: 'errada-123' },
      strangers(3),
      10,
    );
    expect(await merchantLogin(t, OWNER_IP)).toMatchObject({ step1: 200, step2: 200 });
  });

  it('customer: 30 wrong passwords from three addresses, then the owner’s right one from theirs', async () => {
    const t = app();
    await hammer(t, paths.customer.login, { username: MARIA.cpf, password: 'errada-123' }, strangers(3), 10);
    const owner = await t.from(OWNER_IP)('POST', paths.customer.login, {
      username: MARIA.cpf,
      password: DEMO_PASSWORD,
    });
    expect(owner.status, owner.text).toBe(200);
  });
});

describe('growing delays, not a lock', () => {
  it('one address guessing one account waits longer after each failure past the free ones', async () => {
    const t = app();
    const guess = (password = 'errada-123') =>
      t.from('203.0.113.50')('POST', paths.admin.login, { username: 'admin@drip.dev', password });
    for (let i = 0; i < DEFAULT_THROTTLE.freePerAccountAndSource; i++)
      expect((await guess()).status).toBe(401);
    const waits: number[] = [];
    for (let round = 0; round < 4; round++) {
      expect((await guess()).status).toBe(401); // counted; the next one waits
      const held = await guess();
      expect(held.status, held.text).toBe(429);
      expect(held.body.error.code).toBe('TOO_MANY_ATTEMPTS');
      const wait = Number(held.headers.get('retry-after'));
      waits.push(wait);
      // Held back: not even the right password is looked at before the delay is over.
      expect((await guess(DEMO_PASSWORD)).status).toBe(429);
      t.clock.advance(wait * 1000);
    }
    expect(waits).toEqual([1, 2, 4, 8]);
    expect((await guess(DEMO_PASSWORD)).status).toBe(200);
    // The right password forgets the failures: the next typo is free again.
    expect((await guess()).status).toBe(401);
    expect((await guess()).status).toBe(401);
  });

  it('the delays stop at the cap: a guesser is slowed, never locked out for good', async () => {
    const t = app();
    const guess = () =>
      t.from('203.0.113.51')('POST', paths.customer.login, { username: MARIA.cpf, password: 'errada-123' });
    let last = 0;
    for (let i = 0; i < 30; i++) {
      const res = await guess();
      if (res.status === 429) {
        last = Number(res.headers.get('retry-after'));
        t.clock.advance(last * 1000);
      }
    }
    expect(last).toBe(DEFAULT_THROTTLE.maxDelaySeconds);
    expect(last).toBeLessThanOrEqual(15 * 60);
  });

  it('one address guessing many accounts is slowed as well (password spraying)', async () => {
    const t = app();
    const statuses: number[] = [];
    for (let i = 0; i <= DEFAULT_THROTTLE.freePerSource + 1; i++) {
      const res = await t.from('203.0.113.52')('POST', paths.admin.login, {
        username: `ninguem${i}@drip.dev`,
        password: 'errada-123',
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, DEFAULT_THROTTLE.freePerSource + 1).every((s) => s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // ...and not the owner elsewhere.
    const owner = await t.from(OWNER_IP)('POST', paths.admin.login, {
      username: 'admin@drip.dev',
      password: DEMO_PASSWORD,
    });
    expect(owner.status).toBe(200);
  });
});

describe('a forged X-Forwarded-For', () => {
  it('without a trusted proxy it is ignored: a stranger cannot spend the owner’s address, nor escape its own', async () => {
    const t = app();
    const stranger = (forwardedFor: string) =>
      t.from('203.0.113.60')(
        'POST',
        paths.admin.login,
        { username: 'admin@drip.dev', password: 'errada-123' },
        { 'X-Forwarded-For': forwardedFor },
      );
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await stranger(i % 2 ? OWNER_IP : `192.0.2.${i}`)).status);
    // Every attempt counted against the stranger's own address, whatever the header said.
    expect(statuses).toContain(429);
    const owner = await t.from(OWNER_IP)('POST', paths.admin.login, {
      username: 'admin@drip.dev',
      password: DEMO_PASSWORD,
    });
    expect(owner.status, owner.text).toBe(200);
  });

  it('behind a trusted proxy, the client is the address the proxy forwards', async () => {
    const proxy = '10.0.0.2';
    const t = app({ config: { trustedProxies: ['10.0.0.0/24'] } });
    const via = (client: string, password: string, forged?: string) =>
      t.from(proxy)(
        'POST',
        paths.admin.login,
        { username: 'admin@drip.dev', password },
        // The proxy appends the address it saw; whatever the client sent is further left.
        { 'X-Forwarded-For': forged ? `${forged}, ${client}` : client },
      );
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await via('203.0.113.61', 'errada-123', OWNER_IP)).status);
    expect(statuses).toContain(429);
    // Everybody comes through the same proxy: the owner is still told apart, and gets in.
    expect((await via(OWNER_IP, DEMO_PASSWORD)).status).toBe(200);
    // A peer that is not the proxy is not believed.
    const direct = t.from('203.0.113.61');
    const res = await direct(
      'POST',
      paths.admin.login,
      { username: 'admin@drip.dev', password: DEMO_PASSWORD },
      { 'X-Forwarded-For': OWNER_IP },
    );
    expect(res.status).toBe(429);
  });
});

describe('codes are good only from the address that asked for them', () => {
  it('merchant: a stranger’s wrong codes do not kill the owner’s code, and the right code elsewhere is refused', async () => {
    const t = app();
    const step1 = await t.from(OWNER_IP)('POST', paths.merchant.login, {
      username: MERCHANT.email,
      password: DEMO_PASSWORD,
    });
    expect(step1.status).toBe(200);
    const smsCode = await latestCodeTo(t, MERCHANT.phone);
    const wrong = smsCode === '000000' ? '111111' : '000000';
    for (const ip of strangers(2))
      for (let i = 0; i < 6; i++)
        await t.from(ip)('POST', paths.merchant.login, { username: MERCHANT.email, smsCode: wrong });
    const stolen = await t.from('203.0.113.70')('POST', paths.merchant.login, {
      username: MERCHANT.email,
      smsCode,
    });
    expect(stolen.status).toBe(401);
    const owner = await t.from(OWNER_IP)('POST', paths.merchant.login, { username: MERCHANT.email, smsCode });
    expect(owner.status, owner.text).toBe(200);
  });

  it('customer recovery: a stranger asking again or guessing does not void the owner’s token', async () => {
    const t = app();
    const ask = await t.from(OWNER_IP)('POST', paths.customer.recoverPassword, { customerCpf: MARIA.cpf });
    expect(ask.status).toBe(200);
    const token = await latestCodeTo(t, MARIA.phone);
    const stranger = t.from('203.0.113.80');
    expect((await stranger('POST', paths.customer.recoverPassword, { customerCpf: MARIA.cpf })).status).toBe(
      200,
    );
    const wrong = token === '000000' ? '111111' : '000000';
    for (let i = 0; i < 6; i++)
      await stranger('PUT', paths.customer.recoverValidate, {
        token: wrong,
        customerCpf: MARIA.cpf,
        type: 'password',
      });
    const check = await t.from(OWNER_IP)('PUT', paths.customer.recoverValidate, {
      token,
      customerCpf: MARIA.cpf,
      type: 'password',
    });
    expect(check.body).toEqual({ isValid: true });
  });
});
