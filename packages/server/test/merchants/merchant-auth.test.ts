import { paths } from '@drip/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertTokenPair, bearer, DEMO_PASSWORD, latestCode, loginMerchant, seededApp } from '../helpers.ts';

let t: Awaited<ReturnType<typeof seededApp>>;
beforeAll(async () => {
  t = await seededApp();
});
afterAll(async () => {
  await t.dispose();
});

const AURORA_ADMIN = { email: 'admin@aurora.demo', phone: '+5511987654321' };

async function passwordStep(email = AURORA_ADMIN.email) {
  return t.request('POST', paths.merchant.login, { username: email, password: DEMO_PASSWORD });
}

describe('merchant two-step login', () => {
  it('password step answers the masked phone and e-mail and sends a 6-digit SMS code', async () => {
    const res = await passwordStep();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ phone: '+55 (11) *****-4321', email: 'a****@aurora.demo' });
    const code = await latestCode(t, '(11) 98765-4321');
    expect(code).toMatch(/^\d{6}$/);
    const step2 = await t.request('POST', paths.merchant.login, {
      username: AURORA_ADMIN.email,
      smsCode: code,
    });
    expect(step2.status).toBe(200);
    const pair = assertTokenPair(step2.body);
    const me = await t.request('GET', paths.merchant.user, undefined, bearer(pair.token));
    expect(me.body).toMatchObject({ email: AURORA_ADMIN.email, permissions: ['ADMIN', 'READ'] });
    // single use
    const again = await t.request('POST', paths.merchant.login, {
      username: AURORA_ADMIN.email,
      smsCode: code,
    });
    expect(again.status).toBe(401);
  });

  it('answers 401 on a wrong password and on an unknown e-mail, without sending a code', async () => {
    const before = await t.request(
      'GET',
      `${paths.sandbox.outbox}?to=${encodeURIComponent(AURORA_ADMIN.phone)}`,
    );
    const wrong = await t.request('POST', paths.merchant.login, {
      username: AURORA_ADMIN.email,
      password: 'errada!!',
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.message).toBe('E-mail e/ou senha incorretos.');
    const unknown = await passwordStep('ninguem@aurora.demo');
    expect(unknown.status).toBe(401);
    const after = await t.request(
      'GET',
      `${paths.sandbox.outbox}?to=${encodeURIComponent(AURORA_ADMIN.phone)}`,
    );
    expect(after.body.messages.length).toBe(before.body.messages.length);
  });

  it('kills the code after 5 wrong attempts', async () => {
    await passwordStep();
    const code = await latestCode(t, AURORA_ADMIN.phone);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await t.request('POST', paths.merchant.login, {
        username: AURORA_ADMIN.email,
        smsCode: wrong,
      });
      expect(res.status).toBe(401);
    }
    const right = await t.request('POST', paths.merchant.login, {
      username: AURORA_ADMIN.email,
      smsCode: code,
    });
    expect(right.status).toBe(401);
    // A new password step issues a working code.
    expect((await loginMerchant(t)).token).toBeTruthy();
  });

  it('refuses an expired code (10 minutes)', async () => {
    await passwordStep();
    const code = await latestCode(t, AURORA_ADMIN.phone);
    t.clock.advance(10 * 60 * 1000 + 1000);
    const res = await t.request('POST', paths.merchant.login, {
      username: AURORA_ADMIN.email,
      smsCode: code,
    });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('CODE_EXPIRED');
  });

  it('a new password step replaces the previous code', async () => {
    await passwordStep();
    const first = await latestCode(t, AURORA_ADMIN.phone);
    await passwordStep();
    const second = await latestCode(t, AURORA_ADMIN.phone);
    if (first !== second) {
      const old = await t.request('POST', paths.merchant.login, {
        username: AURORA_ADMIN.email,
        smsCode: first,
      });
      expect(old.status).toBe(401);
    }
    const ok = await t.request('POST', paths.merchant.login, {
      username: AURORA_ADMIN.email,
      smsCode: second,
    });
    expect(ok.status).toBe(200);
  });
});

describe('merchant session info and profile', () => {
  it('onlyRead follows the permissions', async () => {
    const admin = await loginMerchant(t);
    const info = await t.request('GET', paths.merchant.merchant, undefined, bearer(admin.token));
    expect(info.body).toMatchObject({ name: 'Loja Aurora', onlyRead: false, initials: 'LA' });
    const reader = await loginMerchant(t, 'leitura@aurora.demo', '+5511976543210');
    const readInfo = await t.request('GET', paths.merchant.merchant, undefined, bearer(reader.token));
    expect(readInfo.body).toMatchObject({ name: 'Loja Aurora', onlyRead: true, permissions: ['READ'] });
  });

  it('updates e-mail and phone with the current password; wrong password → 400; e-mail taken → 409', async () => {
    const { token } = await loginMerchant(t, 'admin@pitanga.demo', '+5521987651234');
    const wrong = await t.request(
      'PUT',
      paths.merchant.user,
      { email: 'admin@pitanga.demo', currentPassword: 'errada!!' },
      bearer(token),
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.code).toBe('INVALID_PASSWORD');
    const taken = await t.request(
      'PUT',
      paths.merchant.user,
      { email: 'admin@aurora.demo', currentPassword: DEMO_PASSWORD },
      bearer(token),
    );
    expect(taken.status).toBe(409);
    const badPhone = await t.request(
      'PUT',
      paths.merchant.user,
      { email: 'admin@pitanga.demo', currentPassword: DEMO_PASSWORD, phone: '123' },
      bearer(token),
    );
    expect(badPhone.status).toBe(400);
    const ok = await t.request(
      'PUT',
      paths.merchant.user,
      {
        email: 'Dona@Pitanga.demo',
        currentPassword: DEMO_PASSWORD,
        phone: '(21) 99876-1234',
        newPassword: 'outra-senha',
      },
      bearer(token),
    );
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ email: 'dona@pitanga.demo', phone: '+5521998761234' });
    const login = await t.request('POST', paths.merchant.login, {
      username: 'dona@pitanga.demo',
      password: 'outra-senha',
    });
    expect(login.status).toBe(200);
    expect(login.body.phone).toBe('+55 (21) *****-1234');
  });
});

describe('merchant recovery', () => {
  it('password recovery by e-mail link, single use, 1 hour', async () => {
    const res = await t.request('POST', paths.merchant.recoverPassword, {
      merchantUserEmail: 'LEITURA@aurora.demo',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ emailDelivered: true });
    const outbox = await t.request('GET', `${paths.sandbox.outbox}?to=leitura@aurora.demo`);
    const link: string = outbox.body.messages[0].link;
    expect(link).toMatch(/^http:\/\/localhost:3000\/parceira\/recuperar-login\?recovery_id=[\w-]+$/);
    const id = new URL(link).searchParams.get('recovery_id') ?? '';
    expect((await t.request('GET', paths.merchant.recoveryLink(id))).body).toEqual({ linkExpired: false });
    const mismatch = await t.request('PUT', paths.merchant.recoveryLink(id), {
      password: 'nova-senha-123',
      repeatPassword: 'outra-senha-123',
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.error.issues).toContainEqual({
      path: 'repeatPassword',
      message: 'As senhas não conferem',
    });
    const put = await t.request('PUT', paths.merchant.recoveryLink(id), {
      password: 'nova-senha-123',
      repeatPassword: 'nova-senha-123',
    });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ passwordUpdated: true });
    expect((await t.request('GET', paths.merchant.recoveryLink(id))).body).toEqual({ linkExpired: true });
    const reuse = await t.request('PUT', paths.merchant.recoveryLink(id), {
      password: 'nova-senha-456',
      repeatPassword: 'nova-senha-456',
    });
    expect(reuse.status).toBe(410);
    const login = await t.request('POST', paths.merchant.login, {
      username: 'leitura@aurora.demo',
      password: 'nova-senha-123',
    });
    expect(login.status).toBe(200);
  });

  it('links expire after one hour; unknown ids are 404; unknown e-mails get the same answer and no e-mail', async () => {
    await t.request('POST', paths.merchant.recoverPassword, { merchantUserEmail: 'admin@aurora.demo' });
    const outbox = await t.request('GET', `${paths.sandbox.outbox}?to=admin@aurora.demo`);
    const id = new URL(outbox.body.messages[0].link).searchParams.get('recovery_id') ?? '';
    t.clock.advance(60 * 60 * 1000 + 1);
    expect((await t.request('GET', paths.merchant.recoveryLink(id))).body).toEqual({ linkExpired: true });
    const put = await t.request('PUT', paths.merchant.recoveryLink(id), {
      password: 'nova-senha-123',
      repeatPassword: 'nova-senha-123',
    });
    expect(put.status).toBe(410);
    expect((await t.request('GET', paths.merchant.recoveryLink('nao-existe'))).status).toBe(404);
    const unknown = await t.request('POST', paths.merchant.recoverPassword, {
      merchantUserEmail: 'ninguem@x.dev',
    });
    expect(unknown.body).toEqual({ emailDelivered: true });
    const none = await t.request('GET', `${paths.sandbox.outbox}?to=ninguem@x.dev`);
    expect(none.body.messages).toEqual([]);
  });

  it('e-mail recovery sends the login e-mail by SMS', async () => {
    const res = await t.request('PUT', paths.merchant.recoverEmail, {
      merchantUserPhone: '+55 (11) 98765-4321',
    });
    expect(res.body).toEqual({ smsDelivered: true });
    const outbox = await t.request('GET', `${paths.sandbox.outbox}?to=11987654321`);
    expect(outbox.body.messages[0].body).toContain('admin@aurora.demo');
    const bad = await t.request('PUT', paths.merchant.recoverEmail, { merchantUserPhone: '12' });
    expect(bad.status).toBe(400);
  });
});
