/**
 * The shopper's phone in any country (spec 5 and 9: "Phone input defaults to Brazil, Brazil and US preferred; a
 * number without +55 is treated as Brazilian"). Brazilian numbers keep Drip's own rules (`br.ts`: an 11-digit
 * mobile with the 9, a 10-digit landline, the '+55 (11) 98765-4321' mask). Every other country is read and
 * validated with libphonenumber-js (Google's metadata, "min" set; docs/phone-numbers.md says why and what it
 * costs). Values leave as E.164 ('+5511987654321', '+12133734253').
 */
import {
  AsYouType,
  type CountryCode,
  getCountries,
  getCountryCallingCode,
  parsePhoneNumberFromString,
  validatePhoneNumberLength,
} from 'libphonenumber-js/min';
import { maskPhone, normalizePhone, onlyDigits } from './br.ts';

export type PhoneCountry = CountryCode;

/** The country a number without '+' belongs to (spec 9). */
export const DEFAULT_PHONE_COUNTRY: PhoneCountry = 'BR';
/** Listed first in the country choice (spec 9). */
export const PREFERRED_PHONE_COUNTRIES: readonly PhoneCountry[] = ['BR', 'US'];
/** Longest formatted international number ('+' and 15 digits with spaces and punctuation). */
export const INTERNATIONAL_PHONE_MAX_LENGTH = 24;

/** Every country the phone input offers: the preferred ones first, then the others in `sortKey` order. */
export function phoneCountries(sortKey: (country: PhoneCountry) => string): PhoneCountry[] {
  const rest = getCountries()
    .filter((c) => !PREFERRED_PHONE_COUNTRIES.includes(c))
    .sort((a, b) => sortKey(a).localeCompare(sortKey(b), 'pt-BR'));
  return [...PREFERRED_PHONE_COUNTRIES, ...rest];
}

/** '+55', '+1', ... */
export function callingCodeOf(country: PhoneCountry): string {
  return `+${getCountryCallingCode(country)}`;
}

export type PhoneProblem = 'empty' | 'incomplete' | 'invalid';
export type ShopperPhone =
  | { ok: true; e164: string; country: PhoneCountry }
  | { ok: false; problem: PhoneProblem };

/** Whether `input` is read as a Brazilian number: '+55…', or no '+' with Brazil chosen. */
function isBrazilian(input: string, country: PhoneCountry): boolean {
  const trimmed = input.trim();
  return trimmed.startsWith('+') ? onlyDigits(trimmed).startsWith('55') : country === 'BR';
}

/**
 * Reads what the shopper typed: a number with '+' in its own country, one without in `country` (Brazil by
 * default). Brazilian numbers follow `normalizePhone`; others must be valid for their country.
 */
export function parseShopperPhone(
  input: string,
  country: PhoneCountry = DEFAULT_PHONE_COUNTRY,
): ShopperPhone {
  const trimmed = input.trim();
  const digits = onlyDigits(trimmed);
  if (digits === '') return { ok: false, problem: 'empty' };
  if (isBrazilian(trimmed, country)) {
    const national = trimmed.startsWith('+') || digits.length > 11 ? digits.slice(2) : digits;
    if (national.length < 10) return { ok: false, problem: 'incomplete' };
    const e164 = normalizePhone(trimmed.startsWith('+') ? trimmed : `+55${national}`);
    return e164 ? { ok: true, e164, country: 'BR' } : { ok: false, problem: 'invalid' };
  }
  const text = trimmed.startsWith('+') ? `+${digits}` : `${callingCodeOf(country)}${digits}`;
  const length = validatePhoneNumberLength(text);
  if (length === 'TOO_SHORT') return { ok: false, problem: 'incomplete' };
  if (length !== undefined) return { ok: false, problem: 'invalid' };
  const phone = parsePhoneNumberFromString(text);
  if (!phone?.isValid() || !phone.country) return { ok: false, problem: 'invalid' };
  return { ok: true, e164: phone.number, country: phone.country };
}

/**
 * E.164 of a valid shopper phone in any notation, else null: what the server stores. Digits without '+' are
 * Brazilian first (as before: '11987654321', '5511987654321'); digits that are no Brazilian number are read as
 * E.164 without its '+' ('12133734253'), which is how the renegotiation page sends a phone (digits only).
 */
export function normalizeShopperPhone(input: string): string | null {
  const brazilian = normalizePhone(input);
  if (brazilian) return brazilian;
  const trimmed = input.trim();
  const digits = onlyDigits(trimmed);
  if (digits.startsWith('55') && digits.length > 11) return null; // a Brazilian number, and not a valid one
  const parsed = parseShopperPhone(`+${digits}`);
  return parsed.ok ? parsed.e164 : null;
}

/**
 * The phone input's text while typing, and the country it belongs to. Brazil: '+55 (11) 98765-4321' (as
 * `maskPhone`); elsewhere the international layout ('+1 213 373 4253'). Typing '+' and a country code picks
 * that country; digits without '+' are numbers of `country`.
 */
export function formatShopperPhoneInput(
  input: string,
  country: PhoneCountry = DEFAULT_PHONE_COUNTRY,
): { text: string; country: PhoneCountry } {
  const trimmed = input.trim();
  const digits = onlyDigits(trimmed);
  if (trimmed.startsWith('+')) {
    if (digits.startsWith('55')) return { text: maskPhone(trimmed), country: 'BR' };
    if (digits === '' || digits === '5') return { text: `+${digits}`, country };
    const typing = new AsYouType();
    const text = typing.input(`+${digits}`);
    return { text, country: typing.getCountry() ?? country };
  }
  if (digits === '') return { text: '', country };
  if (country === 'BR') return { text: maskPhone(trimmed), country };
  const typing = new AsYouType();
  return { text: typing.input(`${callingCodeOf(country)}${digits}`), country };
}

/** The digits after the country code (what to keep when the shopper picks another country). */
export function nationalDigitsOf(text: string, country: PhoneCountry): string {
  const digits = onlyDigits(text);
  const code = String(getCountryCallingCode(country));
  return text.trim().startsWith('+') && digits.startsWith(code) ? digits.slice(code.length) : digits;
}
