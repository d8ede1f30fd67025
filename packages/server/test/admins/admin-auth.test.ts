import { paths } from '@drip/core';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/modules/audit/tables.ts';
import { assertTokenPair, bearer, DEMO_PASSWORD, loginAdmin, seededApp } from '../helpers.ts';

let t: Awaited<ReturnType<typeof seededApp>>;
beforeAll(async () => {
  t = await seededApp();
});
afterAll(async () => {
  await t.dispose();
});

describe('admin login', () => {
  it('logs in with the e-mail (any case) and reads the user', async () => {
    const res = await t.request('POST', paths.admin.login, {
      username: ' Admin@Drip.dev ',
      password: DEMO_PASSWORD,
    });
    expect(res.status).toBe(200);
    const pair = assertTokenPair(res.body);
    const me = await t.request('GET', paths.admin.user, undefined, bearer(pair.token));
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ username: 'admin@drip.dev', name: 'Administradora Drip' });
  });

  it('answers 401 on a wrong password, an unknown user, a CPF or a phone', async () => {
    for (const username of ['admin@drip.dev', 'ninguem@drip.dev', '52998224725', '+5511987654321']) {
      const res = await t.request('POST', paths.admin.login, {
        username,
        password: username === 'admin@drip.dev' ? 'wrong-password' : DEMO_PASSWORD,
      });
      expect(res.status, username).toBe(401);
      expect(res.body.error).toEqual({ code: 'INVALID_CREDENTIALS', message: 'E-Mail e/ou senha incorreta' });
    }
  });
});

describe('admin profile update', () => {
  it('refuses a wrong current password with 400 INVALID_PASSWORD (not 401)', async () => {
    const { token } = await loginAdmin(t);
    const res = await t.request(
      'PUT',
      paths.admin.user,
      { username: 'admin@drip.dev', currentPassword: 'nope-nope', newPassword: 'nova-senha-1' },
      bearer(token),
    );
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('INVALID_PASSWORD');
  });

  it('changes e-mail and password, writes the audit log, and the new credentials work', async () => {
    const { token } = await loginAdmin(t);
    const res = await t.request(
      'PUT',
      paths.admin.user,
      { username: 'chefe@drip.dev', currentPassword: DEMO_PASSWORD, newPassword: 'nova-senha-1' },
      bearer(token),
    );
    expect(res.status).toBe(200);
    expect(res.body.username).toBe('chefe@drip.dev');
    const old = await t.request('POST', paths.admin.login, {
      username: 'admin@drip.dev',
      password: DEMO_PASSWORD,
    });
    expect(old.status).toBe(401);
    const fresh = await t.request('POST', paths.admin.login, {
      username: 'chefe@drip.dev',
      password: 'nova-senha-1',
    });
    expect(fresh.status).toBe(200);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'ADMIN_UPDATE_OWN_USER'))
      .orderBy(desc(auditLog.createdAt));
    expect(entry?.actorId).toBe(res.body.id);
    // Restore for the other tests of this file.
    const back = await t.request(
      'PUT',
      paths.admin.user,
      { username: 'admin@drip.dev', currentPassword: 'nova-senha-1', newPassword: DEMO_PASSWORD },
      bearer(assertTokenPair(fresh.body).token),
    );
    expect(back.status).toBe(200);
  });

  it('changes only the e-mail when no new password is given: the password and the session stay', async () => {
    const { token } = await loginAdmin(t);
    const res = await t.request(
      'PUT',
      paths.admin.user,
      { username: 'operacao@drip.dev', currentPassword: DEMO_PASSWORD },
      bearer(token),
    );
    expect(res.status).toBe(200);
    expect(res.body.username).toBe('operacao@drip.dev');
    const same = await t.request('GET', paths.admin.user, undefined, bearer(token));
    expect(same.status).toBe(200);
    const fresh = await t.request('POST', paths.admin.login, {
      username: 'operacao@drip.dev',
      password: DEMO_PASSWORD,
    });
    expect(fresh.status).toBe(200);
    const back = await t.request(
      'PUT',
      paths.admin.user,
      { username: 'admin@drip.dev', currentPassword: DEMO_PASSWORD },
      bearer(token),
    );
    expect(back.status).toBe(200);
  });
});
