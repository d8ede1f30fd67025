/** The rules of an instalment's money that its views and its booking share (docs/instalment-payments.md). */
import { type Cents, cents, centsToReais, type InstalmentStatus, type PaymentStatus } from '@drip/core';
import type { ChargeStatus } from '../payments/service.ts';

/** Ledger entry types written by this module. */
export const LEDGER = {
  instalmentPaid: 'INSTALMENT_PAID',
  lateFee: 'LATE_FEE',
} as const;
/**
 * A debt settled outside Drip's Pix ('Baixa Parcela/Pedido (PGF)', pgf.ts): the receivable closed, no money in by
 * Pix, so neither one of PAID_TYPES nor refundable through a devolução (docs/pgf.md).
 */
export const PGF_SETTLED_TYPE = 'INSTALMENT_SETTLED_PGF';
/** Ledger types that record money received for an instalment (checkout upfront payments included). */
export const PAID_TYPES = ['INSTALMENT_PAID', 'FULL_PAYMENT_RECEIVED'];
/** Ledger types that record money given back for an instalment (refunds.ts). */
export const REFUNDED_TYPES = ['INSTALMENT_REFUNDED'];

/**
 * What a Pix for the instalment must carry now: amount + fees − (cashback − canceled cashback) − canceled (never
 * negative). Refunds keep the cashback left on an instalment within its open principal (docs/refunds.md).
 */
export function amountToPay(i: {
  amount: number;
  feesAmount: number;
  cashbackAmount: number;
  canceledAmount: number;
  canceledCashbackAmount?: number;
}): Cents {
  const cashback = i.cashbackAmount - (i.canceledCashbackAmount ?? 0);
  return cents(Math.max(0, i.amount + i.feesAmount - cashback - i.canceledAmount));
}

export function isLate(i: { status: InstalmentStatus; dueDate: string }, today: string): boolean {
  return i.status === 'PENDING' && i.dueDate < today;
}

/** Pix charge status → the payment status of spec 3. */
export function paymentStatusOf(status: ChargeStatus): PaymentStatus {
  switch (status) {
    case 'ACTIVE':
      return 'PENDING';
    case 'PAID':
      return 'PAID';
    case 'REFUNDED':
      return 'REFUNDED';
    case 'EXPIRED':
    case 'CANCELED':
      return 'CANCELED';
  }
}

export const money = (n: number) => centsToReais(cents(n));
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (s: string) => UUID.test(s);
