/**
 * The check every refusal passes: a JSON body with a non-empty message a Brazilian user can read. The messages are
 * those of the error envelope of docs/errors.md (`{ error: { code, message, issues? } }`), or, on the sandbox PSP's
 * API Pix face, of the RFC 7807 problem the Banco Central's API Pix specifies (`title`, `detail`, `violacoes`).
 *
 * "Portuguese" is a heuristic: no word that only English uses in an error sentence, and at least one accent or one
 * common Portuguese word. It flags valibot's or a library's English ("Invalid type: Expected string…", "Not Found",
 * "Unexpected token") and passes Drip's sentences.
 */

/**
 * Words of English error sentences (valibot's, a library's, HTTP's reason phrases), matched in lower case or
 * capitalised only: an upper-case constant a message names ('INTERNAL, AWIN ou AFILIO') is not English prose, and
 * short words ('is', 'the') are left out because refusals echo the caller's text ('CPF inválido: &iS:J').
 */
const ENGLISH_WORDS = [
  'invalid',
  'expected',
  'received',
  'must',
  'should',
  'required',
  'not found',
  'internal server',
  'error',
  'unauthorized',
  'forbidden',
  'missing',
  'cannot',
  'failed',
  'please',
  'unknown',
  'unsupported',
  'unexpected',
  'bad request',
  'payload',
  'allowed',
];
const ENGLISH = new RegExp(
  `\\b(${ENGLISH_WORDS.map((w) => `[${w[0]}${w[0]?.toUpperCase()}]${w.slice(1)}`).join('|')})\\b`,
);

const PORTUGUESE =
  /[áàâãéêíóôõúç]|\b(o|a|os|as|de|do|da|dos|das|no|na|em|um|uma|ou|para|por|com|que|seu|sua|não|sem|desta|deste|esta|este|use|envie|informe|tente|campo|pedido|pagamento|parceira|cliente|loja|chave|senha|desconhecid[oa]s?|encontrad[oa]s?|inválid[oa]s?|obrigatóri[oa]s?)\b/i;

/**
 * Refusals whose issues carry data, not sentences: the ids not found by the debt settlement (spec 7: the answer's
 * list names them; the portal reads them from the issues, core's `notFoundDebtIds`).
 */
const DATA_ISSUES = new Set(['DEBT_IDS_NOT_FOUND']);

/** How an endpoint words its refusals: Drip's envelope, API Pix's RFC 7807 problem, or VTEX's protocol answer. */
export type RefusalStyle = 'envelope' | 'vtex';

export function isPortuguese(message: unknown): boolean {
  if (typeof message !== 'string' || message.trim() === '') return false;
  return !ENGLISH.test(message) && PORTUGUESE.test(message);
}

/**
 * What is wrong with a 4xx answer (null when nothing): not JSON, no message, or a message that is not Portuguese.
 * `contentType` tells an RFC 7807 problem from the envelope.
 */
export function refusalProblem(
  contentType: string,
  text: string,
  style: RefusalStyle = 'envelope',
): string | null {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return `corpo não é JSON: ${text.slice(0, 120)}`;
  }
  const messages: unknown[] = [];
  if (typeof body !== 'object' || body === null) return `corpo sem mensagem: ${text.slice(0, 120)}`;
  const record = body as Record<string, unknown>;
  if (contentType.includes('problem+json')) {
    messages.push(record.title, record.detail);
    for (const v of Array.isArray(record.violacoes) ? record.violacoes : [])
      messages.push((v as Record<string, unknown>)?.razao);
  } else if (style === 'vtex' && typeof record.message === 'string' && record.error === undefined) {
    // The Payment Provider Protocol's own answer ({ status, code, message }), which VTEX shows to the store.
    messages.push(record.message);
  } else {
    const error = record.error as Record<string, unknown> | undefined;
    if (typeof error !== 'object' || error === null || typeof error.code !== 'string')
      return `sem o envelope { error: { code, message } }: ${text.slice(0, 160)}`;
    messages.push(error.message);
    const issues = Array.isArray(error.issues) && !DATA_ISSUES.has(error.code) ? error.issues : [];
    for (const issue of issues) messages.push((issue as Record<string, unknown>)?.message);
  }
  const bad = messages.filter((m) => m !== undefined && !isPortuguese(m));
  if (messages.every((m) => m === undefined)) return `sem mensagem: ${text.slice(0, 160)}`;
  return bad.length > 0 ? `mensagem não está em português: ${JSON.stringify(bad[0])}` : null;
}
