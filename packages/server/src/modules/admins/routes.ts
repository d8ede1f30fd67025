import {
  adminDisableMerchant,
  adminEnableMerchant,
  adminGetEmbedDomains,
  adminGetUser,
  adminLogin,
  adminRefresh,
  adminSetEmbedDomains,
  adminUpdateUser,
} from '@drip/core';
import { claimsOf, clientIp, type Services } from '../../http/context.ts';
import { ApiError, emailTaken, invalidCurrentPassword, notFound } from '../../http/errors.ts';
import { type RouteDef, route } from '../../http/route-table.ts';
import { refreshHandler } from '../auth/routes.ts';

export function adminRoutes(s: Services): RouteDef[] {
  const actor = (c: Parameters<typeof claimsOf>[0]) => ({
    adminId: claimsOf(c).sub,
    requestId: c.get('requestId'),
  });
  return [
    route(adminGetEmbedDomains, async ({ params }) => {
      const domains = await s.merchants.embedDomains(params.merchantId);
      if (!domains) throw notFound('Parceiro não encontrado');
      return { merchantId: params.merchantId, domains };
    }),
    route(adminSetEmbedDomains, async ({ c, params, body }) => {
      const domains = await s.merchants.setEmbedDomains(params.merchantId, body.domains, actor(c));
      // The hosted pages' CSP follows the merchants' origins.
      s.embedOrigins.clear();
      return { merchantId: params.merchantId, domains };
    }),
    route(adminDisableMerchant, async ({ c, params }) =>
      s.merchants.setStatus(params.merchantId, 'ARCHIVED', actor(c)),
    ),
    route(adminEnableMerchant, async ({ c, params }) =>
      s.merchants.setStatus(params.merchantId, 'ENABLED', actor(c)),
    ),
    route(adminLogin, async ({ c, body }) => {
      await s.limiter.take('admin-login', clientIp(c), body.username);
      const subject = await s.admins.login(body.username, body.password);
      if (!subject) throw new ApiError(401, 'INVALID_CREDENTIALS', 'E-Mail e/ou senha incorreta');
      return s.auth.issuePair(subject);
    }),
    route(
      adminRefresh,
      refreshHandler(s, 'admin', (id) => s.admins.subject(id)),
    ),
    route(adminGetUser, async ({ c }) => {
      const user = await s.admins.get(claimsOf(c).sub);
      if (!user) throw notFound('Usuário não encontrado');
      return user;
    }),
    route(adminUpdateUser, async ({ c, body }) => {
      const result = await s.admins.update(claimsOf(c).sub, body, c.get('requestId'));
      switch (result.type) {
        case 'ok':
          return result.user;
        case 'invalid_password':
          // 400, not 401: a 401 would log the admin out.
          throw invalidCurrentPassword();
        case 'email_taken':
          throw emailTaken('username');
        case 'not_found':
          throw notFound('Usuário não encontrado');
      }
    }),
  ];
}
