/**
 * `/metrics` over HTTP (docs/metrics.md): the request figures of every answer, and the scrape itself with its
 * access rule. `/metrics` is an operations endpoint like `/healthz`, not an endpoint of the API's table.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { Config } from '../config.ts';
import type { Metrics } from '../metrics.ts';
import type { AppContext, AppEnv } from './context.ts';
import { ApiError, unauthorized } from './errors.ts';

/** The `endpoint` label of a request answered by no endpoint of the table, nor an ops path, nor a static file. */
export const UNMATCHED = 'unmatched';
/** The `endpoint` label of the single-page apps, the checkout and the API reference (static.ts). */
export const STATIC = 'static';

/** Names the request's endpoint for the metrics: an endpoint id of the table, `ops.<name>` or `static`. */
export function tagEndpoint(c: AppContext, id: string): void {
  c.set('endpointId', id);
}

/**
 * Counts and times every answer by the endpoint its path matched, never by the raw path (a path carries ids: one
 * series per order would sink Prometheus). Outermost, so that the time covers every other middleware.
 */
export function httpMetrics(metrics: Metrics): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    metrics.requestStarted();
    let status = 500;
    try {
      await next();
      status = c.res.status;
    } finally {
      // Counted even when the error handler itself failed (the adapter then answers 500).
      metrics.observeRequest(
        c.get('endpointId') ?? UNMATCHED,
        c.req.method,
        status,
        (performance.now() - started) / 1000,
      );
    }
  };
}

/** Who may read `/metrics` here (docs/metrics.md, "Access"). */
export type MetricsAccess = 'open' | 'token' | 'hidden';

/**
 * A configured token is always required. Without one, the figures are open in the sandbox, and hidden (404, as if
 * there were no such path) elsewhere, production included; on the separate metrics port (`DRIP_METRICS_PORT`)
 * they are open, the network being what protects that port, and the main port hides them.
 */
export function metricsAccess(config: Config, listener: 'main' | 'metrics'): MetricsAccess {
  if (listener === 'main' && config.metrics?.port !== undefined) return 'hidden';
  if (config.metrics?.token !== undefined) return 'token';
  return config.sandbox || listener === 'metrics' ? 'open' : 'hidden';
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * GET /metrics: the exposition text, behind the access rule. The token is compared as SHA-256 digests in constant
 * time (the answer's time tells nothing of how much of a guess was right).
 */
export function metricsHandler(metrics: Metrics, access: MetricsAccess, token: string | undefined) {
  const expected = token === undefined ? null : digest(token);
  return async (c: AppContext): Promise<Response> => {
    if (access === 'hidden') return c.json(new ApiError(404, 'NOT_FOUND', 'Rota não encontrada').body(), 404);
    if (access === 'token') {
      const match = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization')?.trim() ?? '');
      const refusal = !match?.[1]
        ? 'Envie o token de métricas em Authorization: Bearer <token>'
        : expected === null || !timingSafeEqual(digest(match[1]), expected)
          ? 'Token de métricas inválido'
          : null;
      if (refusal !== null)
        return c.json(unauthorized(refusal).body(), 401, { 'WWW-Authenticate': 'Bearer realm="metrics"' });
    }
    const text = await metrics.scrape();
    c.header('Cache-Control', 'no-store');
    return c.body(text, 200, { 'Content-Type': metrics.contentType });
  };
}
