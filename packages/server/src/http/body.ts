import type { Context } from 'hono';
import * as v from 'valibot';
import { ApiError, type Issue } from './errors.ts';

/** Largest accepted request body, in bytes. */
export const MAX_BODY_BYTES = 64 * 1024;

function issuePath(issue: v.BaseIssue<unknown>): string {
  return (issue.path ?? []).map((item) => String(item.key)).join('.');
}

/** Flattens valibot issues (union branches included) into `{ path, message }` pairs, most specific first. */
export function toIssues(issues: readonly v.BaseIssue<unknown>[]): Issue[] {
  const out: Issue[] = [];
  for (const issue of issues) {
    if (issue.issues && issue.issues.length > 0) out.push(...toIssues(issue.issues));
    else out.push({ path: issuePath(issue), message: issue.message });
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
 * Reads the JSON body: 415 unless `application/json`, 413 over 64 KB, 400 on malformed JSON. Returns the raw value,
 * to be parsed with a contract schema.
 */
export async function readJson(c: Context): Promise<unknown> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/([\w.+-]*\+)?json\b/i.test(type.trim())) {
    throw new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Envie o corpo da requisição como application/json');
  }
  const declared = Number(c.req.header('content-length') ?? '0');
  if (declared > MAX_BODY_BYTES) throw tooLarge();
  const buf = await c.req.arrayBuffer();
  if (buf.byteLength > MAX_BODY_BYTES) throw tooLarge();
  const text = new TextDecoder().decode(buf);
  if (text.trim() === '') throw new ApiError(400, 'MALFORMED_JSON', 'O corpo da requisição está vazio');
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError(400, 'MALFORMED_JSON', 'O corpo da requisição não é um JSON válido');
  }
}

export function tooLarge(): ApiError {
  return new ApiError(413, 'PAYLOAD_TOO_LARGE', 'O corpo da requisição excede o limite de 64 KB');
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
