import { addDaysIso, isoDateInSaoPaulo, isValidCpf } from '@drip/core';
import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkouts } from '../src/modules/checkouts/tables.ts';
import { customers } from '../src/modules/customers/tables.ts';
import { merchants } from '../src/modules/merchants/tables.ts';
import { orderRefunds } from '../src/modules/orders/refund-tables.ts';
import { instalments, orders } from '../src/modules/orders/tables.ts';
import { sandboxTransfers, settlementEntries } from '../src/modules/settlements/tables.ts';
import { DEMO_CUSTOMER_CPFS } from '../src/seed.ts';
import { cpfFrom, seedHistory } from '../src/seed-history.ts';
import { bearer, loginMerchant, seededApp } from './helpers.ts';

const API = '/merchant_backoffice/api';

describe('the demo history (npm start)', () => {
  let t: Awaited<ReturnType<typeof seededApp>>;
  let token: string;
  const db = () => t.built.services.database.db;

  beforeAll(async () => {
    t = await seededApp({ history: true });
    // What the server's start-up does next: the settlements job, then the payout queue.
    await t.built.services.settlements.run();
    await t.built.services.settlements.payoutQueue.drain();
    token = (await loginMerchant(t)).token;
  });
  afterAll(async () => {
    await t.dispose();
  });

  it('spreads approved, denied (with reasons) and abandoned checkouts over 90 days for both merchants', async () => {
    const rows = await db()
      .select({
        merchant: merchants.name,
        status: checkouts.status,
        reason: checkouts.koReason,
        createdAt: checkouts.createdAt,
        orderId: checkouts.orderId,
      })
      .from(checkouts)
      .innerJoin(merchants, eq(merchants.id, checkouts.merchantId))
      .where(like(checkouts.merchantOrderCode, 'HIST-%'));
    const now = t.clock.now().getTime();
    for (const name of ['Loja Aurora', 'Casa Pitanga']) {
      const mine = rows.filter((r) => r.merchant === name);
      expect(new Set(mine.map((r) => r.status))).toEqual(new Set(['OK', 'KO', 'EXPIRED']));
      const ages = mine.map((r) => (now - r.createdAt.getTime()) / 86_400_000);
      expect(Math.max(...ages)).toBeGreaterThan(85);
      expect(Math.min(...ages)).toBeGreaterThan(0);
      expect(Math.max(...ages)).toBeLessThanOrEqual(91);
    }
    expect(new Set(rows.filter((r) => r.status === 'KO').map((r) => r.reason)).size).toBeGreaterThan(3);
    expect(rows.filter((r) => r.status === 'OK').every((r) => r.orderId !== null)).toBe(true);
  });

  it('pays instalments partly (some orders closed, some still running, a few late) and refunds a few', async () => {
    const byStatus = await db()
      .select({ status: instalments.status, n: sql<number>`count(*)::int` })
      .from(instalments)
      .innerJoin(orders, eq(orders.id, instalments.orderId))
      .where(like(orders.merchantOrderCode, 'HIST-%'))
      .groupBy(instalments.status);
    expect(byStatus.map((r) => r.status).sort()).toEqual(['PAID', 'PENDING']);
    const histOrders = await db()
      .select({ status: orders.status, amount: orders.amount, canceled: orders.canceledAmount })
      .from(orders)
      .where(like(orders.merchantOrderCode, 'HIST-%'));
    expect(new Set(histOrders.map((o) => o.status))).toEqual(new Set(['ACTIVE', 'CLOSED']));
    // Refunded in full: the order is closed with its whole amount canceled ('Cancelado' in the portal).
    expect(histOrders.some((o) => o.status === 'CLOSED' && o.canceled === o.amount)).toBe(true);
    const today = t.clock.now().toISOString().slice(0, 10);
    const late = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(instalments)
      .innerJoin(orders, eq(orders.id, instalments.orderId))
      .where(
        and(
          like(orders.merchantOrderCode, 'HIST-%'),
          eq(instalments.status, 'PENDING'),
          sql`${instalments.dueDate} < ${today}`,
          sql`${orders.canceledAmount} = 0`,
        ),
      );
    expect(late[0]?.n).toBeGreaterThan(0);
    const refunds = await db().select().from(orderRefunds);
    expect(refunds.length).toBeGreaterThan(0);
    expect(refunds.every((r) => r.status === 'DONE')).toBe(true);
  });

  it('gives the settlements job Venda and Cancelamento rows and sandbox transfers', async () => {
    const kinds = await db()
      .select({ kind: settlementEntries.kind, n: sql<number>`count(*)::int` })
      .from(settlementEntries)
      .groupBy(settlementEntries.kind);
    expect(Object.fromEntries(kinds.map((k) => [k.kind, k.n]))).toMatchObject({
      SALE: expect.any(Number),
      CANCELLATION: expect.any(Number),
    });
    expect((await db().select().from(sandboxTransfers)).length).toBeGreaterThanOrEqual(2);
    const res = await t.request('GET', `${API}/v1/settlements/big_numbers`, undefined, bearer(token));
    expect(res.status).toBe(200);
    const list = await t.request('GET', `${API}/v2/checkouts?denied=true`, undefined, bearer(token));
    expect(list.status).toBe(200);
    expect(list.body.totalElements).toBeGreaterThan(10);
  });

  it("makes each past transfer on its own day: today's rows show no old transfer, 'Repassado' is the month's", async () => {
    const today = isoDateInSaoPaulo(t.clock.now());
    // The sandbox bank received the history's transfers on many days, each on the day of its settlement.
    const days = await db().execute(sql`
      select count(distinct s.transfer_date)::int as n,
        count(*) filter (where s.transfer_date <> (t.created_at at time zone 'America/Sao_Paulo')::date)::int as off
      from settlement_payouts s join sandbox_transfers t on t.external_id = s.external_id`);
    const [r] = (days as unknown as { rows: { n: number; off: number }[] }).rows;
    expect(r?.n).toBeGreaterThan(30);
    expect(r?.off).toBe(0);
    const page = await t.request('GET', `${API}/v1/settlements?size=50`, undefined, bearer(token));
    expect(page.status).toBe(200);
    const todays = page.body.content.find((d: { date: string }) => d.date === today);
    // Today's refunds: their transfer is today's, not the October shares they offset.
    expect(todays.orders.some((o: { type: string }) => o.type === 'Cancelamento')).toBe(true);
    for (const col of todays.transferDates) expect(col.transferDate >= today).toBe(true);
    // What the month transferred is the money of its days (and of the weekend before its first business day), not
    // 90 days of it at once.
    const cards = await t.request('GET', `${API}/v1/settlements/big_numbers`, undefined, bearer(token));
    const recent = await db().execute(sql`
      select coalesce(sum(e.payout_amount), 0)::int as payout from settlement_entries e
      join merchants m on m.id = e.merchant_id
      where m.name = 'Loja Aurora' and e.day >= ${addDaysIso(`${today.slice(0, 7)}-01`, -7)}::date`);
    const [mine] = (recent as unknown as { rows: { payout: number }[] }).rows;
    expect(cards.body.transferredAmount).toBeGreaterThan(0);
    expect(Math.round(cards.body.transferredAmount * 100)).toBeLessThanOrEqual(mine?.payout ?? 0);
  });

  it('uses its own shoppers, with valid CPFs, never the demo customers', async () => {
    const shoppers = await db()
      .select({ cpf: customers.cpf })
      .from(customers)
      .innerJoin(orders, eq(orders.customerId, customers.id))
      .where(like(orders.merchantOrderCode, 'HIST-%'));
    expect(shoppers.length).toBeGreaterThan(0);
    expect(shoppers.every((s) => isValidCpf(s.cpf) && !DEMO_CUSTOMER_CPFS.includes(s.cpf))).toBe(true);
    expect(cpfFrom('529982247')).toBe('52998224725');
  });

  it('is seeded once, and is the same history on every run', async () => {
    expect(await seedHistory(db(), t.built.services, t.clock.now())).toBeNull();
    const other = await seededApp({ history: true });
    try {
      const shape = (d: typeof db extends () => infer D ? D : never) =>
        d
          .select({ code: checkouts.merchantOrderCode, amount: checkouts.amount, status: checkouts.status })
          .from(checkouts)
          .where(like(checkouts.merchantOrderCode, 'HIST-%'))
          .orderBy(checkouts.merchantOrderCode);
      expect(await shape(other.built.services.database.db)).toEqual(await shape(db()));
    } finally {
      await other.dispose();
    }
  });

  it('is not in the server tests’ default world', async () => {
    const plain = await seededApp();
    try {
      const hist = await plain.built.services.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(checkouts)
        .where(like(checkouts.merchantOrderCode, 'HIST-%'));
      expect(hist[0]?.n).toBe(0);
    } finally {
      await plain.dispose();
    }
  });
});
