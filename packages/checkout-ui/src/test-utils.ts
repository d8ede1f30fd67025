import type { ApiResult } from '@drip/core';

/** A successful ApiResult, as core's http layer returns it (test support). */
export function okResult<T>(data: T, status = 200): ApiResult<T> {
  return { ok: true, status, data, headers: new Headers() };
}
