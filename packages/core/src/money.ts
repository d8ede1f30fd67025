/**
 * Money inside Drip is integer centavos (`Cents`). The JSON API carries reais with two decimals; conversion
 * happens once, at the contract boundary, exactly (no floating-point arithmetic on amounts).
 *
 * Misuse (a non-integer amount, more than two decimals, a bad instalment count) throws a `RangeError` whose
 * message says what was wrong: these are programming or contract errors, not user input to show. Forms that take
 * user input validate it first (e.g. with `isReaisAmount`).
 */

declare const centsBrand: unique symbol;
/** An integer amount of centavos. */
export type Cents = number & { readonly [centsBrand]: 'Cents' };

/** Brands an integer number of centavos; throws a RangeError for anything that is not a safe integer. */
export function cents(n: number): Cents {
  if (!Number.isSafeInteger(n)) {
    throw new RangeError(`Cents must be a safe integer number of centavos, got ${String(n)}`);
  }
  // The brand exists only in the type system: the guard above is the proof.
  return n as Cents;
}

export const ZERO_CENTS: Cents = cents(0);

const REAIS_PATTERN = /^(-)?(\d+)(?:[.,](\d{1,2}))?$/;

/** Whether `value` is a reais amount with at most two decimals ('1234.5', '1234,56', 19.99). */
export function isReaisAmount(value: number | string): boolean {
  return parseReais(value) !== null;
}

function parseReais(value: number | string): Cents | null {
  // A number's shortest round-trip text has at most 2 decimals exactly when its decimal value does.
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim();
  const match = REAIS_PATTERN.exec(text);
  if (!match) return null;
  const [, sign, whole = '0', fraction = ''] = match;
  const magnitude = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(magnitude)) return null;
  return cents(sign && magnitude !== 0 ? -magnitude : magnitude);
}

/**
 * Reais to centavos, exactly: 19.99 → 1999, '1234,5' → 123450. Accepts a number or a string with '.' or ','
 * as decimal separator (no thousands separators). Throws a RangeError for more than two decimals, exponent
 * notation, NaN/Infinity or an amount beyond the safe integer range.
 */
export function reaisToCents(value: number | string): Cents {
  const result = parseReais(value);
  if (result === null) {
    throw new RangeError(
      `Not a reais amount with at most 2 decimals: ${JSON.stringify(String(value))} (use e.g. 1234.56 or '1234,56')`,
    );
  }
  return result;
}

/** Centavos to reais for JSON (1999 → 19.99): the nearest double to the two-decimal value. */
export function centsToReais(c: Cents): number {
  return c / 100;
}

/**
 * Splits `total` into `n` instalments that sum exactly to `total`: every instalment is total/n rounded down to
 * the centavo and the remainder centavos go on the first (DESIGN.md), so the later instalments are all equal
 * (R$ 100,00 / 3 → 33,34 + 33,33 + 33,33; 1,01 / 3 → 0,35 + 0,33 + 0,33).
 */
export function splitInstalments(total: Cents, n: number): Cents[] {
  if (!Number.isSafeInteger(total) || total < 0) {
    throw new RangeError(
      `splitInstalments needs a non-negative integer total of centavos, got ${String(total)}`,
    );
  }
  if (!Number.isInteger(n) || n < 1) {
    throw new RangeError(`splitInstalments needs a positive integer number of instalments, got ${String(n)}`);
  }
  const base = Math.floor(total / n);
  const remainder = total - base * n;
  return Array.from({ length: n }, (_, i) => cents(i === 0 ? base + remainder : base));
}

/** A finite number as an exact decimal fraction `digits / 10^scale` (from its shortest round-trip text). */
function toDecimal(x: number): { digits: bigint; scale: number } {
  const [mantissa = '0', exponentText] = String(x).toLowerCase().split('e');
  const exponent = exponentText === undefined ? 0 : Number(exponentText);
  const negative = mantissa.startsWith('-');
  const [whole = '0', fraction = ''] = mantissa.replace('-', '').split('.');
  let digits = BigInt(`${whole}${fraction}`);
  let scale = fraction.length - exponent;
  if (scale < 0) {
    digits *= 10n ** BigInt(-scale);
    scale = 0;
  }
  return { digits: negative ? -digits : digits, scale };
}

/**
 * `total × fraction` in centavos (e.g. a 5 % fee: `applyRate(total, 0.05)`), computed exactly on the decimal
 * value of `fraction` and rounded half-up on the magnitude (half away from zero): 0,5 centavo becomes 1,
 * -0,5 becomes -1. No banker's rounding.
 */
export function applyRate(total: Cents, fraction: number): Cents {
  if (!Number.isSafeInteger(total)) {
    throw new RangeError(`applyRate needs an integer total of centavos, got ${String(total)}`);
  }
  if (!Number.isFinite(fraction))
    throw new RangeError(`applyRate needs a finite fraction, got ${String(fraction)}`);
  const { digits, scale } = toDecimal(fraction);
  const product = BigInt(total) * digits;
  const divisor = 10n ** BigInt(scale);
  const magnitude = product < 0n ? -product : product;
  const rounded = (2n * magnitude + divisor) / (2n * divisor);
  return cents(Number(product < 0n ? -rounded : rounded));
}

/** The sum of amounts (exact: integers). */
export function sumCents(amounts: readonly Cents[]): Cents {
  return cents(amounts.reduce<number>((acc, c) => acc + c, 0));
}

/** Intl separates 'R$' from the digits with a no-break space (U+00A0): 'R$\u00A01.234,56'. */
export const BRL_SEPARATOR = '\u00A0';

let brlFormat: Intl.NumberFormat | undefined;
let percentFormat: Intl.NumberFormat | undefined;

/** 'R$ 1.234,56' (with U+00A0 after 'R$', see BRL_SEPARATOR); negative: '-R$ 1.234,56'. */
export function formatBRL(c: Cents): string {
  brlFormat ??= new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
  // A sum or a difference can come out as -0 (0 × −1, a refund netting a day to nothing): Intl writes it
  // '-R$ 0,00', a debt that does not exist. Adding 0 turns -0 into 0.
  return brlFormat.format(centsToReais(c) + 0);
}

/** A fraction as a pt-BR percentage with two decimals: 0.05 → '5,00%', 0.125 → '12,50%'. */
export function formatPercent(fraction: number): string {
  percentFormat ??= new Intl.NumberFormat('pt-BR', {
    style: 'percent',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return percentFormat.format(fraction);
}
