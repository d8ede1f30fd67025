/** 'Minhas Vendas': the checkouts list with every filter of spec 7 and 9, the details, and the indexes behind them. */
import {
  fillPath,
  MerchantCheckoutPage,
  type MerchantCheckoutsQuery,
  merchantCheckoutDetails,
  merchantCheckouts,
} from '@drip/core';
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginMerchant, seededApp, type TestResponse } from '../helpers.ts';
import { insertSale, merchantIdOf } from '../merchant-sales-helpers.ts';

let t: Awaited<ReturnType<typeof seededApp>>;
let admin: Record<string, string>;
let read: Record<string, string>;
let aurora: string;
let pitanga: string;
const ids: Record<string, string> = {};

// The app's clock: 2026-03-10T12:00:00Z, 09:00 in São Paulo.
const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  t = await seededApp();
  admin = bearer((await loginMerchant(t)).token);
  read = bearer((await loginMerchant(t, 'leitura@aurora.demo', '+5511976543210')).token);
  aurora = await merchantIdOf(t, 'Loja Aurora');
  pitanga = await merchantIdOf(t, 'Casa Pitanga');
  // 2,99 % from before the sales below: the detail's 'Taxa' and 'Valor do repasse'.
  await t.built.services.settlements.addFee(aurora, { rateBps: 299, at: at('2026-03-01T12:00:00Z') });
  ids.approved = await insertSale(t, {
    merchantId: aurora,
    code: 'LOJA-100',
    amount: 12_345,
    customerName: 'Maria da Silva',
    createdAt: at('2026-03-09T15:00:00Z'),
    order: 'active',
  });
  ids.refunded = await insertSale(t, {
    merchantId: aurora,
    code: 'LOJA-101',
    customerName: 'João Souza',
    createdAt: at('2026-03-08T15:00:00Z'),
    order: 'refunded',
  });
  ids.denied = await insertSale(t, {
    merchantId: aurora,
    code: 'LOJA-200',
    status: 'KO',
    koReason: 'LATE_INSTALMENTS',
    customerName: 'maria Pereira',
    // 01:00 UTC on the 8th is still the 7th in São Paulo.
    createdAt: at('2026-03-08T01:00:00Z'),
  });
  ids.expired = await insertSale(t, {
    merchantId: aurora,
    code: 'OUTRO-1',
    status: 'EXPIRED',
    createdAt: at('2026-03-05T12:00:00Z'),
  });
  // Still PRISTINE in the table, but its expiry passed: abandoned too.
  ids.lapsed = await insertSale(t, {
    merchantId: aurora,
    code: 'OUTRO-2',
    status: 'PRISTINE',
    createdAt: at('2026-03-04T12:00:00Z'),
    expiresAt: at('2026-03-05T12:00:00Z'),
  });
  ids.open = await insertSale(t, {
    merchantId: aurora,
    code: 'OUTRO-3',
    status: 'MORE_INFO',
    createdAt: at('2026-03-10T11:00:00Z'),
  });
  ids.revoked = await insertSale(t, {
    merchantId: aurora,
    code: 'LINK-9',
    status: 'REVOKED',
    createdAt: at('2026-03-10T10:00:00Z'),
    creatorEmail: 'admin@aurora.demo',
  });
  ids.pitanga = await insertSale(t, {
    merchantId: pitanga,
    code: 'LOJA-100',
    customerName: 'Maria da Silva',
    createdAt: at('2026-03-09T15:00:00Z'),
  });
});
afterAll(async () => {
  await t.dispose();
});

function list(query: Record<string, string> = {}, headers = admin): Promise<TestResponse> {
  const qs = new URLSearchParams(query).toString();
  return t.request('GET', `${merchantCheckouts.path}${qs ? `?${qs}` : ''}`, undefined, headers);
}

async function codes(query: Record<string, string> = {}): Promise<string[]> {
  const res = await list(query);
  expect(res.status, res.text).toBe(200);
  return res.body.content.map((c: { code: string }) => c.code);
}

describe('GET v2/checkouts', () => {
  it("lists only the merchant's own checkouts, newest first, without the revoked links", async () => {
    const res = await list({}, read);
    expect(res.status).toBe(200);
    expect(res.body.content.map((c: { code: string }) => c.code)).toEqual([
      'OUTRO-3',
      'LOJA-100',
      'LOJA-101',
      'LOJA-200',
      'OUTRO-1',
      'OUTRO-2',
    ]);
    expect(res.body).toMatchObject({ number: 0, size: 10, totalPages: 1, totalElements: 6 });
    const approved = res.body.content[1];
    expect(approved).toMatchObject({
      id: ids.approved,
      customerName: 'Maria da Silva',
      amount: 123.45,
      status: 'OK',
      koReason: null,
    });
    expect(approved.order.code).toMatch(/^DRP-/);
  });

  it('answers the spec statuses: an expired or lapsed checkout is KO for EXPIRED, an open one MORE_INFO', async () => {
    const byCode = Object.fromEntries(
      (await list()).body.content.map((c: { code: string; status: string; koReason: string | null }) => [
        c.code,
        [c.status, c.koReason],
      ]),
    );
    expect(byCode).toEqual({
      'OUTRO-3': ['MORE_INFO', null],
      'LOJA-100': ['OK', null],
      'LOJA-101': ['OK', null],
      'LOJA-200': ['KO', 'LATE_CUSTOMER'],
      'OUTRO-1': ['KO', 'EXPIRED'],
      'OUTRO-2': ['KO', 'EXPIRED'],
    });
  });

  it('filters by status toggles, combined with OR', async () => {
    expect(await codes({ approved: 'true' })).toEqual(['LOJA-100']);
    expect(await codes({ canceled: 'true' })).toEqual(['LOJA-101']);
    expect(await codes({ denied: 'true' })).toEqual(['LOJA-200']);
    expect(await codes({ abandoned: 'true' })).toEqual(['OUTRO-1', 'OUTRO-2']);
    expect(await codes({ approved: 'true', denied: 'true' })).toEqual(['LOJA-100', 'LOJA-200']);
    expect(await codes({ approved: 'false' })).toHaveLength(6);
  });

  it('filters by order code prefix, customer name prefix (any case) and exact amount', async () => {
    expect(await codes({ code: 'LOJA-1' })).toEqual(['LOJA-100', 'LOJA-101']);
    // LIKE's wildcards are taken literally.
    expect(await codes({ code: 'LOJA%' })).toEqual([]);
    expect(await codes({ customerName: 'MARIA' })).toEqual(['LOJA-100', 'LOJA-200']);
    expect(await codes({ amount: '123.45' })).toEqual(['LOJA-100']);
    expect(await codes({ amount: '123,45' })).toEqual(['LOJA-100']);
    expect(await codes({ customerName: 'maria', denied: 'true' })).toEqual(['LOJA-200']);
  });

  it('filters by a date range sent as midnight Z, whole days in São Paulo, both ends included', async () => {
    expect(await codes({ from: '2026-03-08T00:00:00Z', to: '2026-03-09T00:00:00Z' })).toEqual([
      'LOJA-100',
      'LOJA-101',
    ]);
    expect(await codes({ from: '2026-03-07T00:00:00.000Z', to: '2026-03-07T00:00:00.000Z' })).toEqual([
      'LOJA-200',
    ]);
    expect(await codes({ to: '2026-03-05' })).toEqual(['OUTRO-1', 'OUTRO-2']);
  });

  it('combines Estornados with the other toggles, and answers each count', async () => {
    // Alone, 'Estornados' reads the refunded orders first; with another toggle it is one condition of several.
    expect(await codes({ canceled: 'true', denied: 'true' })).toEqual(['LOJA-101', 'LOJA-200']);
    expect(await codes({ approved: 'true', canceled: 'true' })).toEqual(['LOJA-100', 'LOJA-101']);
    expect(await codes({ canceled: 'true', abandoned: 'true' })).toEqual(['LOJA-101', 'OUTRO-1', 'OUTRO-2']);
    expect(await codes({ canceled: 'true', from: '2026-03-09', to: '2026-03-10' })).toEqual([]);
    expect(await codes({ canceled: 'true', customerName: 'joão' })).toEqual(['LOJA-101']);
    const counts: [Record<string, string>, number][] = [
      [{}, 6],
      [{ approved: 'true' }, 1],
      [{ canceled: 'true' }, 1],
      [{ denied: 'true', abandoned: 'true' }, 3],
      [{ code: 'LOJA' }, 3],
      [{ customerName: 'maria' }, 2],
      [{ amount: '123.45' }, 1],
      [{ from: '2026-03-08', to: '2026-03-09' }, 2],
    ];
    for (const [query, total] of counts) {
      const res = await list(query);
      expect(res.body, JSON.stringify(query)).toMatchObject({ totalElements: total, totalCapped: false });
    }
  });

  it('counts exactly up to the cap; above it, says so and pages through the first results', async () => {
    const views = t.built.services.checkouts.merchantViews;
    expect(views.countCap).toBe(10_000);
    const base = { page: 0, size: 2 } as const;
    // Six checkouts: a cap of six is still exact.
    expect(await views.withCountCap(6).list(aurora, base)).toMatchObject({
      totalElements: 6,
      totalPages: 3,
      totalCapped: false,
    });
    const capped = await views.withCountCap(5).list(aurora, base);
    expect(capped).toMatchObject({ number: 0, size: 2, totalElements: 5, totalPages: 3, totalCapped: true });
    expect(capped.content.map((c) => c.code)).toEqual(['OUTRO-3', 'LOJA-100']);
    // The wire answer parses with the contract.
    expect(v.parse(MerchantCheckoutPage, capped).totalCapped).toBe(true);
    // The page itself is not capped: the rows after the cap are still there for whoever asks.
    const beyond = await views.withCountCap(3).list(aurora, { page: 2, size: 2 });
    expect(beyond.content.map((c) => c.code)).toEqual(['OUTRO-1', 'OUTRO-2']);
    expect(beyond).toMatchObject({ totalElements: 3, totalPages: 2, totalCapped: true });
    // A filter below the cap is exact again, for each kind of filter.
    const three = views.withCountCap(3);
    for (const [query, total] of [
      [{ canceled: 'true' }, 1],
      [{ denied: 'true', abandoned: 'true' }, 3],
      [{ customerName: 'maria' }, 2],
      [{ code: 'LOJA-1' }, 2],
    ] as const) {
      expect(await three.list(aurora, { ...base, ...query }), JSON.stringify(query)).toMatchObject({
        totalElements: total,
        totalCapped: false,
      });
    }
    expect(await three.list(aurora, { ...base, code: 'LOJA' })).toMatchObject({
      totalElements: 3,
      totalCapped: false,
    });
    expect(await views.withCountCap(2).list(aurora, { ...base, code: 'O' })).toMatchObject({
      totalElements: 2,
      totalCapped: true,
    });
  });

  it('pages with page and size', async () => {
    const res = await list({ page: '1', size: '4' });
    expect(res.body.content.map((c: { code: string }) => c.code)).toEqual(['OUTRO-1', 'OUTRO-2']);
    expect(res.body).toMatchObject({ number: 1, size: 4, totalPages: 2, totalElements: 6 });
  });

  it('answers 400 with a message for a malformed filter, never a 500', async () => {
    const malformed: Record<string, string>[] = [
      { amount: '12.345' },
      { amount: 'abc' },
      { from: '2026-13-01T00:00:00Z' },
      { from: '09/03/2026' },
      { approved: 'yes' },
      { size: '1000' },
    ];
    for (const query of malformed) {
      const res = await list(query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body.error.message).toBeTruthy();
    }
  });

  it('uses an index for every filter on a large table', async () => {
    const db = t.built.services.database.db;
    // 30 000 checkouts of another merchant, and a few thousand of Aurora's.
    await db.execute(sql`insert into checkouts (merchant_id, merchant_order_code, amount, products, resolve_url, cancel_url, status, phase, ko_reason, customer_data, expires_at, created_at, updated_at)
      select case when g % 10 = 0 then ${aurora}::uuid else ${pitanga}::uuid end, 'BULK-' || g, 1000 + g, '[]'::jsonb, 'https://x', 'https://x',
        (array['OK','KO','EXPIRED','MORE_INFO'])[1 + g % 4], 'DONE', null,
        jsonb_build_object('customerName', 'Cliente ' || g), now() + interval '1 day', timestamptz '2025-01-01' + g * interval '10 minutes', now()
      from generate_series(1, 30000) g`);
    // ANALYZE samples 300 × the statistics target rows: with more rows than that, the sample (and so the plan the
    // test reads) would change from run to run. A target of 200 samples every row of this table.
    await db.execute(sql`alter table checkouts alter column status set statistics 200`);
    // Vacuumed as the bench's volume is: an index-only scan needs the visibility map.
    await db.execute(sql`vacuum analyze checkouts`);
    const views = t.built.services.checkouts.merchantViews;
    const base = { page: 0, size: 10 } as const;
    // Each filter and the index that serves it (the count reads every matching row, so it shows the index best).
    const cases: [Partial<MerchantCheckoutsQuery>, string | RegExp][] = [
      [{}, 'checkouts_merchant_created_idx'],
      [{ code: 'BULK-12' }, 'checkouts_merchant_code_prefix_idx'],
      [{ customerName: 'cliente 77' }, 'checkouts_merchant_customer_name_idx'],
      [{ amount: '15.00' }, 'checkouts_merchant_amount_idx'],
      // A date range's capped count reads the status index alone (every status but REVOKED, then the dates) or the
      // dates' own index: which is cheaper depends on the table's statistics (a few days of rows: the dates').
      [
        { from: '2025-03-01', to: '2025-03-02' },
        /Index Only Scan using checkouts_merchant_status_created_idx|Index Scan using checkouts_merchant_created_idx/,
      ],
      [{ denied: 'true' }, 'checkouts_merchant_status_created_idx'],
      [{ approved: 'true', from: '2025-03-01' }, 'checkouts_merchant_status_created_idx'],
      // The refunded orders come from their partial index; the other toggles' count reads only the status index.
      [{ canceled: 'true' }, 'orders_merchant_refunded_idx'],
      [{ denied: 'true', abandoned: 'true' }, 'Index Only Scan using checkouts_merchant_status_created_idx'],
    ];
    for (const [query, index] of cases) {
      const statements = views.listStatements(aurora, { ...base, ...query });
      for (const [which, statement] of Object.entries(statements)) {
        const { sql: text, params } = statement.toSQL();
        const inlined = text.replace(/\$(\d+)/g, (_, n) => {
          const value = params[Number(n) - 1];
          if (typeof value === 'number') return String(value);
          return `'${String(value instanceof Date ? value.toISOString() : value).replace(/'/g, "''")}'`;
        });
        const plan = (await db.execute(sql.raw(`explain ${inlined}`))) as { rows: Record<string, string>[] };
        const lines = plan.rows.map((r) => Object.values(r)[0]).join('\n');
        expect(lines, `${JSON.stringify(query)}\n${lines}`).not.toMatch(/Seq Scan on checkouts/);
        if (which === 'count' && Object.keys(query).length > 0)
          expect(lines, JSON.stringify(query)).toMatch(index);
      }
    }
  });
});

describe('GET v2/checkouts/{id}', () => {
  it('answers every field of the order detail, null where unknown', async () => {
    const res = await t.request(
      'GET',
      fillPath(merchantCheckoutDetails.path, { id: ids.approved }),
      undefined,
      read,
    );
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      id: ids.approved,
      code: 'LOJA-100',
      customerName: 'Maria da Silva',
      customerCpf: '52998224725',
      customerEmail: 'cliente@example.com',
      customerPhone: '+5511999990000',
      addressCep: '01310-100',
      addressStreet: 'Avenida Paulista',
      addressNumber: '1000',
      addressNeighborhood: 'Bela Vista',
      addressComplement: null,
      addressCity: 'São Paulo',
      addressState: 'SP',
      amount: 123.45,
      status: 'OK',
      creatorEmail: null,
      // 2,99 % of R$ 123,45 = R$ 3,691… rounded to the centavo, as the extract's Venda row charges it.
      merchantFee: { percentage: 0.0299, totalAmount: 3.69 },
      order: { status: 'ACTIVE', canceledAmount: 0, canceledAt: null },
    });
    expect(res.body.products.map((p: { name: string }) => p.name)).toEqual(['Camiseta', 'Calça']);
    expect(res.body.products[0]).toMatchObject({
      status: 'ACTIVE',
      canceledAt: null,
      hasInstalmentProducts: true,
    });
  });

  it("shows the fee the sale's Venda row charges, before and after the settlements job, whatever fee came later", async () => {
    const detail = async () =>
      (await t.request('GET', fillPath(merchantCheckoutDetails.path, { id: ids.approved }), undefined, admin))
        .body;
    // A fee set after the order was made does not apply to it.
    await t.built.services.settlements.addFee(aurora, { rateBps: 999, at: at('2026-03-09T16:00:00Z') });
    expect((await detail()).merchantFee).toEqual({ percentage: 0.0299, totalAmount: 3.69 });
    await t.built.services.settlements.run();
    const rows = (await t.built.services.database.db.execute(sql`
      select e.fee_amount::int as fee, e.fee_rate_bps as rate from settlement_entries e
      join checkouts c on c.order_id = e.order_id
      where c.id = ${ids.approved}::uuid and e.kind = 'SALE'`)) as { rows: { fee: number; rate: number }[] };
    expect(rows.rows).toEqual([{ fee: 369, rate: 299 }]);
    expect((await detail()).merchantFee).toEqual({ percentage: 0.0299, totalAmount: 3.69 });
    // No order yet: no fee.
    const open = await t.request(
      'GET',
      fillPath(merchantCheckoutDetails.path, { id: ids.open }),
      undefined,
      admin,
    );
    expect(open.body.merchantFee).toBeNull();
  });

  it('shows the checkout products before any order, and the refunded order', async () => {
    const open = await t.request(
      'GET',
      fillPath(merchantCheckoutDetails.path, { id: ids.open }),
      undefined,
      admin,
    );
    expect(open.body).toMatchObject({ status: 'MORE_INFO', order: null, customerName: null });
    expect(open.body.products).toEqual([
      expect.objectContaining({ name: 'Camiseta', amount: 300, hasInstalmentProducts: false }),
    ]);
    const refunded = await t.request(
      'GET',
      fillPath(merchantCheckoutDetails.path, { id: ids.refunded }),
      undefined,
      admin,
    );
    expect(refunded.body.order).toMatchObject({ status: 'CLOSED', canceledAmount: 300 });
  });

  it("'Valor do repasse' is what the store is paid after the order's refunds, before and after the job books them", async () => {
    const detail = async (id: string) =>
      (await t.request('GET', fillPath(merchantCheckoutDetails.path, { id }), undefined, read)).body;
    // R$ 123,45 − R$ 3,69.
    expect((await detail(ids.approved as string)).settlementAmount).toBe(119.76);
    // Fully refunded: nothing is paid for it (its fee is given back whole).
    expect((await detail(ids.refunded as string)).settlementAmount).toBe(0);
    // R$ 42,00 refunded: 123,45 − 42,00 − (3,69 − 1,26 given back).
    const setCanceled = (n: number) =>
      t.built.services.database.db.execute(sql`
        update orders set canceled_amount = ${n} where id = (select order_id from checkouts where id = ${ids.approved}::uuid)`);
    await setCanceled(4_200);
    try {
      expect((await detail(ids.approved as string)).settlementAmount).toBe(79.02);
      await t.built.services.settlements.run();
      const rows = (await t.built.services.database.db.execute(sql`
        select sum(e.payout_amount)::int as payout from settlement_entries e
        join checkouts c on c.order_id = e.order_id where c.id = ${ids.approved}::uuid`)) as {
        rows: { payout: number }[];
      };
      expect(rows.rows[0]?.payout).toBe(7_902);
      expect((await detail(ids.approved as string)).settlementAmount).toBe(79.02);
      expect((await detail(ids.open as string)).settlementAmount).toBeNull();
    } finally {
      await setCanceled(0);
    }
  });

  it("answers 404 for another merchant's checkout, an unknown id and a malformed one", async () => {
    for (const id of [ids.pitanga, '00000000-0000-4000-8000-000000000000', 'nada']) {
      const res = await t.request(
        'GET',
        fillPath(merchantCheckoutDetails.path, { id: id ?? '' }),
        undefined,
        admin,
      );
      expect(res.status).toBe(404);
    }
  });
});
