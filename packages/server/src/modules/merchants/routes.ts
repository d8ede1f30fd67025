import {
  MerchantLoginRequest,
  merchantCheckRecoveryLink,
  merchantGetMerchant,
  merchantGetUser,
  merchantLogin,
  merchantRecoverEmail,
  merchantRecoverPassword,
  merchantRefresh,
  merchantResetPassword,
  merchantUpdateUser,
} from '@drip/core';
import { parseWith, readJson } from '../../http/body.ts';
import { claimsOf, clientIp, type Services } from '../../http/context.ts';
import { type RouteDef, route } from '../../http/route-table.ts';
import { refreshHandler } from '../auth/routes.ts';

const [PasswordStep, CodeStep] = MerchantLoginRequest.options;

export function merchantRoutes(s: Services): RouteDef[] {
  return [
    // The two steps share a path; the body's keys choose the step, so that each step reports its own messages.
    route(
      merchantLogin,
      async ({ c }) => {
        const raw = await readJson(c);
        const isCodeStep = typeof raw === 'object' && raw !== null && 'smsCode' in raw;
        const ip = clientIp(c);
        if (isCodeStep) {
          const body = parseWith(CodeStep, raw);
          await s.limiter.take('merchant-login-code', ip);
          const attempt = await s.throttle.begin('merchant-login-code', body.username, ip);
          const subject = await s.merchants.codeStep(body.username, body.smsCode, ip);
          await attempt.succeeded();
          return s.auth.issuePair(subject, { remember: body.remember });
        }
        const body = parseWith(PasswordStep, raw);
        await s.limiter.take('merchant-login', ip);
        const attempt = await s.throttle.begin('merchant-login', body.username, ip);
        // Only a right password sends the code, from the login codes' own budget: no recovery request, and no wrong
        // password, ever refuses the owner's code.
        return s.merchants.passwordStep(body.username, body.password, ip, async (phone) => {
          await attempt.succeeded();
          await s.sendCaps.take({ purpose: 'merchant-login-code', ip, recipient: phone });
          await s.throttle.forget('merchant-login-code', body.username, ip);
        });
      },
      { readBody: false },
    ),
    route(
      merchantRefresh,
      refreshHandler(s, 'merchant', (id) => s.merchants.subject(id)),
    ),
    route(merchantGetUser, async ({ c }) => s.merchants.getUser(claimsOf(c).sub)),
    route(merchantUpdateUser, async ({ c, body }) => s.merchants.updateUser(claimsOf(c).sub, body)),
    route(merchantGetMerchant, async ({ c }) => s.merchants.sessionInfo(claimsOf(c).sub)),
    route(merchantRecoverPassword, async ({ c, body }) => {
      await s.limiter.take('merchant-recover', clientIp(c));
      // Counted whether or not the e-mail has an account (the answer must not tell).
      await s.sendCaps.take({
        purpose: 'merchant-recover-password',
        ip: clientIp(c),
        recipient: body.merchantUserEmail,
      });
      return s.merchants.requestRecovery(body.merchantUserEmail);
    }),
    route(merchantCheckRecoveryLink, async ({ c, params }) => {
      await s.limiter.take('merchant-recover-link', clientIp(c));
      return s.merchants.recoveryLinkStatus(params.recoveryId);
    }),
    route(merchantResetPassword, async ({ c, params, body }) => {
      await s.limiter.take('merchant-recover-link', clientIp(c));
      return s.merchants.resetPassword(params.recoveryId, body.password);
    }),
    route(merchantRecoverEmail, async ({ c, body }) => {
      await s.limiter.take('merchant-recover-email', clientIp(c));
      await s.sendCaps.take({
        purpose: 'merchant-recover-email',
        ip: clientIp(c),
        recipient: body.merchantUserPhone,
      });
      return s.merchants.recoverEmail(body.merchantUserPhone);
    }),
  ];
}
