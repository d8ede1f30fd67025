import { CUSTOMER_RECOVERY_PHONE_INVALID, paths } from '@drip/core';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/index.ts';
import { PasswordHasher } from '../../src/modules/auth/passwords.ts';
import { verificationCodes } from '../../src/modules/auth/tables.ts';
import { customerAccessLinks, customers } from '../../src/modules/customers/tables.ts';
import { merchantRecoveryLinks } from '../../src/modules/merchants/tables.ts';
import { outboxMessages } from '../../src/modules/notifications/tables.ts';
import { seed } from '../../src/seed.ts';
import {
  AURORA,
  apiKeyOf,
  createCheckout,
  field,
  freshShopper,
  PITANGA,
  payPix,
  put,
  throughToken,
} from '../checkout-helpers.ts';
import {
  appOn,
  createPgDatabase,
  latestCode,
  loginCustomer,
  PG_ADMIN_URL,
  TEST_HASHING,
  type TestApp,
} from '../helpers.ts';

let t: TestApp & { dispose(): Promise<void> };
const MARIA = { cpf: '52998224725', phone: '+5511912345678' };
const UNKNOWN_CPF = '12345678909';
const OTHER_PHONE = '+5511955554444';

const db = () => t.built.services.database.db;
const outboxTo = async (to: string) =>
  (await t.request('GET', `${paths.sandbox.outbox}?to=${encodeURIComponent(to)}`)).body.messages as {
    body: string;
    code: string | null;
    link: string | null;
  }[];
const countRows = async (table: typeof verificationCodes | typeof merchantRecoveryLinks) =>
  (await db().select({ n: sql<number>`count(*)::int` }).from(table))[0]?.n ?? 0;
const setVerified = (cpf: string, at: Date | null) =>
  db().update(customers).set({ phoneVerifiedAt: at }).where(eq(customers.cpf, cpf));

beforeAll(async () => {
  // Statements are counted: a known and an unknown account must cost the same number of them.
  const fresh = PG_ADMIN_URL ? await createPgDatabase(PG_ADMIN_URL) : null;
  const database = await openDatabase(
    fresh ? { databaseUrl: fresh.url, countQueries: true } : { inMemory: true, countQueries: true },
  );
  await database.migrate();
  await seed(database.db, new PasswordHasher(TEST_HASHING));
  t = {
    ...appOn(database),
    dispose: async () => {
      await database.close();
      await fresh?.drop();
    },
  };
});
afterAll(async () => {
  await t.dispose();
});

describe('customer recovery by phone (PUT v1/recover/phone)', () => {
  it('sends the token only when the phone is the verified phone on file, with the same answer otherwise', async () => {
    const before = (await outboxTo(MARIA.phone)).length;
    const stranger = await t.request('PUT', paths.customer.recoverPhone, {
      customerCpf: MARIA.cpf,
      customerPhone: '(11) 95555-4444',
    });
    expect(stranger.status).toBe(200);
    expect(stranger.body).toEqual({ smsDelivered: true });
    // The typed phone gets nothing, and neither does Maria's.
    expect(await outboxTo(OTHER_PHONE)).toHaveLength(0);
    expect(await outboxTo(MARIA.phone)).toHaveLength(before);

    const own = await t.request('PUT', paths.customer.recoverPhone, {
      customerCpf: '529.982.247-25',
      customerPhone: '(11) 91234-5678',
    });
    expect(own.status).toBe(200);
    expect(own.body).toEqual(stranger.body);
    const token = await latestCode(t, MARIA.phone);
    const valid = await t.request('PUT', paths.customer.recoverValidate, {
      token,
      customerCpf: MARIA.cpf,
      type: 'password',
    });
    expect(valid.body).toEqual({ isValid: true });
  });

  it('400 with the spec message for a phone too short to be a Brazilian number', async () => {
    const res = await t.request('PUT', paths.customer.recoverPhone, {
      customerCpf: MARIA.cpf,
      customerPhone: '(11) 9123',
    });
    expect(res.status).toBe(400);
    expect(res.body.error.issues).toEqual([
      { path: 'customerPhone', message: CUSTOMER_RECOVERY_PHONE_INVALID },
    ]);
  });

  it('an unverified phone on file receives no token, by CPF nor by phone, and an old token stops working', async () => {
    await t.request('POST', paths.customer.recoverPassword, { customerCpf: MARIA.cpf });
    const token = await latestCode(t, MARIA.phone);
    const before = (await outboxTo(MARIA.phone)).length;
    await setVerified(MARIA.cpf, null);
    try {
      const byCpf = await t.request('POST', paths.customer.recoverPassword, { customerCpf: MARIA.cpf });
      const byPhone = await t.request('PUT', paths.customer.recoverPhone, {
        customerCpf: MARIA.cpf,
        customerPhone: MARIA.phone,
      });
      expect([byCpf.status, byPhone.status]).toEqual([200, 200]);
      expect(byCpf.body).toEqual({ smsDelivered: true });
      expect(byPhone.body).toEqual({ smsDelivered: true });
      expect(await outboxTo(MARIA.phone)).toHaveLength(before);
      const reset = await t.request('PUT', paths.customer.recoverPassword, {
        token,
        customerCpf: MARIA.cpf,
        password: 'nova-senha-123',
        repeatPassword: 'nova-senha-123',
      });
      expect(reset.status).toBe(400);
    } finally {
      await setVerified(MARIA.cpf, new Date());
    }
  });

  it('a checkout that types another phone for a CPF does not redirect its recovery', async () => {
    const s = freshShopper(4242);
    const id = await createCheckout(t, await apiKeyOf(t, AURORA), { amount: 100 });
    await throughToken(t, id, s.cpf, s.phone);
    await setVerified(s.cpf, new Date());
    // Somebody else checks out with the same CPF and their own phone (and passes its token).
    const other = freshShopper(4343);
    const second = await createCheckout(t, await apiKeyOf(t, AURORA), { amount: 100 });
    await throughToken(t, second, s.cpf, other.phone);
    const otherBefore = (await outboxTo(other.phone)).length;
    const ownBefore = (await outboxTo(s.phone)).length;
    for (const request of [
      () => t.request('POST', paths.customer.recoverPassword, { customerCpf: s.cpf }),
      () => t.request('PUT', paths.customer.recoverPhone, { customerCpf: s.cpf, customerPhone: other.phone }),
    ]) {
      const res = await request();
      expect(res.body).toEqual({ smsDelivered: true });
    }
    expect(await outboxTo(other.phone)).toHaveLength(otherBefore);
    // Only the CPF-only request reached the verified phone on file.
    expect(await outboxTo(s.phone)).toHaveLength(ownBefore + 1);
  });
});

describe('no account enumeration: known and unknown accounts cost the same work', () => {
  it('customer: same status and body, same number of statements, one code row written either way', async () => {
    const { database } = t.built.services;
    const run = async (cpf: string) => {
      const rows = await countRows(verificationCodes);
      const statements = database.queryCount();
      const res = await t.request('POST', paths.customer.recoverPassword, { customerCpf: cpf });
      return {
        status: res.status,
        body: res.body,
        statements: database.queryCount() - statements,
        rowsWritten: (await countRows(verificationCodes)) - rows,
      };
    };
    const known = await run(MARIA.cpf);
    const unknown = await run(UNKNOWN_CPF);
    expect(unknown).toEqual(known);
    expect(known.rowsWritten).toBe(1);
    // Only the known CPF's code is live (the other was written used).
    const live = await db()
      .select({ subject: verificationCodes.subject })
      .from(verificationCodes)
      .where(and(eq(verificationCodes.purpose, 'CUSTOMER_RECOVERY'), sql`consumed_at is null`));
    expect(live.map((r) => r.subject)).toContain(MARIA.cpf);
    expect(live.map((r) => r.subject)).not.toContain(UNKNOWN_CPF);
  });

  it("a stranger's request (a wrong phone) does not void the code the owner received", async () => {
    await t.request('POST', paths.customer.recoverPassword, { customerCpf: MARIA.cpf });
    const token = await latestCode(t, MARIA.phone);
    await t.request('PUT', paths.customer.recoverPhone, {
      customerCpf: MARIA.cpf,
      customerPhone: OTHER_PHONE,
    });
    const valid = await t.request('PUT', paths.customer.recoverValidate, {
      token,
      customerCpf: MARIA.cpf,
      type: 'password',
    });
    expect(valid.body).toEqual({ isValid: true });
  });

  it('customer by phone: a wrong phone costs what the right one does', async () => {
    const { database } = t.built.services;
    const run = async (phone: string) => {
      const rows = await countRows(verificationCodes);
      const statements = database.queryCount();
      const res = await t.request('PUT', paths.customer.recoverPhone, {
        customerCpf: MARIA.cpf,
        customerPhone: phone,
      });
      return {
        status: res.status,
        body: res.body,
        statements: database.queryCount() - statements,
        rowsWritten: (await countRows(verificationCodes)) - rows,
      };
    };
    expect(await run(OTHER_PHONE)).toEqual(await run(MARIA.phone));
  });

  it('merchant: same status and body, same number of statements, one link row written either way', async () => {
    const { database } = t.built.services;
    const run = async (email: string) => {
      const rows = await countRows(merchantRecoveryLinks);
      const statements = database.queryCount();
      const res = await t.request('POST', paths.merchant.recoverPassword, { merchantUserEmail: email });
      return {
        status: res.status,
        body: res.body,
        statements: database.queryCount() - statements,
        rowsWritten: (await countRows(merchantRecoveryLinks)) - rows,
      };
    };
    const known = await run('admin@aurora.demo');
    const unknown = await run('ninguem@aurora.demo');
    expect(unknown).toEqual(known);
    expect(known.rowsWritten).toBe(1);
    // The unknown address's link was written used: it can never set a password.
    const [dead] = await db().select().from(merchantRecoveryLinks).where(sql`merchant_user_id is null`);
    expect(dead?.usedAt).not.toBeNull();
    const status = await t.request('GET', paths.merchant.recoveryLink(dead?.recoveryId ?? ''));
    expect(status.body).toEqual({ linkExpired: true });
    const mails = await db()
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.to, 'ninguem@aurora.demo'));
    expect(mails).toHaveLength(0);
  });
});

describe('first access: the SMS with the set-password link when a customer without a password gets an order', () => {
  /** A first purchase at Casa Pitanga (fixed 3x, no upfront) by a fresh shopper, to OK. */
  async function firstPurchase(seed: number) {
    const s = freshShopper(seed);
    const id = await createCheckout(t, await apiKeyOf(t, PITANGA), { amount: 100 });
    const afterToken = await throughToken(t, id, s.cpf, s.phone);
    await payPix(t, field(afterToken, 'payment').fieldData.paymentQrCodeText, s.cpf);
    await put(t, id);
    const ok = await put(t, id, { checkoutConfirmed: true });
    expect(ok.body.result).toBe('OK');
    return s;
  }
  const linkToken = (link: string | null) => new URL(link ?? 'http://x').searchParams.get('acesso') ?? '';

  it('sends the link with the order, which sets the password once the phone is verified, once', async () => {
    const s = await firstPurchase(5151);
    const [sms] = await outboxTo(s.phone);
    expect(sms?.link).toMatch(/^http:\/\/localhost:3000\/cliente\/recuperar-login\?acesso=[\w-]{40,}$/);
    expect(sms?.body).toContain(sms?.link ?? '');
    const token = linkToken(sms?.link ?? null);
    // Only the hash is stored.
    const stored = await db().select().from(customerAccessLinks);
    expect(stored.some((l) => l.tokenHash === token)).toBe(false);

    // The payer-CPF Pix proved the CPF: the identity rules verified the phone. Without that, the link does not work.
    await setVerified(s.cpf, null);
    const unverified = await t.request('PUT', paths.customer.recoverAccess, { token });
    expect(unverified.body).toEqual({ linkExpired: true });

    await setVerified(s.cpf, new Date());
    const check = await t.request('PUT', paths.customer.recoverAccess, { token });
    expect(check.status).toBe(200);
    expect(check.body).toEqual({ linkExpired: false });
    const mismatch = await t.request('PUT', paths.customer.recoverAccessPassword, {
      token,
      password: 'primeira-senha-1',
      repeatPassword: 'outra-senha-1',
    });
    expect(mismatch.status).toBe(400);
    const set = await t.request('PUT', paths.customer.recoverAccessPassword, {
      token,
      password: 'primeira-senha-1',
      repeatPassword: 'primeira-senha-1',
    });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ passwordUpdated: true });
    await loginCustomer(t, s.cpf, 'primeira-senha-1');

    const again = await t.request('PUT', paths.customer.recoverAccessPassword, {
      token,
      password: 'segunda-senha-2',
      repeatPassword: 'segunda-senha-2',
    });
    expect(again.status).toBe(410);
    expect(again.body.error.message).toBe('Link expirado, faça a solicitação novamente');
    expect((await t.request('PUT', paths.customer.recoverAccess, { token })).body).toEqual({
      linkExpired: true,
    });
  });

  it('the link dies after 7 days and when the phone on file changes; an unknown token is 404', async () => {
    const s = await firstPurchase(6161);
    await setVerified(s.cpf, new Date());
    const token = linkToken((await outboxTo(s.phone))[0]?.link ?? null);
    expect((await t.request('PUT', paths.customer.recoverAccess, { token })).body).toEqual({
      linkExpired: false,
    });
    await db().update(customers).set({ phone: OTHER_PHONE }).where(eq(customers.cpf, s.cpf));
    expect((await t.request('PUT', paths.customer.recoverAccess, { token })).body).toEqual({
      linkExpired: true,
    });
    await db().update(customers).set({ phone: s.phone }).where(eq(customers.cpf, s.cpf));
    t.clock.advance(7 * 24 * 60 * 60 * 1000 + 1000);
    try {
      const late = await t.request('PUT', paths.customer.recoverAccessPassword, {
        token,
        password: 'primeira-senha-1',
        repeatPassword: 'primeira-senha-1',
      });
      expect(late.status).toBe(410);
    } finally {
      t.clock.advance(-(7 * 24 * 60 * 60 * 1000 + 1000));
    }
    const unknown = await t.request('PUT', paths.customer.recoverAccess, { token: 'x'.repeat(43) });
    expect(unknown.status).toBe(404);
  });

  it('a customer who has a password gets no first-access SMS with a new order', async () => {
    const joao = { cpf: '11144477735', phone: '+5521998765432' };
    const before = await outboxTo(joao.phone);
    const id = await createCheckout(t, await apiKeyOf(t, PITANGA), { amount: 100 });
    await throughToken(t, id, joao.cpf, joao.phone);
    const ok = await put(t, id, { checkoutConfirmed: true });
    expect(ok.body.result).toBe('OK');
    const after = await outboxTo(joao.phone);
    // The checkout's own token SMS only.
    expect(after.length - before.length).toBe(1);
    expect(after.some((m) => m.link?.includes('acesso='))).toBe(false);
  });
});
