import { checkoutPaths } from '@drip/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchMerchantTerms, SIMULATOR_PATH } from './terms.ts';

const ORIGIN = 'https://checkout.drip.test';
afterEach(() => vi.unstubAllGlobals());

function answer(body: unknown, status = 200) {
  const fetch = vi.fn(
    async (_url: URL | string, _init?: RequestInit) => new Response(JSON.stringify(body), { status }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('fetchMerchantTerms', () => {
  it("reads the public simulator of @drip/core's contract, without cookies", async () => {
    expect(SIMULATOR_PATH).toBe(checkoutPaths.instalmentsSimulator);
    const fetch = answer({
      cashbackRate: 0.05,
      maxInstalments: 12,
      flexibleInstallments: true,
      instalments: [],
      totalAmount: 100,
    });
    await expect(fetchMerchantTerms('m-1', { checkoutOrigin: `${ORIGIN}/any/path` })).resolves.toEqual({
      cashbackRate: 0.05,
      maxInstalments: 12,
      flexibleInstallments: true,
    });
    expect(String(fetch.mock.calls[0]?.[0])).toBe(`${ORIGIN}${SIMULATOR_PATH}?amount=100.00&merchantId=m-1`);
    expect(fetch.mock.calls[0]?.[1]).toMatchObject({ credentials: 'omit' });
    await expect(fetchMerchantTerms('m-1', { checkoutOrigin: '/relative' })).rejects.toThrow(/absolute URL/);
  });

  it("rejects Drip's error with its message, and an answer that is not terms", async () => {
    answer({ error: { code: 'MERCHANT_UNKNOWN', message: 'Parceira não encontrada' } }, 404);
    await expect(fetchMerchantTerms('m-1', { checkoutOrigin: ORIGIN })).rejects.toThrow(
      'Drip: no terms for merchant "m-1" (404).',
    );
    answer({ cashbackRate: 5, maxInstalments: 3, flexibleInstallments: false });
    await expect(fetchMerchantTerms('m-1', { checkoutOrigin: ORIGIN })).rejects.toThrow(/no terms/);
    answer({ cashbackRate: 0.02, maxInstalments: 2.5, flexibleInstallments: false });
    await expect(fetchMerchantTerms('m-1', { checkoutOrigin: ORIGIN })).rejects.toThrow(/no terms/);
    answer(null);
    await expect(fetchMerchantTerms('m-1', { checkoutOrigin: ORIGIN })).rejects.toThrow(/no terms/);
  });
});
