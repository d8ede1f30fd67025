/** Drip's txids: 3 letters naming the charge's purpose + 32 hex digits (API Pix allows 26 to 35 letters and digits). */
import { randomUUID } from 'node:crypto';
import type { ChargePurpose } from './types.ts';

/**
 * A txid's first three letters name its charge's purpose (API Pix allows 26 to 35 letters and digits: 3 + 32), so
 * that a notice's booking knows the purpose before it reads anything (see onPaidInOneStatement).
 */
const TXID_PREFIX: Record<ChargePurpose, string> = {
  VERIFICATION: 'VRF',
  FIRST_INSTALMENT: 'FST',
  FULL_AMOUNT: 'FUL',
  INSTALMENT: 'INS',
  UNIQUE_PAYMENT: 'UNQ',
};

export function newTxid(purpose: ChargePurpose): string {
  return `${TXID_PREFIX[purpose]}${randomUUID().replaceAll('-', '')}`;
}

/** The purpose a txid names, or null (a txid from before the prefixes, or not Drip's). */
export function purposeOfTxid(txid: string): ChargePurpose | null {
  if (txid.length !== 35) return null;
  for (const [purpose, prefix] of Object.entries(TXID_PREFIX)) {
    if (txid.startsWith(prefix)) return purpose as ChargePurpose;
  }
  return null;
}
