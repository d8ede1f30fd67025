/**
 * The back office's customers (docs/admin-customers.md): search by name, CPF, phone and e-mail; details with limit,
 * scores and the risk lists; the edit with unique CPF and phone; archive (no sign-in, no purchase), password reset by
 * SMS through the outbox; limit review; every change audited in its transaction; admin only.
 */
import {
  type AnyEndpoint,
  adminArchiveCustomer,
  adminCustomer,
  adminCustomers,
  adminEnableCustomer,
  adminFraudBlock,
  adminFraudUnblock,
  adminNegotiationAdd,
  adminNegotiationRemove,
  adminResetCustomerPassword,
  adminReviewCustomerLimit,
  adminTrustAdd,
  adminTrustRemove,
  adminUpdateCustomer,
  CUSTOMER_CPF_TAKEN,
  CUSTOMER_PHONE_TAKEN,
  customerRefresh,
  paths,
} from '@drip/core';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog } from '../../src/modules/audit/tables.ts';
import { checkouts } from '../../src/modules/checkouts/tables.ts';
import { creditDecisions } from '../../src/modules/credit/tables.ts';
import { customers } from '../../src/modules/customers/tables.ts';
import { DEMO_ADMIN, DEMO_CUSTOMERS } from '../../src/seed.ts';
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
  DEMO_PASSWORD,
  latestCode,
  loginAdmin,
  loginCustomer,
  loginMerchant,
  seededApp,
  type TestResponse,
} from '../helpers.ts';

let t: Awaited<ReturnType<typeof seededApp>>;
let admin: Record<string, string>;
let pitanga: string;

beforeAll(async () => {
  t = await seededApp();
  admin = bearer((await loginAdmin(t)).token);
  pitanga = await apiKeyOf(t, PITANGA);
});
afterAll(async () => {
  await t.dispose();
});

const call = (endpoint: AnyEndpoint, id = '', body?: unknown, headers = admin): Promise<TestResponse> =>
  t.request(
    endpoint.method,
    endpoint.path.replace(':id', id),
    endpoint.method === 'GET' ? undefined : body,
    headers,
  );

async function idOf(cpf: string): Promise<string> {
  const [row] = await t.database.db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.cpf, cpf));
  if (!row) throw new Error(`no customer ${cpf}`);
  return row.id;
}

async function auditOf(action: string, entityId: string) {
  return t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, entityId)))
    .orderBy(desc(auditLog.createdAt));
}

const search = (type: string, text: string) =>
  t.request('GET', `${adminCustomers.path}?type=${type}&text=${encodeURIComponent(text)}`, undefined, admin);

const [maria, joao, luiza] = DEMO_CUSTOMERS;

describe('the list searches by the chosen field', () => {
  it.each([
    ['name', 'silva', maria.cpf],
    ['name', 'ARAÚJO', luiza.cpf],
    ['cpf', '529.982.247-25', maria.cpf],
    ['cpf', '444777', joao.cpf],
    ['phone', '+55 (21) 99876-5432', joao.cpf],
    ['phone', '991234567', luiza.cpf],
    ['email', 'Joao.Pereira@', joao.cpf],
  ])('%s "%s" finds the customer', async (type, text, cpf) => {
    const res = await search(type, text);
    expect(res.status, res.text).toBe(200);
    const cpfs = res.body.content.map((c: { cpf: string }) => c.cpf);
    expect(cpfs).toContain(cpf);
    for (const other of DEMO_CUSTOMERS.filter((c) => c.cpf !== cpf)) expect(cpfs).not.toContain(other.cpf);
  });

  it('pages (size and number) and answers the totals', async () => {
    const res = await t.request('GET', `${adminCustomers.path}?page=0&size=2`, undefined, admin);
    expect(res.status).toBe(200);
    expect(res.body.content).toHaveLength(2);
    expect(res.body.totalElements).toBeGreaterThanOrEqual(3);
    expect(res.body.totalPages).toBe(Math.ceil(res.body.totalElements / 2));
  });

  it('counts at most the cap: above it, totalCapped and the pages of the first ones', async () => {
    const page = await t.built.services.customerAdmin.list({ page: 0, size: 1, type: 'name' }, 2);
    expect(page).toMatchObject({ totalElements: 2, totalPages: 2, totalCapped: true });
    expect(page.content).toHaveLength(1);
    const exact = await t.built.services.customerAdmin.list(
      { page: 0, size: 1, type: 'cpf', text: maria.cpf },
      2,
    );
    expect(exact).toMatchObject({ totalElements: 1, totalCapped: false });
  });

  it('an unknown search type is a 400 with a message, a % typed is text, not a wildcard', async () => {
    expect((await search('address', 'x')).status).toBe(400);
    const res = await search('name', '%');
    expect(res.status).toBe(200);
    expect(res.body.content).toEqual([]);
  });
});

describe('details', () => {
  it('the customer, the limit (total, used, current), the scores, the risk lists and the orders', async () => {
    const id = await idOf(maria.cpf);
    const res = await call(adminCustomer, id);
    expect(res.status, res.text).toBe(200);
    expect(res.body.customer.cpf).toBe(maria.cpf);
    const { total, used, current } = res.body.limit;
    expect(current).toBeCloseTo(Math.max(0, total - used), 2);
    expect(typeof res.body.limit.serasaScore).toBe('number');
    expect(typeof res.body.clearsaleScore).toBe('number');
    expect(res.body.fraudReport).toMatchObject({ blockedCpf: false, blockedPhone: false });
    expect(Array.isArray(res.body.orders)).toBe(true);
    expect((await call(adminCustomer, '00000000-0000-0000-0000-000000000000')).status).toBe(404);
    expect((await call(adminCustomer, 'not-an-id')).status).toBe(404);
  });

  it('shows a block of the customer phone in its fraud report', async () => {
    const id = await idOf(luiza.cpf);
    await call(adminFraudBlock, '', { phones: [luiza.phone], reason: 'FRAUD_RISK' });
    const res = await call(adminCustomer, id);
    expect(res.body.fraudReport.blockedPhone).toBe(true);
  });
});

describe('history: every admin action on the customer and on their risk-list entries', () => {
  type Entry = {
    action: string;
    entityType: string;
    entityId: string;
    actor: { type: string; name: string | null; email: string | null };
    before: unknown;
    after: unknown;
  };
  const historyOf = async (id: string): Promise<Entry[]> => {
    const res = await call(adminCustomer, id);
    expect(res.status, res.text).toBe(200);
    return res.body.history;
  };

  it("shows each action with who, what, before and after; nobody else's entries", async () => {
    const s = freshShopper(91_013);
    const other = freshShopper(91_019);
    expect((await buy(s)).reason).toBeNull();
    expect((await buy(other)).reason).toBeNull();
    const id = await idOf(s.cpf);
    const cep = '04538133';
    const edited = await call(adminUpdateCustomer, id, {
      name: 'Ana Histórica',
      email: 'ana.historica@example.com',
      cpf: s.cpf,
      phone: s.phone,
      addressCep: cep,
    });
    expect(edited.status, edited.text).toBe(200);
    const steps: [AnyEndpoint, unknown][] = [
      [adminArchiveCustomer, undefined],
      [adminEnableCustomer, undefined],
      [adminResetCustomerPassword, undefined],
      [adminReviewCustomerLimit, undefined],
      [adminTrustAdd, { cpfs: [s.cpf] }],
      [adminTrustRemove, { cpfs: [s.cpf] }],
      [adminNegotiationAdd, { cpfs: [s.cpf], type: 'FRAUD_RISK', description: 'acordo' }],
      [adminNegotiationRemove, { cpfs: [s.cpf] }],
      [adminFraudBlock, { cpfs: [s.cpf], phones: [s.phone], addressCeps: [cep], reason: 'FRAUD_ID' }],
      [adminFraudUnblock, { cpfs: [s.cpf], phones: [s.phone], addressCeps: [cep] }],
      // Another customer's block is not in this one's history.
      [adminFraudBlock, { cpfs: [other.cpf], reason: 'FRAUD_ID' }],
    ];
    for (const [endpoint, body] of steps) {
      const res = await call(endpoint, endpoint.path.includes(':id') ? id : '', body);
      expect(res.status, `${endpoint.id}: ${res.text}`).toBe(200);
    }
    const history = await historyOf(id);
    const seen = history.map((e) => `${e.action} ${e.entityType}`).sort();
    expect(seen).toEqual(
      [
        'CUSTOMER_UPDATED CUSTOMER',
        'CUSTOMER_ARCHIVED CUSTOMER',
        'CUSTOMER_ENABLED CUSTOMER',
        'CUSTOMER_PASSWORD_RESET CUSTOMER',
        'CUSTOMER_LIMIT_REVIEWED CUSTOMER',
        'TRUST_ADDED TRUST_LIST',
        'TRUST_REMOVED TRUST_LIST',
        'DEBT_NEGOTIATION_ADDED DEBT_NEGOTIATION_LIST',
        'DEBT_NEGOTIATION_REMOVED DEBT_NEGOTIATION_LIST',
        'FRAUD_BLOCKED BLOCKED_CPF',
        'FRAUD_BLOCKED BLOCKED_PHONE',
        'FRAUD_BLOCKED BLOCKED_CEP',
        'FRAUD_UNBLOCKED BLOCKED_CPF',
        'FRAUD_UNBLOCKED BLOCKED_PHONE',
        'FRAUD_UNBLOCKED BLOCKED_CEP',
      ].sort(),
    );
    for (const e of history)
      expect(e.actor, e.action).toEqual({
        type: 'ADMIN',
        id: expect.any(String),
        name: DEMO_ADMIN.name,
        email: DEMO_ADMIN.email,
      });
    const find = (action: string, entityType = 'CUSTOMER') =>
      history.find((e) => e.action === action && e.entityType === entityType);
    expect(find('CUSTOMER_UPDATED')).toMatchObject({
      before: { name: 'Ana Teste', addressCep: '01310100' },
      after: { name: 'Ana Histórica', addressCep: cep },
    });
    expect(find('CUSTOMER_ARCHIVED')).toMatchObject({
      before: { status: 'ACTIVE' },
      after: { status: 'ARCHIVED' },
    });
    expect(find('FRAUD_BLOCKED', 'BLOCKED_CEP')).toMatchObject({
      entityId: cep,
      before: null,
      after: { active: true, reason: 'FRAUD_ID' },
    });
    expect(find('FRAUD_UNBLOCKED', 'BLOCKED_PHONE')).toMatchObject({
      entityId: s.phone,
      before: { active: true },
      after: { active: false },
    });
    expect(find('DEBT_NEGOTIATION_REMOVED', 'DEBT_NEGOTIATION_LIST')).toMatchObject({
      before: { type: 'FRAUD_RISK', description: 'acordo' },
      after: null,
    });
  });

  it('a customer stored with a dashed CEP: the block of that CEP shows in the report and the history', async () => {
    // The seed and the customer portal keep the CEP as '01310-100'; the lists keep its 8 digits.
    const id = await idOf(maria.cpf);
    expect(
      (await call(adminFraudBlock, '', { addressCeps: [maria.addressCep], reason: 'OTHER' })).status,
    ).toBe(200);
    try {
      const res = await call(adminCustomer, id);
      expect(res.body.fraudReport.blockedAddressCep).toBe(true);
      expect(res.body.history).toContainEqual(
        expect.objectContaining({ action: 'FRAUD_BLOCKED', entityType: 'BLOCKED_CEP', entityId: '01310100' }),
      );
    } finally {
      await call(adminFraudUnblock, '', { addressCeps: [maria.addressCep] });
    }
  });
});

describe("details: the customer's refused checkouts", () => {
  it("lists a refused checkout with its denial reason and store, and not in another customer's details", async () => {
    const s = freshShopper(91_047);
    expect((await buy(s)).reason).toBeNull();
    expect((await call(adminFraudBlock, '', { cpfs: [s.cpf], reason: 'FRAUD_RISK' })).status).toBe(200);
    try {
      expect((await buy(s)).reason).toBe('BLOCKED_CUSTOMER_CPF');
      const res = await call(adminCustomer, await idOf(s.cpf));
      expect(res.status).toBe(200);
      expect(res.body.refusals).toEqual([
        expect.objectContaining({
          status: 'KO',
          reason: 'BLOCKED_CUSTOMER_CPF',
          merchantName: 'Casa Pitanga',
          amount: 100,
        }),
      ]);
      // Another customer's refusals are not this one's.
      const maria = await call(adminCustomer, await idOf(DEMO_CUSTOMERS[0].cpf));
      expect(maria.body.refusals.map((r: { checkoutId: string }) => r.checkoutId)).not.toContain(
        res.body.refusals[0].checkoutId,
      );
    } finally {
      await call(adminFraudUnblock, '', { cpfs: [s.cpf] });
    }
  });
});

describe('each change and its audit entry commit together', () => {
  const failingAudit = () =>
    vi.spyOn(t.built.services.audit, 'record').mockRejectedValueOnce(new Error('audit log unavailable'));

  it.each([
    ['edit', adminUpdateCustomer, { name: 'Nome Novo', email: 'novo@example.com' }],
    ['archive', adminArchiveCustomer, undefined],
    ['reset password', adminResetCustomerPassword, undefined],
  ] as const)('%s: an audit write that fails leaves the customer as it was', async (_, endpoint, over) => {
    const s = freshShopper(91_031 + endpoint.path.length);
    expect((await buy(s)).reason).toBeNull();
    const id = await idOf(s.cpf);
    const [before] = await t.database.db.select().from(customers).where(eq(customers.id, id));
    const audit = failingAudit();
    try {
      const body = over ? { cpf: s.cpf, phone: s.phone, ...over } : undefined;
      expect((await call(endpoint, id, body)).status).toBe(500);
    } finally {
      audit.mockRestore();
    }
    const [after] = await t.database.db.select().from(customers).where(eq(customers.id, id));
    expect(after).toEqual(before);
    const outbox = await t.request('GET', `${paths.sandbox.outbox}?to=${encodeURIComponent(s.phone)}`);
    expect(outbox.body.messages.some((m: { body: string }) => m.body.includes('Nova senha'))).toBe(false);
  });
});

describe('edit', () => {
  const form = (over: Record<string, unknown> = {}) => ({
    name: 'João Pereira',
    email: 'joao.pereira@cliente.demo',
    cpf: joao.cpf,
    phone: joao.phone,
    addressCep: '22070-011',
    ...over,
  });

  it("another customer's CPF or phone is a 409 with a clear message, and nothing changes", async () => {
    const id = await idOf(joao.cpf);
    const cpf = await call(adminUpdateCustomer, id, form({ cpf: '529.982.247-25' }));
    expect(cpf.status).toBe(409);
    expect(cpf.body.error.message).toBe(CUSTOMER_CPF_TAKEN);
    const phone = await call(adminUpdateCustomer, id, form({ phone: maria.phone }));
    expect(phone.status).toBe(409);
    expect(phone.body.error.message).toBe(CUSTOMER_PHONE_TAKEN);
    const [row] = await t.database.db.select().from(customers).where(eq(customers.id, id));
    expect(row?.cpf).toBe(joao.cpf);
    expect(await auditOf('CUSTOMER_UPDATED', id)).toEqual([]);
  });

  it('an invalid CPF or phone is a 400, never a 500', async () => {
    const id = await idOf(joao.cpf);
    expect((await call(adminUpdateCustomer, id, form({ cpf: '111.111.111-12' }))).status).toBe(400);
    expect((await call(adminUpdateCustomer, id, form({ phone: '123' }))).status).toBe(400);
    expect((await call(adminUpdateCustomer, id, form({ email: '' }))).status).toBe(400);
  });

  it('changes CPF and phone (stored as digits and E.164), audited with before and after', async () => {
    const s = freshShopper(91_001);
    const id = await idOf(joao.cpf);
    const res = await call(adminUpdateCustomer, id, form({ name: 'João P.', cpf: s.cpf, phone: s.phone }));
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ name: 'João P.', cpf: s.cpf, phone: s.phone });
    const [entry] = await auditOf('CUSTOMER_UPDATED', id);
    expect(entry?.details).toMatchObject({
      before: { cpf: joao.cpf },
      after: { cpf: s.cpf, phone: s.phone },
    });
    // Back, so that the other tests find João as seeded.
    expect((await call(adminUpdateCustomer, id, form())).status).toBe(200);
  });
});

describe('archive', () => {
  it('an archived customer cannot sign in nor refresh; unarchived, signs in again', async () => {
    const id = await idOf(maria.cpf);
    const pair = await loginCustomer(t, maria.cpf);
    const res = await call(adminArchiveCustomer, id);
    expect(res.status, res.text).toBe(200);
    expect(res.body.status).toBe('ARCHIVED');
    const login = await t.request('POST', paths.customer.login, {
      username: maria.cpf,
      password: DEMO_PASSWORD,
    });
    expect(login.status).toBe(401);
    const refresh = await t.request('PUT', customerRefresh.path, undefined, {
      RefreshToken: pair.refreshToken,
    });
    expect(refresh.status).toBe(401);
    const [entry] = await auditOf('CUSTOMER_ARCHIVED', id);
    expect(entry?.details).toEqual({ before: { status: 'ACTIVE' }, after: { status: 'ARCHIVED' } });
    expect((await call(adminEnableCustomer, id)).body.status).toBe('ACTIVE');
    expect(await auditOf('CUSTOMER_ENABLED', id)).toHaveLength(1);
    await loginCustomer(t, maria.cpf);
  });

  it('an archived customer cannot buy (DEFAULT, rule CUSTOMER_ARCHIVED); unarchived, buys', async () => {
    const s = freshShopper(91_007);
    expect((await buy(s)).reason).toBeNull();
    const id = await idOf(s.cpf);
    await call(adminArchiveCustomer, id);
    const denied = await buy(s);
    expect(denied.reason).toBe('DEFAULT');
    expect(denied.failed).toBe('CUSTOMER_ARCHIVED');
    await call(adminEnableCustomer, id);
    expect((await buy(s)).reason).toBeNull();
  });
});

describe('reset password', () => {
  it('the new password goes by SMS through the outbox, never in the answer; old sessions end', async () => {
    const id = await idOf(luiza.cpf);
    const pair = await loginCustomer(t, luiza.cpf);
    const res = await call(adminResetCustomerPassword, id);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ smsQueued: true });
    const outbox = await t.request('GET', `${paths.sandbox.outbox}?to=${encodeURIComponent(luiza.phone)}`);
    const body: string = outbox.body.messages[0].body;
    const password = /Nova senha: (\S+)\./.exec(body)?.[1];
    expect(password).toMatch(/^[A-Za-z0-9]{10}$/);
    expect(res.text).not.toContain(password);
    const [entry] = await auditOf('CUSTOMER_PASSWORD_RESET', id);
    expect(JSON.stringify(entry?.details)).not.toContain(password);
    const refresh = await t.request('PUT', customerRefresh.path, undefined, {
      RefreshToken: pair.refreshToken,
    });
    expect(refresh.status).toBe(401);
    await loginCustomer(t, luiza.cpf, password);
  });
});

describe('review limit', () => {
  it('asks the bureau again and records before and after', async () => {
    const id = await idOf(joao.cpf);
    const first = await call(adminReviewCustomerLimit, id);
    expect(first.status, first.text).toBe(200);
    expect(first.body.customer.id).toBe(id);
    await call(adminReviewCustomerLimit, id);
    // The test clock stands still: both entries share an instant, so they are told apart by their before.
    const entries = (await auditOf('CUSTOMER_LIMIT_REVIEWED', id)).map((e) => e.details);
    expect(entries).toHaveLength(2);
    const after = { total: first.body.limit.total, serasaScore: first.body.limit.serasaScore };
    expect(entries).toContainEqual(
      expect.objectContaining({ before: null, after: expect.objectContaining(after) }),
    );
    expect(entries).toContainEqual(expect.objectContaining({ before: expect.objectContaining(after) }));
  });
});

describe('only an admin reaches the customers', () => {
  it('a merchant, a customer or nobody gets 403/401 and nothing changes', async () => {
    const id = await idOf(joao.cpf);
    const callers: [string, Record<string, string>, number][] = [
      ['merchant', bearer((await loginMerchant(t)).token), 403],
      ['customer', bearer((await loginCustomer(t, joao.cpf)).token), 403],
      ['nobody', {}, 401],
    ];
    const endpoints = [
      adminCustomers,
      adminCustomer,
      adminUpdateCustomer,
      adminArchiveCustomer,
      adminEnableCustomer,
      adminResetCustomerPassword,
      adminReviewCustomerLimit,
    ];
    for (const [who, headers, status] of callers)
      for (const endpoint of endpoints)
        expect((await call(endpoint, id, {}, headers)).status, `${endpoint.id} as ${who}`).toBe(status);
    const [row] = await t.database.db.select().from(customers).where(eq(customers.id, id));
    expect(row?.status).toBe('ACTIVE');
  });
});

/** A purchase at Casa Pitanga through the analysis: the stored reason (null when approved) and the failed rule. */
async function buy(shopper: { cpf: string; phone: string }) {
  const id = await createCheckout(t, pitanga, { amount: 100 });
  const sent = await put(t, id, customerData(shopper.cpf, shopper.phone));
  expect(sent.status, sent.text).toBe(200);
  const afterToken = await put(t, id, { phoneVerificationCode: await latestCode(t, shopper.phone) });
  const payment = field(afterToken, 'payment');
  if (payment) await payPix(t, payment.fieldData.paymentQrCodeText, shopper.cpf);
  await put(t, id);
  const [row] = await t.database.db
    .select({ koReason: checkouts.koReason })
    .from(checkouts)
    .where(eq(checkouts.id, id));
  const [decision] = await t.database.db
    .select()
    .from(creditDecisions)
    .where(eq(creditDecisions.checkoutId, id))
    .orderBy(desc(creditDecisions.createdAt));
  const failed = decision?.rules.find((r) => !r.passed)?.rule ?? null;
  return { reason: row?.koReason ?? null, failed };
}
