import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminOrderList } from '../../src/modules/orders/admin-list.ts';
import { bearer, loginAdmin, loginCustomer, loginMerchant, seededApp, type TestApp } from '../helpers.ts';
import { createOrder, JOAO_CPF } from '../instalment-helpers.ts';

const LIST = '/admin_backoffice/api/v1/orders';

let t: TestApp & { dispose(): Promise<void> };
let admin: Record<string, string>;
/** Maria's order at Loja Aurora: 3 instalments due 25/03, 24/04 and 24/05/2026. */
let maria: { id: string; code: string };
let mariaMerchantCode: string;
/** João's order: one instalment due 25/03/2026, paid at once. */
let joao: { id: string; code: string };

interface Row {
  id: string;
  code: string;
  merchantOrderCode: string;
  merchantId: string;
  merchantName: string;
  customerName: string;
  customerEmail: string | null;
  amount: number;
  lateInstalments: number;
  status: string;
}

async function list(query: string) {
  const res = await t.request('GET', `${LIST}?${query}`, undefined, admin);
  expect(res.status, res.text).toBe(200);
  return res.body as {
    content: Row[];
    totalElements: number;
    totalPages: number;
    totalCapped: boolean;
  };
}

beforeAll(async () => {
  t = await seededApp();
  admin = bearer((await loginAdmin(t)).token);
  // A second and two seconds after the demo world's newest order, so that these two head the list.
  const newest = (await list('size=1')).content[0] as Row & { createdAt: string };
  const at = (s: number) => new Date(new Date(newest.createdAt).getTime() + s * 1000);
  const m = await createOrder(t, {
    total: 30_000,
    instalments: 3,
    firstDueDate: '2026-03-25',
    createdAt: at(1),
  });
  maria = { id: m.id, code: m.code };
  const found = await list(`search=${m.code}`);
  mariaMerchantCode = found.content[0]?.merchantOrderCode ?? '';
  const j = await createOrder(t, {
    cpf: JOAO_CPF,
    total: 12_345,
    instalments: 1,
    firstDueDate: '2026-03-25',
    createdAt: at(2),
  });
  joao = { id: j.id, code: j.code };
});
afterAll(() => t.dispose());

describe('admin orders list: who may read it', () => {
  it('answers 401 without a session and refuses a merchant or a customer session', async () => {
    expect((await t.request('GET', LIST)).status).toBe(401);
    const merchant = bearer((await loginMerchant(t)).token);
    expect([401, 403]).toContain((await t.request('GET', LIST, undefined, merchant)).status);
    const customer = bearer((await loginCustomer(t)).token);
    expect([401, 403]).toContain((await t.request('GET', LIST, undefined, customer)).status);
  });
});

describe('admin orders list: the page', () => {
  it('lists the newest first with the merchant, the buyer and the total in reais', async () => {
    const page = await list('page=0&size=2');
    expect(page.content.map((r) => r.id)).toEqual([joao.id, maria.id]);
    const [first] = page.content;
    expect(first).toMatchObject({
      code: joao.code,
      merchantName: 'Loja Aurora',
      customerName: 'João Pereira',
      customerEmail: 'joao.pereira@cliente.demo',
      amount: 123.45,
      status: 'ACTIVE',
      lateInstalments: 0,
    });
    expect(page.totalElements).toBeGreaterThanOrEqual(2);
    expect(page.totalPages).toBe(Math.ceil(page.totalElements / 2));
    expect(page.totalCapped).toBe(false);
    const next = await list('page=1&size=2');
    expect(next.content.map((r) => r.id)).not.toContain(joao.id);
  });

  it("counts the unpaid instalments due before today on the app's clock, in São Paulo", async () => {
    const late = async () => {
      // The test's clock also drives the session's expiry: a new session at each date.
      admin = bearer((await loginAdmin(t)).token);
      return (await list(`search=${maria.code}`)).content[0]?.lateInstalments;
    };
    try {
      expect(await late()).toBe(0);
      // 24/04 at 23:30 in São Paulo is already 25/04 in UTC: the second instalment is due today, not late.
      t.clock.set(new Date('2026-04-25T02:30:00Z'));
      expect(await late()).toBe(1);
      t.clock.set(new Date('2026-04-25T12:00:00Z'));
      expect(await late()).toBe(2);
      t.clock.set(new Date('2026-06-01T12:00:00Z'));
      expect(await late()).toBe(3);
    } finally {
      t.clock.set(new Date('2026-03-10T12:00:00Z'));
      admin = bearer((await loginAdmin(t)).token);
    }
  });
});

describe('admin orders list: search and filters', () => {
  it('finds an order by id, Drip code (any case), merchant code, CPF (masked or not) and e-mail (any case)', async () => {
    for (const search of [maria.id, maria.code, maria.code.toLowerCase(), mariaMerchantCode]) {
      const page = await list(`search=${encodeURIComponent(search)}`);
      expect(
        page.content.map((r) => r.id),
        search,
      ).toEqual([maria.id]);
    }
    for (const search of ['111.444.777-35', JOAO_CPF, 'Joao.Pereira@Cliente.demo']) {
      const page = await list(`search=${encodeURIComponent(search)}`);
      expect(
        page.content.map((r) => r.id),
        search,
      ).toContain(joao.id);
      expect(
        page.content.map((r) => r.id),
        search,
      ).not.toContain(maria.id);
      expect(new Set(page.content.map((r) => r.customerName))).toEqual(new Set(['João Pereira']));
    }
  });

  it('finds nothing for a text that matches no order whole, and takes % and _ as letters', async () => {
    for (const search of [
      'DRP-ZZZZZZ',
      '%',
      '_',
      'PED-',
      'ninguem@nada.demo',
      '00000000-0000-4000-8000-000000000000',
    ]) {
      const page = await list(`search=${encodeURIComponent(search)}`);
      expect(page.content, search).toEqual([]);
      expect(page.totalElements).toBe(0);
    }
  });

  it('filters by status and by merchant, also together with the search', async () => {
    const active = await list('status=ACTIVE&size=100');
    expect(active.content.every((r) => r.status === 'ACTIVE')).toBe(true);
    expect(active.content.map((r) => r.id)).toContain(maria.id);
    const closed = await list('status=CLOSED&size=100');
    expect(closed.content.every((r) => r.status === 'CLOSED')).toBe(true);
    expect(closed.content.map((r) => r.id)).not.toContain(maria.id);
    expect((await list(`status=CLOSED&search=${maria.code}`)).content).toEqual([]);

    const aurora = (await list(`search=${maria.code}`)).content[0]?.merchantId ?? '';
    const byMerchant = await list(`merchantId=${aurora}&size=100`);
    expect(byMerchant.content.every((r) => r.merchantId === aurora)).toBe(true);
    expect(byMerchant.content.map((r) => r.id)).toContain(maria.id);
    const other = await list(`merchantId=00000000-0000-4000-8000-000000000000&search=${maria.code}`);
    expect(other.content).toEqual([]);
  });

  it('counts up to the cap, says so, and answers a page past it with no rows', async () => {
    const capped = new AdminOrderList(t.built.services.database.db, t.clock, 2);
    const first = await capped.list({ page: 0, size: 1 });
    expect(first.totalElements).toBe(2);
    expect(first.totalCapped).toBe(true);
    expect(first.totalPages).toBe(2);
    expect(first.content).toHaveLength(1);
    expect((await capped.list({ page: 1, size: 1 })).content).toHaveLength(1);
    // Past the counted orders: empty, although more orders exist (no offset walk over the whole book).
    expect((await capped.list({ page: 2, size: 1 })).content).toEqual([]);
    const exact = await capped.list({ page: 0, size: 5, search: maria.code });
    expect(exact.totalElements).toBe(1);
    expect(exact.totalCapped).toBe(false);
  });

  it('refuses bad parameters with a pt-BR message', async () => {
    for (const [query, message] of [
      ['status=PAGO', 'Status de pedido desconhecido'],
      ['merchantId=loja', 'Parceiro inválido'],
      ['size=0', 'O parâmetro size deve ser um número inteiro entre 1 e 100'],
      ['page=-1', 'O parâmetro page deve ser um número inteiro a partir de 0'],
    ] as const) {
      const res = await t.request('GET', `${LIST}?${query}`, undefined, admin);
      expect(res.status, query).toBe(400);
      expect(res.text, query).toContain(message);
    }
  });
});
