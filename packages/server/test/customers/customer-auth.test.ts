import { paths } from '@drip/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertTokenPair, bearer, DEMO_PASSWORD, latestCode, loginCustomer, seededApp } from '../helpers.ts';

let t: Awaited<ReturnType<typeof seededApp>>;
beforeAll(async () => {
  t = await seededApp();
});
afterAll(async () => {
  await t.dispose();
});

const MARIA = { cpf: '52998224725', phone: '+5511912345678' };

describe('customer login', () => {
  it('logs in with CPF digits or a masked CPF', async () => {
    const pair = await loginCustomer(t, '529.982.247-25');
    const me = await t.request('GET', paths.customer.user, undefined, bearer(pair.token));
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      name: 'Maria da Silva',
      cpf: MARIA.cpf,
      phone: MARIA.phone,
      birthDate: '1990-05-14',
    });
  });

  it('401 on wrong password and unknown CPF; 400 on a CPF with bad check digits', async () => {
    const wrong = await t.request('POST', paths.customer.login, { username: MARIA.cpf, password: 'errada' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.message).toBe('CPF e/ou senha inválidos');
    const unknown = await t.request('POST', paths.customer.login, {
      username: '12345678909',
      password: DEMO_PASSWORD,
    });
    expect(unknown.status).toBe(401);
    const malformed = await t.request('POST', paths.customer.login, {
      username: '12345678900',
      password: DEMO_PASSWORD,
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.issues).toEqual([{ path: 'username', message: 'O CPF é inválido' }]);
  });
});

describe('customer profile', () => {
  it('updates the profile; cpf and phone are refused', async () => {
    const { token } = await loginCustomer(t, '11144477735');
    const res = await t.request(
      'PATCH',
      paths.customer.user,
      {
        name: 'João P. Pereira',
        birthDate: '02/11/1985',
        addressCep: '22070011',
        addressState: 'rj',
        addressComplement: '',
      },
      bearer(token),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      phoneUpdated: false,
      passwordUpdated: false,
      user: {
        name: 'João P. Pereira',
        birthDate: '1985-11-02',
        addressCep: '22070-011',
        addressState: 'RJ',
        addressComplement: null,
      },
    });
    const cpf = await t.request('PATCH', paths.customer.user, { cpf: '52998224725' }, bearer(token));
    expect(cpf.status).toBe(400);
    const phone = await t.request('PATCH', paths.customer.user, { phone: '+5511999999999' }, bearer(token));
    expect(phone.status).toBe(400);
    const badDate = await t.request('PATCH', paths.customer.user, { birthDate: '31/02/1990' }, bearer(token));
    expect(badDate.status).toBe(400);
    expect(badDate.body.error.issues[0].path).toBe('birthDate');
  });

  it('changes the password with the current one and ends the other sessions', async () => {
    const first = await loginCustomer(t, '39053344705');
    const wrong = await t.request(
      'PATCH',
      paths.customer.user,
      { currentPassword: 'errada', newPassword: 'nova-senha' },
      bearer(first.token),
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.code).toBe('INVALID_PASSWORD');
    const half = await t.request(
      'PATCH',
      paths.customer.user,
      { newPassword: 'nova-senha' },
      bearer(first.token),
    );
    expect(half.status).toBe(400);
    const ok = await t.request(
      'PATCH',
      paths.customer.user,
      { currentPassword: DEMO_PASSWORD, newPassword: 'nova-senha' },
      bearer(first.token),
    );
    expect(ok.status).toBe(200);
    expect(ok.body.passwordUpdated).toBe(true);
    const refresh = await t.request('PUT', paths.customer.login, undefined, {
      RefreshToken: first.refreshToken,
    });
    expect(refresh.status).toBe(401);
    await loginCustomer(t, '39053344705', 'nova-senha');
  });
});

describe('customer password recovery', () => {
  it('SMS token → validate → reset, token single use, sessions revoked', async () => {
    const session = await loginCustomer(t, MARIA.cpf);
    const start = await t.request('POST', paths.customer.recoverPassword, { customerCpf: '529.982.247-25' });
    expect(start.body).toEqual({ smsDelivered: true });
    const token = await latestCode(t, MARIA.phone);
    const wrongToken = token === '000000' ? '111111' : '000000';
    const invalid = await t.request('PUT', paths.customer.recoverValidate, {
      token: wrongToken,
      customerCpf: MARIA.cpf,
      type: 'password',
    });
    expect(invalid.body).toEqual({ isValid: false });
    const valid = await t.request('PUT', paths.customer.recoverValidate, {
      token,
      customerCpf: MARIA.cpf,
      type: 'password',
    });
    expect(valid.body).toEqual({ isValid: true });
    const reset = await t.request('PUT', paths.customer.recoverPassword, {
      token,
      customerCpf: MARIA.cpf,
      password: 'senha-recuperada',
      repeatPassword: 'senha-recuperada',
    });
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ passwordUpdated: true });
    const again = await t.request('PUT', paths.customer.recoverPassword, {
      token,
      customerCpf: MARIA.cpf,
      password: 'outra-senha-1',
      repeatPassword: 'outra-senha-1',
    });
    expect(again.status).toBe(400);
    expect(again.body.error.message).toBe('Token inválido');
    const refresh = await t.request('PUT', paths.customer.login, undefined, {
      RefreshToken: session.refreshToken,
    });
    expect(refresh.status).toBe(401);
    assertTokenPair(
      (await t.request('POST', paths.customer.login, { username: MARIA.cpf, password: 'senha-recuperada' }))
        .body,
    );
  });

  it('5 wrong validations kill the token; unknown CPF gets the same answer without SMS', async () => {
    await t.request('POST', paths.customer.recoverPassword, { customerCpf: MARIA.cpf });
    const token = await latestCode(t, MARIA.phone);
    const wrong = token === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      await t.request('PUT', paths.customer.recoverValidate, {
        token: wrong,
        customerCpf: MARIA.cpf,
        type: 'password',
      });
    }
    const dead = await t.request('PUT', paths.customer.recoverValidate, {
      token,
      customerCpf: MARIA.cpf,
      type: 'password',
    });
    expect(dead.body).toEqual({ isValid: false });
    const unknown = await t.request('POST', paths.customer.recoverPassword, { customerCpf: '12345678909' });
    expect(unknown.body).toEqual({ smsDelivered: true });
  });

  it('the token expires after 10 minutes', async () => {
    await t.request('POST', paths.customer.recoverPassword, { customerCpf: MARIA.cpf });
    const token = await latestCode(t, MARIA.phone);
    t.clock.advance(11 * 60 * 1000);
    const res = await t.request('PUT', paths.customer.recoverValidate, {
      token,
      customerCpf: MARIA.cpf,
      type: 'password',
    });
    expect(res.body).toEqual({ isValid: false });
  });
});
