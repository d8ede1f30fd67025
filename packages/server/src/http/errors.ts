import type { ApiErrorBody } from '@drip/core';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { DependencyUnavailableError } from '../circuit.ts';
import { DomainError, type DomainErrorKind, type Issue } from '../errors.ts';

export type { Issue };

/** An error answer: the HTTP status plus the `{ error: { code, message, issues? } }` body of the contract. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly issues?: Issue[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  body(): ApiErrorBody {
    return errorBody(this.code, this.message, this.issues);
  }
}

/** The `{ error: { code, message, issues? } }` body of the contract, for an answer stored before any error is raised. */
export function errorBody(code: string, message: string, issues?: Issue[]): ApiErrorBody {
  return { error: { code, message, ...(issues ? { issues } : {}) } };
}

export const unauthorized = (message = 'Sessão inválida ou expirada, faça login novamente') =>
  new ApiError(401, 'UNAUTHORIZED', message);
export const forbidden = (message = 'Você não tem permissão para acessar este recurso') =>
  new ApiError(403, 'FORBIDDEN', message);
export const notFound = (message = 'Recurso não encontrado') => new ApiError(404, 'NOT_FOUND', message);

/** The only place a domain refusal gets its HTTP status. */
const STATUS_OF: Record<DomainErrorKind, ContentfulStatusCode> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  unprocessable: 422,
  too_many: 429,
  unavailable: 503,
};

/** An HTTP answer for any error a handler raised; null for a programming error (the caller answers 500). */
export function toApiError(err: unknown): ApiError | null {
  if (err instanceof ApiError) return err;
  // A dependency that cannot answer now (circuit.ts): nothing is wrong with the request; the client may retry.
  if (err instanceof DependencyUnavailableError)
    return new ApiError(503, err.code, err.message, undefined, { 'Retry-After': '30' });
  if (err instanceof DomainError) {
    const retry = err.details.retryAfterSeconds;
    return new ApiError(
      STATUS_OF[err.kind],
      err.code,
      err.message,
      err.details.issues,
      retry === undefined ? undefined : { 'Retry-After': String(retry) },
    );
  }
  return null;
}
