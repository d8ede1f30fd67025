import { ADMIN_API, AdminLoginRequest, AdminUpdateUserRequest, EmbedDomainsRequest, paths } from '@drip/core';
import { readBody, rejectBody } from '../../http/body.ts';
import { claimsOf, clientIp, type Services } from '../../http/context.ts';
import { ApiError, emailTaken, invalidCurrentPassword, notFound } from '../../http/errors.ts';
import type { RouteDef } from '../../http/route-table.ts';
import { refreshHandler } from '../auth/routes.ts';

/** `PUT /merchants/{id}/disable` and `/enable` (spec 7, admin): archive or re-enable a merchant, audited. */
function merchantStatusRoute(s: Services, action: 'disable' | 'enable'): RouteDef {
  return {
    method: 'PUT',
    path: `${ADMIN_API}/merchants/:merchantId/${action}`,
    audience: 'admin',
    handler: async (c) => {
      await rejectBody(c);
      const merchantId = c.req.param('merchantId') ?? '';
      const result = await s.merchants.setStatus(merchantId, action === 'disable' ? 'ARCHIVED' : 'ENABLED');
      if (!result) throw notFound('Parceiro não encontrado');
      await s.audit.record({
        actorType: 'ADMIN',
        actorId: claimsOf(c).sub,
        action: action === 'disable' ? 'MERCHANT_DISABLED' : 'MERCHANT_ENABLED',
        entityType: 'merchant',
        entityId: result.id,
        requestId: c.get('requestId'),
      });
      return c.json(result, 200);
    },
  };
}

/** The merchant's embed origins (issue 4): GET and PUT, audited; the hosted pages' CSP follows them. */
function embedDomainsRoutes(s: Services): RouteDef[] {
  const path = `${ADMIN_API}/merchants/:merchantId/embed_domains`;
  return [
    {
      method: 'GET',
      path,
      audience: 'admin',
      handler: async (c) => {
        const merchantId = c.req.param('merchantId') ?? '';
        const domains = await s.merchants.embedDomains(merchantId);
        if (!domains) throw notFound('Parceiro não encontrado');
        return c.json({ merchantId, domains }, 200);
      },
    },
    {
      method: 'PUT',
      path,
      audience: 'admin',
      handler: async (c) => {
        const body = await readBody(c, EmbedDomainsRequest);
        const merchantId = c.req.param('merchantId') ?? '';
        const domains = await s.merchants.setEmbedDomains(merchantId, body.domains);
        if (!domains) throw notFound('Parceiro não encontrado');
        s.embedOrigins.clear();
        await s.audit.record({
          actorType: 'ADMIN',
          actorId: claimsOf(c).sub,
          action: 'MERCHANT_EMBED_DOMAINS_CHANGED',
          entityType: 'merchant',
          entityId: merchantId,
          requestId: c.get('requestId'),
        });
        return c.json({ merchantId, domains }, 200);
      },
    },
  ];
}

export function adminRoutes(s: Services): RouteDef[] {
  return [
    ...embedDomainsRoutes(s),
    merchantStatusRoute(s, 'disable'),
    merchantStatusRoute(s, 'enable'),
    {
      method: 'POST',
      path: paths.admin.login,
      audience: 'public',
      handler: async (c) => {
        const body = await readBody(c, AdminLoginRequest);
        await s.limiter.take('admin-login', clientIp(c), body.username);
        const subject = await s.admins.login(body.username, body.password);
        if (!subject) throw new ApiError(401, 'INVALID_CREDENTIALS', 'E-Mail e/ou senha incorreta');
        return c.json(await s.auth.issuePair(subject), 200);
      },
    },
    {
      method: 'PUT',
      path: paths.admin.login,
      audience: 'public',
      handler: refreshHandler(s, 'admin', (id) => s.admins.subject(id)),
    },
    {
      method: 'GET',
      path: paths.admin.user,
      audience: 'admin',
      handler: async (c) => {
        const user = await s.admins.get(claimsOf(c).sub);
        if (!user) throw notFound('Usuário não encontrado');
        return c.json(user, 200);
      },
    },
    {
      method: 'PUT',
      path: paths.admin.user,
      audience: 'admin',
      handler: async (c) => {
        const body = await readBody(c, AdminUpdateUserRequest);
        const result = await s.admins.update(claimsOf(c).sub, body, c.get('requestId'));
        switch (result.type) {
          case 'ok':
            return c.json(result.user, 200);
          case 'invalid_password':
            // 400, not 401: a 401 would log the admin out.
            throw invalidCurrentPassword();
          case 'email_taken':
            throw emailTaken('username');
          case 'not_found':
            throw notFound('Usuário não encontrado');
        }
      },
    },
  ];
}
