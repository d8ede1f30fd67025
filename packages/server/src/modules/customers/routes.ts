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
      const ip = clientIp(c);
      await s.limiter.take('customer-login', ip);
      const attempt = await s.throttle.begin('customer-login', cpf, ip);
      const subject = await s.customers.login(cpf, body.password);
      await attempt.succeeded();
      return await s.auth.issuePair(subject, { remember: body.remember });
    }),
    route(
      customerRefresh,
      refreshHandler(s, 'customer', (id) => s.customers.subject(id)),
    ),
    route(customerGetUser, async ({ c }) => s.customers.profile(claimsOf(c).sub)),
    route(customerUpdateUser, async ({ c, body }) => s.customers.updateProfile(claimsOf(c).sub, body)),
    route(customerRecoverPassword, async ({ c, body }) => {
      const cpf = validCpf(body.customerCpf, 'customerCpf');
      await s.limiter.take('customer-recover', clientIp(c));
      // Counted per CPF whether or not it has an account (the answer must not tell).
      await s.sendCaps.take({ purpose: 'customer-recover', ip: clientIp(c), recipient: `cpf:${cpf}` });
      // A new code (for a known CPF or not: the same work) comes with its own attempts.
      await s.throttle.forget('customer-recovery-code', cpf, clientIp(c));
      return await s.customers.startRecovery(cpf, clientIp(c));
    }),
    route(customerRecoverByPhone, async ({ c, body }) => {
      const cpf = validCpf(body.customerCpf, 'customerCpf');
      const phone = normalizePhone(body.customerPhone);
      if (!phone)
        throw validationError([{ path: 'customerPhone', message: CUSTOMER_RECOVERY_PHONE_INVALID }]);
      // Same counters as the CPF-only request: the phone variant is not a second budget of SMS.
      await s.limiter.take('customer-recover', clientIp(c));
      await s.sendCaps.take({ purpose: 'customer-recover', ip: clientIp(c), recipient: `cpf:${cpf}` });
      // A new code (for a known CPF or not: the same work) comes with its own attempts.
      await s.throttle.forget('customer-recovery-code', cpf, clientIp(c));
      return await s.customers.startRecovery(cpf, clientIp(c), phone);
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
      const ip = clientIp(c);
      await s.limiter.take('customer-recover-code', ip);
      const attempt = await s.throttle.begin('customer-recovery-code', cpf, ip);
      const answer = await s.customers.validateRecovery(cpf, body.token, ip);
      if (answer.isValid) await attempt.succeeded();
      return answer;
    }),
    route(customerResetPassword, async ({ c, body }) => {
      const cpf = validCpf(body.customerCpf, 'customerCpf');
      const ip = clientIp(c);
      await s.limiter.take('customer-recover-code', ip);
      const attempt = await s.throttle.begin('customer-recovery-code', cpf, ip);
      const answer = await s.customers.resetPassword(cpf, body.token, body.password, ip);
      await attempt.succeeded();
      return answer;
    }),
  ];
}
