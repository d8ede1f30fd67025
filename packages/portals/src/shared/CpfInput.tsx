import { CPF_MASK } from '@drip/core';
import type { TextInputProps } from '@mantine/core';
import { LateMaskedInput } from './LateMaskedInput.tsx';

export type CpfInputProps = Omit<TextInputProps, 'value' | 'defaultValue' | 'onChange'> & {
  /** Called with the masked value on every accepted change. */
  onValueChange: (masked: string) => void;
};

/**
 * The customer's CPF field (spec 2.3: mask 000.000.000-00, at most 14 characters). The field is on screen before
 * its mask (LateMaskedInput): imask, the bulk of the customer login's own code, follows the first screen.
 */
export function CpfInput(props: CpfInputProps) {
  return <LateMaskedInput label="CPF" placeholder="000.000.000-00" mask={CPF_MASK} {...props} />;
}
