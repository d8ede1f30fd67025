/**
 * What never reaches a log line in clear (docs/logging.md, "Redaction"): a CPF, a phone, an e-mail, a token (session,
 * JWT, API key, AppToken, webhook secret), a password or a Pix key. Two layers: the logger censors the values of
 * fields known to carry them (`SENSITIVE_KEYS`, pino's `redact`), and every string of every line, the message
 * included, goes through `scrubText`, which replaces what looks like one of them wherever it appears (an error
 * message quoting a query's parameters, a URL with a token in its query string, a free-text note).
 */

/** Field names whose value is censored whatever it looks like (compared as written, at any depth). */
export const SENSITIVE_KEYS = [
  'password',
  'newPassword',
  'currentPassword',
  'oldPassword',
  'passwordConfirmation',
  'token',
  'accessToken',
  'refreshToken',
  'idToken',
  'authorization',
  'Authorization',
  'cookie',
  'set-cookie',
  'apiKey',
  'api_key',
  'x-api-key',
  'appKey',
  'appToken',
  'x-vtex-api-appkey',
  'x-vtex-api-apptoken',
  'x-provider-api-appkey',
  'x-provider-api-apptoken',
  'secret',
  'clientSecret',
  'client_secret',
  'webhookSecret',
  'signingSecret',
  'access_token',
  'refresh_token',
  'smsCode',
  'loginCode',
  'phoneVerificationCode',
  'verificationCode',
  'recoveryId',
  'recovery_id',
  'cpf',
  'customerCpf',
  'payerCpf',
  'document',
  'phone',
  'customerPhone',
  'to',
  'email',
  'customerEmail',
  'username',
  'pixKey',
  'chave',
  'credentials',
] as const;

/**
 * pino `redact` paths: each sensitive key at the top of a line's fields (wildcard paths cost pino ~0.3 ms a line; the
 * deeper levels are censored by `scrubValue`, which walks every line anyway).
 */
export const REDACT_PATHS: string[] = SENSITIVE_KEYS.map((key) =>
  /^[A-Za-z_$][\w$]*$/.test(key) ? key : `["${key}"]`,
);

export const CENSORED = '[redacted]';

/**
 * Patterns of sensitive values in free text, each with what replaces it, applied in order; each behind a cheap test
 * of the text (most strings of a line have no '@', no token prefix, no long run of digits), as the patterns'
 * backtracking over long ids is what a line's scrubbing would otherwise cost.
 */
const RULES: readonly { when: RegExp; pattern: RegExp; replacement: string }[] = [
  // A JWT (access tokens, the PSP's OAuth tokens): three base64url parts, the first a JSON header.
  { when: /eyJ/, pattern: /\beyJ[\w-]+\.[\w-]+\.[\w-]*/g, replacement: '[jwt]' },
  // Credentials of an Authorization header quoted in text.
  { when: /bearer|basic/i, pattern: /\b(Bearer|Basic)\s+[\w.~+/=-]+/gi, replacement: '$1 [redacted]' },
  // Drip's merchant API keys and Standard Webhooks secrets carry a known prefix.
  { when: /sk_|whsec_/, pattern: /\b(sk_(?:sandbox|live)_|whsec_)[\w+/=-]+/g, replacement: '$1[redacted]' },
  // Secrets and personal data in a URL's query string (the Pix webhook's ?token=, a recovery link).
  {
    when: /=/,
    pattern:
      /([?&](?:token|access_token|refresh_token|secret|key|api_key|apikey|password|recovery_id|code|cpf|email|phone)=)[^&#\s"']*/gi,
    replacement: '$1[redacted]',
  },
  {
    when: /@/,
    pattern: /[\w.%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g,
    replacement: '[e-mail]',
  },
  // Brazilian phones: +55 with area code, in any usual spelling, or 55 followed by 10 or 11 digits.
  { when: /\+55/, pattern: /\+55[\s-]?\(?\d{2}\)?[\s-]?9?\d{4}[\s-]?\d{4}(?!\d)/g, replacement: '[phone]' },
  { when: /55\d{10}/, pattern: /(?<![\w.])55\d{10,11}(?![\w])/g, replacement: '[phone]' },
  { when: /\(\d\d\)/, pattern: /\(\d{2}\)\s?9?\d{4}-?\d{4}(?!\d)/g, replacement: '[phone]' },
  // A CPF, formatted or as 11 digits (which is also a phone without its country code).
  { when: /\d{3}\.\d{3}\./, pattern: /(?<![\w.])\d{3}\.\d{3}\.\d{3}-\d{2}(?![\w])/g, replacement: '[cpf]' },
  { when: /\d{11}/, pattern: /(?<![\w.])\d{11}(?![\w])/g, replacement: '[cpf-or-phone]' },
];

/** `text` with every CPF, phone, e-mail, bearer credential, JWT, API key and secret query value replaced. */
export function scrubText(text: string): string {
  let out = text;
  for (const rule of RULES) if (rule.when.test(out)) out = out.replace(rule.pattern, rule.replacement);
  return out;
}

const SENSITIVE = new Set<string>(SENSITIVE_KEYS);

/**
 * A copy of `value` with every string scrubbed and every sensitive key censored, at any depth (pino's `redact`
 * covers the top level by path; this covers what is nested deeper and what no key announces). Errors become their
 * message and stack; cycles and depth beyond 8 are cut.
 */
export function scrubValue(value: unknown, depth = 0, seen?: WeakSet<object>): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Date) return value;
  if (depth > 8 || seen?.has(value)) return '[cut]';
  // Only a nested object needs the cycle guard: a line's fields are mostly flat.
  const within = depth === 0 ? seen : (seen ?? new WeakSet<object>());
  within?.add(value);
  if (value instanceof Error)
    return scrubValue(
      { message: value.message, stack: value.stack },
      depth + 1,
      within ?? new WeakSet([value]),
    );
  if (Array.isArray(value)) return value.map((v) => scrubValue(v, depth + 1, within ?? new WeakSet([value])));
  const out: Record<string, unknown> = {};
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const v: unknown = Reflect.get(value, key);
    if (SENSITIVE.has(key) && v !== null && v !== undefined) out[key] = CENSORED;
    else if (typeof v === 'string') out[key] = scrubText(v);
    else if (v === null || typeof v !== 'object') out[key] = v;
    else out[key] = scrubValue(v, depth + 1, within ?? new WeakSet([value]));
  }
  return out;
}
