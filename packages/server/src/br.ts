import { isValidCpf, isValidPhone } from '@brazilian-utils/brazilian-utils';

/** Brazilian phone to E.164 (+55DDNNNNNNNNN); a number without +55 is Brazilian. null when invalid. */
export function normalizePhone(input: string): string | null {
  const digits = input.replace(/\D/g, '');
  let local: string;
  if ((digits.length === 12 || digits.length === 13) && digits.startsWith('55')) local = digits.slice(2);
  else if (digits.length === 10 || digits.length === 11) local = digits;
  else return null;
  return isValidPhone(local) ? `+55${local}` : null;
}

export function normalizeEmail(input: string): string {
  return input.trim().toLowerCase();
}

export function looksLikeEmail(input: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(input.trim());
}

/** 11 digits with valid check digits, or null. */
export function normalizeCpf(input: string): string | null {
  const digits = input.replace(/\D/g, '');
  return digits.length === 11 && isValidCpf(digits) ? digits : null;
}

/** '+5511987654321' → '+55 (11) *****-4321'. */
export function maskPhone(e164: string): string {
  const local = e164.replace(/^\+55/, '');
  const ddd = local.slice(0, 2);
  const rest = local.slice(2);
  return `+55 (${ddd}) ${'*'.repeat(Math.max(0, rest.length - 4))}-${rest.slice(-4)}`;
}

/** 'admin@aurora.demo' → 'a****@aurora.demo'. */
export function maskEmail(email: string): string {
  const at = email.indexOf('@');
  if (at <= 0) return '***';
  const user = email.slice(0, at);
  return `${user[0]}${'*'.repeat(Math.max(3, user.length - 1))}${email.slice(at)}`;
}

/** Outbox recipients: phones in E.164, e-mails lower case, anything else trimmed. */
export function normalizeRecipient(to: string): string {
  if (to.includes('@')) return normalizeEmail(to);
  return normalizePhone(to) ?? to.trim();
}
