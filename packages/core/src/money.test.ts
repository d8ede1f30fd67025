import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyRate,
  BRL_SEPARATOR,
  type Cents,
  cents,
  centsToReais,
  formatBRL,
  formatPercent,
  isReaisAmount,
  reaisToCents,
  splitInstalments,
  sumCents,
} from './money.ts';

const anyCents = fc.integer({ min: -1e12, max: 1e12 }).map(cents);
const nonNegativeCents = fc.integer({ min: 0, max: 1e12 }).map(cents);

describe('cents', () => {
  it('accepts integers and rejects the rest', () => {
    expect(cents(1999)).toBe(1999);
    expect(() => cents(19.99)).toThrow(RangeError);
    expect(() => cents(Number.NaN)).toThrow(/safe integer/);
    expect(() => cents(2 ** 60)).toThrow(RangeError);
  });
});

describe('reaisToCents', () => {
  it('converts exactly', () => {
    expect(reaisToCents(19.99)).toBe(1999);
    expect(reaisToCents(0.29)).toBe(29);
    expect(reaisToCents(1.1)).toBe(110);
    expect(reaisToCents('1234,56')).toBe(123456);
    expect(reaisToCents('1234.5')).toBe(123450);
    expect(reaisToCents(' 7 ')).toBe(700);
    expect(reaisToCents('-2,50')).toBe(-250);
    expect(reaisToCents(-0)).toBe(0);
  });

  it('throws a RangeError for more than 2 decimals or non-amounts', () => {
    expect(() => reaisToCents(1.005)).toThrow(/at most 2 decimals/);
    expect(() => reaisToCents(0.1 + 0.2)).toThrow(RangeError);
    expect(() => reaisToCents('1.234,56')).toThrow(RangeError);
    expect(() => reaisToCents('')).toThrow(RangeError);
    expect(() => reaisToCents('abc')).toThrow(RangeError);
    expect(() => reaisToCents(1e21)).toThrow(RangeError);
    expect(() => reaisToCents(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(isReaisAmount('10,123')).toBe(false);
    expect(isReaisAmount('10,12')).toBe(true);
  });

  it('round-trips with centsToReais (property)', () => {
    fc.assert(
      fc.property(anyCents, (c) => {
        expect(reaisToCents(centsToReais(c))).toBe(c);
        expect(reaisToCents(String(centsToReais(c)))).toBe(c);
      }),
    );
  });

  it('centsToReais gives the two-decimal number', () => {
    expect(centsToReais(cents(1999))).toBe(19.99);
    expect(centsToReais(cents(5))).toBe(0.05);
  });
});

describe('splitInstalments', () => {
  it('puts the remainder centavos on the first instalment (DESIGN.md)', () => {
    expect(splitInstalments(cents(10000), 3)).toEqual([3334, 3333, 3333]);
    expect(splitInstalments(cents(101), 3)).toEqual([35, 33, 33]);
    expect(splitInstalments(cents(2), 3)).toEqual([2, 0, 0]);
    expect(splitInstalments(cents(999), 1)).toEqual([999]);
  });

  it('rejects bad input', () => {
    expect(() => splitInstalments(cents(100), 0)).toThrow(RangeError);
    expect(() => splitInstalments(cents(100), 1.5)).toThrow(RangeError);
    expect(() => splitInstalments(cents(-1), 3)).toThrow(RangeError);
  });

  it('sums to the total, every part after the first is total/n rounded down, the first carries the rest (property)', () => {
    fc.assert(
      fc.property(nonNegativeCents, fc.integer({ min: 1, max: 48 }), (total, n) => {
        const parts = splitInstalments(total, n);
        expect(parts).toHaveLength(n);
        expect(sumCents(parts)).toBe(total);
        const base = Math.floor(total / n);
        for (let i = 1; i < n; i++) expect(parts[i]).toBe(base);
        expect((parts[0] ?? 0) - base).toBeLessThan(n);
      }),
    );
  });
});

describe('applyRate', () => {
  it('rounds half-up on the exact decimal value', () => {
    expect(applyRate(cents(1999), 0.05)).toBe(100); // 99,95 → 100
    expect(applyRate(cents(1990), 0.05)).toBe(100); // 99,5 → 100
    expect(applyRate(cents(1010), 0.05)).toBe(51); // 50,5 → 51 (banker's would give 50)
    expect(applyRate(cents(1009), 0.05)).toBe(50); // 50,45 → 50
    expect(applyRate(cents(-1010), 0.05)).toBe(-51);
    expect(applyRate(cents(10000), 0.035)).toBe(350);
    expect(applyRate(cents(12345), 1e-7)).toBe(0);
    expect(applyRate(cents(100), 1.5)).toBe(150);
    expect(applyRate(cents(123), 0)).toBe(0);
  });

  it('matches the rational result within half a centavo (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e9 }).map(cents),
        fc.integer({ min: 0, max: 10000 }),
        (total, basisPoints) => {
          const fraction = basisPoints / 10000;
          const r = applyRate(total, fraction);
          // exact: total * basisPoints / 10000, rounded half up
          const exact = (2 * total * basisPoints + 10000) / 20000;
          expect(r).toBe(Math.floor(exact));
        },
      ),
    );
  });

  it('rejects non-finite fractions', () => {
    expect(() => applyRate(cents(1), Number.NaN)).toThrow(RangeError);
  });
});

describe('formatting', () => {
  it('formats BRL with Intl pt-BR (no-break space after R$)', () => {
    expect(BRL_SEPARATOR).toBe('\u00A0');
    expect(formatBRL(cents(123456))).toBe('R$\u00A01.234,56');
    expect(formatBRL(cents(5))).toBe('R$\u00A00,05');
    expect(formatBRL(cents(0))).toBe('R$\u00A00,00');
    expect(formatBRL(cents(-123456))).toBe('-R$\u00A01.234,56');
    expect(formatBRL(cents(100000000))).toBe('R$\u00A01.000.000,00');
  });

  it('never writes a negative zero (a day that nets to nothing is not a debt)', () => {
    expect(formatBRL(-0 as Cents)).toBe('R$\u00A00,00');
    expect(formatBRL((cents(0) * -1) as Cents)).toBe('R$\u00A00,00');
  });

  it('formats fractions as percent with 2 decimals', () => {
    expect(formatPercent(0.05)).toBe('5,00%');
    expect(formatPercent(0.125)).toBe('12,50%');
    expect(formatPercent(0)).toBe('0,00%');
    expect(formatPercent(1)).toBe('100,00%');
  });
});
