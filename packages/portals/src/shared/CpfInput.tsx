import { CPF_MASK } from '@drip/core';
import { TextInput, type TextInputProps } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { toImaskPattern } from './maskPattern.ts';

export type CpfInputProps = Omit<TextInputProps, 'value' | 'defaultValue' | 'onChange'> & {
  /** Called with the masked value on every accepted change. */
  onValueChange: (masked: string) => void;
};

/** imask, fetched once for every CPF field. */
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
 * The customer's CPF field (spec 2.3: mask 000.000.000-00, at most 14 characters). The field is on screen before
 * its mask: imask (about 15 KB gzip, the bulk of the customer login's own code) is fetched right after the first render,
 * so the login's first screen does not wait for it, and attached to the same input element when it arrives. What
 * was typed meanwhile is masked then (and reported masked); until then the typed text is reported as is (the
 * forms read its digits).
 */
export function CpfInput({ onValueChange, ...props }: CpfInputProps) {
  const ref = useRef<HTMLInputElement>(null);
  const report = useRef(onValueChange);
  const masked = useRef(false);
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
          const mask = IMask(input, { mask: toImaskPattern(CPF_MASK) });
          masked.current = true;
          mask.on('accept', () => report.current(mask.value));
          destroy = () => mask.destroy();
          report.current(mask.value);
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
      label="CPF"
      inputMode="numeric"
      placeholder="000.000.000-00"
      maxLength={14}
      {...props}
      ref={ref}
      onChange={(event) => {
        if (!masked.current) report.current(event.currentTarget.value);
      }}
    />
  );
}
