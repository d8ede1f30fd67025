/**
 * Dates a merchant sends in the back office's queries, fuzzed: whatever the text (years 0 to 9999, impossible days,
 * suffixes, garbage), the answer is a 2xx or a 4xx with a message, never a 5xx.
 */
import { type AnyEndpoint, endpointTable } from '@drip/core';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginMerchant, seededApp } from '../helpers.ts';

/** Query parameters that carry a date or a period, by name. */
const DATE_KEYS = /^(from|to|date|month|year|period|day)$/;

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** Texts a date parameter may receive: near-ISO dates of any year, the edges, and anything else. */
const dateText = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .tuple(
        fc.oneof(
          fc.integer({ min: 0, max: 9999 }),
          fc.constantFrom(0, 1, 1899, 1900, 2100, 2101, 9998, 9999),
        ),
        fc.oneof(fc.integer({ min: 0, max: 13 }), fc.constantFrom(1, 12)),
        fc.oneof(fc.integer({ min: 0, max: 32 }), fc.constantFrom(1, 28, 29, 30, 31)),
        fc.constantFrom('', 'T00:00:00Z', 'T00:00:00.000Z', 'T23:59:59Z', 'T00:00:00+03:00'),
      )
      .map(([y, m, d, suffix]) => `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}${suffix}`),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '9999-12-31T00:00:00Z',
      '9999-12-31',
      '0000-01-01T00:00:00Z',
      '1899-12-31',
      '2101-01-01',
      '2100-12-31',
      '275760-09-13',
      '-000001-01-01',
      '2026-02-29',
      '2028-02-29',
      'NaN',
      'Infinity',
      '1e400',
      '',
    ),
  },
  fc.integer({ min: -100_000, max: 100_000 }).map(String),
  fc.string({ maxLength: 30 }),
);

const merchantQueries = endpointTable.filter(
  (e): e is AnyEndpoint & { query: { entries: Record<string, unknown> } } =>
    e.method === 'GET' &&
    (e.audience === 'merchantRead' || e.audience === 'merchantAdmin') &&
    !!e.query &&
    'entries' in e.query &&
    Object.keys(e.query.entries as object).some((k) => DATE_KEYS.test(k)),
);

describe('merchant date parameters', () => {
  let t: Awaited<ReturnType<typeof seededApp>>;
  let auth: Record<string, string>;
  const get = (path: string) => t.request('GET', path, undefined, auth);

  beforeAll(async () => {
    t = await seededApp();
    auth = bearer((await loginMerchant(t)).token);
  });
  afterAll(async () => {
    await t.dispose();
  });

  it('covers the sales list, its numbers and the extract', () => {
    expect(merchantQueries.map((e) => e.path)).toEqual(
      expect.arrayContaining([
        '/merchant_backoffice/api/v2/checkouts',
        '/merchant_backoffice/api/v1/settlements',
        '/merchant_backoffice/api/v1/settlements/export-csv',
      ]),
    );
  });

  it('a day beyond the years Drip takes is a 400 in Portuguese, not a 500', async () => {
    for (const q of [
      'to=9999-12-31T00:00:00Z',
      'from=9999-12-31',
      'from=0001-01-01T00:00:00Z',
      'to=2101-01-01',
    ]) {
      const res = await get(`/merchant_backoffice/api/v2/checkouts?${q}`);
      expect(res.status, `${q}: ${res.text}`).toBe(400);
      expect(res.text, q).toContain('A data deve estar entre 1900 e 2100');
    }
    expect((await get('/merchant_backoffice/api/v2/checkouts?from=2100-12-31&to=2100-12-31')).status).toBe(
      200,
    );
  });

  it.each(merchantQueries.map((e) => [e.path, e] as const))(
    '%s: no date text answers 5xx',
    async (_path, e) => {
      const keys = Object.keys(e.query.entries).filter((k) => DATE_KEYS.test(k));
      const params = fc.record(
        Object.fromEntries(keys.map((k) => [k, fc.option(dateText, { nil: undefined })])),
      );
      await fc.assert(
        fc.asyncProperty(params, async (values) => {
          const query = new URLSearchParams();
          for (const [k, value] of Object.entries(values)) if (value !== undefined) query.set(k, value);
          const res = await get(`${e.path}?${query}`);
          expect(res.status, `${e.path}?${query}: ${res.text.slice(0, 300)}`).toBeLessThan(500);
          if (res.status >= 400) expect(typeof res.body?.error?.message, res.text).toBe('string');
        }),
        { numRuns: 120 },
      );
    },
  );
});
