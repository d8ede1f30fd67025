import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { instalmentChoice, instalmentOptions } from './checkout/messages.ts';
import { applyRate, type Cents, cents, formatBRL } from './money.ts';
import { planAmounts, planInstalments } from './plan.ts';

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

/**
 * Every amount a text names, expanded to one per instalment ('3x (1x R$ 99,98 + 2x R$ 99,96)' → 9998, 9996,
 * 9996), and how many 'R$' figures it has in all (so that a figure outside the 'kx de' pattern is caught too).
 */
function amountsNamedIn(text: string): { amounts: number[]; figures: number } {
  const amounts: number[] = [];
  for (const m of text.matchAll(/(\d+)x (?:de )?R\$\u00A0(\d{1,3}(?:\.\d{3})*,\d{2})/g)) {
    const value = Number((m[2] ?? '').replaceAll('.', '').replace(',', ''));
    for (let k = 0; k < Number(m[1]); k++) amounts.push(value);
  }
  return { amounts, figures: text.split('R$').length - 1 };
}

const anyTotal = fc.oneof(fc.integer({ min: 1, max: 100_000 }), fc.integer({ min: 1, max: 1_000_000_000 }));
const anyCount = fc.integer({ min: 1, max: 24 });
const anyRate = fc.integer({ min: 0, max: 10_000 }).map((bp) => bp / 10_000);

describe('the instalment plan', () => {
  it('R$ 299,90 in 3x with 5 % cashback: 99,98 + 99,96 + 99,96, the R$ 15,00 (rounded half-up) on the last', () => {
    expect(
      planInstalments({
        total: cents(29_990),
        totalInstalments: 3,
        firstDueDate: '2026-12-10',
        cashbackRate: 0.05,
      }),
    ).toEqual([
      { number: 1, dueDate: '2026-12-10', amount: 9998, cashbackAmount: 0 },
      { number: 2, dueDate: '2027-01-09', amount: 9996, cashbackAmount: 0 },
      { number: 3, dueDate: '2027-02-08', amount: 9996, cashbackAmount: 1500 },
    ]);
  });

  it('planAmounts is planInstalments without the dates; the amounts sum to the total (property)', () => {
    fc.assert(
      fc.property(anyTotal, anyCount, anyRate, (total, n, rate) => {
        const input = { total: cents(total), totalInstalments: n, cashbackRate: rate };
        const dated = planInstalments({ ...input, firstDueDate: '2026-02-28' });
        expect(planAmounts(input)).toEqual(dated.map(({ dueDate: _, ...p }) => p));
        expect(sum(dated.map((p) => p.amount))).toBe(total);
        expect(sum(dated.map((p) => p.cashbackAmount))).toBeLessThanOrEqual(applyRate(cents(total), rate));
      }),
    );
  });
});

describe('the money shown is the money charged', () => {
  it('R$ 299,90: no option promises 3x de R$ 99,96 or 99,97', () => {
    const { options } = instalmentOptions(cents(29_990), 3, 'OPTIONAL');
    for (const o of options) {
      expect(o.label).not.toMatch(/3x de R\$\u00A099,9[67]/);
      expect(amountsNamedIn(o.label).amounts).toHaveLength(o.totalInstalments);
    }
  });

  it('every option names exactly the amounts the server books for that count, to the centavo (property)', () => {
    fc.assert(
      fc.property(anyTotal, anyCount, anyRate, (total, n, rate) => {
        // What the server books and charges (orders module, simulator and checkout all call planInstalments).
        const charged = planInstalments({
          total: cents(total),
          totalInstalments: n,
          firstDueDate: '2026-01-31',
          cashbackRate: rate,
        });
        const chargedAmounts: Cents[] = charged.map((p) => p.amount);
        const choice = instalmentChoice(cents(total), n);
        const named = amountsNamedIn(choice.label);
        expect(named.amounts).toEqual(chargedAmounts);
        expect(named.figures).toBe(new Set(chargedAmounts).size);
        expect(choice.amounts).toEqual(chargedAmounts);
        // The spec's format whenever it is true; the spec's value (total/n to 2 decimals) unchanged.
        const [first] = chargedAmounts;
        if (first !== undefined && chargedAmounts.every((a) => a === first)) {
          expect(choice.label).toBe(`${n}x de ${formatBRL(first)} sem juros`);
        } else {
          expect(choice.label).toMatch(new RegExp(`^${n}x \\(1x R\\$.* \\+ \\d+x R\\$.*\\) sem juros$`));
        }
        expect(choice.value).toBe((Math.round(total / n) / 100).toFixed(2));
        // What is left to pay on each instalment after its cashback is a real Pix, never R$ 0,00 by cashback.
        for (const p of charged)
          expect(p.amount - p.cashbackAmount).toBeGreaterThanOrEqual(Math.min(1, p.amount));
      }),
    );
  });
});
