/**
 * Payments: Pix charges through the `pix` port, webhook booking (confirmed with the PSP, idempotent by
 * endToEndId), expiry and devoluções. Other modules use only `PaymentsService`; see docs/pix.md.
 */
import { randomUUID } from 'node:crypto';
import { type Cents, cents, centsToReais } from '@drip/core';
import { and, desc, eq, gt, inArray, isNotNull, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import * as v from 'valibot';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/index.ts';
import { type Shaped, ShapedStatements } from '../../db/shaped.ts';
import type { DbOrTx, Tx } from '../../db/types.ts';
import { tryJobLock } from '../../jobs/lock.ts';
import { JOB } from '../../jobs/names.ts';
import type { Logger } from '../../log.ts';
import { errorFields } from '../../log.ts';
import type { WebhookNotice } from './apipix.ts';
import type { PixPort, ReceivedPix } from './pix-port.ts';
import { CHARGE_PURPOSES, CHARGE_STATUSES, pixCharges, pixPayments, pixRefunds } from './tables.ts';

export type { Tx };

export type ChargePurpose =
  | 'VERIFICATION'
  | 'FIRST_INSTALMENT'
  | 'FULL_AMOUNT'
  | 'INSTALMENT'
  | 'UNIQUE_PAYMENT';
export type ChargeStatus = 'ACTIVE' | 'PAID' | 'EXPIRED' | 'CANCELED' | 'REFUNDED';

export interface Charge {
  id: string;
  txid: string;
  purpose: ChargePurpose;
  referenceId: string;
  amount: Cents;
  brCode: string;
  qrCodeUrl: string;
  expiresAt: Date;
  status: ChargeStatus;
  paidAt: Date | null;
  payerCpf: string | null;
  payerBankCode: string | null;
  /** Added: the payer's name as the PSP reported it. */
  payerName: string | null;
  /** Added: the Pix that paid it. */
  endToEndId: string | null;
  /** Added: set when money arrived that could not be booked (a devolução is asked for). */
  refundReason: string | null;
  /** Added: centavos refunded through `refundCharge`. */
  refundedAmount: Cents;
}

export interface CreateChargeInput {
  purpose: ChargePurpose;
  referenceId: string;
  amount: Cents;
  expiresInSeconds?: number;
  payer?: { cpf: string; name: string };
  description: string;
}

/** See PaymentsService.prepareCharge. */
export interface PreparedCharge {
  /** The charge as it is once stored (ACTIVE, its id already chosen). */
  charge: Charge;
  /**
   * `insert into pix_charges … select … from <guard>`: stores the charge only when the caller's CTE `guard`
   * returned a row. A shaped fragment (db/shaped.ts) whose placeholders start with `<name>_`.
   */
  insertIf(guard: string, name: string): Shaped;
  /** The write did not apply: the cob is removed at the PSP, so that it cannot be paid. */
  abandon(): Promise<void>;
}

/**
 * A txid's first three letters name its charge's purpose (API Pix allows 26 to 35 letters and digits: 3 + 32), so
 * that a notice's booking knows the purpose before it reads anything (see onPaidInOneStatement).
 */
const TXID_PREFIX: Record<ChargePurpose, string> = {
  VERIFICATION: 'VRF',
  FIRST_INSTALMENT: 'FST',
  FULL_AMOUNT: 'FUL',
  INSTALMENT: 'INS',
  UNIQUE_PAYMENT: 'UNQ',
};

export function newTxid(purpose: ChargePurpose): string {
  return `${TXID_PREFIX[purpose]}${randomUUID().replaceAll('-', '')}`;
}

/** The purpose a txid names, or null (a txid from before the prefixes, or not Drip's). */
export function purposeOfTxid(txid: string): ChargePurpose | null {
  if (txid.length !== 35) return null;
  for (const [purpose, prefix] of Object.entries(TXID_PREFIX)) {
    if (txid.startsWith(prefix)) return purpose as ChargePurpose;
  }
  return null;
}

/**
 * The booking of a purpose whose payment is given back in full as it is booked (the R$ 1,00 verification), as ONE
 * statement without a transaction: the charge paid and refunded, the payment stored, the devolução REQUESTED, and
 * the purpose's own CTEs, which read the booked charge from the CTE `paid` (pix_charges' columns).
 */
export interface OneStatementBooking {
  /** The devolução's reason. */
  refundReason: string;
  /**
   * The purpose's CTEs (`name as (…)`, comma separated) and `answer`, one select-list item named `handled` (text or
   * null); a shaped fragment (db/shaped.ts) whose placeholders start with `booking_`.
   */
  fragment(): { key: string; ctes: () => SQL; answer: () => SQL; values: Record<string, unknown> };
  /** Runs once the statement is done, with `handled`. */
  after(handled: string | null): void;
}

/** What a paid handler may ask of the booking besides its transaction. */
export interface PaidContext {
  /**
   * Runs `fn` once the booking transaction committed (never when it rolled back), before the webhook is answered;
   * `fn` should only start work (e.g. enqueue it), not wait for it. A throw is logged, never answered to the PSP.
   */
  afterCommit(fn: () => void): void;
}

export type PaidHandler = (tx: Tx, charge: Charge, ctx: PaidContext) => Promise<void>;

export interface PaymentsService {
  createCharge(tx: Tx | null, input: CreateChargeInput): Promise<Charge>;
  /**
   * A charge asked of the PSP (its cob exists) and not stored yet: the caller stores it in one statement with its
   * own conditional write (`insertIf`), or calls `abandon` when that write did not apply.
   */
  prepareCharge(input: CreateChargeInput): Promise<PreparedCharge>;
  getCharge(id: string): Promise<Charge | null>;
  /** Newest ACTIVE and not expired charge of a purpose and reference. */
  activeChargeFor(purpose: ChargePurpose, referenceId: string): Promise<Charge | null>;
  cancelCharge(id: string): Promise<void>;
  /**
   * Before an unpaid charge is offered to pay again: asks the PSP for it (GET /cob/{txid}) and books what the PSP
   * says was paid, as the webhook would. Answers how many Pix were booked now (0 as well when the PSP could not be
   * asked: logged, never thrown). Asked at most every few seconds per charge and process unless `force`.
   */
  reconcileCharge(txid: string, o?: { force?: boolean }): Promise<number>;
  /**
   * The same for every unpaid charge of these purposes and references that the PSP may still have seen paid (an
   * expired one always: it is about to be replaced).
   */
  reconcileFor(refs: { purpose: ChargePurpose; referenceIds: string[] }[]): Promise<number>;
  /** Records a devolução of `amount` of a paid charge; sent to the PSP asynchronously (processPendingRefunds). */
  refundCharge(tx: Tx | null, chargeId: string, amount: Cents, reason: string): Promise<void>;
  /**
   * The same devolução as CTEs (a shaped fragment, db/shaped.ts: placeholders start with `<name>_`), to send in one
   * statement with the caller's own write (see Payments).
   */
  refundChargeCtes(chargeId: string, amount: Cents, reason: string, name: string): Shaped;
  /**
   * Registers the handler that books a paid charge of a purpose. Called INSIDE the booking transaction; slow work
   * (third-party calls) goes to `ctx.afterCommit`.
   */
  onPaid(purpose: ChargePurpose, handler: PaidHandler): void;
  /**
   * The same booking as one statement, for a charge whose txid names this purpose (see OneStatementBooking); the
   * `onPaid` handler still books what this cannot (a txid without a prefix, a payment the statement did not book).
   */
  onPaidInOneStatement(purpose: ChargePurpose, booking: OneStatementBooking): void;
}

export type NoticeOutcome =
  | 'BOOKED'
  | 'DUPLICATE'
  | 'NOT_CONFIRMED'
  | 'UNKNOWN_TXID'
  | 'AMOUNT_MISMATCH'
  | 'REFUND';

export interface NoticeResult {
  endToEndId: string;
  outcome: NoticeOutcome;
}

export class RefundError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RefundError';
  }
}

type ChargeRow = typeof pixCharges.$inferSelect;

/** A bigint column as the drivers answer it without Drizzle's mapping (text on node-postgres), as a number. */
const Int8 = v.pipe(
  v.union([v.string(), v.number(), v.bigint()]),
  v.transform((n): number => Number(n)),
  v.check((n) => Number.isSafeInteger(n), 'bigint column out of range'),
);
/** A timestamptz column as the drivers answer it without Drizzle's mapping (text, or a Date), as a Date. */
const Timestamp = v.pipe(
  v.union([v.string(), v.date()]),
  v.transform((t) => (t instanceof Date ? t : new Date(t))),
  v.check((d) => !Number.isNaN(d.getTime()), 'invalid timestamp'),
);
/** `returning *` of pix_charges, run as a shaped statement (raw column names and driver types). */
const PaidChargeRows = v.object({
  rows: v.array(
    v.object({
      id: v.string(),
      txid: v.string(),
      purpose: v.picklist(CHARGE_PURPOSES),
      reference_id: v.string(),
      amount: Int8,
      br_code: v.string(),
      location: v.string(),
      description: v.string(),
      expires_at: Timestamp,
      status: v.picklist(CHARGE_STATUSES),
      created_at: Timestamp,
      paid_at: v.nullable(Timestamp),
      payer_cpf: v.nullable(v.string()),
      payer_name: v.nullable(v.string()),
      payer_bank_code: v.nullable(v.string()),
      payer_ispb: v.nullable(v.string()),
      end_to_end_id: v.nullable(v.string()),
      refund_reason: v.nullable(v.string()),
      refunded_amount: Int8,
      checked_at: v.nullable(Timestamp),
    }),
  ),
});

function chargeFromRaw(r: v.InferOutput<typeof PaidChargeRows>['rows'][number]): ChargeRow {
  return {
    id: r.id,
    txid: r.txid,
    purpose: r.purpose,
    referenceId: r.reference_id,
    amount: r.amount,
    brCode: r.br_code,
    location: r.location,
    description: r.description,
    expiresAt: r.expires_at,
    status: r.status,
    createdAt: r.created_at,
    paidAt: r.paid_at,
    payerCpf: r.payer_cpf,
    payerName: r.payer_name,
    payerBankCode: r.payer_bank_code,
    payerIspb: r.payer_ispb,
    endToEndId: r.end_to_end_id,
    refundReason: r.refund_reason,
    refundedAmount: r.refunded_amount,
    checkedAt: r.checked_at,
  };
}

/** What the one-statement booking answers (see OneStatementBooking). */
const HandledRows = v.object({
  rows: v.array(v.object({ refunded: v.literal(1), handled: v.nullable(v.string()) })),
});
const RefundRows = v.object({ rows: v.array(v.object({ id: v.string() })) });

/**
 * Reconciliation with the PSP (docs/pix.md). An unpaid charge is asked again once the time since its last check is
 * at least its age at that check (1 min, 2, 4, 8… while it can be paid), and a last time once it is past its expiry by
 * RECONCILE_MARGIN (the PSP refuses to pay an expired cob; the margin covers the two clocks).
 */
const RECONCILE_MIN_INTERVAL_S = 60;
const RECONCILE_MARGIN_S = 120;
/** Charges asked per job run, and PSP calls at a time. */
const RECONCILE_BATCH = 200;
const RECONCILE_CONCURRENCY = 4;
/** Before a charge is offered again, the PSP is asked at most this often per charge and process. */
const RECONCILE_OFFER_THROTTLE_MS = 10_000;

const ClaimedRows = v.object({ rows: v.array(v.object({ txid: v.string() })) });

/** The result of a reconciliation run. */
export interface ReconcileRun {
  /** false when another instance held the lock (this run did nothing). */
  ran: boolean;
  /** Charges asked of the PSP. */
  checked: number;
  /** Pix the PSP had received that were booked now (any outcome but DUPLICATE: booked, or recorded for refund). */
  booked: number;
  /** Charges whose PSP call or booking failed (asked again at the next run). */
  failed: number;
}

export interface PaymentsOptions {
  db: Db;
  clock: Clock;
  log: Logger;
  pix: PixPort;
  defaultExpirySeconds: number;
  /** Path of the QR images; the charge's `qrCodeUrl` is `${qrBasePath}/${txid}.png`. */
  qrBasePath?: string;
}

export const QR_BASE_PATH = '/api/v1/pix/qr';

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

/**
 * `paid as (update pix_charges … returning *), stored as (insert into pix_payments …)`: the usual payment booked
 * (an unpaid, not canceled charge of this amount, paid before its expiry by a Pix never seen before), for a shaped
 * statement (placeholders: see paidValues). `refundInFull`: the charge ends REFUNDED with its whole amount refunded
 * (the one-statement booking); `purpose`: only a charge of the placeholder `purpose`'s purpose.
 */
function paidCtes(db: DbOrTx, o: { refundInFull: boolean; purpose: boolean }): SQL {
  const p = sql.placeholder;
  const paid = db
    .update(pixCharges)
    .set({
      status: o.refundInFull ? sql`'REFUNDED'` : sql`'PAID'`,
      ...(o.refundInFull ? { refundedAmount: sql`${pixCharges.amount}` } : {}),
      paidAt: sql`${p('paidAt')}::timestamptz`,
      payerCpf: sql`${p('payerCpf')}`,
      payerName: sql`${p('payerName')}`,
      payerBankCode: sql`${p('payerBankCode')}`,
      payerIspb: sql`${p('payerIspb')}`,
      endToEndId: sql`${p('endToEndId')}`,
    })
    .where(
      and(
        sql`${pixCharges.txid} = ${p('txid')}`,
        o.purpose ? sql`${pixCharges.purpose} = ${p('purpose')}` : undefined,
        sql`${pixCharges.status} in ('ACTIVE', 'EXPIRED')`,
        isNull(pixCharges.endToEndId),
        sql`${pixCharges.amount} = ${p('amount')}::bigint`,
        sql`${pixCharges.expiresAt} >= ${p('paidAt')}::timestamptz`,
        sql`not exists (select 1 from ${pixPayments} where ${pixPayments.endToEndId} = ${p('endToEndId')})`,
      ),
    )
    .returning();
  return sql`paid as (${paid.getSQL()}), stored as (insert into ${pixPayments} (end_to_end_id, txid, charge_id, amount, outcome, paid_at, received_at, raw) select ${p('endToEndId')}, ${p('txid')}, paid.id, ${p('amount')}::bigint, 'BOOKED', ${p('paidAt')}::timestamptz, ${p('now')}::timestamptz, ${p('raw')}::jsonb from paid returning end_to_end_id)`;
}

/** The values of paidCtes' placeholders. */
function paidValues(p: ReceivedPix, txid: string, raw: unknown, now: Date): Record<string, unknown> {
  return {
    txid,
    amount: p.amount,
    paidAt: p.paidAt.toISOString(),
    payerCpf: p.payerCpf,
    payerName: p.payerName,
    payerBankCode: p.payerBankCode,
    payerIspb: p.payerIspb,
    endToEndId: p.endToEndId,
    now: now.toISOString(),
    raw: JSON.stringify(raw),
  };
}

export class Payments implements PaymentsService {
  private readonly handlers = new Map<ChargePurpose, PaidHandler>();
  private readonly oneStatement = new Map<ChargePurpose, OneStatementBooking>();
  private readonly qrBase: string;
  private readonly insertCharge: ReturnType<typeof prepareInsertCharge>;
  /** The devolução's statement, built once per shape (db/shaped.ts). */
  private readonly shaped = new ShapedStatements();

  constructor(private readonly o: PaymentsOptions) {
    this.qrBase = o.qrBasePath ?? QR_BASE_PATH;
    this.insertCharge = prepareInsertCharge(o.db);
  }

  get pix(): PixPort {
    return this.o.pix;
  }

  onPaid(purpose: ChargePurpose, handler: PaidHandler): void {
    this.handlers.set(purpose, handler);
  }

  onPaidInOneStatement(purpose: ChargePurpose, booking: OneStatementBooking): void {
    this.oneStatement.set(purpose, booking);
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

  /**
   * The devolução of `refundCharge` as two data-modifying CTEs, `<name>_charge` (the charge's refunded amount moved,
   * only while the charge is paid and the devolução fits in what is not refunded yet) and `<name>` (the devolução
   * row written from the updated charge, returning its id): for a caller that sends it in the same statement as its
   * own write, and checks that `<name>` returned a row.
   */
  refundChargeCtes(chargeId: string, amount: Cents, reason: string, name: string): Shaped {
    if (!Number.isSafeInteger(amount) || amount <= 0)
      throw new RefundError('O valor da devolução deve ser positivo');
    const p = (field: string) => sql.placeholder(`${name}_${field}`);
    return {
      key: `refund-ctes:${name}`,
      build: () => {
        const refundedAfter = sql`${pixCharges.refundedAmount} + ${p('amount')}::bigint`;
        const update = this.o.db
          .update(pixCharges)
          .set({
            refundedAmount: sql`${refundedAfter}`,
            status: sql`case when ${refundedAfter} = ${pixCharges.amount} then 'REFUNDED' else ${pixCharges.status} end`,
          })
          .where(
            and(
              sql`${pixCharges.id} = ${p('charge')}`,
              isNotNull(pixCharges.endToEndId),
              isNotNull(pixCharges.paidAt),
              sql`${refundedAfter} <= ${pixCharges.amount}`,
            ),
          )
          .returning({ id: pixCharges.id, endToEndId: pixCharges.endToEndId });
        const charge = sql.identifier(`${name}_charge`);
        return sql`${charge} as (${update.getSQL()}), ${sql.identifier(name)} as (insert into ${pixRefunds} (id, charge_id, end_to_end_id, amount, reason, status, created_at, updated_at) select ${p('id')}, c.id, c.end_to_end_id, ${p('amount')}::bigint, ${p('reason')}, 'REQUESTED', ${p('now')}::timestamptz, ${p('now')}::timestamptz from ${charge} c returning id)`;
      },
      values: {
        [`${name}_charge`]: chargeId,
        [`${name}_amount`]: amount,
        [`${name}_reason`]: reason,
        [`${name}_id`]: randomUUID().replaceAll('-', ''),
        [`${name}_now`]: this.o.clock.now().toISOString(),
      },
    };
  }

  async refundCharge(tx: Tx | null, chargeId: string, amount: Cents, reason: string): Promise<void> {
    const exec: DbOrTx = tx ?? this.o.db;
    // One statement (atomic by itself, no transaction needed).
    const ctes = this.refundChargeCtes(chargeId, amount, reason, 'refund');
    const done = v.parse(
      RefundRows,
      await this.shaped.execute(exec, {
        key: `refund:${ctes.key}`,
        build: () => sql`with ${ctes.build()} select id from refund`,
        values: ctes.values,
      }),
    );
    if (done.rows.length > 0) return;
    // Refused: read the charge once to tell why.
    const [row] = await exec.select().from(pixCharges).where(eq(pixCharges.id, chargeId));
    if (!row) throw new RefundError('Cobrança não encontrada');
    if (!row.endToEndId || row.paidAt === null) throw new RefundError('A cobrança não foi paga');
    throw new RefundError('A devolução excede o valor pago ainda não devolvido');
  }

  /** Sends the REQUESTED devoluções to the PSP (idempotent by id); safe on several instances (skip locked). */
  async processPendingRefunds(limit = 20): Promise<number> {
    return this.o.db.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(pixRefunds)
        .where(inArray(pixRefunds.status, ['REQUESTED', 'EM_PROCESSAMENTO']))
        .orderBy(pixRefunds.createdAt)
        .limit(limit)
        .for('update', { skipLocked: true });
      let done = 0;
      for (const r of rows) {
        const now = this.o.clock.now();
        try {
          const d = await this.o.pix.refund(r.endToEndId, cents(r.amount), r.id, { tx });
          await tx
            .update(pixRefunds)
            .set({ status: d.status, attempts: r.attempts + 1, lastError: null, updatedAt: now })
            .where(eq(pixRefunds.id, r.id));
          if (d.status === 'DEVOLVIDO') done += 1;
        } catch (err) {
          const message = err instanceof Error ? err.message : String(err);
          this.o.log.warn('pix devolução failed', { id: r.id, endToEndId: r.endToEndId, message });
          await tx
            .update(pixRefunds)
            .set({ attempts: r.attempts + 1, lastError: message.slice(0, 500), updatedAt: now })
            .where(eq(pixRefunds.id, r.id));
        }
      }
      return done;
    });
  }

  async refundsOf(chargeId: string) {
    if (!isUuid(chargeId)) return [];
    return this.o.db
      .select()
      .from(pixRefunds)
      .where(eq(pixRefunds.chargeId, chargeId))
      .orderBy(pixRefunds.createdAt);
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

  // ------------------------------------------------------------------------------------------ reconciliation

  /**
   * The reconciliation job (docs/pix.md): claims, in one statement under a transaction advisory lock, the unpaid
   * charges due for a check (newest first, at most `limit`; `checked_at` moved so that no other run or instance takes
   * them), then asks the PSP for each (a few at a time, no transaction held) and books what it says was paid through
   * the webhook's own booking, idempotent by endToEndId. A charge whose call or booking failed is asked again at the
   * next run.
   */
  async reconcilePending(o: { limit?: number; now?: Date } = {}): Promise<ReconcileRun> {
    const now = o.now ?? this.o.clock.now();
    const claimed = await this.o.db.transaction(async (tx) => {
      if (!(await tryJobLock(tx, JOB.pixReconciliation))) return null;
      const at = sql`${now.toISOString()}::timestamptz`;
      return v.parse(
        ClaimedRows,
        await tx.execute(sql`
          update ${pixCharges} set checked_at = ${at}
          where id in (
            select id from ${pixCharges}
            where status in ('ACTIVE', 'EXPIRED') and end_to_end_id is null
              and (checked_at is null or (
                checked_at <= expires_at + make_interval(secs => ${RECONCILE_MARGIN_S})
                and checked_at <= ${at} - greatest(make_interval(secs => ${RECONCILE_MIN_INTERVAL_S}), checked_at - created_at)))
            order by expires_at desc
            limit ${o.limit ?? RECONCILE_BATCH}
            for update skip locked)
          returning txid`),
      ).rows;
    });
    if (!claimed) return { ran: false, checked: 0, booked: 0, failed: 0 };
    const run: ReconcileRun = { ran: true, checked: claimed.length, booked: 0, failed: 0 };
    const queue = claimed.map((r) => r.txid);
    const worker = async () => {
      for (let txid = queue.shift(); txid !== undefined; txid = queue.shift()) {
        try {
          const booked = await this.reconcileTxid(txid);
          run.booked += booked;
        } catch (err) {
          run.failed += 1;
          this.o.log.warn('pix reconciliation failed', { txid, ...errorFields(err) });
          // Asked again at the next run, even when this was its last check.
          await this.o.db.update(pixCharges).set({ checkedAt: null }).where(eq(pixCharges.txid, txid));
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(RECONCILE_CONCURRENCY, queue.length) }, worker));
    if (run.booked > 0) this.o.log.info('pix reconciled with the PSP', { ...run });
    return run;
  }

  /** When this process last asked the PSP for a charge before offering it (see reconcileCharge). */
  private readonly askedAt = new Map<string, number>();

  async reconcileCharge(txid: string, o: { force?: boolean } = {}): Promise<number> {
    const nowMs = Date.now();
    const last = this.askedAt.get(txid);
    if (!o.force && last !== undefined && nowMs - last < RECONCILE_OFFER_THROTTLE_MS) return 0;
    if (this.askedAt.size >= 10_000) {
      for (const [k, at] of this.askedAt)
        if (nowMs - at >= RECONCILE_OFFER_THROTTLE_MS) this.askedAt.delete(k);
      if (this.askedAt.size >= 10_000) this.askedAt.clear();
    }
    this.askedAt.set(txid, nowMs);
    try {
      return await this.reconcileTxid(txid);
    } catch (err) {
      // The charge is offered as Drip knows it; the job asks again.
      this.o.log.warn('pix reconciliation failed', { txid, ...errorFields(err) });
      return 0;
    }
  }

  async reconcileFor(refs: { purpose: ChargePurpose; referenceIds: string[] }[]): Promise<number> {
    const conditions = refs
      .filter((r) => r.referenceIds.length > 0)
      .map((r) => and(eq(pixCharges.purpose, r.purpose), inArray(pixCharges.referenceId, r.referenceIds)));
    if (conditions.length === 0) return 0;
    const margin = sql`make_interval(secs => ${RECONCILE_MARGIN_S})`;
    const rows = await this.o.db
      .select({ txid: pixCharges.txid, expiresAt: pixCharges.expiresAt })
      .from(pixCharges)
      .where(
        and(
          or(...conditions),
          inArray(pixCharges.status, ['ACTIVE', 'EXPIRED']),
          isNull(pixCharges.endToEndId),
          // Its last check was after it could be paid: nothing more can have arrived.
          or(
            isNull(pixCharges.checkedAt),
            sql`${pixCharges.checkedAt} <= ${pixCharges.expiresAt} + ${margin}`,
          ),
        ),
      );
    // A live charge is asked at most every few seconds (these calls come from pages anyone may reload); one past its
    // expiry always, as it is about to be replaced by a new one.
    const now = this.o.clock.now().getTime();
    let booked = 0;
    for (const r of rows) {
      booked += await this.reconcileCharge(r.txid, { force: r.expiresAt.getTime() <= now });
    }
    return booked;
  }

  /**
   * Asks the PSP for one cob and books each Pix it received, through the webhook's booking (book): the same rules,
   * idempotent by endToEndId. Answers how many were not already booked. Throws when the PSP or a booking fails.
   */
  private async reconcileTxid(txid: string): Promise<number> {
    const cob = await this.o.pix.getCob(txid);
    if (!cob) return 0;
    let booked = 0;
    for (const pix of cob.pix) {
      const p: ReceivedPix = { ...pix, txid: pix.txid ?? cob.txid };
      if (p.txid !== txid) continue;
      const outcome = await this.book(p, {
        source: 'GET /cob',
        endToEndId: p.endToEndId,
        txid,
        valor: centsToReais(p.amount).toFixed(2),
        horario: p.paidAt.toISOString(),
        pagador: {
          ...(p.payerCpf ? { cpf: p.payerCpf } : {}),
          ...(p.payerName ? { nome: p.payerName } : {}),
          ...(p.payerIspb ? { ispb: p.payerIspb } : {}),
          ...(p.payerBankCode ? { codigoBanco: p.payerBankCode } : {}),
        },
      });
      if (outcome === 'DUPLICATE') continue;
      booked += 1;
      this.o.log.warn('pix booked from the PSP, its notice never booked', {
        txid,
        endToEndId: p.endToEndId,
        outcome,
      });
    }
    return booked;
  }

  /**
   * A webhook notice: each Pix is confirmed with the PSP (GET /pix/{e2eid}) and booked from the PSP's data, never
   * from the notice. Throws when a paid handler throws (the booking of that Pix is rolled back, the PSP retries).
   */
  async handleNotice(notice: WebhookNotice): Promise<NoticeResult[]> {
    const results: NoticeResult[] = [];
    for (const item of notice.pix) {
      const confirmed = await this.o.pix.getPix(item.endToEndId);
      if (
        !confirmed ||
        confirmed.endToEndId !== item.endToEndId ||
        (item.txid !== undefined && confirmed.txid !== item.txid) ||
        confirmed.amount !== item.valor
      ) {
        this.o.log.warn('pix notice not confirmed by the PSP', {
          endToEndId: item.endToEndId,
          txid: item.txid,
          found: confirmed !== null,
        });
        results.push({ endToEndId: item.endToEndId, outcome: 'NOT_CONFIRMED' });
        continue;
      }
      const outcome = await this.book(confirmed, item);
      if (outcome !== 'BOOKED' && outcome !== 'DUPLICATE') {
        this.o.log.warn('pix received and not booked', {
          endToEndId: item.endToEndId,
          txid: confirmed.txid,
          outcome,
        });
      }
      results.push({ endToEndId: item.endToEndId, outcome });
    }
    return results;
  }

  private async book(p: ReceivedPix, raw: unknown): Promise<NoticeOutcome> {
    const txid = p.txid;
    if (!txid) return 'UNKNOWN_TXID';
    const purpose = purposeOfTxid(txid);
    const one = purpose ? this.oneStatement.get(purpose) : undefined;
    // The usual payment of such a charge in one statement; anything it does not book goes the way below.
    if (purpose && one && (await this.bookInOneStatement(p, txid, raw, purpose, one))) return 'BOOKED';
    const afterCommit: (() => void)[] = [];
    const outcome = await this.bookIn(p, txid, raw, { afterCommit: (fn) => afterCommit.push(fn) });
    for (const fn of afterCommit) {
      try {
        fn();
      } catch (err) {
        this.o.log.error('pix after-commit step failed', { txid, ...errorFields(err) });
      }
    }
    return outcome;
  }

  /**
   * The booking of OneStatementBooking: true when it booked the payment. It books exactly what the fast path of
   * bookIn books (an unpaid, not canceled charge of this amount, paid before its expiry by a Pix never seen before);
   * false leaves everything as it was.
   */
  private async bookInOneStatement(
    p: ReceivedPix,
    txid: string,
    raw: unknown,
    purpose: ChargePurpose,
    one: OneStatementBooking,
  ): Promise<boolean> {
    const fragment = one.fragment();
    const [row] = v.parse(
      HandledRows,
      await this.shaped.execute(this.o.db, {
        key: `book-one-statement:${fragment.key}`,
        build: () => {
          const p = sql.placeholder;
          return sql`with ${paidCtes(this.o.db, { refundInFull: true, purpose: true })}, refund as (insert into ${pixRefunds} (id, charge_id, end_to_end_id, amount, reason, status, created_at, updated_at) select ${p('refundId')}, paid.id, paid.end_to_end_id, paid.amount, ${p('refundReason')}, 'REQUESTED', ${p('now')}::timestamptz, ${p('now')}::timestamptz from paid returning id), ${fragment.ctes()} select (select count(*) from refund)::int as refunded, ${fragment.answer()} from paid`;
        },
        values: {
          ...paidValues(p, txid, raw, this.o.clock.now()),
          purpose,
          refundId: randomUUID().replaceAll('-', ''),
          refundReason: one.refundReason,
          ...fragment.values,
        },
      }),
    ).rows;
    if (!row) return false;
    try {
      one.after(row.handled);
    } catch (err) {
      this.o.log.error('pix after-booking step failed', { txid, ...errorFields(err) });
    }
    return true;
  }

  private bookIn(p: ReceivedPix, txid: string, raw: unknown, ctx: PaidContext): Promise<NoticeOutcome> {
    return this.o.db.transaction(async (tx) => {
      const now = this.o.clock.now();
      // The usual case in ONE statement: an unpaid, not canceled charge of this amount, paid before its expiry by a
      // Pix never seen before, is paid (row locked until the commit) and the payment stored. Anything else (no
      // row) takes the path below: the charge locked, read, and the outcome decided from it.
      const payer = {
        paidAt: p.paidAt,
        payerCpf: p.payerCpf,
        payerName: p.payerName,
        payerBankCode: p.payerBankCode,
        payerIspb: p.payerIspb,
        endToEndId: p.endToEndId,
      };
      const [fastRow] = v.parse(
        PaidChargeRows,
        await this.shaped.execute(tx, {
          key: 'book-paid',
          build: () => sql`with ${paidCtes(tx, { refundInFull: false, purpose: false })} select * from paid`,
          values: paidValues(p, txid, raw, now),
        }),
      ).rows;
      if (fastRow) {
        const paidNow = chargeFromRaw(fastRow);
        const handler = this.handlers.get(paidNow.purpose);
        if (handler) await handler(tx, this.toCharge(paidNow), ctx);
        return 'BOOKED';
      }
      const [charge] = await tx.select().from(pixCharges).where(eq(pixCharges.txid, txid)).for('update');
      if (!charge) return 'UNKNOWN_TXID';
      let outcome: 'BOOKED' | 'REFUND' | 'AMOUNT_MISMATCH';
      let refundReason: string | null = null;
      if (p.amount !== charge.amount) {
        outcome = 'AMOUNT_MISMATCH';
        refundReason = 'Valor pago diferente do valor da cobrança';
      } else if (
        (charge.status === 'ACTIVE' || charge.status === 'EXPIRED') &&
        charge.endToEndId === null &&
        p.paidAt.getTime() <= charge.expiresAt.getTime()
      ) {
        outcome = 'BOOKED';
      } else {
        outcome = 'REFUND';
        refundReason =
          charge.status === 'CANCELED'
            ? 'Pagamento de cobrança cancelada'
            : charge.endToEndId !== null
              ? 'Cobrança paga mais de uma vez'
              : 'Pagamento após a expiração da cobrança';
      }
      const insertPayment = tx
        .insert(pixPayments)
        .values({
          endToEndId: p.endToEndId,
          txid,
          chargeId: charge.id,
          amount: p.amount,
          outcome,
          paidAt: p.paidAt,
          receivedAt: now,
          raw,
        })
        .onConflictDoNothing()
        .returning({ e2e: pixPayments.endToEndId });
      if (outcome === 'BOOKED') {
        // One statement: the payment row and, only when it is new (not a redelivery), the charge paid.
        const inserted = tx.$with('inserted', { e2e: sql<string>`end_to_end_id` }).as(insertPayment.getSQL());
        const [paid] = await tx
          .with(inserted)
          .update(pixCharges)
          .set({ status: 'PAID', ...payer })
          .where(and(eq(pixCharges.id, charge.id), sql`exists (select 1 from ${inserted})`))
          .returning();
        if (!paid) return 'DUPLICATE';
        const handler = this.handlers.get(paid.purpose);
        if (handler) await handler(tx, this.toCharge(paid), ctx);
        return 'BOOKED';
      }
      if ((await insertPayment).length === 0) return 'DUPLICATE';
      // Money arrived that Drip does not book: keep it on the charge when it has no payment yet, and give it back.
      await tx
        .update(pixCharges)
        .set({
          refundReason,
          ...(charge.endToEndId === null && outcome === 'REFUND' ? payer : {}),
        })
        .where(eq(pixCharges.id, charge.id));
      await tx.insert(pixRefunds).values({
        id: randomUUID().replaceAll('-', ''),
        chargeId: charge.id,
        endToEndId: p.endToEndId,
        amount: p.amount,
        reason: refundReason ?? 'Pagamento não reconhecido',
        status: 'REQUESTED',
        createdAt: now,
        updatedAt: now,
      });
      return outcome;
    });
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

  toCharge(row: ChargeRow): Charge {
    return {
      id: row.id,
      txid: row.txid,
      purpose: row.purpose,
      referenceId: row.referenceId,
      amount: cents(row.amount),
      brCode: row.brCode,
      qrCodeUrl: `${this.qrBase}/${row.txid}.png`,
      expiresAt: row.expiresAt,
      status: row.status,
      paidAt: row.paidAt,
      payerCpf: row.payerCpf,
      payerBankCode: row.payerBankCode,
      payerName: row.payerName,
      endToEndId: row.endToEndId,
      refundReason: row.refundReason,
      refundedAmount: cents(row.refundedAmount),
    };
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (s: string) => UUID.test(s);
