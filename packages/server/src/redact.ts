/**
 * What never reaches a log line in clear (docs/logging.md, "Redaction"): a CPF, a phone, an e-mail, a token (session,
 * JWT, API key, AppToken, webhook secret), a password or a Pix key. Two layers: the logger censors the values of
 * fields known to carry them (`SENSITIVE_KEYS`, pino's `redact`), and every string of every line, the message
 * included, goes through `scrubText`, which replaces what looks like one of them wherever it appears (an error
 * message quoting a query's parameters, a URL with a token in its query string, a free-text note).
 */

/** Field names whose value is censored whatever it looks like (compared as written, at any of the first 3 levels). */
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

/** pino `redact` paths: each sensitive key at the top of a line's fields and one or two objects down. */
export const REDACT_PATHS: string[] = SENSITIVE_KEYS.flatMap((key) => {
  const k = /^[A-Za-z_$][\w$]*$/.test(key) ? key : `["${key}"]`;
  const dot = k.startsWith('[') ? '' : '.';
  return [k, `*${dot}${k}`, `*.*${dot}${k}`];
});

export const CENSORED = '[redacted]';

/** Patterns of sensitive values in free text, each with what replaces it; applied in order. */
const RULES: readonly (readonly [RegExp, string])[] = [
  // A JWT (access tokens, the PSP's OAuth tokens): three base64url parts, the first a JSON header.
  [/\beyJ[\w-]+\.[\w-]+\.[\w-]*/g, '[jwt]'],
  // Credentials of an Authorization header quoted in text.
  [/\b(Bearer|Basic)\s+[\w.~+/=-]+/gi, '$1 [redacted]'],
  // Drip's merchant API keys and Standard Webhooks secrets carry a known prefix.
  [/\b(sk_(?:sandbox|live)_|whsec_)[\w+/=-]+/g, '$1[redacted]'],
  // Secrets and personal data in a URL's query string (the Pix webhook's ?token=, a recovery link).
  [
    /([?&](?:token|access_token|refresh_token|secret|key|api_key|apikey|password|recovery_id|code|cpf|email|phone)=)[^&#\s"']*/gi,
    '$1[redacted]',
  ],
  [/[\w.%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g, '[e-mail]'],
  // Brazilian phones: +55 with area code, in any usual spelling, or 55 followed by 10 or 11 digits.
  [/\+55[\s-]?\(?\d{2}\)?[\s-]?9?\d{4}[\s-]?\d{4}(?!\d)/g, '[phone]'],
  [/(?<![\w.])55\d{10,11}(?![\w])/g, '[phone]'],
  [/\(\d{2}\)\s?9?\d{4}-?\d{4}(?!\d)/g, '[phone]'],
  // A CPF, formatted or as 11 digits (which is also a phone without its country code).
  [/(?<![\w.])\d{3}\.\d{3}\.\d{3}-\d{2}(?![\w])/g, '[cpf]'],
  [/(?<![\w.])\d{11}(?![\w])/g, '[cpf-or-phone]'],
];

/** Quick test that spares the rules on most strings (no digit, no '@', no token prefix). */
const MAYBE_SENSITIVE = /[\d@]|eyJ|bearer|basic|whsec_/i;

/** `text` with every CPF, phone, e-mail, bearer credential, JWT, API key and secret query value replaced. */
export function scrubText(text: string): string {
  if (!MAYBE_SENSITIVE.test(text)) return text;
  let out = text;
  for (const [pattern, replacement] of RULES) out = out.replace(pattern, replacement);
  return out;
}

const SENSITIVE = new Set<string>(SENSITIVE_KEYS);

/**
 * A copy of `value` with every string scrubbed and every sensitive key censored, at any depth (pino's `redact`
 * covers the first levels by path; this covers what is nested deeper and what no key announces). Errors become
 * their message and stack; cycles and depth beyond 8 are cut.
 */
export function scrubValue(value: unknown, depth = 0, seen = new WeakSet<object>()): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth > 8 || seen.has(value)) return '[cut]';
  seen.add(value);
  if (value instanceof Error)
    return scrubValue({ message: value.message, stack: value.stack }, depth + 1, seen);
  if (value instanceof Date) return value;
  if (Array.isArray(value)) return value.map((v) => scrubValue(v, depth + 1, seen));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    out[key] =
      SENSITIVE.has(key) && v !== null && v !== undefined ? CENSORED : scrubValue(v, depth + 1, seen);
  }
  return out;
}
