import { CEP_MASK, CNPJ_MASK, CPF_MASK } from '@drip/core';
import { Alert } from '@mantine/core';
import type { FormErrors } from '@mantine/form';
import { useEffect, useRef } from 'react';
import type * as v from 'valibot';
import { failureStatus } from '../api.ts';
import { PHONE_MASK } from '../maskPattern.ts';
import { validate } from '../validate.ts';

export { LateMaskedInput } from '../LateMaskedInput.tsx';
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

export { DateField } from './DateField.tsx';
export {
  MoneyInput,
  moneyToCents,
  NumberTextInput,
  PercentInput,
  percentToFraction,
} from './NumberInputs.tsx';

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
