import { type Audience, adminLogout, customerLogout, merchantLogout, REFRESH_TOKEN_HEADER } from '@drip/core';
import type { AppContext, Services } from '../../http/context.ts';
import { clientIp } from '../../http/context.ts';
import { type RouteDef, route } from '../../http/route-table.ts';
import type { SessionSubject } from './service.ts';

/** `PUT <login path>` with the RefreshToken header: 201 with a new pair, 401 when invalid, expired or reused. */
export function refreshHandler(
  services: Services,
  audience: Audience,
  load: (userId: string) => Promise<SessionSubject | null>,
) {
  return async ({ c }: { c: AppContext }): Promise<Response> => {
    await services.limiter.take(`${audience}-refresh`, clientIp(c));
    const presented = c.req.header(REFRESH_TOKEN_HEADER)?.trim();
    return c.json(await services.auth.refresh(audience, presented, load, c.get('requestId')), 201);
  };
}

/**
 * `POST <logout path>` with the RefreshToken header: revokes the session's refresh token family and answers
 * `{loggedOut: true}`, also for an unknown or already ended session (nothing to tell an attacker, and a second click
 * is not an error). No bearer is needed: the access token may have expired, and the refresh token is the session.
 */
export function logoutHandler(services: Services, audience: Audience) {
  return async ({ c }: { c: AppContext }): Promise<{ loggedOut: true }> => {
    await services.limiter.take(`${audience}-logout`, clientIp(c));
    return services.auth.logout(audience, c.req.header(REFRESH_TOKEN_HEADER)?.trim());
  };
}

/** The logout endpoint of each audience. */
export function authRoutes(s: Services): RouteDef[] {
  return [
    route(adminLogout, logoutHandler(s, 'admin')),
    route(merchantLogout, logoutHandler(s, 'merchant')),
    route(customerLogout, logoutHandler(s, 'customer')),
  ];
}
