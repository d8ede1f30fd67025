import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  MerchantRiskSettings,
  merchantRiskFlagsIssues,
  merchantRiskMessages,
  setSkipOrderAmountRule,
} from './merchants.ts';

const flags = (
  skipOrderAmountRule: boolean,
  skipProtectedScore: boolean,
  maxAmountPerOrder: number | null,
) => ({
  skipOrderAmountRule,
  skipProtectedScore,
  maxAmountPerOrder,
});

/** The field → message pairs valibot reports for a body. */
function refusals(body: unknown): [string, string][] {
  const r = v.safeParse(MerchantRiskSettings, body);
  if (r.success) return [];
  return r.issues.map((i) => [v.getDotPath(i) ?? '', i.message]);
}

describe('merchant risk flags (spec 4 and 5)', () => {
  it('the spec texts, exactly', () => {
    expect(merchantRiskMessages.maxAmountRequired).toBe(
      "Quando 'Ignorar valor máximo' for 'Sim', o campo 'Limite máximo do pedido' deve estar preenchido com um valor maior que zero.",
    );
    expect(merchantRiskMessages.protectedScoreNeedsMaxAmountRule).toBe(
      "Para 'Ignorar protected score' ser 'Sim', o 'Ignorar valor máximo' também deve ser 'Sim', pois o usuário não terá limite.",
    );
    expect(merchantRiskMessages.protectedScoreTurnedOff).toBe(
      'Campo "Ignorar protected score" foi automaticamente alterado para "Não" devido à dependência.',
    );
  });

  it("'Ignorar valor máximo' needs a maximum above zero", () => {
    for (const max of [null, 0]) {
      expect(merchantRiskFlagsIssues(flags(true, false, max))).toEqual([
        { field: 'maxAmountPerOrder', message: merchantRiskMessages.maxAmountRequired },
      ]);
      expect(refusals(flags(true, false, max))).toEqual([
        ['maxAmountPerOrder', merchantRiskMessages.maxAmountRequired],
      ]);
      expect(merchantRiskFlagsIssues(flags(false, false, max))).toEqual([]);
    }
    expect(merchantRiskFlagsIssues(flags(true, false, 0.01))).toEqual([]);
    expect(refusals(flags(true, false, 5000))).toEqual([]);
  });

  it("'Ignorar protected score' needs 'Ignorar valor máximo'", () => {
    expect(merchantRiskFlagsIssues(flags(false, true, 5000))).toEqual([
      { field: 'skipProtectedScore', message: merchantRiskMessages.protectedScoreNeedsMaxAmountRule },
    ]);
    expect(refusals(flags(false, true, 5000))).toEqual([
      ['skipProtectedScore', merchantRiskMessages.protectedScoreNeedsMaxAmountRule],
    ]);
    expect(refusals(flags(true, true, 5000))).toEqual([]);
    // The protected score with the rule on is fine; only the missing maximum is reported.
    expect(refusals(flags(true, true, 0)).map(([f]) => f)).toEqual(['maxAmountPerOrder']);
    expect(merchantRiskFlagsIssues(flags(false, true, null)).map((i) => i.field)).toEqual([
      'skipProtectedScore',
    ]);
  });

  it("turning 'Ignorar valor máximo' off turns 'Ignorar protected score' off, with the toast", () => {
    const on = { ...flags(true, true, 100), name: 'Loja' };
    const off = setSkipOrderAmountRule(on, false);
    expect(off.flags).toEqual({ ...flags(false, false, 100), name: 'Loja' });
    expect(off.protectedScoreTurnedOff).toBe(true);
    expect(setSkipOrderAmountRule(flags(true, false, 100), false).protectedScoreTurnedOff).toBe(false);
    expect(setSkipOrderAmountRule(flags(false, false, 100), true)).toEqual({
      flags: flags(true, false, 100),
      protectedScoreTurnedOff: false,
    });
  });
});
