import { type Cents, isReaisAmount, reaisToCents } from '@drip/core';
import { TextInput, type TextInputProps } from '@mantine/core';
import { type FocusEvent, useEffect, useState } from 'react';

/**
 * Money, percent and whole-number fields as text inputs: the digits are read by core's parsing (`reaisToCents`,
 * exact) rather than by Mantine's NumberInput, whose number-format code cost every form page about 9 KB gzip
 * (docs/benchmarks.md). What a field shows is what is typed, filtered to what the field takes; on leaving it, the
 * field lays the value out ('R$ 1.234,56', '12,5 %') and a whole number is brought within its bounds.
 */
type TextProps = Omit<TextInputProps, 'value' | 'defaultValue' | 'onChange'>;

/**
 * Typed pt-BR number text to JavaScript notation ('1.234,5' → '1234.5'; '12,' → '12.'): the symbols and spaces go;
 * with a comma, dots are thousands separators; without one, dots in groups of three are ('1.234' is 1234) and a
 * single other dot is the decimal point, as core's `isReaisAmount` takes it ('1999.99').
 */
export function decimalOf(text: string): string {
  const bare = text.replace(/[^\d.,-]/g, '');
  if (bare.includes(',')) return bare.replace(/\./g, '').replace(',', '.');
  if (/^-?\d{1,3}(\.\d{3})+$/.test(bare)) return bare.replace(/\./g, '');
  return bare;
}

/** Whether typed text can stand in a field of `scale` decimals: digits, one decimal comma (or point), no more decimals. */
function acceptable(text: string, scale: number): boolean {
  const bare = text.replace(/^\s*R\$\s?/, '').replace(/\s*%\s*$/, '');
  if (/[^\d.,]/.test(bare)) return false;
  const decimal = decimalOf(bare);
  if ((decimal.match(/\./g) ?? []).length > 1) return false;
  const fraction = decimal.split('.')[1];
  return fraction === undefined || fraction.length <= scale;
}

/** Digits grouped by thousands with dots, as pt-BR writes them. */
const grouped = (whole: string) => whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.');

/** Centavos as the money field shows them: 'R$ 1.234,56'. */
export function moneyText(value: Cents): string {
  const negative = value < 0;
  const abs = Math.abs(value);
  const whole = String(Math.floor(abs / 100));
  const fraction = String(abs % 100).padStart(2, '0');
  return `${negative ? '-' : ''}R$ ${grouped(whole)},${fraction}`;
}

/**
 * A typed amount to centavos, through its text, never through arithmetic: 'R$ 1.234,56', '1234,5', '1999.99', or a
 * number (a double goes through its two-decimal text: 0.1 + 0.2 reads '0.30'). Half-typed ('12.', '12,') is null.
 */
export function moneyToCents(value: string | number): Cents | null {
  const text = typeof value === 'number' ? value.toFixed(2) : decimalOf(value.trim());
  return isReaisAmount(text) ? reaisToCents(text) : null;
}

/** A field's text, kept while it still means `value`, and replaced by `show(value)` when the value changes outside. */
function useShown<T>(value: T, read: (text: string) => T, show: (value: T) => string) {
  const [shown, setShown] = useState(() => show(value));
  // What is being typed ('0,' on its way to '0,30') stays; a value from outside replaces it only when it is a
  // different one, or every keystroke would be reformatted under the caret.
  useEffect(() => {
    if (!Object.is(read(shown), value)) setShown(show(value));
  }, [value, shown, read, show]);
  return [shown, setShown] as const;
}

const showMoney = (value: Cents | null) => (value === null ? '' : moneyText(value));

/**
 * A text input holding a value read from what is typed (`read`, null while it is not one yet) and laid out by
 * `show` when the field is left; text with more than `scale` decimals, or other characters, is not taken.
 */
function ParsedInput<T>({
  value,
  onChange,
  onBlur,
  read,
  show,
  scale,
  ...props
}: TextProps & {
  value: T | null;
  onChange: (value: T | null) => void;
  read: (text: string) => T | null;
  show: (value: T | null) => string;
  scale: number;
}) {
  const [shown, setShown] = useShown(value, read, show);
  return (
    <TextInput
      inputMode="decimal"
      {...props}
      value={shown}
      onChange={(event) => {
        const text = event.currentTarget.value;
        if (!acceptable(text, scale)) return;
        setShown(text);
        onChange(read(text));
      }}
      onBlur={(event: FocusEvent<HTMLInputElement>) => {
        const typed = read(shown);
        if (typed !== null) setShown(show(typed));
        onBlur?.(event);
      }}
    />
  );
}

/**
 * Money in reais (R$, 2 decimals), held as integer centavos: the typed amount goes to centavos through its text
 * (core's `reaisToCents`), never through float arithmetic; send `centsToReais(value)` where the API wants reais.
 */
export function MoneyInput(
  props: TextProps & { value: Cents | null; onChange: (value: Cents | null) => void },
) {
  return <ParsedInput {...props} read={moneyToCents} show={showMoney} scale={2} />;
}

/** A fraction as percent hundredths (0.125 → 1250): integers, so 0.07 shows 7 and not 7,000000000000001. */
function fractionToHundredths(fraction: number): number {
  return Math.round(Number(`${fraction}e4`));
}

/** A stored fraction as shown: 0.125 → '12,5 %'. */
function showPercent(fraction: number | null): string {
  if (fraction === null) return '';
  return `${String(fractionToHundredths(fraction) / 100).replace('.', ',')} %`;
}

/** A typed percent ('12,5 %', 12.5, or '12.50') to its fraction (0.125) via whole hundredths. */
export function percentToFraction(shown: string | number): number | null {
  const text = typeof shown === 'number' ? String(shown) : decimalOf(shown.trim());
  if (text === '' || !/^-?\d+(\.\d*)?$/.test(text)) return null;
  const hundredths = Math.round(Number(`${text}e2`));
  return Number.isFinite(hundredths) ? Number(`${hundredths}e-4`) : null;
}

/**
 * Spec 3: rates are stored as fractions and shown and edited as percent × 100 with at most 2 decimals
 * (0.125 ↔ 12,5 %).
 */
export function PercentInput(
  props: TextProps & { value: number | null; onChange: (fraction: number | null) => void },
) {
  return <ParsedInput {...props} read={percentToFraction} show={showPercent} scale={2} />;
}

/** A typed number ('3,5', '12') as a number, or '' when empty or not yet one ('3,' reads 3). */
function numberOf(text: string): number | '' {
  const decimal = decimalOf(text.trim());
  if (!/^\d+(\.\d*)?$/.test(decimal)) return '';
  return Number(decimal.endsWith('.') ? decimal.slice(0, -1) : decimal);
}

const showNumber = (value: number | '') => (value === '' ? '' : String(value).replace('.', ','));

/**
 * A number typed with at most `decimals` decimals (0: a whole number of days, instalments...), with NumberInput's
 * value contract: the number, or '' when empty. Only digits and a decimal comma are taken; on leaving the field the
 * number is brought within `min` and `max`.
 */
export function NumberTextInput({
  value,
  onChange,
  onBlur,
  min,
  max,
  decimals = 0,
  ...props
}: TextProps & {
  value: number | '';
  onChange: (value: number | '') => void;
  min?: number;
  max?: number;
  decimals?: number;
}) {
  const [shown, setShown] = useShown(value, numberOf, showNumber);
  return (
    <TextInput
      inputMode={decimals > 0 ? 'decimal' : 'numeric'}
      {...props}
      value={shown}
      onChange={(event) => {
        const text = event.currentTarget.value;
        if (decimals === 0 ? !/^\d*$/.test(text.trim()) : !acceptable(text, decimals)) return;
        setShown(text);
        onChange(numberOf(text));
      }}
      onBlur={(event: FocusEvent<HTMLInputElement>) => {
        if (value !== '') {
          const clamped = Math.min(max ?? value, Math.max(min ?? value, value));
          setShown(showNumber(clamped));
          if (clamped !== value) onChange(clamped);
        }
        onBlur?.(event);
      }}
    />
  );
}
