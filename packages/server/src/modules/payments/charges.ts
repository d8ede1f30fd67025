/**
 * Pix charges: created (a cob asked of the PSP, then stored), prepared for the caller's own statement, read,
 * canceled and expired (the `pix-charge-expiry` job). docs/pix.md.
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import type { DbOrTx, Tx } from '../../db/types.ts';
import { tryJobLock } from '../../jobs/lock.ts';
import { JOB } from '../../jobs/names.ts';
import { errorFields } from '../../log.ts';
import type { PaymentsOptions } from './options.ts';
import { type ChargeRow, isUuid, toCharge } from './rows.ts';
import { pixCharges } from './tables.ts';
import { newTxid } from './txids.ts';
import type { Charge, ChargePurpose, CreateChargeInput, PreparedCharge } from './types.ts';

/** A new charge's INSERT outside a transaction (every checkout creates one), prepared once per database handle. */
function prepareInsertCharge(db: Db) {
  const p = sql.placeholder;
  return db
    .insert(pixCharges)
    .values({
      txid: p('txid'),
      purpose: p('purpose'),
      referenceId: p('referenceId'),
      amount: p('amount'),
      brCode: p('brCode'),
      location: p('location'),
      description: p('description'),
      expiresAt: sql`${p('expiresAt')}::timestamptz`,
      status: 'ACTIVE',
      createdAt: sql`${p('createdAt')}::timestamptz`,
    })
    .returning()
    .prepare('drip_pix_charge_insert');
}

export class Charges {
  private readonly insertCharge: ReturnType<typeof prepareInsertCharge>;

  constructor(private readonly o: PaymentsOptions) {
    this.insertCharge = prepareInsertCharge(o.db);
  }

  toCharge(row: ChargeRow): Charge {
    return toCharge(row, this.o.qrBasePath);
  }

  async createCharge(tx: Tx | null, input: CreateChargeInput): Promise<Charge> {
    const { values } = await this.askCob(tx, input);
    const [row] = tx
      ? await tx.insert(pixCharges).values(values).returning()
      : await this.insertCharge.execute({
          ...values,
          expiresAt: values.expiresAt.toISOString(),
          createdAt: values.createdAt.toISOString(),
        });
    if (!row) throw new Error('pix charge not stored');
    return this.toCharge(row);
  }

  async prepareCharge(input: CreateChargeInput): Promise<PreparedCharge> {
    const { values } = await this.askCob(null, input);
    const id = randomUUID();
    const row: ChargeRow = {
      ...values,
      id,
      paidAt: null,
      payerCpf: null,
      payerName: null,
      payerBankCode: null,
      payerIspb: null,
      endToEndId: null,
      refundReason: null,
      refundedAmount: 0,
      checkedAt: null,
    };
    return {
      charge: this.toCharge(row),
      insertIf: (guard, name) => {
        const p = (field: string) => sql.placeholder(`${name}_${field}`);
        return {
          key: `charge-insert-if:${guard}:${name}`,
          build: () =>
            sql`insert into ${pixCharges} (id, txid, purpose, reference_id, amount, br_code, location, description, expires_at, status, created_at) select ${p('id')}::uuid, ${p('txid')}, ${p('purpose')}, ${p('referenceId')}, ${p('amount')}::bigint, ${p('brCode')}, ${p('location')}, ${p('description')}, ${p('expiresAt')}::timestamptz, 'ACTIVE', ${p('createdAt')}::timestamptz from ${sql.identifier(guard)}`,
          values: {
            [`${name}_id`]: id,
            [`${name}_txid`]: values.txid,
            [`${name}_purpose`]: values.purpose,
            [`${name}_referenceId`]: values.referenceId,
            [`${name}_amount`]: values.amount,
            [`${name}_brCode`]: values.brCode,
            [`${name}_location`]: values.location,
            [`${name}_description`]: values.description,
            [`${name}_expiresAt`]: values.expiresAt.toISOString(),
            [`${name}_createdAt`]: values.createdAt.toISOString(),
          },
        };
      },
      abandon: async () => {
        try {
          await this.o.pix.cancelCob(values.txid);
        } catch (err) {
          // Never stored and never shown: nobody holds its code. Logged for the PSP's own expiry to remove it.
          this.o.log.warn('pix cob cancel failed', { txid: values.txid, ...errorFields(err) });
        }
      },
    };
  }

  /** Asks the PSP for the cob of a new charge and answers the charge's columns (not stored). */
  private async askCob(tx: Tx | null, input: CreateChargeInput) {
    if (!Number.isSafeInteger(input.amount) || input.amount <= 0) {
      throw new RangeError('A Pix charge needs a positive amount');
    }
    const exec: DbOrTx = tx ?? this.o.db;
    const txid = newTxid(input.purpose);
    const expiresIn = input.expiresInSeconds ?? this.o.defaultExpirySeconds;
    const cob = await this.o.pix.createCob(
      {
        txid,
        amount: input.amount,
        expiresInSeconds: expiresIn,
        ...(input.payer ? { payer: input.payer } : {}),
        description: input.description,
      },
      { tx: exec },
    );
    const now = this.o.clock.now();
    return {
      values: {
        txid,
        purpose: input.purpose,
        referenceId: input.referenceId,
        amount: input.amount,
        brCode: cob.brCode,
        location: cob.location,
        description: input.description,
        expiresAt: new Date(now.getTime() + expiresIn * 1000),
        status: 'ACTIVE' as const,
        createdAt: now,
      },
    };
  }

  async getCharge(id: string): Promise<Charge | null> {
    if (!isUuid(id)) return null;
    const [row] = await this.o.db.select().from(pixCharges).where(eq(pixCharges.id, id));
    return row ? this.toCharge(await this.expireLazily(row)) : null;
  }

  async getChargeByTxid(txid: string): Promise<Charge | null> {
    const [row] = await this.o.db.select().from(pixCharges).where(eq(pixCharges.txid, txid));
    return row ? this.toCharge(await this.expireLazily(row)) : null;
  }

  async activeChargeFor(purpose: ChargePurpose, referenceId: string): Promise<Charge | null> {
    const [row] = await this.o.db
      .select()
      .from(pixCharges)
      .where(
        and(
          eq(pixCharges.purpose, purpose),
          eq(pixCharges.referenceId, referenceId),
          eq(pixCharges.status, 'ACTIVE'),
          gt(pixCharges.expiresAt, this.o.clock.now()),
        ),
      )
      .orderBy(desc(pixCharges.createdAt))
      .limit(1);
    return row ? this.toCharge(row) : null;
  }

  /**
   * Several charges by id in one read (a page showing many instalments). An ACTIVE charge past its expiry is
   * answered as EXPIRED, as `getCharge` would store it; nothing is written.
   */
  async chargesByIds(ids: readonly string[]): Promise<Map<string, Charge>> {
    const wanted = ids.filter(isUuid);
    if (wanted.length === 0) return new Map();
    const rows = await this.o.db.select().from(pixCharges).where(inArray(pixCharges.id, wanted));
    const now = this.o.clock.now().getTime();
    return new Map(
      rows.map((row) => {
        const expired = row.status === 'ACTIVE' && row.expiresAt.getTime() <= now;
        return [row.id, this.toCharge(expired ? { ...row, status: 'EXPIRED' } : row)];
      }),
    );
  }

  /** `activeChargeFor` of several references in one read: each reference's newest active, unexpired charge. */
  async activeChargesFor(
    purpose: ChargePurpose,
    referenceIds: readonly string[],
  ): Promise<Map<string, Charge>> {
    if (referenceIds.length === 0) return new Map();
    const rows = await this.o.db
      .select()
      .from(pixCharges)
      .where(
        and(
          eq(pixCharges.purpose, purpose),
          inArray(pixCharges.referenceId, [...referenceIds]),
          eq(pixCharges.status, 'ACTIVE'),
          gt(pixCharges.expiresAt, this.o.clock.now()),
        ),
      )
      .orderBy(desc(pixCharges.createdAt));
    const out = new Map<string, Charge>();
    for (const row of rows) if (!out.has(row.referenceId)) out.set(row.referenceId, this.toCharge(row));
    return out;
  }

  async cancelCharge(id: string): Promise<void> {
    if (!isUuid(id)) return;
    const [row] = await this.o.db
      .update(pixCharges)
      .set({ status: 'CANCELED' })
      .where(and(eq(pixCharges.id, id), eq(pixCharges.status, 'ACTIVE')))
      .returning();
    if (!row) return;
    try {
      await this.o.pix.cancelCob(row.txid);
    } catch (err) {
      // The charge is canceled on Drip's side: a payment arriving anyway is booked for refund.
      this.o.log.warn('pix cob cancel failed', { txid: row.txid, ...errorFields(err) });
    }
  }

  /** Set-based, idempotent; one instance at a time (advisory lock). Returns how many charges expired. */
  async expireCharges(now: Date = this.o.clock.now()): Promise<number> {
    return this.o.db.transaction(async (tx) => {
      if (!(await tryJobLock(tx, JOB.pixChargeExpiry))) return 0;
      const expired = await tx
        .update(pixCharges)
        .set({ status: 'EXPIRED' })
        .where(and(eq(pixCharges.status, 'ACTIVE'), lte(pixCharges.expiresAt, now)))
        .returning({ id: pixCharges.id });
      return expired.length;
    });
  }

  /**
   * ACTIVE charges past their expiry, per purpose (the metrics, at every scrape): the expiry job turns them EXPIRED
   * within 30 s, so a count that stays up says that job is stuck. One grouped read on `pix_charges_active_expiry_idx`
   * (status, expires_at): it reads only those rows.
   */
  async pendingPastExpiry(
    now: Date = this.o.clock.now(),
  ): Promise<{ purpose: ChargePurpose; count: number }[]> {
    return this.o.db
      .select({ purpose: pixCharges.purpose, count: sql<number>`count(*)::int` })
      .from(pixCharges)
      .where(and(eq(pixCharges.status, 'ACTIVE'), lte(pixCharges.expiresAt, now)))
      .groupBy(pixCharges.purpose);
  }

  private async expireLazily(row: ChargeRow): Promise<ChargeRow> {
    if (row.status !== 'ACTIVE' || row.expiresAt.getTime() > this.o.clock.now().getTime()) return row;
    const [updated] = await this.o.db
      .update(pixCharges)
      .set({ status: 'EXPIRED' })
      .where(and(eq(pixCharges.id, row.id), eq(pixCharges.status, 'ACTIVE')))
      .returning();
    if (updated) return updated;
    const [fresh] = await this.o.db.select().from(pixCharges).where(eq(pixCharges.id, row.id));
    return fresh ?? row;
  }
}
