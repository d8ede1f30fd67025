/** How pix_charges rows are read: Drizzle's rows and raw (shaped) rows, as the `Charge` other modules see. */
import { cents } from '@drip/core';
import * as v from 'valibot';
import { CHARGE_PURPOSES, CHARGE_STATUSES, type pixCharges } from './tables.ts';
import type { Charge } from './types.ts';

export type ChargeRow = typeof pixCharges.$inferSelect;

export const QR_BASE_PATH = '/api/v1/pix/qr';

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
export const PaidChargeRows = v.object({
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

export function chargeFromRaw(r: v.InferOutput<typeof PaidChargeRows>['rows'][number]): ChargeRow {
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

/** A stored charge as other modules see it; its QR image is served under `qrBase`. */
export function toCharge(row: ChargeRow, qrBase: string): Charge {
  return {
    id: row.id,
    txid: row.txid,
    purpose: row.purpose,
    referenceId: row.referenceId,
    amount: cents(row.amount),
    brCode: row.brCode,
    qrCodeUrl: `${qrBase}/${row.txid}.png`,
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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (s: string) => UUID.test(s);
