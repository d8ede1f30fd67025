import {
  CUSTOMER_RECOVERY_PHONE_INVALID,
  CustomerAccessLinkRequest,
  CustomerAccessPasswordRequest,
  CustomerLoginRequest,
  CustomerRecoverPhoneRequest,
  CustomerRecoverRequest,
  CustomerRecoverValidateRequest,
  CustomerResetPasswordRequest,
  CustomerUpdateProfileRequest,
  paths,
} from '@drip/core';
import { normalizeCpf, normalizePhone } from '../../br.ts';
import { readBody, validationError } from '../../http/body.ts';
import { claimsOf, clientIp, type Services } from '../../http/context.ts';
import { ApiError, invalidCurrentPassword, notFound } from '../../http/errors.ts';
import type { RouteDef } from '../../http/route-table.ts';
import { refreshHandler } from '../auth/routes.ts';

/** The contract checks the CPF length; the check digits are checked here. */
function validCpf(cpf: string, field: string): string {
  const normalized = normalizeCpf(cpf);
  if (!normalized) throw validationError([{ path: field, message: 'O CPF é inválido' }]);
  return normalized;
}

export function customerRoutes(s: Services): RouteDef[] {
  return [
    {
      method: 'POST',
      path: paths.customer.login,
      audience: 'public',
      handler: async (c) => {
        const body = await readBody(c, CustomerLoginRequest);
        const cpf = validCpf(body.username, 'username');
        await s.limiter.take('customer-login', clientIp(c), cpf);
        const subject = await s.customers.login(cpf, body.password);
        if (!subject) throw new ApiError(401, 'INVALID_CREDENTIALS', 'CPF e/ou senha inválidos');
        return c.json(await s.auth.issuePair(subject), 200);
      },
    },
    {
      method: 'PUT',
      path: paths.customer.login,
      audience: 'public',
      handler: refreshHandler(s, 'customer', (id) => s.customers.subject(id)),
    },
    {
      method: 'GET',
      path: paths.customer.user,
      audience: 'customer',
      handler: async (c) => {
        const profile = await s.customers.profile(claimsOf(c).sub);
        if (!profile) throw notFound('Cliente não encontrado');
        return c.json(profile, 200);
      },
    },
    {
      method: 'PATCH',
      path: paths.customer.user,
      audience: 'customer',
      handler: async (c) => {
        const body = await readBody(c, CustomerUpdateProfileRequest);
        const result = await s.customers.updateProfile(claimsOf(c).sub, body);
        switch (result.type) {
          case 'ok':
            return c.json(
              { phoneUpdated: false, passwordUpdated: result.passwordUpdated, user: result.user },
              200,
            );
          case 'invalid':
            throw validationError(result.issues);
          case 'invalid_password':
            throw invalidCurrentPassword();
          case 'not_found':
            throw notFound('Cliente não encontrado');
        }
      },
    },
    {
      method: 'POST',
      path: paths.customer.recoverPassword,
      audience: 'public',
      handler: async (c) => {
        const body = await readBody(c, CustomerRecoverRequest);
        const cpf = validCpf(body.customerCpf, 'customerCpf');
        await s.limiter.take('customer-recover', clientIp(c), cpf);
        // Counted per CPF whether or not it has an account (the answer must not tell).
        await s.sendCaps.take({ ip: clientIp(c), recipient: `cpf:${cpf}` });
        return c.json(await s.customers.startRecovery(cpf), 200);
      },
    },
    {
      method: 'PUT',
      path: paths.customer.recoverPhone,
      audience: 'public',
      handler: async (c) => {
        const body = await readBody(c, CustomerRecoverPhoneRequest);
        const cpf = validCpf(body.customerCpf, 'customerCpf');
        const phone = normalizePhone(body.customerPhone);
        if (!phone)
          throw validationError([{ path: 'customerPhone', message: CUSTOMER_RECOVERY_PHONE_INVALID }]);
        // Same counters as the CPF-only request: the phone variant is not a second budget of SMS.
        await s.limiter.take('customer-recover', clientIp(c), cpf);
        await s.sendCaps.take({ ip: clientIp(c), recipient: `cpf:${cpf}` });
        return c.json(await s.customers.startRecovery(cpf, phone), 200);
      },
    },
    {
      method: 'PUT',
      path: paths.customer.recoverAccess,
      audience: 'public',
      handler: async (c) => {
        const body = await readBody(c, CustomerAccessLinkRequest);
        await s.limiter.take('customer-recover-code', clientIp(c));
        const status = await s.customers.accessLinkStatus(body.token);
        if (!status) throw notFound('Link não encontrado');
        return c.json(status, 200);
      },
    },
    {
      method: 'PUT',
      path: paths.customer.recoverAccessPassword,
      audience: 'public',
      handler: async (c) => {
        const body = await readBody(c, CustomerAccessPasswordRequest);
        await s.limiter.take('customer-recover-code', clientIp(c));
        const result = await s.customers.redeemAccessLink(body.token, body.password);
        if (result === 'not_found') throw notFound('Link não encontrado');
        if (result === 'expired')
          throw new ApiError(410, 'LINK_EXPIRED', 'Link expirado, faça a solicitação novamente');
        return c.json({ passwordUpdated: true }, 200);
      },
    },
    {
      method: 'PUT',
      path: paths.customer.recoverValidate,
      audience: 'public',
      handler: async (c) => {
        const body = await readBody(c, CustomerRecoverValidateRequest);
        const cpf = validCpf(body.customerCpf, 'customerCpf');
        await s.limiter.take('customer-recover-code', clientIp(c), cpf);
        return c.json(await s.customers.validateRecovery(cpf, body.token), 200);
      },
    },
    {
      method: 'PUT',
      path: paths.customer.recoverPassword,
      audience: 'public',
      handler: async (c) => {
        const body = await readBody(c, CustomerResetPasswordRequest);
        const cpf = validCpf(body.customerCpf, 'customerCpf');
        await s.limiter.take('customer-recover-code', clientIp(c), cpf);
        const ok = await s.customers.resetPassword(cpf, body.token, body.password);
        if (!ok) {
          throw new ApiError(400, 'INVALID_TOKEN', 'Token inválido', [
            { path: 'token', message: 'Token inválido' },
          ]);
        }
        return c.json({ passwordUpdated: true }, 200);
      },
    },
  ];
}
