/**
 * Merchant settlements (spec 2.4 'Extrato de vendas', 3 'Settlement day', 7, 9): the extract by day, its big
 * numbers and the CSV export. Money follows contract/checkout.ts: reais on the wire, `Cents` after parsing.
 */
import * as v from 'valibot';
import type { IsoDate } from '../dates.ts';
import { pageOf } from './orders.ts';
import { IsoDateString, IsoInstant, PageNumber, PageSize, Reais } from './primitives.ts';

/** The extract's periods (spec 9), the current month by default. */
export const SETTLEMENT_PERIODS = [
  'CURRENT_MONTH',
  'PREVIOUS_MONTH',
  'LAST_3_MONTHS',
  'LAST_6_MONTHS',
  'CURRENT_YEAR',
  'PREVIOUS_YEAR',
] as const;
export type SettlementPeriod = (typeof SETTLEMENT_PERIODS)[number];

export const settlementPeriodLabels: Record<SettlementPeriod, string> = {
  CURRENT_MONTH: 'Mês atual',
  PREVIOUS_MONTH: 'Mês anterior',
  LAST_3_MONTHS: 'Últimos 3 meses',
  LAST_6_MONTHS: 'Últimos 6 meses',
  CURRENT_YEAR: 'Ano atual',
  PREVIOUS_YEAR: 'Ano anterior',
};

const pad = (n: number) => String(n).padStart(2, '0');
const firstOfMonth = (y: number, m: number): IsoDate => {
  const d = new Date(Date.UTC(y, m - 1, 1));
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-01`;
};
const lastOfMonth = (y: number, m: number): IsoDate => {
  const d = new Date(Date.UTC(y, m, 0));
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
};

/**
 * The days of a period, both ends included, from São Paulo's `today`. 'Last 3 months' is the current month and the
 * two before it (from their first day to today); the years are calendar years.
 */
export function settlementPeriodRange(
  period: SettlementPeriod,
  today: IsoDate,
): { from: IsoDate; to: IsoDate } {
  const y = Number(today.slice(0, 4));
  const m = Number(today.slice(5, 7));
  switch (period) {
    case 'CURRENT_MONTH':
      return { from: firstOfMonth(y, m), to: today };
    case 'PREVIOUS_MONTH':
      return { from: firstOfMonth(y, m - 1), to: lastOfMonth(y, m - 1) };
    case 'LAST_3_MONTHS':
      return { from: firstOfMonth(y, m - 2), to: today };
    case 'LAST_6_MONTHS':
      return { from: firstOfMonth(y, m - 5), to: today };
    case 'CURRENT_YEAR':
      return { from: `${y}-01-01`, to: today };
    case 'PREVIOUS_YEAR':
      return { from: `${y - 1}-01-01`, to: `${y - 1}-12-31` };
  }
}

/** The days of an export month. */
export function monthRange(month: number, year: number): { from: IsoDate; to: IsoDate } {
  return { from: firstOfMonth(year, month), to: lastOfMonth(year, month) };
}

const Period = v.optional(
  v.picklist(SETTLEMENT_PERIODS, `O período deve ser um de: ${SETTLEMENT_PERIODS.join(', ')}`),
  'CURRENT_MONTH',
);

/** `?page=0&size=10&period=CURRENT_MONTH` */
export const SettlementsQuery = v.object({ page: PageNumber, size: PageSize, period: Period });
export type SettlementsQuery = v.InferOutput<typeof SettlementsQuery>;

/** `?period=CURRENT_MONTH` */
export const SettlementBigNumbersQuery = v.object({ period: Period });

/** `?month=1..12&year=YYYY` */
export const SettlementExportQuery = v.object({
  month: v.pipe(
    v.string('Informe o mês'),
    v.regex(/^(0?[1-9]|1[0-2])$/, 'O mês deve ser um número de 1 a 12'),
    v.transform(Number),
  ),
  year: v.pipe(
    v.string('Informe o ano'),
    v.regex(/^(19[7-9]\d|2\d{3})$/, 'O ano deve ter 4 dígitos'),
    v.transform(Number),
  ),
});

/** One order's row of a day: a sale ('Venda', positive) or a cancellation ('Cancelamento', negative). */
export const SettlementOrder = v.object({
  code: v.string(),
  type: v.picklist(['Venda', 'Cancelamento']),
  createdDate: IsoInstant,
  customerName: v.nullable(v.string()),
  /** The sale or cancellation amount (negative for a cancellation). */
  amount: Reais,
  merchantFee: v.object({ totalAmount: Reais }),
  /** amount − fee: what the row adds to the merchant's transfers. */
  settlementAmount: Reais,
});

/**
 * Where a transfer stands: `SCHEDULED` planned, not taken by a settlement yet; `PENDING` taken by the day's
 * settlement, on its way to the payout provider; `PAID` received by the merchant (the provider's record, or paid by
 * Malga); `NONE` taken by a settlement that transferred nothing (it was netted against the debt).
 */
export const TRANSFER_STATUSES = ['SCHEDULED', 'PENDING', 'PAID', 'NONE'] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];

/**
 * One of a day's transfer columns: the day's shares not taken yet, by their planned date (`SCHEDULED`, `amount` their
 * sum), or the transfer that took them (its date and `amount` as the payout provider received it: shares of other
 * days and the debt are netted in it).
 */
export const SettlementTransferDate = v.object({
  transferDate: IsoDateString,
  amount: Reais,
  /** Taken by a settlement that is done (PAID or NONE). */
  transferred: v.boolean(),
  status: v.picklist(TRANSFER_STATUSES),
});

/** The settlement made on a day (one per merchant and day): the transfer and the debt before and after it. */
export const SettlementTransfer = v.object({
  /** What was transferred (≥ 0): the payout provider's record once paid. */
  amount: Reais,
  /** The shares due that day (of any day's rows). */
  partsAmount: Reais,
  /** The debt carried in (≤ 0), netted in it. */
  debtIn: Reais,
  /** The debt carried out (≤ 0). */
  debtOut: Reais,
  status: v.picklist(['PENDING', 'PAID', 'NONE']),
});

/**
 * Spec 3 'Settlement day': a day with rows (its sales and cancellations) or with a settlement (the transfer made that
 * day); a row belongs to the day of its sale or refund, a transfer to the day it was made.
 */
export const SettlementDay = v.object({
  date: IsoDateString,
  /** Σ settlementAmount of the day's rows. */
  amount: Reais,
  /** The debt carried at the end of the day (≤ 0): the last settlement's on or before it, as it was recorded. */
  outstandingBalance: Reais,
  transferDates: v.array(SettlementTransferDate),
  orders: v.array(SettlementOrder),
  /** The settlement made that day, if any. */
  transfer: v.nullable(SettlementTransfer),
});

export const SettlementPage = v.object({
  ...pageOf(SettlementDay).entries,
  from: IsoDateString,
  to: IsoDateString,
  /** How many transfer columns the table shows: max(3, the merchant's maxInstalments) (spec 9). */
  transferColumns: v.pipe(v.number(), v.integer(), v.minValue(1)),
});
export type SettlementPage = v.InferOutput<typeof SettlementPage>;

export const SettlementBigNumbers = v.object({
  period: v.picklist(SETTLEMENT_PERIODS),
  from: IsoDateString,
  to: IsoDateString,
  salesAmount: Reais,
  /** The fees of the period's rows: the sales' less what the cancellations gave back (the 'Taxa' column's sum). */
  feeAmount: Reais,
  /** ≤ 0: the amounts canceled (the 'Valor' column's sum over the `Cancelamento` rows). */
  cancellationAmount: Reais,
  /** salesAmount − feeAmount + cancellationAmount: the 'Repasse' column's sum. */
  settlementAmount: Reais,
  /** Transfers made in the period, as the payout provider received them. */
  transferredAmount: Reais,
  /** Shares of the period's rows not taken by a settlement yet. */
  scheduledAmount: Reais,
  /** The debt carried today (≤ 0): the last settlement's, as it was recorded. */
  outstandingBalance: Reais,
});
export type SettlementBigNumbers = v.InferOutput<typeof SettlementBigNumbers>;

export const settlementMessages = {
  exportUnavailable: 'Extrato para o período informado não está disponível',
  /** Spec 5: the export's month is required and at most the current month. */
  invalidMonth: 'Selecione uma data válida',
} as const;

/** Whether an export month is one the spec allows: at most the current month of São Paulo's `today`. */
export const isExportableMonth = (month: number, year: number, today: IsoDate): boolean =>
  year * 12 + month <= Number(today.slice(0, 4)) * 12 + Number(today.slice(5, 7));

/** The export's file name (spec 7: named after extract, month and year). */
export const settlementExportFileName = (month: number, year: number) => `extrato-${pad(month)}-${year}.csv`;
