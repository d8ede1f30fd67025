/**
 * A merchant's Drip terms (cashback rate, instalments), read from Drip's public simulator
 * `GET /api/v1/instalments_simulator?amount=&merchantId=`: what the widgets and a store's own texts promise must
 * be what the checkout then gives, never a number copied into the page. Works in the browser (the endpoint answers
 * CORS `*`) and on a merchant's server (Node 20+ fetch).
 */
import { originOf } from './checkout-url.ts';

export interface MerchantTerms {
  /** Cashback on the last instalment, as a fraction (0.02 = 2 %). */
  cashbackRate: number;
  /** The most instalments the merchant offers (fixed-plan merchants: exactly this many). */
  maxInstalments: number;
  /** True when the shopper chooses the number of instalments (up to `maxInstalments`). */
  flexibleInstallments: boolean;
}

export interface MerchantTermsOptions {
  /** Origin of Drip, e.g. 'https://checkout.drip.com.br' (sandbox: 'http://localhost:3000'). */
  checkoutOrigin: string;
  /** Amount simulated, in reais (the terms do not depend on it; the endpoint needs one). Default 100. */
  amount?: number;
  signal?: AbortSignal;
}

/** Path of the public simulator in `@drip/core`'s contract (`checkoutPaths.instalmentsSimulator`). */
export const SIMULATOR_PATH = '/api/v1/instalments_simulator';

function isTerms(value: unknown): value is MerchantTerms {
  if (typeof value !== 'object' || value === null) return false;
  const { cashbackRate, maxInstalments, flexibleInstallments } = value as Record<string, unknown>;
  return (
    typeof cashbackRate === 'number' &&
    cashbackRate >= 0 &&
    cashbackRate < 1 &&
    typeof maxInstalments === 'number' &&
    Number.isInteger(maxInstalments) &&
    maxInstalments >= 1 &&
    typeof flexibleInstallments === 'boolean'
  );
}

/**
 * Reads the terms of the merchant `merchantId` (its id at Drip, shown in the merchant portal). Rejects when Drip
 * cannot be reached, does not know the merchant, or answers something else than terms.
 */
export async function fetchMerchantTerms(
  merchantId: string,
  options: MerchantTermsOptions,
): Promise<MerchantTerms> {
  if (typeof merchantId !== 'string' || merchantId.trim() === '') {
    throw new TypeError("Drip: merchantId is the merchant's id at Drip.");
  }
  const amount = options.amount ?? 100;
  if (!(typeof amount === 'number' && amount > 0 && amount < Number.POSITIVE_INFINITY)) {
    throw new TypeError('Drip: amount is in reais, e.g. 299.9.');
  }
  const url = new URL(SIMULATOR_PATH, originOf(options.checkoutOrigin));
  url.searchParams.set('amount', amount.toFixed(2));
  url.searchParams.set('merchantId', merchantId.trim());
  const res = await fetch(url, {
    headers: { Accept: 'application/json' },
    credentials: 'omit',
    ...(options.signal ? { signal: options.signal } : {}),
  });
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const error = typeof body === 'object' && body !== null ? Reflect.get(body, 'error') : null;
    const message = typeof error === 'object' && error !== null ? Reflect.get(error, 'message') : null;
    throw new Error(`Drip: the terms of merchant ${merchantId} (${res.status}): ${String(message ?? '')}`);
  }
  if (!isTerms(body)) throw new Error(`Drip: ${url.pathname} answered no terms.`);
  return {
    cashbackRate: body.cashbackRate,
    maxInstalments: body.maxInstalments,
    flexibleInstallments: body.flexibleInstallments,
  };
}
