/**
 * Caps on the messages people can make Drip send (SMS pumping): per checkout, per recipient and per client IP, in
 * the database so that every instance shares them.
 */
import { checkoutPaths, paths } from '@drip/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../src/clock.ts';
import { DEFAULT_SEND_CAPS, type SendCapsConfig } from '../../src/config.ts';
import { type DatabaseHandle, openDatabase } from '../../src/db/index.ts';
import { PasswordHasher } from '../../src/modules/auth/passwords.ts';
import { listOutbox } from '../../src/modules/notifications/outbox.ts';
import { seed } from '../../src/seed.ts';
import { AURORA, apiKeyOf, createCheckout, customerData, freshShopper } from '../checkout-helpers.ts';
import {
  appOn,
  createPgDatabase,
  DEMO_PASSWORD,
  openTestDatabase,
  PG_ADMIN_URL,
  TEST_HASHING,
  type TestApp,
} from '../helpers.ts';

const LOOSE = { max: 100_000, windowSeconds: 3600 };

let database: DatabaseHandle;
let dispose: () => Promise<void>;
beforeAll(async () => {
  ({ database, dispose } = await openTestDatabase());
  await seed(database.db, new PasswordHasher(TEST_HASHING));
});
afterAll(async () => {
  await dispose();
});

/** An app with the given caps (the others loose), on the shared test database, with its own clock. */
function appWith(caps: Partial<SendCapsConfig>, clock = manualClock(new Date('2026-03-10T12:00:00Z'))) {
  return appOn(database, {
    clock,
    config: { sendCaps: { perCheckout: LOOSE, perRecipient: LOOSE, perIp: LOOSE, ...caps } },
  });
}

const put = (t: TestApp, id: string, body: unknown) => t.request('PUT', checkoutPaths.checkout(id), body);

async function smsCount(phone: string): Promise<number> {
  return (await listOutbox(database.db, { to: phone })).length;
}

describe('per checkout', () => {
  it('one checkout id sending the token to 10 different phones gets 429 after the cap (5)', async () => {
    const t = appWith({ perCheckout: DEFAULT_SEND_CAPS.perCheckout });
    const id = await createCheckout(t, await apiKeyOf(t, AURORA));
    const statuses: number[] = [];
    const phones: string[] = [];
    for (let i = 0; i < 10; i++) {
      const { cpf, phone } = freshShopper();
      phones.push(phone);
      const res = await put(t, id, customerData(cpf, phone));
      statuses.push(res.status);
      if (res.status === 429) {
        expect(res.body.error.code).toBe('TOO_MANY_SENDS');
        expect(res.body.error.message).toBe(
          'Limite de envio de mensagens atingido. Aguarde 24 horas e tente novamente.',
        );
        // a checkout's counter is forgotten a day after its last send
        expect(res.headers.get('retry-after')).toBe(String(24 * 3600));
      }
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429, 429, 429]);
    const sent = await Promise.all(phones.map(smsCount));
    expect(sent).toEqual([1, 1, 1, 1, 1, 0, 0, 0, 0, 0]);
  });

  it('the phone-only step, resends (SMS, WhatsApp, e-mail) and notify_pix count against the same cap', async () => {
    const clock = manualClock(new Date('2026-03-10T12:00:00Z'));
    const t = appWith({ perCheckout: { max: 4, windowSeconds: 86_400 } }, clock);
    const id = await createCheckout(t, await apiKeyOf(t, AURORA));
    const { cpf, phone } = freshShopper();
    expect((await put(t, id, customerData(cpf, phone))).status).toBe(200); // 1
    expect((await put(t, id, { customerPhone: freshShopper().phone })).status).toBe(200); // 2
    clock.advance(31_000); // the resend cooldown
    const resend = (method: string) =>
      put(t, id, { phoneVerificationMethod: method, shouldResendPhoneVerificationCode: true });
    expect((await resend('WHATSAPP')).status).toBe(200); // 3
    clock.advance(31_000);
    expect((await resend('EMAIL')).status).toBe(200); // 4
    clock.advance(31_000);
    const fifth = await resend('SMS');
    expect(fifth.status).toBe(429);
    expect(fifth.body.error.code).toBe('TOO_MANY_SENDS');
    const pix = await t.request('POST', checkoutPaths.notifyPix(id));
    expect(pix.status).toBe(429);
    expect(pix.body.error.code).toBe('TOO_MANY_SENDS');
  });

  it('has no window boundary: the cap holds across midnight UTC; it is forgotten a day after the last send', async () => {
    const clock = manualClock(new Date('2026-03-20T23:59:00Z'));
    const t = appWith({ perCheckout: { max: 2, windowSeconds: 86_400 } }, clock);
    const id = await createCheckout(t, await apiKeyOf(t, AURORA));
    const send = async () => {
      const { cpf, phone } = freshShopper();
      return (await put(t, id, customerData(cpf, phone))).status;
    };
    expect([await send(), await send()]).toEqual([200, 200]);
    clock.advance(2 * 60_000); // 00:01 the next day
    expect(await send()).toBe(429);
    clock.advance(24 * 3600 * 1000 + 1000);
    // (the checkout itself has expired by now: the counter is asked directly)
    await expect(
      t.built.services.sendCaps.take({ purpose: 'checkout', ip: 'other', checkoutId: id }),
    ).resolves.toBeUndefined();
  });
});

describe('per recipient', () => {
  it('one phone gets at most 5 tokens an hour, whatever the checkout; the next hour it gets more', async () => {
    const clock = manualClock(new Date('2026-03-10T12:00:00Z'));
    const t = appWith({ perRecipient: DEFAULT_SEND_CAPS.perRecipient }, clock);
    const apiKey = await apiKeyOf(t, AURORA);
    const { phone } = freshShopper();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const id = await createCheckout(t, apiKey);
      statuses.push((await put(t, id, customerData(freshShopper().cpf, phone))).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    expect(await smsCount(phone)).toBe(5);
    clock.advance(3600 * 1000);
    const id = await createCheckout(t, apiKey);
    expect((await put(t, id, customerData(freshShopper().cpf, phone))).status).toBe(200);
  });

  it('merchant password recovery: 5 e-mails an hour per address, counted for unknown addresses too', async () => {
    const t = appWith({ perRecipient: DEFAULT_SEND_CAPS.perRecipient });
    const ask = (email: string) =>
      t.request('POST', paths.merchant.recoverPassword, { merchantUserEmail: email });
    for (const email of ['admin@aurora.demo', 'ninguem@nada.demo']) {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await ask(email)).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    }
    expect((await listOutbox(database.db, { to: 'admin@aurora.demo' })).length).toBe(5);
  });

  it('merchant e-mail recovery by SMS and customer recovery by CPF are capped the same way', async () => {
    const t = appWith({ perRecipient: DEFAULT_SEND_CAPS.perRecipient });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (await t.request('PUT', paths.merchant.recoverEmail, { merchantUserPhone: '(21) 98765-1234' }))
          .status,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const customer: number[] = [];
    for (let i = 0; i < 6; i++) {
      customer.push(
        (await t.request('POST', paths.customer.recoverPassword, { customerCpf: '168.995.350-09' })).status,
      );
    }
    expect(customer).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('merchant login: only a right password sends (and counts) a code', async () => {
    const t = appWith({ perRecipient: { max: 2, windowSeconds: 3600 } });
    const login = (password: string) =>
      t.request('POST', paths.merchant.login, { username: 'leitura@aurora.demo', password });
    for (let i = 0; i < 5; i++) expect((await login('senha-errada')).status).toBe(401);
    expect((await login(DEMO_PASSWORD)).status).toBe(200);
    expect((await login(DEMO_PASSWORD)).status).toBe(200);
    const third = await login(DEMO_PASSWORD);
    expect(third.status).toBe(429);
    expect(third.body.error.code).toBe('TOO_MANY_SENDS');
  });
});

describe('per IP', () => {
  it('one client address gets at most the IP cap of sends, every kind together', async () => {
    // A day the other tests did not send in (they all come from the same address).
    const t = appWith(
      { perIp: { max: 3, windowSeconds: 3600 } },
      manualClock(new Date('2026-03-12T12:00:00Z')),
    );
    const apiKey = await apiKeyOf(t, AURORA);
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const id = await createCheckout(t, apiKey);
      const { cpf, phone } = freshShopper();
      statuses.push((await put(t, id, customerData(cpf, phone))).status);
    }
    statuses.push(
      (await t.request('POST', paths.merchant.recoverPassword, { merchantUserEmail: 'x@y.demo' })).status,
    );
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

/** Two apps (two instances) on one database: the caps are counted in the database, not per instance. */
async function capHoldsAcross(a: TestApp, b: TestApp): Promise<void> {
  const id = await createCheckout(a, await apiKeyOf(a, AURORA));
  const statuses: number[] = [];
  for (let i = 0; i < 10; i++) {
    const { cpf, phone } = freshShopper();
    statuses.push((await put(i % 2 === 0 ? a : b, id, customerData(cpf, phone))).status);
  }
  expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429, 429, 429]);
}

describe('shared by every instance', () => {
  it('two app instances on one database share the per-checkout cap', async () => {
    const clock = manualClock(new Date('2026-03-10T12:00:00Z'));
    const caps = { perCheckout: DEFAULT_SEND_CAPS.perCheckout };
    await capHoldsAcross(appWith(caps, clock), appWith(caps, clock));
  });

  it.skipIf(!PG_ADMIN_URL)('two instances with their own PostgreSQL connections share it', async () => {
    const fresh = await createPgDatabase(PG_ADMIN_URL ?? '');
    const handles = [
      await openDatabase({ databaseUrl: fresh.url }),
      await openDatabase({ databaseUrl: fresh.url }),
    ];
    try {
      for (const h of handles) await h.migrate();
      await seed(handles[0]!.db, new PasswordHasher(TEST_HASHING));
      const clock = manualClock(new Date('2026-03-10T12:00:00Z'));
      const sendCaps = { perCheckout: DEFAULT_SEND_CAPS.perCheckout, perRecipient: LOOSE, perIp: LOOSE };
      const [a, b] = handles.map((h) => appOn(h, { clock, config: { sendCaps } }));
      await capHoldsAcross(a!, b!);
      // concurrent sends on both instances cannot take more than the cap between them
      const id = await createCheckout(a!, await apiKeyOf(a!, AURORA));
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) => {
          const { cpf, phone } = freshShopper();
          return put(i % 2 === 0 ? a! : b!, id, customerData(cpf, phone));
        }),
      );
      expect(results.filter((r) => r.status === 429)).toHaveLength(5);
      for (const t of [a, b]) await t?.built.services.instalmentEvents.close();
    } finally {
      for (const h of handles) await h.close();
      await fresh.drop();
    }
  });
});
