import {
  CEP_MASK,
  type Cents,
  CNPJ_MASK,
  CPF_MASK,
  centsToReais,
  isReaisAmount,
  reaisToCents,
} from '@drip/core';
import { Alert, NumberInput, type NumberInputProps } from '@mantine/core';
import type { FormErrors } from '@mantine/form';
import { useEffect, useRef, useState } from 'react';
import type * as v from 'valibot';
import { failureStatus } from '../api.ts';
import { PHONE_MASK } from '../maskPattern.ts';
import { validate } from '../validate.ts';

export { MaskedTextInput } from '../MaskedTextInput.tsx';

/** Spec 5's masks ('#' a digit), for `MaskedTextInput`. */
export const MASKS = { cpf: CPF_MASK, cnpj: CNPJ_MASK, phone: PHONE_MASK, cep: CEP_MASK } as const;

/**
 * `@mantine/form`'s `validate` from a valibot schema of the contract, the same one the server parses the request
 * with: the first message of each field under its dot path ('address.cep'), so the form and the server agree.
 */
export function valibotResolver<S extends v.GenericSchema>(schema: S): (values: unknown) => FormErrors {
  return (values) => {
    const result = validate(schema, values);
    return result.ok ? {} : result.errors;
  };
}

/**
 * Money in reais (R$, step 0,01), held as integer centavos: the typed amount goes to centavos through its text
 * (core's `reaisToCents`), never through float arithmetic; send `centsToReais(value)` where the API wants reais.
 */
export function MoneyInput({
  value,
  onChange,
  ...props
}: Omit<NumberInputProps, 'value' | 'onChange'> & {
  value: Cents | null;
  onChange: (value: Cents | null) => void;
}) {
  // The input keeps what is being typed ('0,' is on its way to '0,30'); the value from outside replaces it only
  // when it is a different amount, or every keystroke would be reformatted under the caret.
  const [shown, setShown] = useState<string | number>(value === null ? '' : centsToReais(value));
  useEffect(() => {
    if (moneyToCents(shown) !== value) setShown(value === null ? '' : centsToReais(value));
  }, [value, shown]);
  return (
    <NumberInput
      {...props}
      prefix="R$ "
      decimalSeparator=","
      thousandSeparator="."
      decimalScale={2}
      fixedDecimalScale
      step={0.01}
      min={0}
      inputMode="decimal"
      value={shown}
      onChange={(next) => {
        setShown(next);
        onChange(moneyToCents(next));
      }}
    />
  );
}

/**
 * NumberInput's value to centavos: a double goes through its two-decimal text (a stepped 0.1 + 0.2 reads '0.30'),
 * never through arithmetic. NumberInput hands text in JavaScript notation ('0.30', no thousands separator) when a
 * number would lose its trailing zeros; a half-typed amount ('12.') is null until it is one.
 */
export function moneyToCents(value: string | number): Cents | null {
  const text = typeof value === 'number' ? value.toFixed(2) : value.trim();
  return isReaisAmount(text) ? reaisToCents(text) : null;
}

/** A fraction as percent hundredths (0.125 → 1250): integers, so 0.07 shows 7,00 and not 7,000000000000001. */
function fractionToHundredths(fraction: number): number {
  return Math.round(Number(`${fraction}e4`));
}

/**
 * Spec 3: rates are stored as fractions and shown and edited as percent × 100 with 2 decimals
 * (0.125 ↔ 12,50 %).
 */
export function PercentInput({
  value,
  onChange,
  ...props
}: Omit<NumberInputProps, 'value' | 'onChange'> & {
  value: number | null;
  onChange: (fraction: number | null) => void;
}) {
  // As MoneyInput: what is being typed ('12,') stays until the value from outside is a different rate.
  const [shown, setShown] = useState<string | number>(shownOf(value));
  useEffect(() => {
    if (percentToFraction(shown) !== value) setShown(shownOf(value));
  }, [value, shown]);
  return (
    <NumberInput
      {...props}
      suffix=" %"
      decimalSeparator=","
      decimalScale={2}
      step={0.01}
      inputMode="decimal"
      value={shown}
      onChange={(next) => {
        setShown(next);
        onChange(percentToFraction(next));
      }}
    />
  );
}

/** A stored fraction as shown: 0.125 → 12.5 (a 2-decimal percent). */
function shownOf(fraction: number | null): number | '' {
  return fraction === null ? '' : fractionToHundredths(fraction) / 100;
}

/** A typed percent (12.5, or '12.50' in JavaScript notation) to its fraction (0.125) via whole hundredths. */
export function percentToFraction(shown: string | number): number | null {
  if (shown === '') return null;
  const hundredths = Math.round(Number(`${shown}e2`));
  return Number.isFinite(hundredths) ? Number(`${hundredths}e-4`) : null;
}

export { DateField } from './DateField.tsx';

/**
 * A failed submit: the title, the HTTP status in parentheses, and the page scrolled to the top so that the banner is
 * seen even from the foot of a long form (spec 5).
 */
export function FailureBanner({
  title,
  error,
  describe,
}: {
  title: string;
  error: unknown;
  /** The spec's own wording of a failure by its status (' - Email Já cadastrado' on 409); '(status)' by default. */
  describe?: (status: number) => string | undefined;
}) {
  const banner = useRef<HTMLDivElement>(null);
  const status = failureStatus(error);
  useEffect(() => {
    if (error === null || error === undefined) return;
    window.scrollTo({ top: 0, behavior: 'smooth' });
    banner.current?.focus();
  }, [error]);
  if (error === null || error === undefined) return null;
  return (
    <Alert
      ref={banner}
      tabIndex={-1}
      color="red"
      role="alert"
      title={`${title}${describe?.(status) ?? (status > 0 ? ` (${status})` : '')}`}
    />
  );
}
