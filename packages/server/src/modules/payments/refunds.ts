/**
 * Devoluções: recorded in the caller's transaction or statement (pix_refunds, REQUESTED) together with a task of
 * the durable queue `pix-refunds` (jobs/queue.ts), whose worker asks the PSP for it with retries and back-off.
 * The devolução id is the PSP's own (PUT /pix/{e2eid}/devolucao/{id}, idempotent by id): a task run again after a
 * crash between the PSP's answer and the commit asks for the same devolução, never a second one. docs/jobs.md.
 */
import { randomUUID } from 'node:crypto';
import { type Cents, cents } from '@drip/core';
import { and, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { type Shaped, ShapedStatements } from '../../db/shaped.ts';
import type { DbOrTx, Tx } from '../../db/types.ts';
import type { Queue, Task } from '../../jobs/queue.ts';
import type { PaymentsOptions } from './options.ts';
import { isUuid } from './rows.ts';
import { pixCharges, pixRefunds } from './tables.ts';
import { RefundError } from './types.ts';

const RefundRows = v.object({ rows: v.array(v.object({ id: v.string() })) });

/** The devoluções' queue: one task per devolução, keyed by its id. */
export const REFUND_QUEUE = 'pix-refunds';
const RefundTask = v.object({ refundId: v.string() });
type RefundTask = v.InferOutput<typeof RefundTask>;

/** A new devolução's id: also its id at the PSP (API Pix allows 1 to 35 letters and digits). */
export const newRefundId = (): string => randomUUID().replaceAll('-', '');

export class Refunds {
  /** Sends each devolução to the PSP (at least once, idempotent by its id); drained by `queue-pix-refunds`. */
  readonly queue: Queue<RefundTask>;
  /** The devolução's statement, built once per shape (db/shaped.ts). */
  private readonly shaped = new ShapedStatements();

  constructor(private readonly o: PaymentsOptions) {
    this.queue = o.queues.define({
      name: REFUND_QUEUE,
      payload: RefundTask,
      // 30 s doubling, capped at 1 h: about 5 hours of tries before an operator looks (DEAD, logged at error).
      maxAttempts: 12,
      handle: (task) => this.send(task),
    });
  }

  /**
   * `<cte>`: the queue task of each devolução the caller's CTE `from` returned (its `id`), in the same statement
   * (see Queue.enqueueCte).
   */
  enqueueCte(from: string, cte: string, now: SQL): SQL {
    const row = sql.identifier(from);
    return this.queue.enqueueCte({
      cte,
      from,
      payload: sql`jsonb_build_object('refundId', ${row}.id)`,
      key: sql`${row}.id`,
      now,
    });
  }

  /** A devolução of money Drip did not book, recorded and queued in the booking's transaction. */
  async request(
    tx: Tx,
    r: { chargeId: string; endToEndId: string; amount: number; reason: string; now: Date },
  ): Promise<void> {
    const id = newRefundId();
    await tx.insert(pixRefunds).values({
      id,
      chargeId: r.chargeId,
      endToEndId: r.endToEndId,
      amount: r.amount,
      reason: r.reason,
      status: 'REQUESTED',
      createdAt: r.now,
      updatedAt: r.now,
    });
    await this.queue.enqueue(tx, { refundId: id }, { key: id });
  }

  /**
   * The devolução of `refundCharge` as three data-modifying CTEs, `<name>_charge` (the charge's refunded amount moved,
   * only while the charge is paid and the devolução fits in what is not refunded yet) and `<name>` (the devolução
   * row written from the updated charge, returning its id; `<name>_task` its task on the devoluções' queue): for a caller that sends it in the same statement as its
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
        return sql`${charge} as (${update.getSQL()}), ${sql.identifier(name)} as (insert into ${pixRefunds} (id, charge_id, end_to_end_id, amount, reason, status, created_at, updated_at) select ${p('id')}, c.id, c.end_to_end_id, ${p('amount')}::bigint, ${p('reason')}, 'REQUESTED', ${p('now')}::timestamptz, ${p('now')}::timestamptz from ${charge} c returning id), ${this.enqueueCte(name, `${name}_task`, sql`${p('now')}::timestamptz`)}`;
      },
      values: {
        [`${name}_charge`]: chargeId,
        [`${name}_amount`]: amount,
        [`${name}_reason`]: reason,
        [`${name}_id`]: newRefundId(),
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

  /**
   * Before a devolução of `amount` of a paid charge is recorded for a merchant's refund: asks the PSP (the source of
   * truth for Pix) whether it knows the Pix that paid the charge and has that much of it left to give back. A refusal
   * for good (no such charge or Pix, too much) is a RefundError; a PSP that cannot answer now throws its own error
   * (worth trying again). Through the caller's transaction for the in-process sandbox PSP.
   */
  async confirmRefundable(tx: Tx | null, chargeId: string, amount: Cents): Promise<void> {
    const exec: DbOrTx = tx ?? this.o.db;
    const [row] = isUuid(chargeId)
      ? await exec
          .select({ endToEndId: pixCharges.endToEndId, paidAt: pixCharges.paidAt })
          .from(pixCharges)
          .where(eq(pixCharges.id, chargeId))
      : [];
    if (!row) throw new RefundError('Cobrança não encontrada');
    if (!row.endToEndId || row.paidAt === null) throw new RefundError('A cobrança não foi paga');
    const pix = await this.o.pix.getPix(row.endToEndId, { tx: exec });
    if (!pix)
      throw new RefundError('O PSP não encontrou o Pix desta cobrança: a devolução não pode ser feita');
    const given = pix.refunds
      .filter((r) => r.status !== 'NAO_REALIZADO')
      .reduce((sum, r) => sum + r.amount, 0);
    if (given + amount > pix.amount)
      throw new RefundError('O PSP não aceita a devolução: excede o valor do Pix ainda não devolvido');
  }

  /**
   * Drains the devoluções' queue once (what its job does every 30 s): answers how many tasks it ran. A failed one
   * is tried again after its back-off, not by this call.
   */
  async processPendingRefunds(): Promise<number> {
    return (await this.queue.drain()).rows;
  }

  /**
   * One task: asks the PSP for the devolução under its own id. Already settled (a retry after a crash that came
   * after the PSP's answer and the status write): nothing to do. EM_PROCESSAMENTO: asked again after the back-off
   * (the same PUT answers the same devolução, with its new status).
   */
  private async send({ payload, attempt }: Task<RefundTask>): Promise<void> {
    const { db, clock } = this.o;
    const [r] = await db.select().from(pixRefunds).where(eq(pixRefunds.id, payload.refundId));
    if (!r) throw new Error(`devolução ${payload.refundId} not found`);
    if (r.status === 'DEVOLVIDO' || r.status === 'NAO_REALIZADO') return;
    let status: 'EM_PROCESSAMENTO' | 'DEVOLVIDO' | 'NAO_REALIZADO';
    try {
      status = (await this.o.pix.refund(r.endToEndId, cents(r.amount), r.id)).status;
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      await db
        .update(pixRefunds)
        .set({ attempts: attempt, lastError: message.slice(0, 500), updatedAt: clock.now() })
        .where(eq(pixRefunds.id, r.id));
      throw err;
    }
    await db
      .update(pixRefunds)
      .set({ status, attempts: attempt, lastError: null, updatedAt: clock.now() })
      .where(eq(pixRefunds.id, r.id));
    if (status === 'EM_PROCESSAMENTO')
      throw new Error('devolução em processamento no PSP: asked again later');
  }

  async refundsOf(chargeId: string) {
    if (!isUuid(chargeId)) return [];
    return this.o.db
      .select()
      .from(pixRefunds)
      .where(eq(pixRefunds.chargeId, chargeId))
      .orderBy(pixRefunds.createdAt);
  }
}
