/**
 * The refusals that the account, session, CEP and sandbox services raise as DomainErrors (docs/errors.md), pinned to
 * their whole answer: status, code, pt-BR message and field issues. The portals show the message and place the
 * issues beside their fields, so none of them may drift when a refusal moves between layers.
 */
import { paths } from '@drip/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admins } from '../../src/modules/admins/tables.ts';
import { PasswordHasher } from '../../src/modules/auth/passwords.ts';
import {
  bearer,
  DEMO_PASSWORD,
  latestCode,
  loginAdmin,
  loginCustomer,
  loginMerchant,
  seededApp,
  TEST_HASHING,
} from '../helpers.ts';

let t: Awaited<ReturnType<typeof seededApp>>;
beforeAll(async () => {
  t = await seededApp();
});
afterAll(async () => {
  await t.dispose();
});

const EMAIL_TAKEN = 'Este e-mail já está em uso';
const WRONG_PASSWORD = 'A senha atual está incorreta';

describe('admin refusals', () => {
  it('wrong login, wrong current password, e-mail of another admin', async () => {
    const login = await t.request('POST', paths.admin.login, {
      username: 'admin@drip.dev',
      password: 'errada!!',
    });
    expect([login.status, login.body]).toEqual([
      401,
      { error: { code: 'INVALID_CREDENTIALS', message: 'E-Mail e/ou senha incorreta' } },
    ]);
    await t.database.db.insert(admins).values({
      email: 'outra@drip.dev',
      name: 'Outra',
      passwordHash: await new PasswordHasher(TEST_HASHING).hash(DEMO_PASSWORD),
    });
    const { token } = await loginAdmin(t);
    const update = (username: string, currentPassword: string) =>
      t.request(
        'PUT',
        paths.admin.user,
        { username, currentPassword, newPassword: 'nova-senha-1' },
        bearer(token),
      );
    const wrong = await update('admin@drip.dev', 'errada!!');
    expect([wrong.status, wrong.body]).toEqual([
      400,
      {
        error: {
          code: 'INVALID_PASSWORD',
          message: WRONG_PASSWORD,
          issues: [{ path: 'currentPassword', message: WRONG_PASSWORD }],
        },
      },
    ]);
    const taken = await update('outra@drip.dev', DEMO_PASSWORD);
    expect([taken.status, taken.body]).toEqual([
      409,
      {
        error: {
          code: 'EMAIL_TAKEN',
          message: EMAIL_TAKEN,
          issues: [{ path: 'username', message: EMAIL_TAKEN }],
        },
      },
    ]);
  });
});

describe('merchant refusals', () => {
  it('profile: e-mail of another user, a phone that is not Brazilian', async () => {
    const { token } = await loginMerchant(t, 'admin@pitanga.demo', '+5521987651234');
    const taken = await t.request(
      'PUT',
      paths.merchant.user,
      { email: 'admin@aurora.demo', currentPassword: DEMO_PASSWORD },
      bearer(token),
    );
    expect([taken.status, taken.body]).toEqual([
      409,
      {
        error: {
          code: 'EMAIL_TAKEN',
          message: EMAIL_TAKEN,
          issues: [{ path: 'email', message: EMAIL_TAKEN }],
        },
      },
    ]);
    const phone = await t.request(
      'PUT',
      paths.merchant.user,
      { email: 'admin@pitanga.demo', currentPassword: DEMO_PASSWORD, phone: '123' },
      bearer(token),
    );
    expect([phone.status, phone.body]).toEqual([
      400,
      {
        error: {
          code: 'VALIDATION_ERROR',
          message: 'O telefone é inválido',
          issues: [{ path: 'phone', message: 'O telefone é inválido' }],
        },
      },
    ]);
  });

  it('code step: unknown user, wrong code, then the locked code', async () => {
    const codeStep = (username: string, smsCode: string) =>
      t.request('POST', paths.merchant.login, { username, smsCode });
    const unknown = await codeStep('ninguem@pitanga.demo', '123456');
    expect([unknown.status, unknown.body]).toEqual([
      401,
      { error: { code: 'INVALID_CODE', message: 'Drip Token inválido, verifique o número inserido.' } },
    ]);
    await t.request('POST', paths.merchant.login, {
      username: 'leitura@pitanga.demo',
      password: DEMO_PASSWORD,
    });
    const code = await latestCode(t, '+5521976541234');
    const wrong = code === '000000' ? '111111' : '000000';
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await codeStep('leitura@pitanga.demo', wrong));
    expect(answers.map((a) => [a.status, a.body.error.code])).toEqual([
      [401, 'INVALID_CODE'],
      [401, 'INVALID_CODE'],
      [401, 'INVALID_CODE'],
      [401, 'INVALID_CODE'],
      [401, 'CODE_LOCKED'],
    ]);
    expect(answers[4]?.body.error.message).toBe(
      'Limite de tentativas atingido, faça login novamente para receber outro código.',
    );
    // The dead code is used up: the right one is now just an invalid code.
    expect((await codeStep('leitura@pitanga.demo', code)).body.error.code).toBe('INVALID_CODE');
  });

  it('recovery: unknown link, used link, a phone that is not Brazilian', async () => {
    const notFound = { error: { code: 'NOT_FOUND', message: 'Link de recuperação não encontrado' } };
    const check = await t.request('GET', paths.merchant.recoveryLink('nao-existe'));
    expect([check.status, check.body]).toEqual([404, notFound]);
    const password = { password: 'nova-senha-123', repeatPassword: 'nova-senha-123' };
    const reset = await t.request('PUT', paths.merchant.recoveryLink('nao-existe'), password);
    expect([reset.status, reset.body]).toEqual([404, notFound]);

    await t.request('POST', paths.merchant.recoverPassword, { merchantUserEmail: 'admin@aurora.demo' });
    const outbox = await t.request('GET', `${paths.sandbox.outbox}?to=admin@aurora.demo`);
    const id = new URL(outbox.body.messages[0].link).searchParams.get('recovery_id') ?? '';
    expect((await t.request('PUT', paths.merchant.recoveryLink(id), password)).status).toBe(200);
    const used = await t.request('PUT', paths.merchant.recoveryLink(id), password);
    expect([used.status, used.body]).toEqual([
      410,
      { error: { code: 'LINK_EXPIRED', message: 'Link expirado, faça a solicitação novamente' } },
    ]);

    const email = await t.request('PUT', paths.merchant.recoverEmail, { merchantUserPhone: '123' });
    expect([email.status, email.body]).toEqual([
      400,
      {
        error: {
          code: 'VALIDATION_ERROR',
          message: 'O telefone é inválido',
          issues: [{ path: 'merchantUserPhone', message: 'O telefone é inválido' }],
        },
      },
    ]);
  });
});

describe('customer refusals', () => {
  it('wrong login, profile fields a schema cannot judge, wrong recovery token, unknown access link', async () => {
    const login = await t.request('POST', paths.customer.login, {
      username: '52998224725',
      password: 'errada!!',
    });
    expect([login.status, login.body]).toEqual([
      401,
      { error: { code: 'INVALID_CREDENTIALS', message: 'CPF e/ou senha inválidos' } },
    ]);
    const { token } = await loginCustomer(t);
    const profile = await t.request(
      'PATCH',
      paths.customer.user,
      { birthDate: '31/02/2000', addressState: 'XX' },
      bearer(token),
    );
    expect([profile.status, profile.body]).toEqual([
      400,
      {
        error: {
          code: 'VALIDATION_ERROR',
          message: 'A data de nascimento é inválida',
          issues: [
            { path: 'birthDate', message: 'A data de nascimento é inválida' },
            { path: 'addressState', message: 'O estado deve ser a sigla de uma UF' },
          ],
        },
      },
    ]);
    const reset = await t.request('PUT', paths.customer.recoverPassword, {
      customerCpf: '52998224725',
      token: '000000',
      password: 'nova-senha-123',
      repeatPassword: 'nova-senha-123',
    });
    expect([reset.status, reset.body]).toEqual([
      400,
      {
        error: {
          code: 'INVALID_TOKEN',
          message: 'Token inválido',
          issues: [{ path: 'token', message: 'Token inválido' }],
        },
      },
    ]);
    const linkNotFound = { error: { code: 'NOT_FOUND', message: 'Link não encontrado' } };
    const unknownToken = 'x'.repeat(40);
    const check = await t.request('PUT', paths.customer.recoverAccess, { token: unknownToken });
    expect([check.status, check.body]).toEqual([404, linkNotFound]);
    const redeem = await t.request('PUT', paths.customer.recoverAccessPassword, {
      token: unknownToken,
      password: 'nova-senha-123',
      repeatPassword: 'nova-senha-123',
    });
    expect([redeem.status, redeem.body]).toEqual([404, linkNotFound]);
  });
});

describe('sandbox bank refusals', () => {
  it('unknown cob, OAuth grant and client', async () => {
    const cobNotFound = {
      error: { code: 'COB_NOT_FOUND', message: 'Nenhuma cobrança do PSP sandbox corresponde a este código' },
    };
    const parse = await t.request('POST', '/sandbox/pix/parse', { txid: 'a'.repeat(30) });
    expect([parse.status, parse.body]).toEqual([404, cobNotFound]);
    const form = (body: string, authorization?: string) =>
      t.raw('/sandbox/psp/oauth/token', {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          ...(authorization ? { authorization } : {}),
        },
        body,
      });
    const grant = await form('grant_type=password');
    expect([grant.status, await grant.json()]).toEqual([
      400,
      { error: { code: 'unsupported_grant_type', message: 'Use grant_type=client_credentials' } },
    ]);
    const client = await form('grant_type=client_credentials', `Basic ${btoa('quem:nao-sei')}`);
    expect([client.status, await client.json()]).toEqual([
      401,
      { error: { code: 'invalid_client', message: 'Credenciais de cliente inválidas' } },
    ]);
  });
});
