/**
 * The money shown is the money charged: for any total, instalment count and cashback rate, every amount the
 * shopper reads (the dropdown options, the banner, the review screen's schedule and disclosure) is, to the
 * centavo, an amount of core's `planInstalments`, the plan the server books and charges.
 */
import { type Cents, cents, formatBRL, planInstalments } from '@drip/core';
import { cleanup, render, screen, within } from '@testing-library/react';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { bannerText } from '../pages/Banner.tsx';
import { Confirmation } from '../steps/Confirmation.tsx';
import { fixtureContext } from './fixtures.ts';
import { selectionOptions } from './view-model.ts';

afterEach(cleanup);

/** The amounts a text names, one per instalment ('3x (1x R$ 99,98 + 2x R$ 99,96)' → 9998, 9996, 9996). */
function amountsNamedIn(text: string): number[] {
  const amounts: number[] = [];
  for (const m of text.matchAll(/(\d+)x (?:de )?R\$\u00A0(\d{1,3}(?:\.\d{3})*,\d{2})/g)) {
    const value = Number((m[2] ?? '').replaceAll('.', '').replace(',', ''));
    for (let k = 0; k < Number(m[1]); k++) amounts.push(value);
  }
  return amounts;
}
const figuresIn = (text: string) => text.split('R$').length - 1;

const anyTotal = fc.oneof(fc.integer({ min: 1, max: 100_000 }), fc.integer({ min: 1, max: 1_000_000_000 }));
const anyCount = fc.integer({ min: 1, max: 24 });
const anyRate = fc.integer({ min: 0, max: 10_000 }).map((bp) => bp / 10_000);

const charged = (total: number, n: number, rate: number) =>
  planInstalments({
    total: cents(total),
    totalInstalments: n,
    firstDueDate: '2026-12-07',
    cashbackRate: rate,
  });

describe('the money shown is the money charged (property)', () => {
  it("the dropdown option for the server's count names the instalments the server books", () => {
    fc.assert(
      fc.property(anyTotal, anyCount, anyRate, (total, n, rate) => {
        const plan = charged(total, n, rate);
        const first = plan[0]?.amount ?? cents(0);
        // As the server sends it: the count and its first instalment.
        const context = fixtureContext('instalmentSelection', {
          instalmentSelectionRequested: true,
          totalAmount: cents(total),
          instalmentSelection: { options: [{ totalInstalments: n, instalmentAmount: first }] },
        });
        const [option] = selectionOptions(context).options;
        const label = option?.label ?? '';
        expect(amountsNamedIn(label)).toEqual(plan.map((p) => p.amount));
        expect(figuresIn(label)).toBe(new Set(plan.map((p) => p.amount)).size);
      }),
    );
  });

  it('the banner names the 3 instalments of the plan', () => {
    fc.assert(
      fc.property(anyTotal, anyRate, (total, rate) => {
        const text = bannerText(cents(total), rate);
        const plan = charged(total, 3, rate);
        expect(amountsNamedIn(text)).toEqual(plan.map((p) => p.amount));
        expect(figuresIn(text)).toBe(new Set(plan.map((p) => p.amount)).size);
      }),
    );
  });

  it("the review screen shows each instalment's amount and cashback, and the disclosure names them", () => {
    fc.assert(
      fc.property(anyTotal, fc.integer({ min: 3, max: 24 }), anyRate, (total, n, rate) => {
        cleanup();
        const plan = charged(total, n, rate);
        render(
          <Confirmation
            merchantName="Loja Exemplo"
            totalAmount={cents(total)}
            instalments={plan}
            upfrontStatus="DISABLED"
            cashbackRate={rate}
            today="2026-11-22"
            changingDate={false}
            confirming={false}
            onChangeDate={() => undefined}
            onConfirm={() => undefined}
          />,
        );
        const items = within(screen.getByRole('list', { name: 'Parcelas' })).getAllByRole('listitem');
        expect(items).toHaveLength(n);
        items.forEach((item, i) => {
          const p = plan[i];
          if (!p) throw new Error('missing instalment');
          const shown = item.querySelector('.schedule__amount')?.textContent ?? '';
          const expected = (a: Cents) => formatBRL(a);
          expect(shown.startsWith(expected(p.amount))).toBe(true);
          if (p.cashbackAmount > 0) expect(shown).toContain(`−${expected(p.cashbackAmount)} de cashback`);
          else expect(shown).toBe(expected(p.amount));
        });
        const disclosure = screen.getByText('Número e valor das parcelas').nextSibling?.textContent ?? '';
        expect(amountsNamedIn(disclosure)).toEqual(plan.map((p) => p.amount));
        const cashback = plan.reduce((a, p) => a + p.cashbackAmount, 0);
        const carrying = plan.filter((p) => p.cashbackAmount > 0).length;
        if (cashback > 0) {
          const label =
            carrying > 1 ? `Cashback nas últimas ${carrying} parcelas` : 'Cashback na última parcela';
          expect(screen.getByText(label).nextSibling?.textContent).toBe(formatBRL(cents(cashback)));
        }
      }),
      { numRuns: 40 },
    );
  });
});
