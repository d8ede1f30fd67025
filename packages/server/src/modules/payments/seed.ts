/**
 * The demo history's payments (seed-history.ts, docs/demo-history.md): each Pix that paid a history instalment is a
 * charge of Drip's (`pix_charges`, PAID, with its endToEndId and payer) and a Pix the sandbox PSP received
 * (`SandboxPsp.seedPaid`), as a live payment leaves them, so that a refund of a history order gives the money back
 * through the PSP like any other (a devolução of that Pix). In bulk, in the caller's transaction.
 */
import { type Cents, centsToReais } from '@drip/core';
import type { Tx } from '../../db/types.ts';
import type { SandboxPsp } from './sandbox-psp.ts';
import { pixCharges, pixPayments } from './tables.ts';
import { newTxid } from './txids.ts';
import type { ChargePurpose } from './types.ts';

export interface HistoryPayment {
  /** The charge's id (chosen by the caller, who stores it on what the charge paid). */
  id: string;
  purpose: Extract<ChargePurpose, 'FIRST_INSTALMENT' | 'INSTALMENT'>;
  /** What it paid: the checkout (FIRST_INSTALMENT) or the instalment (INSTALMENT), as a live charge. */
  referenceId: string;
  amount: Cents;
  description: string;
  createdAt: Date;
  paidAt: Date;
  payer: { cpf: string; name: string; bankCode: string };
}

/** The Pix charges of the history, paid at the sandbox PSP and booked on Drip's side. */
export async function seedHistoryPayments(
  tx: Tx,
  psp: SandboxPsp,
  items: readonly HistoryPayment[],
): Promise<void> {
  if (items.length === 0) return;
  // A live charge is offered 15 min before it is paid at most; the history's were asked just before payment.
  const expiresInSeconds = 900;
  const withTxid = items.map((item) => ({
    ...item,
    txid: newTxid(item.purpose),
    createdAt: new Date(Math.min(item.createdAt.getTime(), item.paidAt.getTime() - 60_000)),
  }));
  const paid = await psp.seedPaid(
    tx,
    withTxid.map((i) => ({
      txid: i.txid,
      amount: i.amount,
      description: i.description,
      createdAt: i.createdAt,
      expiresInSeconds,
      paidAt: i.paidAt,
      payer: i.payer,
    })),
  );
  const charges: (typeof pixCharges.$inferInsert)[] = [];
  const payments: (typeof pixPayments.$inferInsert)[] = [];
  withTxid.forEach((item, k) => {
    const pix = paid[k];
    if (!pix) throw new Error('history Pix not stored at the sandbox PSP');
    charges.push({
      id: item.id,
      txid: item.txid,
      purpose: item.purpose,
      referenceId: item.referenceId,
      amount: item.amount,
      brCode: pix.brCode,
      location: pix.location,
      description: item.description,
      expiresAt: new Date(item.createdAt.getTime() + expiresInSeconds * 1000),
      status: 'PAID',
      createdAt: item.createdAt,
      paidAt: item.paidAt,
      payerCpf: item.payer.cpf,
      payerName: item.payer.name,
      payerBankCode: item.payer.bankCode,
      payerIspb: pix.ispb,
      endToEndId: pix.endToEndId,
      checkedAt: item.paidAt,
    });
    payments.push({
      endToEndId: pix.endToEndId,
      txid: item.txid,
      chargeId: item.id,
      amount: item.amount,
      outcome: 'BOOKED',
      paidAt: item.paidAt,
      receivedAt: item.paidAt,
      // What the PSP's webhook would have carried.
      raw: {
        endToEndId: pix.endToEndId,
        txid: item.txid,
        valor: centsToReais(item.amount).toFixed(2),
        horario: item.paidAt.toISOString(),
        pagador: {
          cpf: item.payer.cpf,
          nome: item.payer.name,
          ispb: pix.ispb,
          codigoBanco: item.payer.bankCode,
        },
      },
    });
  });
  for (let i = 0; i < charges.length; i += 500) {
    await tx.insert(pixCharges).values(charges.slice(i, i + 500));
    await tx.insert(pixPayments).values(payments.slice(i, i + 500));
  }
}
