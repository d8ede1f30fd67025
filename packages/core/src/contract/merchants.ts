/**
 * Merchant settings that the spec leaves to the integration (DESIGN.md 2): the origins allowed to embed the hosted
 * checkout and the widgets in an iframe (CSP `frame-ancestors`, issue 4).
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
