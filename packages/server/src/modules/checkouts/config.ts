import { type Cents, cents, DENIAL_REASONS, type DenialReason } from '@drip/core';
import type { CreditConfig } from '../credit/rules.ts';

/** Checkout and credit settings (docs/configuration.md, "Checkout and credit"). */
export interface CheckoutConfig {
  /** CHECKOUT_TTL_HOURS: lifetime of a created checkout. */
  ttlHours: number;
  /** CHECKOUT_PIX_TTL_SECONDS: lifetime of the checkout's Pix charges. */
  pixTtlSeconds: number;
  /** BLOCKED_BANK_CODES: COMPE codes refused as payer of the verification Pix (comma separated). */
  blockedBankCodes: string[];
  /** FULL_AMOUNT_OFFER_REASONS: denial reasons that offer paying the full amount by Pix. */
  fullAmountOfferReasons: DenialReason[];
  credit: CreditConfig;
  /**
   * DRIP_EXPOSURE_REFRESH_SECONDS: how old Drip's portfolio totals (financed today, outstanding) that the Drip-wide
   * caps compare against may be; 0 reads them for every analysis (credit/exposure.ts).
   */
  exposureRefreshSeconds: number;
}

export const DEFAULT_CHECKOUT_CONFIG: CheckoutConfig = {
  ttlHours: 24,
  pixTtlSeconds: 1800,
  blockedBankCodes: [],
  exposureRefreshSeconds: 5,
  fullAmountOfferReasons: [
    'MAX_MULTIPLE_ORDERS_VALUE_PER_CUSTOMER',
    'DRIP_MAX_VALUE_PER_DAY',
    'DRIP_MAX_VALUE_GLOBAL',
  ],
  credit: {
    minAntifraudScore: 300,
    minBureauScore: 300,
    minAge: 18,
    maxActiveOrders: 3,
    maxOpenValuePerCustomer: cents(300_000),
    dripDailyCap: cents(100_000_000),
    dripGlobalCap: cents(10_000_000_000),
  },
};

type Env = Record<string, string | undefined>;

/** Reads the checkout settings; problems are appended to `problems` (reported at start with the others). */
export function loadCheckoutConfig(env: Env, problems: string[]): CheckoutConfig {
  const d = DEFAULT_CHECKOUT_CONFIG;
  const int = (name: string, fallback: number, min: number, max: number): number => {
    const raw = env[name]?.trim();
    if (raw === undefined || raw === '') return fallback;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < min || n > max) {
      problems.push(`${name} must be an integer between ${min} and ${max} (got "${raw}")`);
      return fallback;
    }
    return n;
  };
  const reais = (name: string, fallback: Cents): Cents => {
    const raw = env[name]?.trim();
    if (raw === undefined || raw === '') return fallback;
    if (!/^\d+(\.\d{1,2})?$/.test(raw)) {
      problems.push(`${name} must be an amount in reais like 150000.00 (got "${raw}")`);
      return fallback;
    }
    return cents(Math.round(Number(raw) * 100));
  };
  const list = (name: string): string[] | undefined => {
    const raw = env[name];
    if (raw === undefined) return undefined;
    return raw
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== '');
  };
  const banks = list('BLOCKED_BANK_CODES') ?? d.blockedBankCodes;
  for (const b of banks)
    if (!/^\d{3}$/.test(b)) problems.push(`BLOCKED_BANK_CODES: "${b}" is not a 3-digit bank code`);
  const reasonsRaw = list('FULL_AMOUNT_OFFER_REASONS');
  const reasons: DenialReason[] = [];
  for (const r of reasonsRaw ?? d.fullAmountOfferReasons) {
    const known = DENIAL_REASONS.find((x) => x === r);
    if (known) reasons.push(known);
    else problems.push(`FULL_AMOUNT_OFFER_REASONS: "${r}" is not a denial reason`);
  }
  return {
    ttlHours: int('CHECKOUT_TTL_HOURS', d.ttlHours, 1, 24 * 30),
    pixTtlSeconds: int('CHECKOUT_PIX_TTL_SECONDS', d.pixTtlSeconds, 60, 86_400),
    blockedBankCodes: banks,
    fullAmountOfferReasons: reasons,
    exposureRefreshSeconds: int('DRIP_EXPOSURE_REFRESH_SECONDS', d.exposureRefreshSeconds, 0, 3600),
    credit: {
      ...d.credit,
      minAntifraudScore: int('CREDIT_MIN_ANTIFRAUD_SCORE', d.credit.minAntifraudScore, 0, 1000),
      minBureauScore: int('CREDIT_MIN_BUREAU_SCORE', d.credit.minBureauScore, 0, 1000),
      maxActiveOrders: int('CREDIT_MAX_ACTIVE_ORDERS', d.credit.maxActiveOrders, 1, 100),
      maxOpenValuePerCustomer: reais('CREDIT_MAX_OPEN_VALUE_PER_CUSTOMER', d.credit.maxOpenValuePerCustomer),
      dripDailyCap: reais('DRIP_DAILY_CAP', d.credit.dripDailyCap),
      dripGlobalCap: reais('DRIP_GLOBAL_CAP', d.credit.dripGlobalCap),
    },
  };
}
