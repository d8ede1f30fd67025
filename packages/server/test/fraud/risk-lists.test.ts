/**
 * The back office's risk lists (docs/risk-lists.md): blocks by CPF, phone and CEP, the trust list and the
 * debt-negotiation list, through the admin API; each change audited in its transaction and read by the next credit
 * analysis of a real checkout.
 */
import {
  type AnyEndpoint,
  addDaysIso,
  adminFraudBlock,
  adminFraudReasons,
  adminFraudReport,
  adminFraudUnblock,
  adminNegotiationAdd,
  adminNegotiationRemove,
  adminNegotiationTypes,
  adminTrustAdd,
  adminTrustRemove,
  formatCpf,
  isoDateInSaoPaulo,
} from '@drip/core';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog } from '../../src/modules/audit/tables.ts';
import { checkouts } from '../../src/modules/checkouts/tables.ts';
import { creditDecisions } from '../../src/modules/credit/tables.ts';
import { customers } from '../../src/modules/customers/tables.ts';
import { fraudBlocks, trustList } from '../../src/modules/fraud/tables.ts';
import {
  apiKeyOf,
  createCheckout,
  customerData,
  field,
  freshShopper,
  PITANGA,
  payPix,
  put,
} from '../checkout-helpers.ts';
import {
  bearer,
  latestCode,
  loginAdmin,
  loginCustomer,
  loginMerchant,
  seededApp,
  type TestResponse,
} from '../helpers.ts';

let t: Awaited<ReturnType<typeof seededApp>>;
let pitanga: string;
let admin: Record<string, string>;
let adminId: string;

beforeAll(async () => {
  t = await seededApp();
  pitanga = await apiKeyOf(t, PITANGA);
  const pair = await loginAdmin(t);
  admin = bearer(pair.token);
  adminId = JSON.parse(Buffer.from(pair.token.split('.')[1] ?? '', 'base64url').toString()).sub;
});
afterAll(async () => {
  await t.dispose();
});

const call = (endpoint: AnyEndpoint, body?: unknown, headers = admin): Promise<TestResponse> =>
  t.request(endpoint.method, endpoint.path, endpoint.method === 'GET' ? undefined : body, headers);

/** The reason Drip decided and keeps (the shopper may read DEFAULT for a fraud reason). */
async function storedReason(id: string) {
  const [row] = await t.database.db
    .select({ koReason: checkouts.koReason, status: checkouts.status })
    .from(checkouts)
    .where(eq(checkouts.id, id));
  return row?.koReason ?? null;
}

async function decisionOf(id: string) {
  const [row] = await t.database.db
    .select()
    .from(creditDecisions)
    .where(eq(creditDecisions.checkoutId, id))
    .orderBy(desc(creditDecisions.createdAt));
  return row;
}

/** A first purchase at Casa Pitanga through the analysis; the stored reason (null when approved). */
async function buy(shopper: { cpf: string; phone: string }, cep = '01310-100', typedCpf = shopper.cpf) {
  const id = await createCheckout(t, pitanga, { amount: 100 });
  const sent = await put(t, id, customerData(typedCpf, shopper.phone, { addressCep: cep }));
  expect(sent.status, sent.text).toBe(200);
  const code = await latestCode(t, shopper.phone);
  const afterToken = await put(t, id, { phoneVerificationCode: code });
  const payment = field(afterToken, 'payment');
  if (payment) await payPix(t, payment.fieldData.paymentQrCodeText, shopper.cpf);
  const analysed = await put(t, id);
  const decision = await decisionOf(id);
  expect(decision, analysed.text).toBeDefined();
  return { id, reason: await storedReason(id), decision };
}

async function auditOf(action: string, entityId: string) {
  return t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, entityId)))
    .orderBy(desc(auditLog.createdAt));
}

let seed = 77_000;
const shopper = () => {
  seed += 17;
  return freshShopper(seed);
};

describe('the options of the forms', () => {
  it('GET /fraud/reason: the block reasons of spec 9 (the negotiation types without Cep Sector Block)', async () => {
    const res = await call(adminFraudReasons);
    expect(res.status).toBe(200);
    expect(res.body.map((o: { label: string }) => o.label)).toEqual([
      'Suspect Block',
      'Fraud ID',
      'Friends and family fraud',
      'Account takeover',
      'Fraud Risk',
      'Lack of business interest',
      'Other',
    ]);
  });

  it('GET /debt-negotiation/type: the negotiation types of spec 9', async () => {
    const res = await call(adminNegotiationTypes);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(8);
    expect(res.body[6]).toEqual({ value: 'CEP_SECTOR_BLOCK', label: 'Cep Sector Block' });
  });
});

describe('the reference', () => {
  it("lists every risk-list call at the spec's paths", async () => {
    const doc = await t.request('GET', '/api/openapi.json');
    const paths = Object.keys(doc.body.paths).filter((k) => /fraud|trust|debt-negotiation/.test(k));
    expect(paths.map((k) => k.replace('/admin_backoffice/api/v1', '')).sort()).toEqual([
      '/debt-negotiation/add',
      '/debt-negotiation/remove',
      '/debt-negotiation/type',
      '/fraud/block',
      '/fraud/reason',
      '/fraud/reports/customers/{id}',
      '/fraud/unblock',
      '/trust/add',
      '/trust/remove',
    ]);
  });
});

describe('only an admin reaches the risk lists', () => {
  const ENDPOINTS = [
    adminFraudReasons,
    adminFraudBlock,
    adminFraudUnblock,
    adminFraudReport,
    adminTrustAdd,
    adminTrustRemove,
    adminNegotiationTypes,
    adminNegotiationAdd,
    adminNegotiationRemove,
  ];

  it('a merchant, a customer or nobody cannot block, trust or list anyone (and nothing changes)', async () => {
    const victim = shopper();
    const body = { cpfs: [victim.cpf], reason: 'FRAUD_RISK', description: 'x' };
    const callers: [string, Record<string, string>, number][] = [
      ['merchant admin', bearer((await loginMerchant(t)).token), 403],
      ['customer', bearer((await loginCustomer(t)).token), 403],
      ['nobody', {}, 401],
      ['forged token', bearer(`${(await loginAdmin(t)).token}x`), 401],
    ];
    for (const [who, headers, status] of callers) {
      for (const endpoint of ENDPOINTS) {
        const res = await call(endpoint, body, headers);
        expect(res.status, `${endpoint.id} as ${who}`).toBe(status);
      }
    }
    const rows = await t.database.db.select().from(fraudBlocks).where(eq(fraudBlocks.value, victim.cpf));
    expect(rows).toEqual([]);
    const trusted = await t.database.db.select().from(trustList).where(eq(trustList.cpf, victim.cpf));
    expect(trusted).toEqual([]);
  });
});

describe('validation', () => {
  it('block: a CPF with wrong check digits, a phone and a CEP that are not ones are a 422 naming each', async () => {
    const res = await call(adminFraudBlock, {
      cpfs: ['529.982.247-26'],
      phones: ['1234'],
      addressCeps: ['0131-100'],
      reason: 'FRAUD_RISK',
    });
    expect(res.status).toBe(422);
    expect(res.body.error.issues.map((i: { path: string }) => i.path)).toEqual([
      'cpfs.0',
      'phones.0',
      'addressCeps.0',
    ]);
    expect(res.body.error.message).toBe('CPF inválido: 529.982.247-26');
  });

  it('block: nothing to block, or no reason, is refused', async () => {
    expect((await call(adminFraudBlock, { cpfs: ['', ' '], reason: 'FRAUD_RISK' })).status).toBe(422);
    expect((await call(adminFraudBlock, { cpfs: [shopper().cpf] })).status).toBe(400);
    expect((await call(adminFraudBlock, { cpfs: [shopper().cpf], reason: 'NOPE' })).status).toBe(400);
  });

  it('unblock of a value that is not blocked is a 404, and nothing of the call is applied', async () => {
    const blocked = shopper();
    const never = shopper();
    const ok = await call(adminFraudBlock, { cpfs: [blocked.cpf], reason: 'SUSPECT_BLOCK' });
    expect(ok.status).toBe(200);
    const res = await call(adminFraudUnblock, { cpfs: [blocked.cpf, never.cpf] });
    expect(res.status).toBe(404);
    expect(res.body.error.message).toContain(never.cpf);
    const [row] = await t.database.db.select().from(fraudBlocks).where(eq(fraudBlocks.value, blocked.cpf));
    expect(row?.active).toBe(true);
    expect(await auditOf('FRAUD_UNBLOCKED', blocked.cpf)).toEqual([]);
    // A value unblocked already is not blocked either.
    expect((await call(adminFraudUnblock, { cpfs: [blocked.cpf] })).status).toBe(200);
    expect((await call(adminFraudUnblock, { cpfs: [blocked.cpf] })).status).toBe(404);
  });

  it('trust: an expiration before today (São Paulo, app clock) is a 422; today is allowed', async () => {
    const today = isoDateInSaoPaulo(t.clock.now());
    const cpf = shopper().cpf;
    const past = await call(adminTrustAdd, { cpfs: [cpf], expirationDate: addDaysIso(today, -1) });
    expect(past.status).toBe(422);
    expect(past.body.error.issues[0].path).toBe('expirationDate');
    const same = await call(adminTrustAdd, { cpfs: [cpf], expirationDate: today });
    expect(same.status).toBe(200);
    expect(same.body).toEqual({ cpfs: [cpf], expirationDate: today });
  });

  it('trust: remove of a CPF not on the list is a 404; an invalid CPF a 422', async () => {
    expect((await call(adminTrustRemove, { cpfs: [shopper().cpf] })).status).toBe(404);
    expect((await call(adminTrustRemove, { cpfs: ['11111111112'] })).status).toBe(422);
    expect((await call(adminTrustAdd, { cpfs: [] })).status).toBe(422);
  });

  it('negotiation: a CPF that looks invalid is a 422 listing it, unless the operator confirmed it', async () => {
    const refused = await call(adminNegotiationAdd, { cpfs: ['123.456.789-00', '12345'] });
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe('INVALID_CPF');
    expect(refused.body.error.issues).toHaveLength(2);
    const confirmed = await call(adminNegotiationAdd, {
      cpfs: ['123.456.789-00'],
      type: 'OTHER',
      description: 'acordo com assessoria',
      confirmInvalidCpfs: true,
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.cpfs).toEqual(['12345678900']);
    expect((await call(adminNegotiationRemove, { cpfs: ['12345678900'] })).status).toBe(200);
    expect((await call(adminNegotiationRemove, { cpfs: ['12345678900'] })).status).toBe(404);
    // Letters only: no digits to keep, even confirmed.
    expect((await call(adminNegotiationAdd, { cpfs: ['abc'], confirmInvalidCpfs: true })).status).toBe(422);
    expect((await call(adminNegotiationAdd, { cpfs: ['x'], type: 'NOPE' })).status).toBe(400);
  });
});

describe("a customer's fraud report", () => {
  it('says which of its CPF, phone and CEP are blocked, its whitelist entry and the negotiation list', async () => {
    const [maria] = await t.database.db.select().from(customers).where(eq(customers.cpf, '52998224725'));
    if (!maria) throw new Error('no demo customer');
    const report = () => t.request('GET', adminFraudReport.path.replace(':id', maria.id), undefined, admin);
    expect((await report()).body).toEqual({
      blockedCpf: false,
      blockedPhone: false,
      blockedAddressCep: false,
      whitelist: null,
      isOnDebtNegotiation: false,
    });
    const today = isoDateInSaoPaulo(t.clock.now());
    await call(adminFraudBlock, { phones: [maria.phone.slice(3)], reason: 'OTHER' });
    await call(adminTrustAdd, { cpfs: [maria.cpf], expirationDate: today });
    await call(adminNegotiationAdd, { cpfs: [maria.cpf] });
    expect((await report()).body).toEqual({
      blockedCpf: false,
      blockedPhone: true,
      blockedAddressCep: false,
      whitelist: { active: true, expiresAt: today },
      isOnDebtNegotiation: true,
    });
    await call(adminFraudUnblock, { phones: [maria.phone] });
    await call(adminTrustRemove, { cpfs: [maria.cpf] });
    await call(adminNegotiationRemove, { cpfs: [maria.cpf] });
    expect((await report()).body.blockedPhone).toBe(false);
  });

  it('an unknown customer is a 404', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const id of [unknown, 'nope']) {
      const res = await t.request('GET', adminFraudReport.path.replace(':id', id), undefined, admin);
      expect(res.status, id).toBe(404);
    }
  });
});

describe('audit: who, when, what, before and after, with the change', () => {
  it('a block, a new reason and an unblock each leave their entry', async () => {
    const s = shopper();
    await call(adminFraudBlock, { cpfs: [formatCpf(s.cpf)], reason: 'FRAUD_ID', description: 'doc falso' });
    await call(adminFraudBlock, { cpfs: [s.cpf], reason: 'ACCOUNT_TAKEOVER', description: null });
    await call(adminFraudUnblock, { cpfs: [s.cpf] });
    const blocked = await auditOf('FRAUD_BLOCKED', s.cpf);
    expect(blocked).toHaveLength(2);
    // Same instant on the test clock: told apart by what they found.
    const first = blocked.find((a) => a.details.before === null);
    const second = blocked.find((a) => a.details.before !== null);
    expect(first).toMatchObject({
      actorType: 'ADMIN',
      actorId: adminId,
      entityType: 'BLOCKED_CPF',
      details: { before: null, after: { active: true, reason: 'FRAUD_ID', description: 'doc falso' } },
    });
    expect(first?.createdAt.getTime()).toBe(t.clock.now().getTime());
    expect(first?.requestId).toBeTruthy();
    expect(second?.details).toEqual({
      before: { active: true, reason: 'FRAUD_ID', description: 'doc falso' },
      after: { active: true, reason: 'ACCOUNT_TAKEOVER', description: null },
    });
    const [unblocked] = await auditOf('FRAUD_UNBLOCKED', s.cpf);
    expect(unblocked?.details).toMatchObject({ before: { active: true }, after: { active: false } });
  });

  it('trust and negotiation changes are audited with before and after', async () => {
    const s = shopper();
    const today = isoDateInSaoPaulo(t.clock.now());
    await call(adminTrustAdd, { cpfs: [s.cpf] });
    await call(adminTrustAdd, { cpfs: [s.cpf], expirationDate: addDaysIso(today, 10) });
    await call(adminTrustRemove, { cpfs: [s.cpf] });
    const added = await auditOf('TRUST_ADDED', s.cpf);
    const byBefore = (a: { details: Record<string, unknown> }) => (a.details.before === null ? 0 : 1);
    expect(added.sort((a, b) => byBefore(a) - byBefore(b)).map((a) => a.details)).toEqual([
      { before: null, after: { expirationDate: addDaysIso(today, 3) } },
      { before: { expirationDate: addDaysIso(today, 3) }, after: { expirationDate: addDaysIso(today, 10) } },
    ]);
    const [removed] = await auditOf('TRUST_REMOVED', s.cpf);
    expect(removed?.details).toEqual({ before: { expirationDate: addDaysIso(today, 10) }, after: null });

    await call(adminNegotiationAdd, { cpfs: [s.cpf], type: 'FRAUD_RISK', description: 'PGF' });
    await call(adminNegotiationRemove, { cpfs: [s.cpf] });
    const [neg] = await auditOf('DEBT_NEGOTIATION_ADDED', s.cpf);
    expect(neg).toMatchObject({
      actorId: adminId,
      details: { before: null, after: { type: 'FRAUD_RISK', description: 'PGF' } },
    });
    const [negOut] = await auditOf('DEBT_NEGOTIATION_REMOVED', s.cpf);
    expect(negOut?.details).toEqual({ before: { type: 'FRAUD_RISK', description: 'PGF' }, after: null });
  });

  it('the change and its entry commit together: an audit write that fails leaves no change', async () => {
    const s = shopper();
    const audit = vi
      .spyOn(t.built.services.audit, 'record')
      .mockRejectedValueOnce(new Error('audit log unavailable'));
    try {
      const res = await call(adminFraudBlock, { cpfs: [s.cpf], reason: 'FRAUD_RISK' });
      expect(res.status).toBe(500);
      const trusted = await call(adminTrustAdd, { cpfs: [s.cpf] });
      expect(trusted.status).toBe(200);
    } finally {
      audit.mockRestore();
    }
    const rows = await t.database.db.select().from(fraudBlocks).where(eq(fraudBlocks.value, s.cpf));
    expect(rows).toEqual([]);
    expect(await auditOf('TRUST_ADDED', s.cpf)).toHaveLength(1);
  });

  it('a refused call (422, 404) writes no entry', async () => {
    const s = shopper();
    await call(adminFraudBlock, { cpfs: [s.cpf], phones: ['12'], reason: 'OTHER' });
    await call(adminTrustRemove, { cpfs: [s.cpf] });
    const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, s.cpf));
    expect(rows).toEqual([]);
  });
});

describe('the lists are live inputs of the credit analysis', () => {
  it('a blocked CPF (typed with dots) denies the next checkout BLOCKED_CUSTOMER_CPF; unblocked, it passes', async () => {
    const s = shopper();
    expect((await call(adminFraudBlock, { cpfs: [formatCpf(s.cpf)], reason: 'FRAUD_RISK' })).status).toBe(
      200,
    );
    const denied = await buy(s);
    expect(denied.reason).toBe('BLOCKED_CUSTOMER_CPF');
    // The shopper types it with dots this time: the same CPF.
    expect((await buy(s, '01310-100', formatCpf(s.cpf))).reason).toBe('BLOCKED_CUSTOMER_CPF');
    expect((await call(adminFraudUnblock, { cpfs: [` ${formatCpf(s.cpf)} `] })).status).toBe(200);
    const passed = await buy(s);
    expect(passed.reason).toBeNull();
    expect(passed.decision?.decision).toBe('APPROVED');
  });

  it.each([
    ['national digits', (p: string) => p.slice(3)],
    ['mask without +55', (p: string) => `(${p.slice(3, 5)}) ${p.slice(5, 10)}-${p.slice(10)}`],
    ['+55 with spaces', (p: string) => `+55 ${p.slice(3, 5)} ${p.slice(5, 10)} ${p.slice(10)}`],
    ['55 without +', (p: string) => p.slice(1)],
  ])('a phone blocked as %s matches the checkout phone in any notation', async (_n, notation) => {
    const s = shopper();
    const res = await call(adminFraudBlock, { phones: [notation(s.phone)], reason: 'SUSPECT_BLOCK' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.phones).toEqual([s.phone]);
    // The shopper types yet another notation: the checkout reads it to the same E.164.
    const typed = { ...s, phone: `(${s.phone.slice(3, 5)}) ${s.phone.slice(5)}` };
    const id = await createCheckout(t, pitanga, { amount: 100 });
    await put(t, id, customerData(typed.cpf, typed.phone));
    const code = await latestCode(t, s.phone);
    const afterToken = await put(t, id, { phoneVerificationCode: code });
    await payPix(t, field(afterToken, 'payment').fieldData.paymentQrCodeText, s.cpf);
    await put(t, id);
    expect(await storedReason(id)).toBe('BLOCKED_CUSTOMER_PHONE');
  });

  it('a CEP blocked with its dash denies a checkout typed without it (and the other way round)', async () => {
    const dashed = await call(adminFraudBlock, { addressCeps: ['04538-133'], reason: 'OTHER' });
    expect(dashed.body.addressCeps).toEqual(['04538133']);
    expect((await buy(shopper(), '04538133')).reason).toBe('BLOCKED_CUSTOMER_ADDRESS_CEP');
    await call(adminFraudBlock, { addressCeps: ['04538134'], reason: 'OTHER' });
    expect((await buy(shopper(), '04538-134')).reason).toBe('BLOCKED_CUSTOMER_ADDRESS_CEP');
    await call(adminFraudUnblock, { addressCeps: ['04538 133'] });
    expect((await buy(shopper(), '04538-133')).reason).toBeNull();
  });

  it('a trusted CPF skips the fraud rules until its entry expires (by the app clock, São Paulo)', async () => {
    const s = shopper();
    await call(adminFraudBlock, { cpfs: [s.cpf], reason: 'FRAUD_RISK' });
    const today = isoDateInSaoPaulo(t.clock.now());
    const trusted = await call(adminTrustAdd, { cpfs: [formatCpf(s.cpf)] });
    expect(trusted.body).toEqual({ cpfs: [s.cpf], expirationDate: addDaysIso(today, 3) });
    const through = await buy(s);
    expect(through.reason).toBeNull();
    expect(through.decision?.rules.find((r) => r.rule === 'BLOCKED_CUSTOMER_CPF')).toMatchObject({
      skipped: true,
      details: { skippedBy: 'WHITELIST' },
    });
    // The last day of trust is the expiration date itself; the day after, the block denies again.
    const start = t.clock.now();
    try {
      t.clock.set(new Date(`${addDaysIso(today, 3)}T23:00:00-03:00`));
      expect((await buy(s)).reason).toBeNull();
      t.clock.set(new Date(`${addDaysIso(today, 4)}T00:30:00-03:00`));
      expect((await buy(s)).reason).toBe('BLOCKED_CUSTOMER_CPF');
    } finally {
      t.clock.set(start);
    }
  });

  it('a CPF on the debt-negotiation list is denied new credit (LATE_INSTALMENTS); taken off, it buys', async () => {
    const s = shopper();
    await call(adminNegotiationAdd, { cpfs: [formatCpf(s.cpf)], type: 'OTHER' });
    const denied = await buy(s);
    expect(denied.reason).toBe('LATE_INSTALMENTS');
    expect(denied.decision?.rules.find((r) => r.passed === false)?.rule).toBe('DEBT_NEGOTIATION');
    // The trust list does not lift it: negotiation is about a debt, not about fraud.
    await call(adminTrustAdd, { cpfs: [s.cpf] });
    expect((await buy(s)).reason).toBe('LATE_INSTALMENTS');
    await call(adminNegotiationRemove, { cpfs: [s.cpf] });
    expect((await buy(s)).reason).toBeNull();
  });
});
