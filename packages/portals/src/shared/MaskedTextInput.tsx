import { CEP_MASK, CPF_MASK } from '@drip/core';
import { TextInput, type TextInputProps } from '@mantine/core';
import { useIMask } from 'react-imask';

export type MaskedTextInputProps = Omit<TextInputProps, 'value' | 'defaultValue' | 'onChange'> & {
  /** Mask in the spec's notation, `#` for a digit (e.g. core's CPF_MASK '###.###.###-##'). */
  mask: string;
  /** Initial value without the mask's fixed characters (the input owns its value afterwards). */
  initialUnmasked?: string;
  /** Called with the masked value on every accepted change. */
  onValueChange: (masked: string) => void;
};

/** A Mantine text input with a react-imask pattern. */
export function MaskedTextInput({ mask, initialUnmasked, onValueChange, ...props }: MaskedTextInputProps) {
  const { ref } = useIMask<HTMLInputElement>(
    { mask: toImaskPattern(mask) },
    { onAccept: (value) => onValueChange(value), defaultUnmaskedValue: initialUnmasked ?? '' },
  );
  return <TextInput {...props} ref={ref} />;
}

/** The customer's CPF field (spec 2.3: mask 000.000.000-00, at most 14 characters). */
export function CpfInput(props: Omit<MaskedTextInputProps, 'mask'>) {
  return (
    <MaskedTextInput
      mask={CPF_MASK}
      label="CPF"
      inputMode="numeric"
      placeholder="000.000.000-00"
      maxLength={14}
      {...props}
    />
  );
}

/** Spec notation ('#' digit) to imask's ('0' digit); other characters are fixed (a literal '0' is escaped). */
export function toImaskPattern(mask: string): string {
  return mask.replace(/0/g, '\\0').replace(/#/g, '0');
}

export { CEP_MASK, CPF_MASK };
/** Mobile phone mask of the spec (merchant login recovery and profile). */
export const PHONE_MASK = '+55 (##) #####-####';
