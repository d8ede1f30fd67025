/**
 * The `payout` port: sends a settlement's transfer to a merchant. Adapters: the sandbox bank (default; records the
 * transfer in `sandbox_transfers`, listed on the sandbox bank page) and Stark Bank (stark-bank.ts).
 *
 * Contract: `transfer` is idempotent by `externalId` — asked again with the same id (a retry after a crash between
 * the provider's answer and our commit), it answers the transfer already made and never makes a second one.
 */
import { desc, eq } from 'drizzle-orm';
import * as v from 'valibot';
import type { Circuit } from '../../circuit.ts';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/index.ts';
import { sandboxTransfers } from './tables.ts';

/** Where the money goes, from the merchant's registration (spec 3: Pix key, bank account). */
export interface PayoutDestination {
  name: string;
  /** CNPJ or CPF, digits. */
  taxId: string;
  pixKey: string | null;
  bank: {
    code: string;
    agency: string;
    account: string;
    accountDigit: string | null;
    accountType: string | null;
  } | null;
}

export interface PayoutRequest {
  externalId: string;
  merchantId: string;
  /** centavos, > 0 */
  amount: number;
  destination: PayoutDestination;
  description: string;
}

export interface PayoutPort {
  readonly platform: string;
  /** The provider's id of the transfer (the same one when asked again with the same externalId). */
  transfer(req: PayoutRequest): Promise<{ providerId: string }>;
}

const TransferShape = v.object({ providerId: v.pipe(v.string(), v.minLength(1)) });

/**
 * The port behind the payout provider's circuit (circuit.ts, docs/faults.md): a time-out, the answer's shape checked,
 * and a provider that cannot answer becomes a DependencyUnavailableError, which the payout's task retries with
 * back-off. Safe because `transfer` is idempotent by externalId: a call abandoned at its time-out that went through
 * anyway is answered, not repeated, by the retry.
 */
export function guardedPayouts(port: PayoutPort, circuit: Circuit): PayoutPort {
  return {
    platform: port.platform,
    transfer: (req) => circuit.call(() => port.transfer(req), { check: (a) => v.is(TransferShape, a) }),
  };
}

export function describeDestination(d: PayoutDestination): string {
  if (d.pixKey) return `Pix ${d.pixKey}`;
  if (d.bank) {
    const digit = d.bank.accountDigit ? `-${d.bank.accountDigit}` : '';
    return `Banco ${d.bank.code} ag. ${d.bank.agency} cc. ${d.bank.account}${digit}`;
  }
  return 'sem conta cadastrada';
}

/** The sandbox bank: one row per externalId (a repeated request answers the row already there). */
export class SandboxPayouts implements PayoutPort {
  readonly platform = 'SANDBOX';

  constructor(private readonly o: { db: Db; clock: Clock }) {}

  async transfer(req: PayoutRequest): Promise<{ providerId: string }> {
    const { db, clock } = this.o;
    await db
      .insert(sandboxTransfers)
      .values({
        externalId: req.externalId,
        merchantId: req.merchantId,
        amount: req.amount,
        destination: describeDestination(req.destination),
        createdAt: clock.now(),
      })
      .onConflictDoNothing({ target: sandboxTransfers.externalId });
    const [row] = await db
      .select({ id: sandboxTransfers.id })
      .from(sandboxTransfers)
      .where(eqExternal(req.externalId));
    if (!row) throw new Error('sandbox transfer not recorded');
    return { providerId: row.id };
  }

  /** The newest transfers, for the sandbox bank page. */
  async recent(
    limit = 50,
  ): Promise<{ externalId: string; amount: number; destination: string; createdAt: Date }[]> {
    return this.o.db
      .select({
        externalId: sandboxTransfers.externalId,
        amount: sandboxTransfers.amount,
        destination: sandboxTransfers.destination,
        createdAt: sandboxTransfers.createdAt,
      })
      .from(sandboxTransfers)
      .orderBy(desc(sandboxTransfers.createdAt))
      .limit(limit);
  }
}

const eqExternal = (id: string) => eq(sandboxTransfers.externalId, id);
