import { CEP_MASK, CPF_MASK } from '@drip/core';
import { TextInput, type TextInputProps } from '@mantine/core';
import { useIMask } from 'react-imask';
import { toImaskPattern } from './maskPattern.ts';

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

export { CEP_MASK, CPF_MASK };
/** Mobile phone mask of the spec (merchant login recovery and profile). */
export const PHONE_MASK = '+55 (##) #####-####';
