/** Spec notation ('#' digit) to imask's ('0' digit); other characters are fixed (a literal '0' is escaped). */
export function toImaskPattern(mask: string): string {
  return mask.replace(/0/g, '\\0').replace(/#/g, '0');
}
