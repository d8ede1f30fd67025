import { CEP_MASK, CPF_MASK } from '@drip/core';
import { TextInput, type TextInputProps } from '@mantine/core';
import { useIMask } from 'react-imask';
import { imaskOptions } from './maskPattern.ts';

export type MaskedTextInputProps = Omit<TextInputProps, 'value' | 'defaultValue' | 'onChange'> & {
  /**
   * Mask in the spec's notation, `#` for a digit (e.g. core's CPF_MASK '###.###.###-##'). Several masks, shortest
   * first, make one field for documents of different lengths: each mask holds until the digits typed outgrow it
   * (CPF up to 11 digits, then CNPJ).
   */
  mask: string | readonly string[];
  /** Initial value without the mask's fixed characters (the input owns its value afterwards). */
  initialUnmasked?: string;
  /** Called with the masked value on every accepted change. */
  onValueChange: (masked: string) => void;
};

/** A Mantine text input with a react-imask pattern. */
export function MaskedTextInput({ mask, initialUnmasked, onValueChange, ...props }: MaskedTextInputProps) {
  const { ref } = useIMask<HTMLInputElement>(imaskOptions(mask) as Parameters<typeof useIMask>[0], {
    onAccept: (value) => onValueChange(value),
    defaultUnmaskedValue: initialUnmasked ?? '',
  });
  return <TextInput {...props} ref={ref} />;
}

export { PHONE_MASK } from './maskPattern.ts';
export { CEP_MASK, CPF_MASK };
