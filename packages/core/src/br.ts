/**
 * Brazilian documents and phones: validation and formatting through @brazilian-utils/brazilian-utils (no
 * hand-written check digits), plus progressive input masks (spec section 5 masks: CPF ###.###.###-##,
 * CNPJ ##.###.###/####-##, CEP 00000-000, phone +55 (##) #####-####).
 */
import {
  formatCep as libFormatCep,
  formatCnpj as libFormatCnpj,
  formatCpf as libFormatCpf,
  isValidCep as libIsValidCep,
  isValidCnpj as libIsValidCnpj,
  isValidCpf as libIsValidCpf,
  isValidPhone as libIsValidPhone,
} from '@brazilian-utils/brazilian-utils';

/** Keeps the digits only ('123.456.789-09' → '12345678909'). */
export function onlyDigits(value: string): string {
  return value.replace(/\D/g, '');
}

/**
 * Applies a mask where '#' is a digit slot, progressively: literals are written only when a digit follows them,
 * so deleting the last digit never leaves the user stuck behind a separator. Extra digits are dropped.
 */
function applyMask(pattern: string, digits: string): string {
  let out = '';
  let next = 0;
  for (const ch of pattern) {
    if (next >= digits.length) break;
    if (ch === '#') {
      out += digits[next];
      next += 1;
    } else {
      out += ch;
    }
  }
  return out;
}

export const CPF_MASK = '###.###.###-##';
export const CNPJ_MASK = '##.###.###/####-##';
export const CEP_MASK = '#####-###';

// ---------------------------------------------------------------- CPF / CNPJ / CEP

export function isValidCpf(value: string): boolean {
  return onlyDigits(value).length === 11 && libIsValidCpf(onlyDigits(value));
}

export function isValidCnpj(value: string): boolean {
  return onlyDigits(value).length === 14 && libIsValidCnpj(onlyDigits(value));
}

/** Eight digits, with or without the hyphen (existence is checked by the CEP lookup, not here). */
export function isValidCep(value: string): boolean {
  return /^\d{5}-?\d{3}$/.test(value.trim()) && libIsValidCep(onlyDigits(value));
}

/** '12345678909' → '123.456.789-09' (a value of another length is masked as far as it goes). */
export function formatCpf(value: string): string {
  const digits = onlyDigits(value);
  return digits.length === 11 ? libFormatCpf(digits) : maskCpf(digits);
}

/** '12345678000195' → '12.345.678/0001-95'. */
export function formatCnpj(value: string): string {
  const digits = onlyDigits(value);
  return digits.length === 14 ? libFormatCnpj(digits) : maskCnpj(digits);
}

/** '01310930' → '01310-930'. */
export function formatCep(value: string): string {
  const digits = onlyDigits(value);
  return digits.length === 8 ? libFormatCep(digits) : maskCep(digits);
}

/** Progressive mask while typing a CPF ('123456' → '123.456'); at most 14 characters. */
export function maskCpf(input: string): string {
  return applyMask(CPF_MASK, onlyDigits(input));
}

/** Progressive mask while typing a CNPJ; at most 18 characters. */
export function maskCnpj(input: string): string {
  return applyMask(CNPJ_MASK, onlyDigits(input));
}

/** Progressive mask while typing a CEP; at most 9 characters. */
export function maskCep(input: string): string {
  return applyMask(CEP_MASK, onlyDigits(input));
}

/** CPF or CNPJ by length while typing (merchant form 'cnpj' field takes both). */
export function maskCpfOrCnpj(input: string): string {
  const digits = onlyDigits(input);
  return digits.length <= 11 ? maskCpf(digits) : maskCnpj(digits);
}

// ---------------------------------------------------------------- phone

/**
 * Length of a complete formatted mobile number, '+55 (11) 98765-4321'. The spec's "max 18 formatted" does not
 * fit its own mask '+55 (##) #####-####' (19 characters); inputs should use this constant.
 */
export const PHONE_MASK_MAX_LENGTH = 19;

/**
 * The national digits (DDD + number) of what the user typed. A '+55' (or a bare 55 in front of more than 11
 * digits) is the country code; a number without it is Brazilian (spec section 9).
 */
function nationalDigits(input: string): string {
  const trimmed = input.trim();
  let digits = onlyDigits(trimmed);
  if (trimmed.startsWith('+')) {
    if (digits.startsWith('55')) digits = digits.slice(2);
    else if (digits === '5') digits = '';
  } else if (digits.length > 11 && digits.startsWith('55')) {
    digits = digits.slice(2);
  }
  return digits;
}

/**
 * E.164 '+55DDNNNNNNNNN' of a valid Brazilian mobile (11 national digits) or landline (10), else null.
 * Numbers with another country code are not accepted.
 */
export function normalizePhone(input: string): string | null {
  const trimmed = input.trim();
  if (trimmed.startsWith('+') && !onlyDigits(trimmed).startsWith('55')) return null;
  const national = nationalDigits(trimmed);
  if (national.length !== 10 && national.length !== 11) return null;
  if (!libIsValidPhone(national, { accept: ['mobile', 'landline'] })) return null;
  // An 11-digit number must be a mobile and a 10-digit one a landline.
  if (national.length === 11 && national[2] !== '9') return null;
  return `+55${national}`;
}

function layoutPhone(national: string): string {
  if (national.length === 0) return '';
  const ddd = national.slice(0, 2);
  const rest = national.slice(2);
  let out = `+55 (${ddd}`;
  if (rest.length === 0) return out;
  out += ') ';
  if (rest.length <= 4) return out + rest;
  const split = rest.length === 9 ? 5 : 4;
  return `${out}${rest.slice(0, split)}-${rest.slice(split)}`;
}

/**
 * '+55 (11) 98765-4321' (mobile) or '+55 (11) 3000-0000' (landline) for a valid phone in any notation;
 * anything else is returned masked as far as it goes (see maskPhone).
 */
export function formatPhone(input: string): string {
  const e164 = normalizePhone(input);
  return e164 ? layoutPhone(e164.slice(3)) : maskPhone(input);
}

/**
 * Progressive mask while typing a phone: '+55 (11) 98765-4321' for 11 digits, '+55 (11) 3000-0000' up to
 * 10; at most PHONE_MASK_MAX_LENGTH characters. The '+55' is added, and a typed or pasted '+55' is kept as the
 * country code. An empty input gives ''.
 */
export function maskPhone(input: string): string {
  return layoutPhone(nationalDigits(input).slice(0, 11));
}

/**
 * The phone with the middle hidden, for the merchant login second step: '+55 (11) *****-4321'. A value that is
 * not a valid phone (e.g. one the server already masked) is returned unchanged.
 */
export function maskPhoneForDisplay(input: string): string {
  const e164 = normalizePhone(input);
  if (!e164) return input;
  const national = e164.slice(3);
  const hidden = '*'.repeat(national.length - 6);
  return `+55 (${national.slice(0, 2)}) ${hidden}-${national.slice(-4)}`;
}

// ---------------------------------------------------------------- test and seed data

/** Mulberry32: a small deterministic PRNG (not for security). */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A valid CPF (11 digits) determined by `seed`, for tests and seeds. The check digits are found with the
 * library's validator (exactly one pair of the 100 candidates is valid for a base).
 */
export function generateCpf(seed: number): string {
  const random = mulberry32(seed);
  for (;;) {
    let base = '';
    for (let i = 0; i < 9; i++) base += String(Math.floor(random() * 10));
    for (let check = 0; check < 100; check++) {
      const candidate = base + String(check).padStart(2, '0');
      if (libIsValidCpf(candidate)) return candidate;
    }
    // Reserved bases (all digits equal) have no valid CPF: draw another base.
  }
}

/**
 * A valid CNPJ (14 digits, head office '0001') determined by `seed`, for tests and seeds; the check digits are
 * found with the library's validator, as for the CPF.
 */
export function generateCnpj(seed: number): string {
  const random = mulberry32(seed);
  for (;;) {
    let base = '';
    for (let i = 0; i < 8; i++) base += String(Math.floor(random() * 10));
    base += '0001';
    for (let check = 0; check < 100; check++) {
      const candidate = base + String(check).padStart(2, '0');
      if (libIsValidCnpj(candidate)) return candidate;
    }
  }
}
