/**
 * BR Code ("Pix copia e cola") payloads for dynamic charges, EMV® QRCPS-MPM as the Banco Central "Manual de
 * Padrões para Iniciação do Pix" profiles it:
 *
 *   00 Payload Format Indicator "01"      01 Point of Initiation Method "12" (single use)
 *   26 Merchant Account Information: 00 GUI "br.gov.bcb.pix", 25 location URL of the cob (no scheme)
 *   52 MCC "0000"   53 currency "986"   54 amount "123.45"   58 country "BR"
 *   59 merchant name (≤ 25)   60 merchant city (≤ 15)
 *   62 Additional Data: 05 reference label: "***" for a dynamic code (the manual's rule: the payer's app reads the
 *      txid from the location's payload, and a cob txid, 26 to 35 characters, does not fit the 25 of field 05)
 *   63 CRC16-CCITT (polynomial 0x1021, initial 0xFFFF) over everything before it, "6304" included.
 *
 * Parsing uses the `pix-utils` library (CRC and Pix profile checked) plus the TLV reader below for the amount.
 */

import type { Cents } from '@drip/core';
import { centsToReais, reaisToCents } from '@drip/core';
import { hasError, parsePix } from 'pix-utils';

export const PIX_GUI = 'br.gov.bcb.pix';

export function crc16(payload: string): string {
  let crc = 0xffff;
  const bytes = new TextEncoder().encode(payload);
  for (const byte of bytes) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

function tlv(id: string, value: string): string {
  const length = new TextEncoder().encode(value).length;
  if (length > 99) throw new RangeError(`EMV field ${id} is longer than 99 bytes`);
  return `${id}${String(length).padStart(2, '0')}${value}`;
}

/** EMV text fields: ASCII letters, digits and spaces only (accents removed), upper case, cut to `max`. */
export function emvText(value: string, max: number): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9 ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toUpperCase()
    .slice(0, max)
    .trim();
}

export interface DynamicBrCodeInput {
  /** Location URL of the cob (with or without `https://`). */
  location: string;
  amount: Cents;
  merchantName: string;
  merchantCity: string;
}

export function buildDynamicBrCode(input: DynamicBrCodeInput): string {
  const location = input.location.replace(/^https?:\/\//, '');
  if (location.length > 77) throw new RangeError('The location URL must have at most 77 characters');
  const name = emvText(input.merchantName, 25);
  const city = emvText(input.merchantCity, 15);
  if (name === '' || city === '') throw new RangeError('Merchant name and city are required');
  const payload = [
    tlv('00', '01'),
    tlv('01', '12'),
    tlv('26', tlv('00', PIX_GUI) + tlv('25', location)),
    tlv('52', '0000'),
    tlv('53', '986'),
    tlv('54', centsToReais(input.amount).toFixed(2)),
    tlv('58', 'BR'),
    tlv('59', name),
    tlv('60', city),
    tlv('62', tlv('05', '***')),
  ].join('');
  const withCrcTag = `${payload}6304`;
  return withCrcTag + crc16(withCrcTag);
}

/** Top-level EMV fields in order; null when the text is not a well-formed TLV sequence. */
export function readTlv(text: string): Map<string, string> | null {
  const out = new Map<string, string>();
  let i = 0;
  while (i < text.length) {
    const id = text.slice(i, i + 2);
    const len = Number(text.slice(i + 2, i + 4));
    if (!/^\d{2}$/.test(id) || !/^\d{2}$/.test(text.slice(i + 2, i + 4)) || !Number.isInteger(len))
      return null;
    const value = text.slice(i + 4, i + 4 + len);
    if (value.length !== len) return null;
    out.set(id, value);
    i += 4 + len;
  }
  return out;
}

export interface ParsedBrCode {
  type: 'DYNAMIC' | 'STATIC';
  /** Location URL (dynamic) without scheme. */
  location: string | null;
  pixKey: string | null;
  amount: Cents | null;
  merchantName: string;
  merchantCity: string;
  /** Field 62-05 ("***" for dynamic codes). */
  referenceLabel: string | null;
}

export type BrCodeParse = { ok: true; code: ParsedBrCode } | { ok: false; message: string };

/** Parses a copy-paste code: CRC, Pix profile (library), amount and reference label (TLV). */
export function parseBrCode(raw: string): BrCodeParse {
  const text = raw.trim();
  if (text === '') return { ok: false, message: 'Cole um código Pix copia e cola' };
  const parsed = parsePix(text);
  if (hasError(parsed)) {
    return {
      ok: false,
      message:
        parsed.message === 'invalid crc'
          ? 'Código Pix inválido: o CRC não confere'
          : 'Código Pix inválido: não é um BR Code do Pix',
    };
  }
  if (parsed.type !== 'DYNAMIC' && parsed.type !== 'STATIC') {
    return { ok: false, message: 'Código Pix de recorrência não é aceito neste banco de testes' };
  }
  const fields = readTlv(text);
  const amountText = fields?.get('54');
  let amount: Cents | null = null;
  if (amountText !== undefined && /^\d{1,10}(\.\d{1,2})?$/.test(amountText))
    amount = reaisToCents(amountText);
  const additional = fields?.get('62');
  const reference = additional ? (readTlv(additional)?.get('05') ?? null) : null;
  return {
    ok: true,
    code: {
      type: parsed.type,
      location: parsed.type === 'DYNAMIC' ? parsed.url : null,
      pixKey: parsed.type === 'STATIC' ? parsed.pixKey : null,
      amount,
      merchantName: parsed.merchantName,
      merchantCity: parsed.merchantCity,
      referenceLabel: reference,
    },
  };
}
