import { createHash, timingSafeEqual } from 'node:crypto';
import {
  type AnyEndpoint,
  CATALOGUE_KEY_HEADER,
  type EndpointAudience,
  type EndpointWireOutput,
  isMerchantAdmin,
  type ParsedInput,
  VTEX_HEADERS,
} from '@drip/core';
import type { Hono, MiddlewareHandler } from 'hono';
import * as v from 'valibot';
import { catalogueKeyOf } from '../config.ts';
import { parseWith, readJson, rejectBody, toIssues } from './body.ts';
import type { AppContext, AppEnv, Services } from './context.ts';
import { forbidden, unauthorized } from './errors.ts';
import { tagEndpoint } from './metrics.ts';

/** A mounted endpoint: the table's declaration and the handler built for it by `route`. */
export interface RouteDef {
  endpoint: AnyEndpoint;
  handler: (c: AppContext, services: Services) => Promise<Response>;
  /** Request headers a CORS preflight on the path may ask for (RouteOptions.anyOrigin); no preflight answer when absent. */
  preflightHeaders?: readonly string[];
}

/** What a handler receives: the parsed path parameters, query and body of its endpoint, and the request context. */
export interface HandlerInput<E extends AnyEndpoint> extends ParsedInput<E> {
  c: AppContext;
}

export interface RouteOptions {
  /**
   * Reads the raw body instead of `readJson` (a load call whose body may be missing), or `false` to leave the body
   * to the handler (the merchant API parses inside its idempotency run). The endpoint's schema still documents it.
   */
  readBody?: ((c: AppContext) => Promise<unknown>) | false;
  /** Runs before any parsing, so that what it sets (a header, a rate limit's 429) is on error answers too. */
  before?: (c: AppContext) => void | Promise<void>;
  /**
   * A public endpoint that pages of other sites call from the browser, without credentials: every answer, errors
   * included, lets any origin read it, and a CORS preflight on its path is answered with the endpoint's method and
   * only the request headers listed here (`[]`: none beyond the CORS-safelisted ones).
   */
  anyOrigin?: readonly string[];
}

/** Lets any origin read the answer (no credentials are ever allowed with `*`). */
export function allowAnyOrigin(c: AppContext): void {
  c.header('Access-Control-Allow-Origin', '*');
}

/** How long a browser may keep a preflight's answer (seconds). */
const PREFLIGHT_MAX_AGE = 600;

/**
 * Implements one endpoint of the table: the body, path parameters and query are parsed with its schemas (400 with
 * the issues), the handler's answer is sent as JSON with the endpoint's status (a `Response` passes as is), and
 * outside production the answer is checked against the endpoint's response schema, so that the table cannot
 * drift from what the server sends.
 */
export function route<E extends AnyEndpoint>(
  endpoint: E,
  handle: (input: HandlerInput<E>) => Promise<EndpointWireOutput<E> | Response>,
  options: RouteOptions = {},
): RouteDef {
  return {
    endpoint,
    ...(options.anyOrigin ? { preflightHeaders: options.anyOrigin } : {}),
    handler: async (c, services) => {
      if (options.anyOrigin) allowAnyOrigin(c);
      await options.before?.(c);
      const params = endpoint.params ? parseWith(endpoint.params, c.req.param()) : {};
      const query = endpoint.query ? parseWith(endpoint.query, c.req.query()) : {};
      let body: unknown;
      if (endpoint.body && options.readBody !== false) {
        const read = options.readBody ?? ((ctx: AppContext) => readJson(ctx));
        body = parseWith(endpoint.body, await read(c));
      } else if (!endpoint.body && endpoint.method !== 'GET') {
        await rejectBody(c);
      }
      const answer = await handle({ c, params, query, body } as HandlerInput<E>);
      if (answer instanceof Response) return answer;
      if (services.config.nodeEnv !== 'production') checkAnswer(endpoint, answer);
      return c.json(answer as object, (endpoint.status ?? 200) as 200);
    },
  };
}

/** An endpoint whose handler reads its own body (another media type, or a protocol's own error format). */
export function rawBodyRoute<E extends AnyEndpoint>(
  endpoint: E,
  handle: (input: HandlerInput<E>) => Promise<EndpointWireOutput<E> | Response>,
): RouteDef {
  return route(endpoint, handle, { readBody: false });
}

function checkAnswer(endpoint: AnyEndpoint, answer: unknown): void {
  if ((endpoint.responseKind ?? 'json') !== 'json') return;
  const result = v.safeParse(endpoint.response as v.GenericSchema, answer);
  if (result.success) return;
  const issues = toIssues(result.issues)
    .slice(0, 5)
    .map((i) => `${i.path || '(root)'}: ${i.message}`);
  throw new Error(`The answer of ${endpoint.id} does not match its response schema: ${issues.join('; ')}`);
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
          : result.reason === 'ended'
            ? 'Sessão encerrada, faça login novamente'
            : 'Sessão inválida, faça login novamente',
      );
    }
    if (result.claims.aud !== audience) throw forbidden();
    c.set('claims', result.claims);
    await next();
  };
}

/** A merchant user with the ADMIN permission (an empty list counts as admin, spec 5): a READ-only user gets 403. */
function requireMerchantAdmin(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const claims = c.get('claims');
    if (!claims || !isMerchantAdmin(claims)) throw forbidden();
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
 * Catalogue key in X-Api-Key: 401 without one or with another key. Compared as SHA-256 digests in constant time,
 * so that the answer time says nothing of how much of a guess was right. Without a configured key (production
 * without CATALOGUE_API_KEY) every call is refused.
 */
export function requireCatalogueApiKey(services: Services): MiddlewareHandler<AppEnv> {
  const key = catalogueKeyOf(services.config);
  const expected = key === null ? null : createHash('sha256').update(key).digest();
  return async (c, next) => {
    const sent = c.req.header(CATALOGUE_KEY_HEADER)?.trim() ?? '';
    if (sent === '') throw unauthorized(`Envie a chave do catálogo no cabeçalho ${CATALOGUE_KEY_HEADER}`);
    const digest = createHash('sha256').update(sent).digest();
    if (expected === null || !timingSafeEqual(digest, expected))
      throw unauthorized('Chave do catálogo inválida');
    await next();
  };
}

/**
 * VTEX's calls on a merchant's behalf: X-PROVIDER-API-AppKey / AppToken matched to the merchant's stored VTEX key
 * and token (compared in constant time, modules/vtex/service.ts); 401 without them or with unknown ones.
 */
export function requireVtexCredentials(services: Services): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const key = c.req.header(VTEX_HEADERS.appKey)?.trim() ?? '';
    const token = c.req.header(VTEX_HEADERS.appToken)?.trim() ?? '';
    if (key === '' || token === '')
      throw unauthorized(`Envie as credenciais VTEX em ${VTEX_HEADERS.appKey} e ${VTEX_HEADERS.appToken}`);
    const merchantId = await services.vtex.authenticate(key, token);
    if (!merchantId) throw unauthorized('Credenciais VTEX inválidas');
    c.set('vtexMerchantId', merchantId);
    await next();
  };
}

/** The guards of each audience, in order; audiences without guards authenticate in the handler or not at all. */
function guardsFor(services: Services): Record<EndpointAudience, MiddlewareHandler<AppEnv>[] | null> {
  const merchant = requireAudience(services, 'merchant');
  return {
    anonymous: [],
    shopper: [],
    // The provider's webhook checks its own secret (it is not one of our credentials).
    psp: [],
    sandbox: [],
    admin: [requireAudience(services, 'admin')],
    customer: [requireAudience(services, 'customer')],
    merchantRead: [merchant],
    merchantAdmin: [merchant, requireMerchantAdmin()],
    merchantApiKey: [requireMerchantApiKey(services)],
    catalogueApiKey: [requireCatalogueApiKey(services)],
    vtexProvider: [requireVtexCredentials(services)],
  };
}

/**
 * Mounts the route table: every route gets the guards of its endpoint's audience. Sandbox routes are mounted only
 * when the sandbox is on (otherwise they answer 404 like any unknown API path).
 */
export function mountRoutes(app: Hono<AppEnv>, services: Services, routes: readonly RouteDef[]): void {
  const guards = guardsFor(services);
  for (const { endpoint, handler, preflightHeaders } of routes) {
    if (endpoint.audience === 'sandbox' && !services.config.sandbox) continue;
    const chain = guards[endpoint.audience as EndpointAudience];
    if (!chain) throw new Error(`No guard for the audience ${endpoint.audience} of ${endpoint.id}`);
    // First in the chain, so that a guard's refusal is counted under the endpoint too (http/metrics.ts).
    const tag: MiddlewareHandler<AppEnv> = async (c, next) => {
      tagEndpoint(c, endpoint.id);
      await next();
    };
    const final: MiddlewareHandler<AppEnv> = (c) => handler(c, services);
    const before: MiddlewareHandler<AppEnv>[] = [tag, ...chain];
    const handlers = [...before, final] as [MiddlewareHandler<AppEnv>];
    app.on(endpoint.method, endpoint.path, ...handlers);
    if (preflightHeaders)
      app.options(endpoint.path, (c) => {
        tagEndpoint(c, endpoint.id);
        return preflight(c, endpoint.method, preflightHeaders);
      });
  }
}

/**
 * The answer to a CORS preflight (OPTIONS with Access-Control-Request-Method): the endpoint's one method and the
 * listed headers, nothing else, so that a browser sends only what the endpoint reads. Anonymous: the guards, which
 * would refuse a preflight (it carries no credentials), are not run.
 */
function preflight(c: AppContext, method: string, headers: readonly string[]): Response {
  allowAnyOrigin(c);
  c.header('Access-Control-Allow-Methods', method);
  if (headers.length > 0) c.header('Access-Control-Allow-Headers', headers.join(', '));
  c.header('Access-Control-Max-Age', String(PREFLIGHT_MAX_AGE));
  c.header('Vary', 'Access-Control-Request-Method, Access-Control-Request-Headers');
  return c.body(null, 204);
}
