/** The back office's merchant calls: validation, audit entries in the same transaction, merchant-scoped ids. */
import {
  adminCreateMerchantCashback,
  adminCreateMerchantFee,
  adminCreateSettlementConfiguration,
  adminMerchant,
  adminMerchantFee,
  adminMerchants,
  adminMerchantUser,
  adminResetMerchantApiKey,
  adminUpdateMerchant,
  adminUpdateMerchantFee,
  adminUpdateMerchantUser,
  adminUpdateSettlementConfiguration,
  fillPath,
  merchantGetMerchant,
  merchantRiskMessages,
  PIX_KEY_INVALID,
  paths,
} from '@drip/core';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../src/modules/audit/tables.ts';
import { createCheckout } from '../checkout-helpers.ts';
import { bearer, latestCode } from '../helpers.ts';
import {
  type AdminApp,
  createMerchant,
  createUser,
  merchantForm,
  withAdminApp,
} from './admin-merchant-helpers.ts';

let t: AdminApp['t'];
let admin: AdminApp['admin'];
let call: AdminApp['call'];
withAdminApp((app) => {
  ({ t, admin, call } = app);
});

async function auditOf(action: string, entityId: string) {
  return t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, entityId)));
}

const issuesOf = (body: { error?: { issues?: { path: string; message: string }[] } }) =>
  body.error?.issues ?? [];

describe('merchants: create, list, details, edit', () => {
  it('onboards a merchant with a working API key, audited', async () => {
    const res = await createMerchant(t, admin);
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      cnpj: '11222333000181',
      pixKey: '11222333000181',
      pixKeyType: 'CNPJ',
      initials: 'LN',
      status: 'ENABLED',
      representativeCpf: '52998224725',
    });
    expect(res.body.apiKey).toMatch(/^sk_sandbox_/);
    expect(await auditOf('MERCHANT_CREATED', res.body.id)).toHaveLength(1);
    await expect(createCheckout(t, res.body.apiKey)).resolves.toMatch(/[0-9a-f-]{36}/);
  });

  it("refuses a Pix key that does not match its type with the spec's message", async () => {
    for (const [pixKeyType, pixKey] of [
      ['CPF', '111.111.111-11'],
      ['CNPJ', '11.222.333/0001-00'],
      ['PHONE', '(11) 91234-5678'],
      ['CPF', ''],
    ]) {
      const res = await createMerchant(t, admin, { pixKeyType, pixKey });
      expect(res.status, `${pixKeyType} ${pixKey}`).toBe(400);
      expect(issuesOf(res.body)).toContainEqual({ path: 'pixKey', message: PIX_KEY_INVALID });
    }
    const phone = await createMerchant(t, admin, { pixKeyType: 'PHONE', pixKey: '+55 (11) 91234-5678' });
    expect(phone.status).toBe(201);
    expect(phone.body.pixKey).toBe('+5511912345678');
    const email = await createMerchant(t, admin, { pixKeyType: 'EMAIL', pixKey: 'pix@loja.example' });
    expect(email.body.pixKey).toBe('pix@loja.example');
  });

  it('refuses the risk flags against their dependencies with the two messages', async () => {
    const noMax = await createMerchant(t, admin, { skipOrderAmountRule: true, maxAmountPerOrder: 0 });
    expect(noMax.status).toBe(400);
    expect(issuesOf(noMax.body)).toContainEqual({
      path: 'maxAmountPerOrder',
      message: merchantRiskMessages.maxAmountRequired,
    });
    const score = await createMerchant(t, admin, { skipProtectedScore: true, skipOrderAmountRule: false });
    expect(score.status).toBe(400);
    expect(issuesOf(score.body)).toContainEqual({
      path: 'skipProtectedScore',
      message: merchantRiskMessages.protectedScoreNeedsMaxAmountRule,
    });
    const ok = await createMerchant(t, admin, {
      skipProtectedScore: true,
      skipOrderAmountRule: true,
      maxAmountPerOrder: 1500.5,
    });
    expect(ok.status).toBe(201);
    expect(ok.body.maxAmountPerOrder).toBe(1500.5);
  });

  it('requires url and integration type when the merchant shows in the app, and the required fields', async () => {
    const res = await createMerchant(t, admin, { enableInApp: true });
    expect(res.status).toBe(400);
    expect(issuesOf(res.body).map((i) => i.path)).toEqual(expect.arrayContaining(['url', 'integrationType']));
    const missing = await createMerchant(t, admin, {
      legalName: '',
      representativeCpf: '123',
      initials: 'ABC',
    });
    expect(missing.status).toBe(400);
    expect(issuesOf(missing.body).map((i) => i.path)).toEqual(
      expect.arrayContaining(['legalName', 'representativeCpf', 'initials']),
    );
  });

  it('lists by store name (any case, % is a letter), paged', async () => {
    const name = `Empório Zeta ${Date.now()}`;
    const created = await createMerchant(t, admin, { name });
    const res = await t.request(
      'GET',
      `${adminMerchants.path}?name=${encodeURIComponent('empório zeta')}&size=5`,
      undefined,
      admin,
    );
    expect(res.status).toBe(200);
    expect(res.body.content.map((m: { id: string }) => m.id)).toContain(created.body.id);
    const none = await t.request('GET', `${adminMerchants.path}?name=%25`, undefined, admin);
    expect(none.body.totalElements).toBe(0);
    const bad = await t.request('GET', `${adminMerchants.path}?size=1000`, undefined, admin);
    expect(bad.status).toBe(400);
  });

  it('finds a merchant by its document, masked or not, whole or part; a document-like name still matches', async () => {
    const created = await createMerchant(t, admin, {
      name: 'Ótica Documento Sem Números',
      cnpj: '45.723.174/0001-10',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const ids = async (text: string) => {
      const res = await t.request(
        'GET',
        `${adminMerchants.path}?name=${encodeURIComponent(text)}&size=100`,
        undefined,
        admin,
      );
      expect(res.status).toBe(200);
      return res.body.content.map((m: { id: string }) => m.id);
    };
    for (const text of ['45.723.174/0001-10', '45723174000110', '723.174', ' 7231740001 '])
      expect(await ids(text), text).toContain(created.body.id);
    // Letters make it a name search; fewer than 3 digits are too little to be a document.
    expect(await ids('45.723.174a')).not.toContain(created.body.id);
    expect(await ids('10')).not.toContain(created.body.id);
    const numbered = await createMerchant(t, admin, { name: `Loja 987654 ${Date.now()}` });
    expect(await ids('987654')).toContain(numbered.body.id);
  });

  it('edits the whole form, audits the changed field names, and 404s an unknown merchant', async () => {
    const created = await createMerchant(t, admin);
    const path = fillPath(adminUpdateMerchant.path, { merchantId: created.body.id });
    const res = await t.request(
      'PUT',
      path,
      merchantForm({ name: 'Loja Renomeada', cancelMaxDays: 15 }),
      admin,
    );
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      name: 'Loja Renomeada',
      cancelMaxDays: 15,
      apiKey: created.body.apiKey,
    });
    const [entry] = await auditOf('MERCHANT_UPDATED', created.body.id);
    expect(entry?.details).toMatchObject({ changed: expect.arrayContaining(['name', 'cancelMaxDays']) });
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      const missing = await call(adminUpdateMerchant, { merchantId: id }, merchantForm());
      expect(missing.status).toBe(404);
      const details = await call(adminMerchant, { merchantId: id });
      expect(details.status).toBe(404);
    }
  });
});

describe('API key reset', () => {
  it('revokes the old key at once and the new one works, audited', async () => {
    const created = await createMerchant(t, admin);
    const old = created.body.apiKey as string;
    await createCheckout(t, old);
    const res = await call(adminResetMerchantApiKey, { merchantId: created.body.id });
    expect(res.status).toBe(200);
    expect(res.body.apiKey).not.toBe(old);
    await expect(createCheckout(t, old)).rejects.toThrow(/create failed: 401/);
    await expect(createCheckout(t, res.body.apiKey)).resolves.toBeTruthy();
    expect(await auditOf('MERCHANT_API_KEY_RESET', created.body.id)).toHaveLength(1);
    const unknown = await call(adminResetMerchantApiKey, {
      merchantId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.status).toBe(404);
  });
});

describe('fees, cashbacks, settlement configurations', () => {
  it('validates, audits, colours active / expired / other, and keeps ids within their merchant', async () => {
    const m = (await createMerchant(t, admin)).body.id as string;
    const other = (await createMerchant(t, admin)).body.id as string;
    const fees = fillPath(adminCreateMerchantFee.path, { merchantId: m });
    for (const amount of [-1, 100.01, 2.999, '3']) {
      const bad = await t.request('POST', fees, { amount }, admin);
      expect(bad.status, String(amount)).toBe(400);
    }
    const expired = await t.request('POST', fees, { amount: 1.5, expirationDate: '2000-01-01' }, admin);
    t.clock.advance(1000);
    const older = await t.request('POST', fees, { amount: 2 }, admin);
    t.clock.advance(1000);
    const fee = await t.request('POST', fees, { amount: 2.99 }, admin);
    expect(fee.status, fee.text).toBe(201);
    expect(fee.body).toMatchObject({ amount: 2.99, state: 'ACTIVE', expirationDate: null });
    expect(await auditOf('MERCHANT_FEE_CREATED', fee.body.id)).toHaveLength(1);
    const details = await call(adminMerchant, { merchantId: m });
    expect(details.body.fees.map((f: { id: string; state: string }) => [f.id, f.state])).toEqual([
      [fee.body.id, 'ACTIVE'],
      [older.body.id, 'OTHER'],
      [expired.body.id, 'EXPIRED'],
    ]);
    // Another merchant's path never reaches this fee.
    const cross = fillPath(adminMerchantFee.path, { merchantId: other, feeId: fee.body.id });
    expect((await t.request('GET', cross, undefined, admin)).status).toBe(404);
    expect((await t.request('PUT', cross, { amount: 9 }, admin)).status).toBe(404);
    const edited = await call(
      adminUpdateMerchantFee,
      { merchantId: m, feeId: fee.body.id },
      { amount: 3, expirationDate: null },
    );
    expect(edited.body).toMatchObject({ amount: 3, state: 'ACTIVE' });
    expect(await auditOf('MERCHANT_FEE_UPDATED', fee.body.id)).toHaveLength(1);

    const cashbacks = fillPath(adminCreateMerchantCashback.path, { merchantId: m });
    expect((await t.request('POST', cashbacks, { ratio: 1.5 }, admin)).status).toBe(400);
    const cb = await t.request('POST', cashbacks, { ratio: 0.05 }, admin);
    expect(cb.status).toBe(201);
    expect(cb.body).toMatchObject({ ratio: 0.05, state: 'ACTIVE' });
    expect(await auditOf('MERCHANT_CASHBACK_CREATED', cb.body.id)).toHaveLength(1);

    const configs = fillPath(adminCreateSettlementConfiguration.path, { merchantId: m });
    const bad = await t.request(
      'POST',
      configs,
      { transferDelayInDays: 10, payAllInOneSettlement: true },
      admin,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('O prazo de repasse deve ser um de: 0, 5, 7, 15, 30, 45 dias');
    for (const transferDelayInDays of [0, 5, 7, 15, 30, 45]) {
      const ok = await t.request(
        'POST',
        configs,
        { transferDelayInDays, payAllInOneSettlement: false },
        admin,
      );
      expect(ok.status).toBe(201);
      t.clock.advance(1000);
    }
    const cfg = await t.request(
      'POST',
      configs,
      { transferDelayInDays: 7, payAllInOneSettlement: true, expirationDate: '2099-12-31' },
      admin,
    );
    expect(cfg.body).toMatchObject({ transferDelayInDays: 7, payAllInOneSettlement: true, state: 'ACTIVE' });
    const changed = await call(
      adminUpdateSettlementConfiguration,
      { merchantId: m, configId: cfg.body.id },
      { transferDelayInDays: 15, payAllInOneSettlement: false, expirationDate: '2099-12-31' },
    );
    expect(changed.body).toMatchObject({ transferDelayInDays: 15, payAllInOneSettlement: false });
    expect(await auditOf('MERCHANT_SETTLEMENT_CONFIGURATION_UPDATED', cfg.body.id)).toHaveLength(1);

    const unknownMerchant = fillPath(adminCreateMerchantFee.path, {
      merchantId: '00000000-0000-4000-8000-000000000000',
    });
    expect((await t.request('POST', unknownMerchant, { amount: 1 }, admin)).status).toBe(404);
  });
});

describe('merchant users', () => {
  it('creates an ADMIN user who signs in to the merchant portal; a repeated e-mail is a 409', async () => {
    const m = (await createMerchant(t, admin)).body.id as string;
    const res = await createUser(t, admin, m, { email: 'Dono@LojaNova.example' });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      email: 'dono@lojanova.example',
      phone: '+5511912345678',
      permissions: ['ADMIN', 'READ'],
    });
    expect(await auditOf('MERCHANT_USER_CREATED', res.body.id)).toHaveLength(1);
    const again = await createUser(t, admin, m, { email: 'dono@lojanova.example' });
    expect(again.status).toBe(409);
    // The seed's merchant user e-mail too: unique across merchants.
    expect((await createUser(t, admin, m, { email: 'admin@aurora.demo' })).status).toBe(409);

    const step1 = await t.request('POST', paths.merchant.login, {
      username: 'dono@lojanova.example',
      password: 'senha-forte-1',
    });
    expect(step1.status, step1.text).toBe(200);
    const smsCode = await latestCode(t, '+5511912345678');
    const step2 = await t.request('POST', paths.merchant.login, {
      username: 'dono@lojanova.example',
      smsCode,
    });
    expect(step2.status, step2.text).toBe(200);
    const me = await t.request('GET', merchantGetMerchant.path, undefined, bearer(step2.body.token));
    expect(me.body).toMatchObject({ id: m, onlyRead: false });

    // Taking 'can cancel/order' away ends the session at once; the next sign-in is read-only.
    const { merchantId: _, ...form } = { ...res.body, password: null };
    const demoted = await call(
      adminUpdateMerchantUser,
      { id: res.body.id },
      { ...form, permissions: ['READ'] },
    );
    expect(demoted.status, demoted.text).toBe(200);
    expect(
      (await t.request('GET', merchantGetMerchant.path, undefined, bearer(step2.body.token))).status,
    ).toBe(401);
    await t.request('POST', paths.merchant.login, {
      username: 'dono@lojanova.example',
      password: 'senha-forte-1',
    });
    const code2 = await latestCode(t, '+5511912345678');
    const again2 = await t.request('POST', paths.merchant.login, {
      username: 'dono@lojanova.example',
      smsCode: code2,
    });
    expect(again2.status, again2.text).toBe(200);
    const readOnly = await t.request('GET', merchantGetMerchant.path, undefined, bearer(again2.body.token));
    expect(readOnly.body).toMatchObject({ onlyRead: true, permissions: ['READ'] });
  });

  it('validates the user form and edits permissions (ending the sessions), audited', async () => {
    const m = (await createMerchant(t, admin)).body.id as string;
    const bad = await createUser(t, admin, m, { phone: '123', email: 'nope', password: 'curta' });
    expect(bad.status).toBe(400);
    expect((await createUser(t, admin, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    const created = await createUser(t, admin, m);
    const path = fillPath(adminUpdateMerchantUser.path, { id: created.body.id });
    const { merchantId: _, password: __, ...form } = { ...created.body, password: null };
    const res = await t.request('PUT', path, { ...form, permissions: ['READ'] }, admin);
    expect(res.status, res.text).toBe(200);
    expect(res.body.permissions).toEqual(['READ']);
    const [entry] = await auditOf('MERCHANT_USER_UPDATED', created.body.id);
    expect(entry?.details).toMatchObject({ permissions: ['READ'], sessionsEnded: true });
    const taken = await t.request('PUT', path, { ...form, email: 'admin@aurora.demo' }, admin);
    expect(taken.status).toBe(409);
    const read = await call(adminMerchantUser, { id: created.body.id });
    expect(read.body.permissions).toEqual(['READ']);
  });
});
