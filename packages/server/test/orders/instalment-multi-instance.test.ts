/**
 * Two server instances on one PostgreSQL (DRIP_TEST_DATABASE_URL): the late-fee job books each fee once under its
 * advisory lock, and a payment booked through instance A reaches an SSE client of instance B (LISTEN/NOTIFY).
 */
import { orderPaths } from '@drip/core';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../src/clock.ts';
import { type DatabaseHandle, openDatabase } from '../../src/db/index.ts';
import { PasswordHasher } from '../../src/modules/auth/passwords.ts';
import { instalments, ledgerEntries } from '../../src/modules/orders/tables.ts';
import { seed } from '../../src/seed.ts';
import { appOn, createPgDatabase, PG_ADMIN_URL, TEST_HASHING, type TestApp } from '../helpers.ts';
import { createOrder, payBrCode } from '../instalment-helpers.ts';

const DAY = 86_400_000;

describe.skipIf(!PG_ADMIN_URL)('two instances on one PostgreSQL', () => {
  let fresh: { url: string; drop(): Promise<void> };
  let handles: DatabaseHandle[];
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    fresh = await createPgDatabase(PG_ADMIN_URL ?? '');
    handles = [
      await openDatabase({ databaseUrl: fresh.url }),
      await openDatabase({ databaseUrl: fresh.url }),
    ];
    await Promise.all(handles.map((h) => h.migrate()));
    await seed(handles[0]?.db ?? handles[1]!.db, new PasswordHasher(TEST_HASHING));
    const clock = manualClock(new Date('2026-03-10T12:00:00Z'));
    a = appOn(handles[0]!, { clock });
    b = appOn(handles[1]!, { clock });
  });
  afterAll(async () => {
    for (const t of [a, b]) await t?.built.services.instalmentEvents.close();
    for (const h of handles ?? []) await h.close();
    await fresh?.drop();
  });

  it('books each late fee once when both instances run the job at the same time', async () => {
    const orders = await Promise.all(
      Array.from({ length: 20 }, () => createOrder(a, { total: 9_000, firstDueDate: '2026-03-01' })),
    );
    const runs = await Promise.all([
      a.built.services.lateFees.run(),
      b.built.services.lateFees.run(),
      a.built.services.lateFees.run(),
      b.built.services.lateFees.run(),
    ]);
    expect(runs.some((r) => r.ran)).toBe(true);
    const ids = orders.map((o) => o.id);
    const entries = await a.database.db
      .select()
      .from(ledgerEntries)
      .where(inArray(ledgerEntries.orderId, ids));
    const fees = entries.filter((e) => e.type === 'LATE_FEE');
    // One late instalment per order (the first), one entry each.
    expect(fees).toHaveLength(20);
    expect(new Set(fees.map((e) => e.instalmentId)).size).toBe(20);
    const rows = await a.database.db.select().from(instalments).where(inArray(instalments.orderId, ids));
    for (const fee of fees) {
      expect(rows.find((r) => r.id === fee.instalmentId)?.feesAmount).toBe(fee.amount);
    }
    // Running again changes nothing.
    await Promise.all([a.built.services.lateFees.run(), b.built.services.lateFees.run()]);
    const again = await a.database.db.select().from(ledgerEntries).where(inArray(ledgerEntries.orderId, ids));
    expect(again.filter((e) => e.type === 'LATE_FEE')).toHaveLength(20);
    a.clock.advance(DAY);
    await Promise.all([a.built.services.lateFees.run(), b.built.services.lateFees.run()]);
    const nextDay = await a.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.type, 'LATE_FEE'));
    expect(nextDay.filter((e) => ids.includes(e.orderId ?? ''))).toHaveLength(40);
    a.clock.set(new Date('2026-03-10T12:00:00Z'));
  });

  it('delivers a payment booked through instance A to an SSE client of instance B', async () => {
    const order = await createOrder(a, { total: 6_000 });
    const [first] = await a.database.db
      .select()
      .from(instalments)
      .where(eq(instalments.orderId, order.id))
      .orderBy(instalments.number);
    const id = first?.id ?? '';
    const res = await b.raw(orderPaths.instalmentEvents(id), { method: 'GET' });
    const reader = res.body?.getReader();
    if (!reader) throw new Error('no body');
    const decoder = new TextDecoder();
    let text = '';
    const readUntil = async (needle: string) => {
      while (!text.includes(needle)) {
        const chunk = await reader.read();
        if (chunk.done) break;
        text += decoder.decode(chunk.value);
      }
    };
    await readUntil('PENDING');
    const details = await a.request('GET', orderPaths.instalmentDetails(id));
    await payBrCode(a, details.body.installment.qrcodeText);
    await readUntil('PAID');
    expect(text).toContain('data: {"status":"PAID"}');
  });
});
