/** Drip's portfolio totals for the Drip-wide caps: read once per refresh interval, exact when read. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PortfolioExposure, startOfDaySaoPaulo } from '../../src/modules/credit/exposure.ts';
import { instalments, orders } from '../../src/modules/orders/tables.ts';
import { seededApp } from '../helpers.ts';
import { createOrder } from '../instalment-helpers.ts';

let t: Awaited<ReturnType<typeof seededApp>>;
const db = () => t.built.services.database.db;

beforeAll(async () => {
  t = await seededApp();
});
afterAll(async () => {
  await t.built.services.instalmentEvents.close();
  await t.dispose();
});

async function financed(orderId: string): Promise<number> {
  const [row] = await db().select().from(orders).where(eq(orders.id, orderId));
  if (!row) throw new Error('order not found');
  return row.financedAmount;
}

/** The totals computed here from every row (not with the module's SQL). */
async function expected(today: string) {
  const allOrders = await db().select().from(orders);
  const allInstalments = await db().select().from(instalments);
  const since = startOfDaySaoPaulo(today).getTime();
  const active = new Set(allOrders.filter((o) => o.status === 'ACTIVE').map((o) => o.id));
  return {
    financedToday: allOrders
      .filter((o) => o.createdAt.getTime() >= since)
      .reduce((sum, o) => sum + o.financedAmount, 0),
    outstanding: allInstalments
      .filter((i) => active.has(i.orderId) && i.status === 'PENDING')
      .reduce((sum, i) => sum + i.amount - i.canceledAmount, 0),
  };
}

describe('PortfolioExposure', () => {
  it('reads the totals once per refresh interval, then again; another day reads at once', async () => {
    let now = 0;
    const exposure = new PortfolioExposure(5_000, () => now);
    const today = '2026-03-10';
    const createdAt = new Date('2026-03-10T15:00:00Z');
    const before = await exposure.totals(today, db());
    expect(before).toEqual(await expected(today));

    const order = await createOrder(t, { total: 45_000, createdAt });
    const amount = await financed(order.id);
    expect(amount).toBeGreaterThan(0);
    now = 4_999;
    expect(await exposure.totals(today, db())).toEqual(before); // still within the interval: not read again

    now = 5_000;
    const after = await exposure.totals(today, db());
    expect(after).toEqual(await expected(today));
    expect(after.financedToday).toBe(before.financedToday + amount);
    expect(after.outstanding).toBeGreaterThan(before.outstanding);

    // The next day is read at once, whatever the interval says: today's order no longer counts as financed today.
    const tomorrow = await exposure.totals('2026-03-11', db());
    expect(tomorrow).toEqual(await expected('2026-03-11'));
    expect(tomorrow.financedToday).toBeLessThanOrEqual(after.financedToday - amount);
    expect(tomorrow.outstanding).toBe(after.outstanding);
  });

  it('concurrent analyses share one read; a failed read is not kept', async () => {
    let now = 0;
    const exposure = new PortfolioExposure(5_000, () => now);
    const read = vi.spyOn(
      exposure as unknown as { read(today: string, db: unknown): Promise<unknown> },
      'read',
    );
    const [a, b, c] = await Promise.all([
      exposure.totals('2026-03-10', db()),
      exposure.totals('2026-03-10', db()),
      exposure.totals('2026-03-10', db()),
    ]);
    expect(read).toHaveBeenCalledTimes(1);
    expect(b).toEqual(a);
    expect(c).toEqual(a);

    now = 10_000;
    read.mockRejectedValueOnce(new Error('connection lost'));
    await expect(exposure.totals('2026-03-10', db())).rejects.toThrow('connection lost');
    expect(await exposure.totals('2026-03-10', db())).toEqual(await expected('2026-03-10'));
    expect(read).toHaveBeenCalledTimes(3);
  });

  it('refresh 0 reads for every analysis', async () => {
    const exposure = new PortfolioExposure(0, () => 0);
    const first = await exposure.totals('2026-03-10', db());
    const order = await createOrder(t, { total: 30_000, createdAt: new Date('2026-03-10T16:00:00Z') });
    const second = await exposure.totals('2026-03-10', db());
    expect(second.financedToday).toBe(first.financedToday + (await financed(order.id)));
  });
});
