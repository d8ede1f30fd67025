import { issueMessage, issuePath } from '@drip/core';
import type { Context } from 'hono';
import * as v from 'valibot';
import { ApiError, type Issue } from './errors.ts';

/** Largest accepted request body, in bytes. */
export const MAX_BODY_BYTES = 64 * 1024;

/** Deepest accepted JSON nesting (objects and arrays); the contract's deepest body has 3 levels. */
export const MAX_JSON_DEPTH = 16;

const INVALID_TEXT_MESSAGE = 'O texto contém caracteres inválidos (caractere nulo ou Unicode incompleto)';

/** An unpaired UTF-16 surrogate half: not Unicode, cannot be encoded as UTF-8 (PostgreSQL refuses it). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Whether a text can be stored and sent as it is: no NUL (no PostgreSQL text holds one) and no unpaired surrogate.
 * Every string that reaches a handler passes this at the edge (body, path, query string, the headers read).
 */
export function isStorableText(text: string): boolean {
  return !text.includes('\u0000') && !LONE_SURROGATE.test(text);
}

export function invalidText(path: string): ApiError {
  return new ApiError(400, 'INVALID_TEXT', INVALID_TEXT_MESSAGE, [{ path, message: INVALID_TEXT_MESSAGE }]);
}

/**
 * Checks a parsed JSON body: at most MAX_JSON_DEPTH levels, every string (keys included) storable. Throws 400
 * TOO_DEEP or INVALID_TEXT (with the path of the bad string, as the contract's issues name fields).
 */
export function checkJsonValue(value: unknown, path = '', depth = 0): void {
  if (typeof value === 'string') {
    if (!isStorableText(value)) throw invalidText(path);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  if (depth >= MAX_JSON_DEPTH) {
    throw new ApiError(
      400,
      'TOO_DEEP',
      `O corpo da requisição tem níveis demais de aninhamento (máximo ${MAX_JSON_DEPTH})`,
    );
  }
  const at = (key: string) => (path === '' ? key : `${path}.${key}`);
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) checkJsonValue(value[i], at(String(i)), depth + 1);
    return;
  }
  for (const [key, item] of Object.entries(value)) {
    if (!isStorableText(key)) throw invalidText(path);
    checkJsonValue(item, at(key), depth + 1);
  }
}

/**
 * Flattens valibot issues (union branches included) into `{ path, message }` pairs, most specific first. A schema's
 * own message is kept; valibot's English one is said in pt-BR naming the field (core's `issueMessage`), so that no
 * 400 answers 'Invalid key: Expected "username"…'.
 */
export function toIssues(issues: readonly v.BaseIssue<unknown>[]): Issue[] {
  const out: Issue[] = [];
  for (const issue of issues) {
    if (issue.issues && issue.issues.length > 0) out.push(...toIssues(issue.issues));
    else {
      const path = issuePath(issue);
      out.push({ path, message: issueMessage(issue, path) });
    }
  }
  const seen = new Set<string>();
  return out.filter((i) => {
    const key = `${i.path}\u0000${i.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export function validationError(issues: Issue[]): ApiError {
  const first = issues[0];
  const message = first ? first.message : 'Dados inválidos';
  return new ApiError(400, 'VALIDATION_ERROR', message, issues);
}

/** Parses a value with a contract schema, or throws a 400 with per-field issues. */
export function parseWith<TSchema extends v.GenericSchema>(
  schema: TSchema,
  input: unknown,
): v.InferOutput<TSchema> {
  const result = v.safeParse(schema, input);
  if (result.success) return result.output;
  throw validationError(toIssues(result.issues));
}

/**
 * Reads the JSON body: 415 unless `application/json`, 413 over 64 KB, 400 on malformed JSON, on nesting deeper than
 * MAX_JSON_DEPTH and on a string with NUL or an unpaired surrogate. Returns the raw value, to be parsed with a
 * contract schema.
 */
export async function readJson(c: Context, maxBytes: number = MAX_BODY_BYTES): Promise<unknown> {
  requireJsonType(c);
  const declared = Number(c.req.header('content-length') ?? '0');
  if (declared > maxBytes) throw tooLarge(maxBytes);
  const buf = await c.req.arrayBuffer();
  if (buf.byteLength > maxBytes) throw tooLarge(maxBytes);
  const text = new TextDecoder().decode(buf);
  if (text.trim() === '') throw new ApiError(400, 'MALFORMED_JSON', 'O corpo da requisição está vazio');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    // Also a body nested so deep that the parser gives up (RangeError).
    throw new ApiError(400, 'MALFORMED_JSON', 'O corpo da requisição não é um JSON válido');
  }
  checkJsonValue(value);
  return value;
}

/** 415 unless the body is declared `application/json` (or a `+json` type): the first check of any body. */
export function requireJsonType(c: Context): void {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/([\w.+-]*\+)?json\b/i.test(type.trim())) {
    throw new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Envie o corpo da requisição como application/json');
  }
}

export function tooLarge(maxBytes: number = MAX_BODY_BYTES): ApiError {
  const limit =
    maxBytes >= 1024 * 1024
      ? `${Math.round(maxBytes / 1024 / 1024)} MB`
      : `${Math.round(maxBytes / 1024)} KB`;
  return new ApiError(413, 'PAYLOAD_TOO_LARGE', `O corpo da requisição excede o limite de ${limit}`);
}

/** Reads and validates the JSON body with a contract schema. */
export async function readBody<TSchema extends v.GenericSchema>(
  c: Context,
  schema: TSchema,
): Promise<v.InferOutput<TSchema>> {
  return parseWith(schema, await readJson(c));
}

/** Calls without a body: a JSON body is ignored, anything else is refused like on every other endpoint. */
export async function rejectBody(c: Context): Promise<void> {
  const type = c.req.header('content-type');
  const length = Number(c.req.header('content-length') ?? '0');
  if (type === undefined && length === 0) return;
  await readJson(c).catch((err: unknown) => {
    if (err instanceof ApiError && err.code === 'MALFORMED_JSON') return;
    throw err;
  });
}

const decodeOrNull = (part: string): string | null => {
  try {
    return decodeURIComponent(part);
  } catch {
    return null;
  }
};

/**
 * The edge check of the URL: each path segment and query parameter (key and value) must decode (no broken or
 * overlong escape such as `%E0%A4%A` or `%C0%80`) to storable text. Throws 400 INVALID_TEXT naming the part. A URL
 * without `%` holds no such text (the HTTP parser refuses raw NUL), so the common case costs one `includes`.
 * Headers need no check: the HTTP parser refuses NUL in them and decodes them as Latin-1 (no surrogates).
 */
export function checkRequestText(url: string): void {
  if (url.includes('%')) {
    const start = url.indexOf('://');
    const pathStart = start === -1 ? 0 : url.indexOf('/', start + 3);
    const rest = pathStart === -1 ? '' : url.slice(pathStart);
    const hash = rest.indexOf('#');
    const target = hash === -1 ? rest : rest.slice(0, hash);
    const q = target.indexOf('?');
    const path = q === -1 ? target : target.slice(0, q);
    for (const segment of path.split('/')) {
      const decoded = decodeOrNull(segment);
      if (decoded === null || !isStorableText(decoded)) throw invalidText('path');
    }
    if (q !== -1) {
      for (const pair of target.slice(q + 1).split('&')) {
        const eq = pair.indexOf('=');
        const key = decodeOrNull((eq === -1 ? pair : pair.slice(0, eq)).replace(/\+/g, ' '));
        const value = eq === -1 ? '' : decodeOrNull(pair.slice(eq + 1).replace(/\+/g, ' '));
        if (key === null || !isStorableText(key)) throw invalidText('query');
        if (value === null || !isStorableText(value)) throw invalidText(`query.${key}`);
      }
    }
  }
}
