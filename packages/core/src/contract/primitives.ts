/**
 * The primitive schemas every contract shares (amounts in reais on the wire and centavos in the domain, dates,
 * instants) and the checkout enumerations other contracts name (denial reasons, checkout statuses). Apart from
 * `checkout.ts` so that a page that lists sales or orders does not carry the shopper checkout's whole contract.
 */
import * as v from 'valibot';
import { isIsoDate } from '../dates.ts';
import { type Cents, isReaisAmount, reaisToCents } from '../money.ts';

// ---------------------------------------------------------------- shared pieces

/** Wire reais (number, at most 2 decimals) → domain `Cents`. Negative amounts allowed (use `PositiveReais`). */
export const Reais = v.pipe(
  v.number('O valor deve ser um número'),
  v.check((n) => isReaisAmount(n), 'O valor deve ter no máximo 2 casas decimais'),
  v.transform((n): Cents => reaisToCents(n)),
);

/** A non-negative amount (balances, limits, instalments). */
export const NonNegativeReais = v.pipe(
  v.number('O valor deve ser um número'),
  v.minValue(0, 'O valor não pode ser negativo'),
  v.check((n) => isReaisAmount(n), 'O valor deve ter no máximo 2 casas decimais'),
  v.transform((n): Cents => reaisToCents(n)),
);

/** A strictly positive amount (orders, payments). */
export const PositiveReais = v.pipe(
  v.number('O valor deve ser um número'),
  v.gtValue(0, 'O valor deve ser maior que zero'),
  v.check((n) => isReaisAmount(n), 'O valor deve ter no máximo 2 casas decimais'),
  v.transform((n): Cents => reaisToCents(n)),
);

/**
 * The years a date sent to Drip may have (purchases, due dates, births). Beyond them date arithmetic (a due date 30
 * days on, business days, holidays) leaves the 4-digit years of ISO dates, and no such date is real input.
 */
export const DATE_YEARS = { min: 1900, max: 2100 } as const;

/** Whether the year of a 'YYYY-MM-DD' text is within DATE_YEARS. */
export const inDateYears = (s: string): boolean => {
  const year = Number(s.slice(0, 4));
  return year >= DATE_YEARS.min && year <= DATE_YEARS.max;
};

/** The answer to a date outside DATE_YEARS, wherever a date is parsed. */
export const DATE_YEARS_MESSAGE = `A data deve estar entre ${DATE_YEARS.min} e ${DATE_YEARS.max}`;

/** 'YYYY-MM-DD', a real calendar date, in DATE_YEARS. */
export const IsoDateString = v.pipe(
  v.string('A data deve ser um texto'),
  v.check((s) => isIsoDate(s), 'A data deve estar no formato AAAA-MM-DD'),
  v.check(inDateYears, DATE_YEARS_MESSAGE),
);

/**
 * An ISO 8601 instant with offset ('2025-01-31T12:00:00.000Z'), its year in DATE_YEARS: a query or body instant at
 * year 9999 would otherwise reach SQL and date arithmetic as an 'Invalid Date'.
 */
export const IsoInstant = v.pipe(
  v.string('A data e hora devem ser um texto'),
  v.check(
    (s) =>
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(s) &&
      !Number.isNaN(Date.parse(s)),
    'A data e hora devem estar no formato ISO 8601',
  ),
  v.check(inDateYears, DATE_YEARS_MESSAGE),
);

// ---------------------------------------------------------------- enumerations (spec 3 and 8)

/** The denial reason codes of spec section 8 (order as listed there). */
export const DENIAL_REASONS = [
  'DEFAULT',
  'ALREADY_HAVE_ACTIVE_ORDER',
  'ORDER_ABOVE_MAX_VALUE',
  'ORDER_ABOVE_CUSTOMER_MAX_VALUE',
  'INVALID_CUSTOMER_DATA',
  'DRIP_MAX_VALUE_PER_DAY',
  'DRIP_MAX_VALUE_GLOBAL',
  'BLOCKED_CUSTOMER_PHONE',
  'BLOCKED_CUSTOMER_CPF',
  'BLOCKED_CUSTOMER_ADDRESS_CEP',
  'MAX_MULTIPLE_ORDERS_VALUE_PER_CUSTOMER',
  'ACTIVE_ORDERS_WITH_FIRST_INSTALMENT_NOT_PAID',
  'LATE_INSTALMENTS',
  'FAILED_MERCHANT_ORDER_CONFIRMATION',
  'BLOCKED_BANK_CODE',
  'EXPIRED',
  'ANTI_FRAUD_SCORE',
  'LEGALLY_PROTECTED_MINOR',
] as const;
export const DenialReason = v.picklist(DENIAL_REASONS, 'Motivo de recusa desconhecido');
export type DenialReason = v.InferOutput<typeof DenialReason>;

/** Checkout session status (spec 3, "Order status (checkout session)") with its pt-BR label. */
export const CHECKOUT_STATUSES = ['PRISTINE', 'MORE_INFO', 'OK', 'KO', 'EXPIRED', 'REVOKED'] as const;
export const CheckoutStatus = v.picklist(CHECKOUT_STATUSES, 'Status de checkout desconhecido');
export type CheckoutStatus = v.InferOutput<typeof CheckoutStatus>;

/** The `page` query parameter of a paged list (0-based, '0' when absent). */
export const PageNumber = v.optional(
  v.pipe(
    v.string(),
    v.regex(/^\d{1,6}$/, 'O parâmetro page deve ser um número inteiro a partir de 0'),
    v.transform(Number),
  ),
  '0',
);
/**
 * The `size` query parameter of a paged list (1 to 100, `defaultSize` when absent). Lists differ only in how many
 * rows a page shows by default, so the bounds and their messages stay in one place.
 */
export function pageSize(defaultSize: number) {
  return v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,3}$/, 'O parâmetro size deve ser um número inteiro entre 1 e 100'),
      v.transform(Number),
      v.minValue(1, 'O parâmetro size deve ser um número inteiro entre 1 e 100'),
      v.maxValue(100, 'O parâmetro size deve ser um número inteiro entre 1 e 100'),
    ),
    String(defaultSize),
  );
}
/** The `size` query parameter of a paged list (1 to 100, '10' when absent). */
export const PageSize = pageSize(10);
/** The `page` and `size` entries of a paged list's query, to spread into its `v.object`. */
export function pageQueryEntries(defaultSize = 10) {
  return { page: PageNumber, size: pageSize(defaultSize) };
}
