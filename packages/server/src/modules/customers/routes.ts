import {
  CUSTOMER_RECOVERY_PHONE_INVALID,
  customerCheckAccessLink,
  customerGetUser,
  customerLogin,
  customerRecoverByPhone,
  customerRecoverPassword,
  customerRefresh,
  customerResetPassword,
  customerSetAccessPassword,
  customerUpdateUser,
  customerValidateRecoveryToken,
} from '@drip/core';
import { normalizeCpf, normalizePhone } from '../../br.ts';
import { validationError } from '../../http/body.ts';
import { claimsOf, clientIp, type Services } from '../../http/context.ts';
import { type RouteDef, route } from '../../http/route-table.ts';
import { refreshHandler } from '../auth/routes.ts';

/** The contract checks the CPF length; the check digits are checked here. */
function validCpf(cpf: string, field: string): string {
  const normalized = normalizeCpf(cpf);
  if (!normalized) throw validationError([{ path: field, message: 'O CPF é inválido' }]);
  return normalized;
}

export function customerRoutes(s: Services): RouteDef[] {
  return [
    route(customerLogin, async ({ c, body }) => {
      const cpf = validCpf(body.username, 'username');
      await s.limiter.take('customer-login', clientIp(c), cpf);
      return await s.auth.issuePair(await s.customers.login(cpf, body.password));
    }),
    route(
      customerRefresh,
      refreshHandler(s, 'customer', (id) => s.customers.subject(id)),
    ),
    route(customerGetUser, async ({ c }) => s.customers.profile(claimsOf(c).sub)),
    route(customerUpdateUser, async ({ c, body }) => s.customers.updateProfile(claimsOf(c).sub, body)),
    route(customerRecoverPassword, async ({ c, body }) => {
      const cpf = validCpf(body.customerCpf, 'customerCpf');
      await s.limiter.take('customer-recover', clientIp(c), cpf);
      // Counted per CPF whether or not it has an account (the answer must not tell).
      await s.sendCaps.take({ ip: clientIp(c), recipient: `cpf:${cpf}` });
      return await s.customers.startRecovery(cpf);
    }),
    route(customerRecoverByPhone, async ({ c, body }) => {
      const cpf = validCpf(body.customerCpf, 'customerCpf');
      const phone = normalizePhone(body.customerPhone);
      if (!phone)
        throw validationError([{ path: 'customerPhone', message: CUSTOMER_RECOVERY_PHONE_INVALID }]);
      // Same counters as the CPF-only request: the phone variant is not a second budget of SMS.
      await s.limiter.take('customer-recover', clientIp(c), cpf);
      await s.sendCaps.take({ ip: clientIp(c), recipient: `cpf:${cpf}` });
      return await s.customers.startRecovery(cpf, phone);
    }),
    route(customerCheckAccessLink, async ({ c, body }) => {
      await s.limiter.take('customer-recover-code', clientIp(c));
      return await s.customers.accessLinkStatus(body.token);
    }),
    route(customerSetAccessPassword, async ({ c, body }) => {
      await s.limiter.take('customer-recover-code', clientIp(c));
      return await s.customers.redeemAccessLink(body.token, body.password);
    }),
    route(customerValidateRecoveryToken, async ({ c, body }) => {
      const cpf = validCpf(body.customerCpf, 'customerCpf');
      await s.limiter.take('customer-recover-code', clientIp(c), cpf);
      return await s.customers.validateRecovery(cpf, body.token);
    }),
    route(customerResetPassword, async ({ c, body }) => {
      const cpf = validCpf(body.customerCpf, 'customerCpf');
      await s.limiter.take('customer-recover-code', clientIp(c), cpf);
      return await s.customers.resetPassword(cpf, body.token, body.password);
    }),
  ];
}
