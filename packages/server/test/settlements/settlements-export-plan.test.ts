import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchants } from '../../src/modules/merchants/tables.ts';
import { seededApp } from '../helpers.ts';

// The CSV export reads a month by keyset batches `(day, id) > (…)`. With an index on (merchant_id, day) only, each
// batch re-read the month from its first day (quadratic in the month's rows: 8 200 rows/s at 10^6 orders,
// docs/benchmarks.md); the (merchant_id, day, id) index makes the row comparison an index condition.
describe('settlement export batches', () => {
  let t: Awaited<ReturnType<typeof seededApp>>;
  let aurora: string;

  beforeAll(async () => {
    t = await seededApp();
    const db = t.built.services.database.db;
    const [m] = await db.select().from(merchants).where(eq(merchants.name, 'Loja Aurora'));
    aurora = m?.id as string;
    await db.execute(sql`
      insert into settlement_entries (merchant_id, order_id, kind, day, amount, fee_amount, payout_amount, fee_rate_bps,
        key, created_at, order_code, merchant_order_code, order_created_at, customer_name, transfer_dates)
      select ${aurora}::uuid, gen_random_uuid(), 'SALE', date '2027-01-01' + (g % 31), 1000, 30, 970, 299,
        'bulk:' || g, now(), 'DRP-BULK' || g, 'PED-' || g, now(), 'Maria da Silva', ''
      from generate_series(1, 20000) g`);
    // The daily summary follows every write of rows (docs/settlements.md), these too.
    await db.execute(sql`
      insert into settlement_days (merchant_id, day, entries, sales, fees, cancellations, payout, scheduled)
      select merchant_id, day, count(*)::int, sum(amount), sum(fee_amount), 0, sum(payout_amount), 0
      from settlement_entries where key like 'bulk:%' group by merchant_id, day
      on conflict (merchant_id, day) do update set entries = settlement_days.entries + excluded.entries,
        sales = settlement_days.sales + excluded.sales, fees = settlement_days.fees + excluded.fees,
        payout = settlement_days.payout + excluded.payout`);
    await db.execute(sql`analyze settlement_entries`);
  });
  afterAll(async () => {
    await t.dispose();
  });

  it('reads a batch after the cursor through the (merchant, day, id) index, the cursor in its condition', async () => {
    const statement = t.built.services.settlements.exportBatch(
      aurora,
      '2027-01-01',
      '2027-01-31',
      { day: '2027-01-20', id: '00000000-0000-0000-0000-000000000000' },
      500,
    );
    // The test world's orders are a few rows (hash joins would win): with sequential scans off the planner shows
    // how it reads settlement_entries by index, which is what differs between the two indexes.
    const plan = await t.built.services.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return (await tx.execute(sql`explain ${statement}`)) as { rows: Record<string, string>[] };
    });
    const lines = plan.rows.map((r) => Object.values(r)[0]).join('\n');
    expect(lines).toContain('settlement_entries_merchant_day_id_idx');
    expect(lines).toMatch(/Index Cond: .*ROW\(day, id\) > ROW\(/);
  });
});
