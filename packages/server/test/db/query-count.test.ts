import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/db/index.ts';
import { PasswordHasher } from '../../src/modules/auth/passwords.ts';
import { seed } from '../../src/seed.ts';
import { customerData, freshShopper } from '../checkout-helpers.ts';
import { appOn, bearer, createPgDatabase, latestCode, PG_ADMIN_URL, TEST_HASHING } from '../helpers.ts';

const kinds: {
  name: string;
  open(countQueries: boolean): Promise<{ database: DatabaseHandle; dispose(): Promise<void> }>;
}[] = [
  {
    name: 'PGlite',
    open: async (countQueries) => {
      const database = await openDatabase({ inMemory: true, countQueries });
      return { database, dispose: () => database.close() };
    },
  },
];
if (PG_ADMIN_URL) {
  const admin = PG_ADMIN_URL;
  kinds.push({
    name: 'PostgreSQL',
    open: async (countQueries) => {
      const fresh = await createPgDatabase(admin);
      const database = await openDatabase({ databaseUrl: fresh.url, countQueries });
      return {
        database,
        dispose: async () => {
          await database.close();
          await fresh.drop();
        },
      };
    },
  });
}

const disposers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const d of disposers) await d();
});

describe.each(kinds)('DRIP_COUNT_QUERIES on $name', (kind) => {
  it('counts one per statement, BEGIN and COMMIT of a transaction included', async () => {
    const { database, dispose } = await kind.open(true);
    disposers.push(dispose);
    await database.migrate();
    const start = database.queryCount();
    expect(start).toBeGreaterThan(0); // the migrations ran through the same client

    await database.db.execute(sql`select 1`);
    expect(database.queryCount() - start).toBe(1);

    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await tx.execute(sql`select 2`);
    });
    expect(database.queryCount() - start).toBe(1 + 4);

    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(database.queryCount() - start).toBe(1 + 4 + 3); // BEGIN, select, ROLLBACK

    // A parameterised query is one statement, however many protocol messages it takes.
    await database.db.execute(sql`select ${42}::int as n, ${'x'}::text as s`);
    expect(database.queryCount() - start).toBe(1 + 4 + 3 + 1);
  });

  it('GET /sandbox/metrics answers the count, and moves with the requests that touch the database', async () => {
    const { database, dispose } = await kind.open(true);
    disposers.push(dispose);
    await database.migrate();
    const t = appOn(database);
    const first = await t.request('GET', '/sandbox/metrics');
    expect(first.status).toBe(200);
    expect(first.body.queries).toBe(database.queryCount());
    await t.request('GET', '/sandbox/outbox');
    const second = await t.request('GET', '/sandbox/metrics');
    expect(second.body.queries).toBeGreaterThan(first.body.queries);
    // The metrics route itself sends no statement.
    const third = await t.request('GET', '/sandbox/metrics');
    expect(third.body.queries).toBe(second.body.queries);
  });

  it('is off by default: nothing counted, and /sandbox/metrics says how to turn it on', async () => {
    const { database, dispose } = await kind.open(false);
    disposers.push(dispose);
    await database.migrate();
    await database.db.execute(sql`select 1`);
    expect(database.countingQueries).toBe(false);
    expect(database.queryCount()).toBe(0);
    const res = await appOn(database).request('GET', '/sandbox/metrics');
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('QUERY_COUNT_OFF');
    expect(res.body.error.message).toContain('DRIP_COUNT_QUERIES=1');
  });

  it('a checkout load (PUT {}) costs 2 statements when first opened and 1 when it changes nothing', async () => {
    const { database, dispose } = await kind.open(true);
    disposers.push(dispose);
    await database.migrate();
    await seed(database.db, new PasswordHasher(TEST_HASHING));
    const t = appOn(database);
    const world = (await t.request('GET', '/sandbox/demo')).body;
    const created = await t.request(
      'POST',
      '/api/v1/merchant/checkouts',
      {
        amount: 150,
        merchantOrderCode: 'QC-1',
        products: [{ name: 'Panela', quantity: 1, amount: 150 }],
        resolveUrl: 'https://pitanga.demo/ok',
        cancelUrl: 'https://pitanga.demo/carrinho',
      },
      { ...bearer(world.merchants[0].apiKey), 'idempotency-key': 'qc-1' },
    );
    expect(created.status, created.text).toBe(201);
    const put = async () => {
      const before = database.queryCount();
      const res = await t.request('PUT', `/api/v1/checkouts/${created.body.id}`, {});
      expect(res.status, res.text).toBe(200);
      expect(res.body.result).toBe('MORE_INFO');
      return database.queryCount() - before;
    };
    expect(await put()).toBe(2); // read, then the conditional PRISTINE → MORE_INFO write
    expect(await put()).toBe(1); // read only

    // The first purchase's customer data and token: each an optimistic read, then one write per party.
    const step = async (body: unknown) => {
      const before = database.queryCount();
      const res = await t.request('PUT', `/api/v1/checkouts/${created.body.id}`, body);
      expect(res.status, res.text).toBe(200);
      return database.queryCount() - before;
    };
    const { cpf, phone } = freshShopper();
    // the send caps' counters (one statement), then the read, then the conditional write with the token and its
    // SMS (the outbox adapter stores it in the same statement)
    expect(await step(customerData(cpf, phone))).toBe(3);
    const code = await latestCode(t, phone);
    // the attempt's rate-limit counter, shared by every instance (one upsert; docs/scaling.md "Shared limits"),
    // then the read, the PSP's cob (sandbox PSP, same database), then the customer upsert, the conditional write and
    // its charge as one statement
    const before = database.queryCount();
    const verified = await t.request('PUT', `/api/v1/checkouts/${created.body.id}`, {
      phoneVerificationCode: code,
    });
    expect(verified.status, verified.text).toBe(200);
    expect(database.queryCount() - before).toBe(4);

    // The R$ 1,00 paid (the analysis held back): the sandbox PSP's payment, then the booking as ONE statement (the
    // charge paid and refunded, the payment, the devolução and the checkout moved to ANALYSIS), no transaction.
    const analyses = t.built.services.checkouts.analyses;
    analyses.pause();
    const brcode = verified.body.fields.find((f: { fieldName: string }) => f.fieldName === 'payment')
      .fieldData.paymentQrCodeText;
    const beforePay = database.queryCount();
    const paid = await t.request('POST', '/sandbox/pix/pay', { brcode, payerCpf: cpf, payerBankCode: '260' });
    expect(paid.status, paid.text).toBe(200);
    expect(paid.body.webhook).toBe('DELIVERED');
    expect(database.queryCount() - beforePay).toBe(2);
    analyses.clear();
    analyses.resume();
  });
});
