/**
 * The daily summary `settlement_days` (docs/settlements.md): written in the transaction that writes the rows, so a
 * job run that fails leaves neither; and the migration that brought it copies the order's facts onto the rows
 * written before and sums them into the summary.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/index.ts';
import { settlementDays } from '../../src/modules/settlements/tables.ts';
import { migrationsDir } from '../../src/package-dir.ts';
import { seededApp } from '../helpers.ts';
import { cancel, dayAt, entriesOf, newMerchant, payoutsOf, sell } from '../settlements-helpers.ts';

const rowsOf = (r: unknown) => (r as { rows: Record<string, unknown>[] }).rows;

describe('settlement daily summary', () => {
  let t: Awaited<ReturnType<typeof seededApp>>;
  beforeAll(async () => {
    t = await seededApp();
  });
  afterAll(async () => {
    await t.dispose();
  });

  const summaryOf = (m: string) =>
    t.built.services.database.db
      .select()
      .from(settlementDays)
      .where(eq(settlementDays.merchantId, m))
      .orderBy(settlementDays.day);

  it('a job run that fails after writing rows leaves neither the rows nor their sums in the summary', async () => {
    const s = t.built.services.settlements;
    const m = await newMerchant(t);
    await s.addFee(m, { rateBps: 300, at: new Date('2028-05-01T12:00:00Z') });
    t.clock.set(new Date('2028-05-02T13:00:00Z'));
    const { orderId } = await sell(t, m, { total: 10_000 });
    await dayAt(t, '2028-05-02');
    const before = await summaryOf(m);
    expect(before).toEqual([
      {
        merchantId: m,
        day: '2028-05-02',
        entries: 1,
        sales: 10_000,
        fees: 300,
        cancellations: 0,
        payout: 9_700,
        scheduled: 0,
      },
    ]);

    // Next day: a sale and a refund are booked, then closing the day fails (its event cannot be written): the
    // job's one transaction rolls back, the rows and their sums with it.
    t.clock.set(new Date('2028-05-03T13:00:00Z'));
    await sell(t, m, { total: 20_000 });
    await cancel(t, orderId, 4_000);
    const internals = s as unknown as { o: { webhooks: { publish: (...a: unknown[]) => Promise<void> } } };
    const webhooks = internals.o.webhooks;
    internals.o.webhooks = {
      publish: async () => {
        throw new Error('the database went away');
      },
    };
    try {
      t.clock.set(new Date('2028-05-03T15:00:00Z'));
      await expect(s.run()).rejects.toThrow('the database went away');
    } finally {
      internals.o.webhooks = webhooks;
    }
    expect(await entriesOf(t, m)).toHaveLength(1);
    expect(await summaryOf(m)).toEqual(before);

    // The next run books them, rows and sums together; the day's shares are taken by its settlement.
    await dayAt(t, '2028-05-03');
    expect((await entriesOf(t, m)).map((e) => [e.day, e.kind, e.payoutAmount])).toEqual([
      ['2028-05-02', 'SALE', 9_700],
      ['2028-05-03', 'CANCELLATION', -3_880],
      ['2028-05-03', 'SALE', 19_400],
    ]);
    expect((await summaryOf(m)).map(({ merchantId: _, ...d }) => d)).toEqual([
      {
        day: '2028-05-02',
        entries: 1,
        sales: 10_000,
        fees: 300,
        cancellations: 0,
        payout: 9_700,
        scheduled: 0,
      },
      {
        day: '2028-05-03',
        entries: 2,
        sales: 20_000,
        fees: 600 - 120,
        cancellations: -3_880,
        payout: 19_400 - 3_880,
        scheduled: 0,
      },
    ]);
    expect((await payoutsOf(t, m)).map((p) => [p.transferDate, p.amount])).toEqual([
      ['2028-05-02', 9_700],
      ['2028-05-03', 15_520],
    ]);
  });

  it('the rows carry their sale facts: the extract and the CSV read them without the orders', async () => {
    const s = t.built.services.settlements;
    const m = await newMerchant(t);
    t.clock.set(new Date('2028-06-05T13:07:30.123Z'));
    const { orderId } = await sell(t, m, { total: 30_000, instalments: 3, firstDueDate: '2028-06-20' });
    await s.addConfiguration(m, {
      transferDelayInDays: 0,
      payAllInOneSettlement: false,
      at: new Date('2028-06-01T12:00:00Z'),
    });
    await dayAt(t, '2028-06-05');
    t.clock.set(new Date('2028-06-08T13:00:00Z'));
    await cancel(t, orderId, 30_000);
    await dayAt(t, '2028-06-08');
    const [order] = rowsOf(
      await t.built.services.database.db.execute(
        sql`select code, merchant_order_code, created_at::text as at from orders where id = ${orderId}::uuid`,
      ),
    );
    const rows = rowsOf(
      await t.built.services.database.db.execute(sql`
        select kind, order_code, merchant_order_code, order_created_at::text as at, customer_name, transfer_dates,
          (select string_agg(p.due_date::text, ' ' order by p.seq) from settlement_parts p where p.entry_id = e.id)
            as parts
        from settlement_entries e where e.order_id = ${orderId}::uuid order by e.created_at`),
    );
    expect(rows.map((r) => r.kind)).toEqual(['SALE', 'CANCELLATION']);
    for (const r of rows) {
      expect(r).toMatchObject({
        order_code: order?.code,
        merchant_order_code: order?.merchant_order_code,
        // The order's instant to the microsecond, not a JavaScript Date's millisecond.
        at: order?.at,
        customer_name: 'Maria da Silva',
      });
      expect(r.transfer_dates).toBe(r.parts);
    }
    expect(rows[0]?.transfer_dates).toBe('2028-06-20 2028-07-20 2028-08-19');
    const csv: Record<string, unknown>[] = [];
    for await (const r of s.exportRows(m, 6, 2028)) csv.push(r);
    expect(csv.map((r) => [r.kind, r.code, r.order_time, r.transfer_dates])).toEqual([
      ['SALE', order?.code, '05/06/2028 10:07', '2028-06-20 2028-07-20 2028-08-19'],
      ['CANCELLATION', order?.code, '05/06/2028 10:07', rows[1]?.transfer_dates],
    ]);
  });
});

describe('the migration of the daily summary', () => {
  it('copies the facts of the order onto the rows written before and sums them into the summary', async () => {
    // The migrations up to the one before the summary, in a folder of their own (a prefix of the journal).
    const dir = mkdtempSync(join(tmpdir(), 'drip-migrations-'));
    const db = await openDatabase({ inMemory: true });
    try {
      cpSync(migrationsDir(), dir, { recursive: true });
      const journalPath = join(dir, 'meta', '_journal.json');
      const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
      const at = journal.entries.findIndex((e) => e.tag.endsWith('_settlement_days_summary'));
      expect(at).toBeGreaterThan(0);
      journal.entries = journal.entries.slice(0, at);
      writeFileSync(journalPath, JSON.stringify(journal));
      await migrate(db.db as unknown as PgliteDatabase, { migrationsFolder: dir });

      const m = '5a1e0000-0000-4000-8000-000000000001';
      const ana = '5a1e0000-0000-4000-8000-0000000000c1';
      const [a, b] = ['5a1e0000-0000-4000-8000-0000000000a1', '5a1e0000-0000-4000-8000-0000000000b1'];
      const [sa, sb, ca] = [
        '5a1e0000-0000-4000-8000-0000000000e1',
        '5a1e0000-0000-4000-8000-0000000000e2',
        '5a1e0000-0000-4000-8000-0000000000e3',
      ];
      const exec = (q: ReturnType<typeof sql>) => db.db.execute(q);
      await exec(sql`insert into customers (id, name, cpf, phone) values (${ana}::uuid, 'Ana Lima', '52998224725',
        '+5511987650001')`);
      // Order b's customer is not in customers: its rows get no name, as the extract's left join gave none.
      await exec(sql`
        insert into orders (id, code, checkout_id, merchant_id, customer_id, merchant_order_code, amount,
          canceled_amount, financed_amount, cashback_rate, cashback_amount, status, type, created_at, updated_at)
        values (${a}::uuid, 'DRP-AAA', gen_random_uuid(), ${m}::uuid, ${ana}::uuid, 'PED-A', 30000, 10000, 30000, 0, 0,
            'ACTIVE', 'INSTALMENTS', '2026-03-10 12:34:56.789123+00', now()),
          (${b}::uuid, 'DRP-BBB', gen_random_uuid(), ${m}::uuid, gen_random_uuid(), 'PED-B', 5000, 0, 5000, 0, 0,
            'ACTIVE', 'INSTALMENTS', '2026-03-10 18:00:00+00', now())`);
      await exec(sql`
        insert into settlement_entries (id, merchant_id, order_id, kind, day, amount, fee_amount, payout_amount,
          fee_rate_bps, key, created_at)
        values (${sa}::uuid, ${m}::uuid, ${a}::uuid, 'SALE', '2026-03-10', 30000, 900, 29100, 300, 'sale:a', now()),
          (${sb}::uuid, ${m}::uuid, ${b}::uuid, 'SALE', '2026-03-10', 5000, 150, 4850, 300, 'sale:b', now()),
          (${ca}::uuid, ${m}::uuid, ${a}::uuid, 'CANCELLATION', '2026-03-12', -10000, -300, -9700, 300,
            'cancel:a:10000', now())`);
      await exec(sql`
        insert into settlement_parts (entry_id, merchant_id, order_id, seq, due_date, amount, wait_for, payout_id)
        values (${sa}::uuid, ${m}::uuid, ${a}::uuid, 2, '2026-04-24', 14550, 'NONE', null),
          (${sa}::uuid, ${m}::uuid, ${a}::uuid, 1, '2026-03-25', 14550, 'NONE', gen_random_uuid()),
          (${sb}::uuid, ${m}::uuid, ${b}::uuid, 1, '2026-03-10', 4850, 'NONE', gen_random_uuid()),
          (${ca}::uuid, ${m}::uuid, ${a}::uuid, 1, '2026-04-24', -9700, 'NONE', null)`);

      await db.migrate();

      const rows = rowsOf(
        await exec(sql`
          select e.id::text as id, e.order_code, e.merchant_order_code, e.customer_name, e.transfer_dates,
            e.order_created_at = o.created_at as same_instant
          from settlement_entries e join orders o on o.id = e.order_id order by e.key`),
      );
      expect(rows).toEqual([
        {
          id: ca,
          order_code: 'DRP-AAA',
          merchant_order_code: 'PED-A',
          customer_name: 'Ana Lima',
          transfer_dates: '2026-04-24',
          same_instant: true,
        },
        {
          id: sa,
          order_code: 'DRP-AAA',
          merchant_order_code: 'PED-A',
          customer_name: 'Ana Lima',
          transfer_dates: '2026-03-25 2026-04-24',
          same_instant: true,
        },
        {
          id: sb,
          order_code: 'DRP-BBB',
          merchant_order_code: 'PED-B',
          customer_name: null,
          transfer_dates: '2026-03-10',
          same_instant: true,
        },
      ]);
      const days = await db.db.select().from(settlementDays).orderBy(settlementDays.day);
      expect(days).toEqual([
        {
          merchantId: m,
          day: '2026-03-10',
          entries: 2,
          sales: 35_000,
          fees: 1_050,
          cancellations: 0,
          payout: 33_950,
          scheduled: 14_550,
        },
        {
          merchantId: m,
          day: '2026-03-12',
          entries: 1,
          sales: 0,
          fees: -300,
          cancellations: -9_700,
          payout: -9_700,
          scheduled: -9_700,
        },
      ]);
    } finally {
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
