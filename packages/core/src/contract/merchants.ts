/**
 * Merchant settings that the spec leaves to the integration (DESIGN.md 2): the origins allowed to embed the hosted
 * checkout and the widgets in an iframe (CSP `frame-ancestors`), and the dependencies of the credit risk flags.
 */
import * as v from 'valibot';
import { ADMIN_API } from './paths.ts';

export const merchantPaths = {
  /** GET → `EmbedDomains`; PUT `EmbedDomainsRequest` → `EmbedDomains` (admin). */
  embedDomains: (merchantId: string) =>
    `${ADMIN_API}/merchants/${encodeURIComponent(merchantId)}/embed_domains`,
} as const;

/** The bare origin (`https://loja.example`) of an http(s) URL without path, query or credentials; else null. */
export function toEmbedOrigin(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return null;
  }
  const bare = url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
  if (!bare || (url.protocol !== 'http:' && url.protocol !== 'https:')) return null;
  return url.origin;
}

export const MAX_EMBED_DOMAINS = 20;

export const EmbedDomainsRequest = v.strictObject({
  domains: v.pipe(
    v.array(
      v.pipe(
        v.string('Cada domínio deve ser um texto'),
        v.check(
          (s) => toEmbedOrigin(s) !== null,
          'Cada domínio deve ser uma origem http(s) sem caminho, como https://loja.example',
        ),
        v.transform((s) => toEmbedOrigin(s) ?? s),
      ),
      'Informe a lista de domínios',
    ),
    v.maxLength(MAX_EMBED_DOMAINS, `No máximo ${MAX_EMBED_DOMAINS} domínios por parceiro`),
    v.transform((list) => [...new Set(list)]),
  ),
});
export type EmbedDomainsRequest = v.InferOutput<typeof EmbedDomainsRequest>;

export const EmbedDomains = v.object({
  merchantId: v.string(),
  domains: v.array(v.string()),
});
export type EmbedDomains = v.InferOutput<typeof EmbedDomains>;

// ---------------------------------------------------------------- credit risk flags (spec 4 and 5)

/** The texts of the risk flags' dependencies, as the spec quotes them. */
export const merchantRiskMessages = {
  maxAmountRequired:
    "Quando 'Ignorar valor máximo' for 'Sim', o campo 'Limite máximo do pedido' deve estar preenchido com um valor maior que zero.",
  protectedScoreNeedsMaxAmountRule:
    "Para 'Ignorar protected score' ser 'Sim', o 'Ignorar valor máximo' também deve ser 'Sim', pois o usuário não terá limite.",
  protectedScoreTurnedOff:
    'Campo "Ignorar protected score" foi automaticamente alterado para "Não" devido à dependência.',
} as const;

/**
 * The merchant fields the dependencies read. `skipOrderAmountRule` ('Ignorar valor máximo') makes the merchant's
 * `maxAmountPerOrder` ('Limite máximo do pedido', reais) the limit of every order instead of the customer's
 * bureau limit; `skipProtectedScore` ('Ignorar protected score') ignores the score behind that customer limit, so
 * it needs `skipOrderAmountRule` (docs/credit-analysis.md).
 */
export interface MerchantRiskFlags {
  skipOrderAmountRule: boolean;
  skipProtectedScore: boolean;
  maxAmountPerOrder: number | null;
}

export interface MerchantRiskIssue {
  field: 'maxAmountPerOrder' | 'skipProtectedScore';
  message: string;
}

/** What is wrong with a merchant's risk flags (empty when they may be saved): the admin form and the server. */
export function merchantRiskFlagsIssues(m: MerchantRiskFlags): MerchantRiskIssue[] {
  const issues: MerchantRiskIssue[] = [];
  if (m.skipOrderAmountRule && !(m.maxAmountPerOrder !== null && m.maxAmountPerOrder > 0)) {
    issues.push({ field: 'maxAmountPerOrder', message: merchantRiskMessages.maxAmountRequired });
  }
  if (m.skipProtectedScore && !m.skipOrderAmountRule) {
    issues.push({
      field: 'skipProtectedScore',
      message: merchantRiskMessages.protectedScoreNeedsMaxAmountRule,
    });
  }
  return issues;
}

/**
 * The admin form's toggle of 'Ignorar valor máximo' (spec 4): turning it off also turns 'Ignorar protected score'
 * off; `protectedScoreTurnedOff` says whether to show the info toast `merchantRiskMessages.protectedScoreTurnedOff`.
 */
export function setSkipOrderAmountRule<T extends MerchantRiskFlags>(
  m: T,
  value: boolean,
): { flags: T; protectedScoreTurnedOff: boolean } {
  const protectedScoreTurnedOff = !value && m.skipProtectedScore;
  return {
    flags: { ...m, skipOrderAmountRule: value, skipProtectedScore: value && m.skipProtectedScore },
    protectedScoreTurnedOff,
  };
}

/** Merchant risk settings in a request body (reais), refused with the spec's messages on their fields. */
export const MerchantRiskSettings = v.pipe(
  v.object({
    skipOrderAmountRule: v.boolean(),
    skipProtectedScore: v.boolean(),
    maxAmountPerOrder: v.nullable(v.pipe(v.number(), v.minValue(0))),
  }),
  v.forward(
    v.check(
      (m) => !merchantRiskFlagsIssues(m).some((i) => i.field === 'maxAmountPerOrder'),
      merchantRiskMessages.maxAmountRequired,
    ),
    ['maxAmountPerOrder'],
  ),
  v.forward(
    v.check(
      (m) => !merchantRiskFlagsIssues(m).some((i) => i.field === 'skipProtectedScore'),
      merchantRiskMessages.protectedScoreNeedsMaxAmountRule,
    ),
    ['skipProtectedScore'],
  ),
);
export type MerchantRiskSettings = v.InferOutput<typeof MerchantRiskSettings>;
