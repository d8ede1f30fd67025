import { CEP_MASK, CPF_MASK } from '@drip/core';
import { TextInput, type TextInputProps } from '@mantine/core';
import { useIMask } from 'react-imask';
import { toImaskPattern } from './maskPattern.ts';

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

const digitsIn = (mask: string) => mask.split('').filter((c) => c === '#').length;

/** imask's options for one mask or for masks chosen by the number of digits typed. */
function imaskOptions(mask: string | readonly string[]) {
  if (typeof mask === 'string') return { mask: toImaskPattern(mask) };
  const sizes = mask.map(digitsIn);
  return {
    mask: mask.map((m) => ({ mask: toImaskPattern(m) })),
    // imask's own choice weighs how much of the input each mask takes, which ties at the shorter mask's length;
    // the digits decide here, so that 11 digits are a CPF and the 12th makes it a CNPJ.
    dispatch: (appended: string, masked: { unmaskedValue: string; compiledMasks: unknown[] }) => {
      const digits = `${masked.unmaskedValue}${appended}`.replace(/\D/g, '').length;
      const index = sizes.findIndex((size) => digits <= size);
      return masked.compiledMasks[index === -1 ? sizes.length - 1 : index];
    },
  };
}

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
