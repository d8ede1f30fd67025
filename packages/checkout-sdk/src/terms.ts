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
  const terms = value as Partial<Record<keyof MerchantTerms, unknown>> | null;
  return (
    typeof terms?.cashbackRate === 'number' &&
    terms.cashbackRate >= 0 &&
    terms.cashbackRate < 1 &&
    Number.isInteger(terms.maxInstalments) &&
    Number(terms.maxInstalments) >= 1 &&
    typeof terms.flexibleInstallments === 'boolean'
  );
}

/**
 * Reads the terms of the merchant `merchantId` (its id at Drip, shown in the merchant portal). Rejects when Drip
 * cannot be reached, does not know the merchant (404), or answers something else than terms.
 */
export async function fetchMerchantTerms(
  merchantId: string,
  options: MerchantTermsOptions,
): Promise<MerchantTerms> {
  const url = new URL(SIMULATOR_PATH, originOf(options.checkoutOrigin));
  url.searchParams.set('amount', (options.amount ?? 100).toFixed(2));
  url.searchParams.set('merchantId', merchantId);
  const res = await fetch(url, { credentials: 'omit', signal: options.signal ?? null });
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok || !isTerms(body))
    throw new Error(`Drip: no terms for merchant "${merchantId}" (${res.status}).`);
  const { cashbackRate, maxInstalments, flexibleInstallments } = body;
  return { cashbackRate, maxInstalments, flexibleInstallments };
}
