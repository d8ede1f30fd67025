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
import { ApiError, emailTaken, invalidCurrentPassword, notFound } from '../../http/errors.ts';
import { type RouteDef, route } from '../../http/route-table.ts';
import { refreshHandler } from '../auth/routes.ts';

const [PasswordStep, CodeStep] = MerchantLoginRequest.options;

const linkGone = () => new ApiError(410, 'LINK_EXPIRED', 'Link expirado, faça a solicitação novamente');

export function merchantRoutes(s: Services): RouteDef[] {
  return [
    // The two steps share a path; the body's keys choose the step, so that each step reports its own messages.
    route(
      merchantLogin,
      async ({ c }) => {
        const raw = await readJson(c);
        const isCodeStep = typeof raw === 'object' && raw !== null && 'smsCode' in raw;
        if (isCodeStep) {
          const body = parseWith(CodeStep, raw);
          await s.limiter.take('merchant-login-code', clientIp(c), body.username);
          const result = await s.merchants.codeStep(body.username, body.smsCode);
          switch (result.type) {
            case 'ok':
              return s.auth.issuePair(result.subject);
            case 'expired':
              throw new ApiError(
                401,
                'CODE_EXPIRED',
                'Drip Token expirado, faça login novamente para receber outro código.',
              );
            case 'dead':
              throw new ApiError(
                401,
                'CODE_LOCKED',
                'Limite de tentativas atingido, faça login novamente para receber outro código.',
              );
            case 'invalid':
              throw new ApiError(401, 'INVALID_CODE', 'Drip Token inválido, verifique o número inserido.');
          }
        }
        const body = parseWith(PasswordStep, raw);
        await s.limiter.take('merchant-login', clientIp(c), body.username);
        // Only a right password sends the code: the caps count real sends (a wrong password never locks the user
        // out of SMS codes).
        const result = await s.merchants.passwordStep(body.username, body.password, (phone) =>
          s.sendCaps.take({ ip: clientIp(c), recipient: phone }),
        );
        if (result.type === 'invalid')
          throw new ApiError(401, 'INVALID_CREDENTIALS', 'E-mail e/ou senha incorretos.');
        return { phone: result.phone, email: result.email };
      },
      { readBody: false },
    ),
    route(
      merchantRefresh,
      refreshHandler(s, 'merchant', (id) => s.merchants.subject(id)),
    ),
    route(merchantGetUser, async ({ c }) => {
      const user = await s.merchants.getUser(claimsOf(c).sub);
      if (!user) throw notFound('Usuário não encontrado');
      return user;
    }),
    route(merchantUpdateUser, async ({ c, body }) => {
      const result = await s.merchants.updateUser(claimsOf(c).sub, body);
      switch (result.type) {
        case 'ok':
          return result.user;
        case 'invalid_password':
          throw invalidCurrentPassword();
        case 'email_taken':
          throw emailTaken('email');
        case 'invalid_phone':
          throw new ApiError(400, 'VALIDATION_ERROR', 'O telefone é inválido', [
            { path: 'phone', message: 'O telefone é inválido' },
          ]);
        case 'not_found':
          throw notFound('Usuário não encontrado');
      }
    }),
    route(merchantGetMerchant, async ({ c }) => {
      const info = await s.merchants.sessionInfo(claimsOf(c).sub);
      if (!info) throw notFound('Parceira não encontrada');
      return info;
    }),
    route(merchantRecoverPassword, async ({ c, body }) => {
      await s.limiter.take('merchant-recover', clientIp(c), body.merchantUserEmail);
      // Counted whether or not the e-mail has an account (the answer must not tell).
      await s.sendCaps.take({ ip: clientIp(c), recipient: body.merchantUserEmail });
      return s.merchants.requestRecovery(body.merchantUserEmail);
    }),
    route(merchantCheckRecoveryLink, async ({ c, params }) => {
      await s.limiter.take('merchant-recover-link', clientIp(c));
      const status = await s.merchants.recoveryLinkStatus(params.recoveryId);
      if (!status) throw notFound('Link de recuperação não encontrado');
      return status;
    }),
    route(merchantResetPassword, async ({ c, params, body }) => {
      await s.limiter.take('merchant-recover-link', clientIp(c));
      const result = await s.merchants.resetPassword(params.recoveryId, body.password);
      if (result.type === 'not_found') throw notFound('Link de recuperação não encontrado');
      if (result.type === 'expired') throw linkGone();
      return { passwordUpdated: true as const };
    }),
    route(merchantRecoverEmail, async ({ c, body }) => {
      await s.limiter.take('merchant-recover-email', clientIp(c), body.merchantUserPhone.replace(/\D/g, ''));
      await s.sendCaps.take({ ip: clientIp(c), recipient: body.merchantUserPhone });
      const result = await s.merchants.recoverEmail(body.merchantUserPhone);
      if (!result) {
        throw new ApiError(400, 'VALIDATION_ERROR', 'O telefone é inválido', [
          { path: 'merchantUserPhone', message: 'O telefone é inválido' },
        ]);
      }
      return result;
    }),
  ];
}
