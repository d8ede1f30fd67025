/**
 * 'Baixa Parcela/Pedido (PGF)' (docs/pgf.md): an operator records that a customer's debt was settled outside Drip's
 * Pix (a collection agency's agreement, a legal agreement, a court decision, a loss written off). The listed
 * instalments (or every open instalment of the listed orders) stop being owed in ONE transaction with their ledger
 * entries and audit entries; an order closes when nothing is left to pay. All or nothing: an id not found refuses
 * the whole call with the list of those ids, and nothing is applied.
 */
import {
  type Cents,
  type CloseInstalmentsWithDebtRequest,
  type CloseOrdersWithDebtRequest,
  cents,
  centsToReais,
  DEBT_IDS_NOT_FOUND,
  type DebtReason,
  type DebtSettlementResult,
} from '@drip/core';
import { and, asc, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/index.ts';
import type { Tx } from '../../db/types.ts';
import { DomainError } from '../../errors.ts';
import type { Logger } from '../../log.ts';
import type { AuditService } from '../audit/service.ts';
import type { CreditService } from '../credit/service.ts';
import type { AdminActor } from '../merchants/service.ts';
import type { Payments } from '../payments/service.ts';
import { notifyInstalmentStatus } from './events.ts';
import { amountToPay, isUuid, PGF_SETTLED_TYPE } from './instalment-rules.ts';
import { cancelOpenCharges } from './stale-charges.ts';
import { instalments, ledgerEntries, orders } from './tables.ts';

type InstalmentRow = typeof instalments.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

/** The ledger type of a debt settled outside (instalment-rules.ts says why it is not a payment). */
export const PGF_LEDGER_TYPE = PGF_SETTLED_TYPE;

const NOT_FOUND_MESSAGE = 'Alguns pedidos/parcelas não foram encontradas, confira e tente novamente';

interface Outcome {
  result: DebtSettlementResult;
  released: number;
  /** Orders and the instalments settled in them: their Pix still open are cancelled after the commit. */
  settled: { orderId: string; instalmentIds: string[] }[];
}

export class DebtSettlements {
  constructor(
    private readonly o: {
      db: Db;
      clock: Clock;
      log: Logger;
      audit: AuditService;
      payments: Pick<Payments, 'activeChargeFor' | 'cancelCharge'>;
      credit: Pick<CreditService, 'limitReleased'>;
    },
  ) {}

  /** `POST /orders/close_with_debt_negotiation`: every instalment still owed of each order is settled. */
  async closeOrders(input: CloseOrdersWithDebtRequest, actor: AdminActor): Promise<DebtSettlementResult> {
    return this.run(async (tx) => {
      const ids = input.orderIds;
      const found = await this.lockOrders(tx, ids.filter(isUuid));
      this.refuseMissing(
        'orderIds',
        ids,
        found.map((o) => o.id),
      );
      const rows = await this.lockInstalments(tx, undefined, found);
      return this.settle(tx, found, rows, input.type, actor);
    });
  }

  /** `POST /instalments/cancel_with_debt_negotiation`: the listed instalments are settled. */
  async settleInstalments(
    input: CloseInstalmentsWithDebtRequest,
    actor: AdminActor,
  ): Promise<DebtSettlementResult> {
    return this.run(async (tx) => {
      const ids = input.instalmentsIds;
      const valid = ids.filter(isUuid);
      const owners = valid.length
        ? await tx
            .select({ id: instalments.id, orderId: instalments.orderId })
            .from(instalments)
            .where(inArray(instalments.id, valid))
        : [];
      this.refuseMissing(
        'instalmentsIds',
        ids,
        owners.map((i) => i.id),
      );
      // Orders first, then their instalments, always in id order: the lock order of the Pix booking.
      const found = await this.lockOrders(tx, [...new Set(owners.map((i) => i.orderId))]);
      const rows = await this.lockInstalments(tx, inArray(instalments.id, valid), found);
      return this.settle(tx, found, rows, input.type, actor);
    });
  }

  private async run(work: (tx: Tx) => Promise<Outcome>): Promise<DebtSettlementResult> {
    const outcome = await this.o.db.transaction(work);
    // The customer's used limit is the unpaid principal of active orders: it shrank with the commit.
    if (outcome.released > 0) this.o.credit.limitReleased(cents(outcome.released));
    for (const s of outcome.settled) await this.cancelOpenCharges(s.orderId, s.instalmentIds);
    return outcome.result;
  }

  private refuseMissing(path: string, asked: string[], found: string[]): void {
    const known = new Set(found.map((id) => id.toLowerCase()));
    const missing = asked.filter((id) => !known.has(id.toLowerCase()));
    if (missing.length === 0) return;
    throw new DomainError('not_found', DEBT_IDS_NOT_FOUND, NOT_FOUND_MESSAGE, {
      issues: missing.map((id) => ({ path, message: id })),
    });
  }

  private lockOrders(tx: Tx, ids: string[]): Promise<OrderRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return tx.select().from(orders).where(inArray(orders.id, ids)).orderBy(asc(orders.id)).for('update');
  }

  private lockInstalments(
    tx: Tx,
    /** Which instalments of those orders; all of them when undefined. */
    which: SQL | undefined,
    inOrders: OrderRow[],
  ): Promise<InstalmentRow[]> {
    if (inOrders.length === 0) return Promise.resolve([]);
    return tx
      .select()
      .from(instalments)
      .where(
        and(
          which,
          inArray(
            instalments.orderId,
            inOrders.map((o) => o.id),
          ),
        ),
      )
      .orderBy(asc(instalments.orderId), asc(instalments.number))
      .for('update');
  }

  /** Settles every row still owed; the rest (paid, settled, cancelled, of an order no longer active) is left. */
  private async settle(
    tx: Tx,
    found: OrderRow[],
    rows: InstalmentRow[],
    reason: DebtReason,
    actor: AdminActor,
  ): Promise<Outcome> {
    const now = this.o.clock.now();
    const byId = new Map(found.map((o) => [o.id, o]));
    const owed = (i: InstalmentRow) =>
      i.status === 'PENDING' && i.amount > i.canceledAmount && byId.get(i.orderId)?.status === 'ACTIVE';
    const toSettle = rows.filter(owed);
    const result: DebtSettlementResult = {
      settledInstalmentIds: toSettle.map((i) => i.id),
      alreadySettledInstalmentIds: rows.filter((i) => !owed(i)).map((i) => i.id),
      closedOrderIds: [],
      amount: 0,
    };
    if (toSettle.length === 0) return { result, released: 0, settled: [] };

    let total = 0;
    let released = 0;
    const audit = (action: string, entityType: string, entityId: string, before: unknown, after: unknown) =>
      this.o.audit.record(
        {
          actorType: 'ADMIN',
          actorId: actor.adminId,
          action,
          entityType,
          entityId,
          details: { before, after },
          ...(actor.requestId ? { requestId: actor.requestId } : {}),
        },
        tx,
      );
    const ids = toSettle.map((i) => i.id);
    await tx
      .update(instalments)
      .set({ status: 'PAID', paidAt: now })
      .where(and(inArray(instalments.id, ids), eq(instalments.status, 'PENDING')));
    await tx.insert(ledgerEntries).values(
      toSettle.map((i) => {
        const order = byId.get(i.orderId) as OrderRow;
        return {
          type: PGF_LEDGER_TYPE,
          amount: amountToPay(i),
          orderId: order.id,
          instalmentId: i.id,
          customerId: order.customerId,
          merchantId: order.merchantId,
          memo: `Parcela ${i.number} baixada por PGF (${reason})`,
          createdAt: now,
        };
      }),
    );
    for (const i of toSettle) {
      const due: Cents = amountToPay(i);
      total += due;
      released += i.amount - i.canceledAmount;
      await audit(
        'INSTALMENT_SETTLED_PGF',
        'INSTALMENT',
        i.id,
        { status: 'PENDING', amountToPay: centsToReais(due) },
        { status: 'PAID', reason, orderId: i.orderId },
      );
      await notifyInstalmentStatus(tx, i.id, 'PAID');
    }
    const orderIds = [...new Set(toSettle.map((i) => i.orderId))];
    for (const orderId of orderIds) {
      const [left] = await tx
        .select({ n: count() })
        .from(instalments)
        .where(
          and(
            eq(instalments.orderId, orderId),
            eq(instalments.status, 'PENDING'),
            sql`${instalments.amount} > ${instalments.canceledAmount}`,
          ),
        );
      if ((left?.n ?? 0) > 0) continue;
      await tx.update(orders).set({ status: 'CLOSED', updatedAt: now }).where(eq(orders.id, orderId));
      await audit('ORDER_CLOSED_PGF', 'ORDER', orderId, { status: 'ACTIVE' }, { status: 'CLOSED', reason });
      result.closedOrderIds.push(orderId);
    }
    result.amount = centsToReais(cents(total));
    return {
      result,
      released,
      settled: orderIds.map((orderId) => ({
        orderId,
        instalmentIds: toSettle.filter((i) => i.orderId === orderId).map((i) => i.id),
      })),
    };
  }

  /**
   * A Pix still open for a settled instalment would take the customer's money for a debt already closed; the
   * booking would give it back, but cancelling it first spares the customer the round trip. Best effort: a
   * failure is logged, and the booking's own check still holds.
   */
  private cancelOpenCharges(orderId: string, instalmentIds: string[]): Promise<void> {
    return cancelOpenCharges(this.o, orderId, instalmentIds, 'after a PGF settlement');
  }
}
