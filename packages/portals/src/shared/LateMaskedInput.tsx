import { TextInput, type TextInputProps } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { applyMask, imaskOptions, maskLength } from './maskPattern.ts';

export type LateMaskedInputProps = Omit<TextInputProps, 'value' | 'defaultValue' | 'onChange'> & {
  /**
   * Mask in the spec's notation, `#` for a digit (core's CPF_MASK '###.###.###-##'). Several masks, shortest first,
   * make one field for documents of different lengths (CPF up to 11 digits, then CNPJ). Read once, at mount.
   */
  mask: string | readonly string[];
  /** Initial value (digits, or already masked): shown in its mask from the first render. */
  initialUnmasked?: string;
  /** Called with the masked value on every accepted change. */
  onValueChange: (masked: string) => void;
};

/** imask, fetched once for every late-masked field. */
let imask: Promise<typeof import('imask').default> | null = null;
function loadImask() {
  if (imask === null) {
    imask = import('imask').then((m) => m.default);
    // Offline: the next field tries again.
    imask.catch(() => {
      imask = null;
    });
  }
  return imask;
}

/**
 * A masked text field that is on screen before its mask: imask (about 15 KB gzip) is fetched right after the first
 * render, so a page's first screen does not wait for it, and attached to the same input element when it arrives —
 * the element is never replaced, so focus, caret and what was typed stay. What was typed meanwhile is masked then
 * (and reported masked); until then the typed text is reported as is (the forms read its digits). A saved value is
 * laid out in its mask from the first render. `MaskedTextInput` (react-imask, masked from the first key) is the
 * variant for pages whose first load already carries imask.
 */
export function LateMaskedInput({ mask, initialUnmasked, onValueChange, ...props }: LateMaskedInputProps) {
  const ref = useRef<HTMLInputElement>(null);
  const report = useRef(onValueChange);
  const masked = useRef(false);
  const typed = useRef(false);
  const options = useRef(mask);
  const saved = useRef(initialUnmasked !== undefined && initialUnmasked !== '');
  useEffect(() => {
    report.current = onValueChange;
  });
  useEffect(() => {
    let cancelled = false;
    let destroy = () => {};
    // A task later, not in this one: React may run this effect in the same task as the render that puts the form on
    // screen, and the mask's download is not part of that first screen.
    const timer = window.setTimeout(() => {
      loadImask().then(
        (IMask) => {
          const input = ref.current;
          if (cancelled || !input) return;
          const instance = IMask(input, imaskOptions(options.current) as Parameters<typeof IMask>[1]);
          masked.current = true;
          input.dataset.masked = 'true';
          instance.on('accept', () => report.current(instance.value));
          destroy = () => instance.destroy();
          // What was typed meanwhile is reported masked; a saved value nobody touched stays as the form holds it.
          if (typed.current || !saved.current) report.current(instance.value);
        },
        () => {},
      );
    }, 0);
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
      masked.current = false;
      destroy();
    };
  }, []);
  return (
    <TextInput
      inputMode="numeric"
      maxLength={maskLength(mask)}
      defaultValue={applyMask(initialUnmasked ?? '', mask)}
      {...props}
      ref={ref}
      onChange={(event) => {
        if (masked.current) return;
        typed.current = true;
        report.current(event.currentTarget.value);
      }}
    />
  );
}
