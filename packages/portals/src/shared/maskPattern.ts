/**
 * Mobile phone mask of the spec (merchant login recovery and profile). Here, not in MaskedTextInput.tsx: the kit's
 * form helpers list it in MASKS, and importing it from there put imask in the first load of every form using them.
 */
export const PHONE_MASK = '+55 (##) #####-####';
/** Spec notation ('#' digit) to imask's ('0' digit); other characters are fixed (a literal '0' is escaped). */
export function toImaskPattern(mask: string): string {
  return mask.replace(/0/g, '\\0').replace(/#/g, '0');
}
