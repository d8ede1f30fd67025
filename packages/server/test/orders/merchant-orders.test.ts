// GET /merchant_backoffice/api/v1/orders?page&size (spec 7): the merchant's own orders, newest first, paged.
import { merchantOrders } from '@drip/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginCustomer, loginMerchant, seededApp } from '../helpers.ts';
import { createOrder, MARIA_CPF } from '../instalment-helpers.ts';
import { refundCalls } from '../refunds-helpers.ts';

let t: Awaited<ReturnType<typeof seededApp>>;
beforeAll(async () => {
  t = await seededApp();
});
afterAll(async () => {
  await t.dispose();
});

interface Row {
  id: string;
  code: string;
  merchantOrderCode: string;
  customerName: string | null;
  amount: number;
  canceledAmount: number;
  instalmentsCount: number;
  unpaidInstalmentsCount: number;
  lateInstalments: number;
  status: string;
  displayStatus: string;
}

describe('GET v1/orders (merchant portal)', () => {
  it("lists the merchant's own orders newest first, paged, with counts, the buyer and the refunded status", async () => {
    const aurora = bearer((await loginMerchant(t)).token);
    const list = (query: string) => t.request('GET', `${merchantOrders.path}?${query}`, undefined, aurora);
    const existing = await list('page=0&size=1');
    const before = existing.body.totalElements as number;

    // After the demo world's newest order, a minute apart.
    const now = t.clock.now().getTime();
    const newestSeeded = existing.body.content[0] ? Date.parse(existing.body.content[0].createdAt) : now;
    const at = (minutes: number) => new Date(Math.max(now, newestSeeded) + minutes * 60_000);
    const older = await createOrder(t, { total: 30_000, createdAt: at(1) });
    const late = await createOrder(t, {
      total: 60_000,
      instalments: 6,
      createdAt: at(2),
      firstDueDate: new Date(now - 3 * 86_400_000).toISOString().slice(0, 10),
    });
    const newest = await createOrder(t, { total: 45_000, createdAt: at(3) });
    const pitanga = await createOrder(t, { merchant: 'Casa Pitanga', createdAt: at(4) });

    const first = await list('page=0&size=2');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ number: 0, size: 2, totalElements: before + 3 });
    expect(first.body.totalPages).toBe(Math.ceil((before + 3) / 2));
    const [a, b] = first.body.content as Row[];
    expect(a).toMatchObject({
      id: newest.id,
      code: newest.code,
      customerName: 'Maria da Silva',
      amount: 450,
      canceledAmount: 0,
      instalmentsCount: 3,
      unpaidInstalmentsCount: 3,
      lateInstalments: 0,
      status: 'ACTIVE',
      displayStatus: 'ACTIVE',
    });
    expect(b).toMatchObject({ id: late.id, amount: 600, instalmentsCount: 6, lateInstalments: 1 });
    expect((await list('page=1&size=2')).body.content[0].id).toBe(older.id);

    // Another merchant's order is on no page.
    const all = (await list('page=0&size=100')).body.content as Row[];
    expect(all.map((o) => o.id)).not.toContain(pitanga.id);

    // Wholly refunded: shown as CANCELED (spec 4), with the amount given back.
    const refund = await refundCalls(t).full(older.id);
    expect(refund.status).toBe(202);
    await t.built.services.orderRefunds.processPending();
    const refunded = ((await list('page=0&size=100')).body.content as Row[]).find((o) => o.id === older.id);
    expect(refunded).toMatchObject({ canceledAmount: 300, displayStatus: 'CANCELED' });
  });

  it('bad paging is a 400 with the message; a customer is refused; no token is a 401', async () => {
    const aurora = bearer((await loginMerchant(t)).token);
    const bad = await t.request('GET', `${merchantOrders.path}?size=0`, undefined, aurora);
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('O parâmetro size deve ser um número inteiro entre 1 e 100');
    const customer = bearer((await loginCustomer(t, MARIA_CPF)).token);
    expect((await t.request('GET', merchantOrders.path, undefined, customer)).status).toBe(403);
    expect((await t.request('GET', merchantOrders.path)).status).toBe(401);
  });
});
