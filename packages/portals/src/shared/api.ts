import type { ApiError, ApiResult } from '@drip/core';

/** An API error carried through TanStack Query (which needs a thrown value). */
export class ApiFailure extends Error {
  readonly error: ApiError;
  constructor(error: ApiError) {
    super(error.message);
    this.name = 'ApiFailure';
    this.error = error;
  }
}

/** Data of a successful result, or throws an `ApiFailure` carrying the typed error. */
export function unwrap<T>(result: ApiResult<T>): T {
  if (result.ok) return result.data;
  throw new ApiFailure(result.error);
}

/** HTTP status of a failure (0 for network errors, time-outs and unknown throws). */
export function failureStatus(error: unknown): number {
  return error instanceof ApiFailure ? error.error.status : 0;
}
