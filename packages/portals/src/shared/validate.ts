import { issueMessage } from '@drip/core';
import * as v from 'valibot';

export type FieldErrors = Record<string, string>;
export type Validated<T> = { ok: true; value: T } | { ok: false; errors: FieldErrors };

/**
 * Parses form values with a contract schema; on failure, the first message of each field (root under ''), in pt-BR
 * where the schema left the message to valibot (core's `issueMessage`).
 */
export function validate<S extends v.GenericSchema>(schema: S, input: unknown): Validated<v.InferOutput<S>> {
  const result = v.safeParse(schema, input);
  if (result.success) return { ok: true, value: result.output };
  const errors: FieldErrors = {};
  for (const issue of result.issues) {
    const path = v.getDotPath(issue) ?? '';
    if (errors[path] === undefined) errors[path] = issueMessage(issue, path);
  }
  return { ok: false, errors };
}
