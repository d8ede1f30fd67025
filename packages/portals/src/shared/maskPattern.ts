/**
 * Mobile phone mask of the spec (merchant login recovery and profile). Here, not in MaskedTextInput.tsx: the kit's
 * form helpers list it in MASKS, and importing it from there put imask in the first load of every form using them.
 */
export const PHONE_MASK = '+55 (##) #####-####';
/** Spec notation ('#' digit) to imask's ('0' digit); other characters are fixed (a literal '0' is escaped). */
export function toImaskPattern(mask: string): string {
  return mask.replace(/0/g, '\\0').replace(/#/g, '0');
}

const digitsIn = (mask: string) => mask.split('').filter((c) => c === '#').length;

/** Of several masks (shortest first), the one that holds `digits` digits: the first long enough, else the last. */
function maskFor(masks: readonly string[], digits: number): string {
  return masks.find((m) => digits <= digitsIn(m)) ?? masks[masks.length - 1] ?? '';
}

/**
 * imask's options for one mask or for masks chosen by the number of digits typed. Plain data and a function: no
 * imask import, so the fields that fetch imask late (LateMaskedInput) share it with MaskedTextInput.
 */
export function imaskOptions(mask: string | readonly string[]) {
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

/**
 * Digits laid out in a mask as imask lays them out when it is complete or partly typed ('11222333000181' in the
 * CNPJ mask: '11.222.333/0001-81'): the fixed characters up to the last digit, extra digits dropped. For a saved
 * value shown before imask has arrived.
 */
export function applyMask(value: string, mask: string | readonly string[]): string {
  const digits = value.replace(/\D/g, '');
  if (digits === '') return '';
  const pattern = typeof mask === 'string' ? mask : maskFor(mask, digits.length);
  let out = '';
  let next = 0;
  for (const c of pattern) {
    if (next >= digits.length) break;
    out += c === '#' ? digits[next++] : c;
  }
  return out;
}

/** The longest text a mask (or the longest of several) lets through. */
export function maskLength(mask: string | readonly string[]): number {
  return Math.max(...(typeof mask === 'string' ? [mask] : mask).map((m) => m.length));
}
