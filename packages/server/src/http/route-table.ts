import type { Hono, MiddlewareHandler } from 'hono';
import type { AppContext, AppEnv, Services } from './context.ts';
import { forbidden, unauthorized } from './errors.ts';

/**
 * `merchantApiKey`: server-to-server calls of a merchant, `Authorization: Bearer <merchant API key>` (DESIGN.md 2);
 * a portal JWT is not a key (401).
 */
export type RouteAudience = 'public' | 'admin' | 'merchant' | 'customer' | 'sandbox' | 'merchantApiKey';
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteDef {
  method: Method;
  /** Hono path pattern (`:param` for parameters). */
  path: string;
  audience: RouteAudience;
  handler: (c: AppContext) => Promise<Response>;
}

/** Bearer access token of the given audience: 401 without a valid one, 403 with another audience's. */
export function requireAudience(
  services: Services,
  audience: 'admin' | 'merchant' | 'customer',
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const header = c.req.header('authorization') ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
    if (!match?.[1]) throw unauthorized('Faça login para continuar');
    const result = await services.auth.verifyAccessToken(match[1]);
    if (!result.ok) {
      throw unauthorized(
        result.reason === 'expired'
          ? 'Sua sessão expirou, faça login novamente'
          : 'Sessão inválida, faça login novamente',
      );
    }
    if (result.claims.aud !== audience) throw forbidden();
    c.set('claims', result.claims);
    await next();
  };
}

/** Merchant API key: 401 without one or with an unknown (or archived merchant's) key. */
export function requireMerchantApiKey(services: Services): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const header = c.req.header('authorization') ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
    if (!match?.[1]) throw unauthorized('Envie a chave de API do parceiro em Authorization: Bearer <chave>');
    const merchantId = await services.checkouts.merchantIdForApiKey(match[1]);
    if (!merchantId) throw unauthorized('Chave de API inválida');
    c.set('apiMerchantId', merchantId);
    await next();
  };
}

/**
 * Mounts the route table: every route gets the middleware of its audience. Sandbox routes are mounted only when the
 * sandbox is on (otherwise they answer 404 like any unknown API path).
 */
export function mountRoutes(app: Hono<AppEnv>, services: Services, routes: readonly RouteDef[]): void {
  const guards = {
    admin: requireAudience(services, 'admin'),
    merchant: requireAudience(services, 'merchant'),
    customer: requireAudience(services, 'customer'),
    merchantApiKey: requireMerchantApiKey(services),
  };
  for (const route of routes) {
    if (route.audience === 'sandbox' && !services.config.sandbox) continue;
    const handler = (c: AppContext) => route.handler(c);
    if (
      route.audience === 'admin' ||
      route.audience === 'merchant' ||
      route.audience === 'customer' ||
      route.audience === 'merchantApiKey'
    ) {
      app.on(route.method, route.path, guards[route.audience], handler);
    } else {
      app.on(route.method, route.path, handler);
    }
  }
}
