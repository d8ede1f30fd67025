/** The merchant portal (spec 7, "Merchant portal"). */
import * as v from 'valibot';
import {
  MerchantLoginRequest,
  MerchantLoginResponse,
  MerchantRecoverEmailRequest,
  MerchantRecoverEmailResponse,
  MerchantRecoverPasswordRequest,
  MerchantRecoverPasswordResponse,
  MerchantRecoveryLinkResponse,
  MerchantResetPasswordRequest,
  MerchantResetPasswordResponse,
  MerchantSessionInfo,
  MerchantUpdateUserRequest,
  MerchantUser,
} from '../contract/auth.ts';
import { MERCHANT_API } from '../contract/paths.ts';
import { CheckoutStatus } from '../contract/primitives.ts';
import { IdParam, logoutEndpoint, refreshEndpoint } from './common.ts';
import { endpoint } from './define.ts';

const tag = 'Merchant portal';

export const merchantLogin = endpoint('merchant.login', {
  method: 'POST',
  path: `${MERCHANT_API}/v1/login`,
  audience: 'anonymous',
  tag,
  summary: 'Password step (answers the SMS challenge) or code step (answers the token pair)',
  body: MerchantLoginRequest,
  clientNormalises: true,
  response: MerchantLoginResponse,
});

export const merchantRefresh = refreshEndpoint('merchant.refresh', `${MERCHANT_API}/v1/login`, tag);

export const merchantLogout = logoutEndpoint('merchant.logout', `${MERCHANT_API}/v1/logout`, tag);

export const merchantGetUser = endpoint('merchant.getUser', {
  method: 'GET',
  path: `${MERCHANT_API}/v1/user`,
  audience: 'merchantRead',
  tag,
  summary: "The signed-in merchant user's profile",
  response: MerchantUser,
});

export const merchantUpdateUser = endpoint('merchant.updateUser', {
  method: 'PUT',
  path: `${MERCHANT_API}/v1/user`,
  audience: 'merchantRead',
  tag,
  summary: "Changes the signed-in user's own profile or password",
  body: MerchantUpdateUserRequest,
  clientNormalises: true,
  response: MerchantUser,
});

export const merchantGetMerchant = endpoint('merchant.getMerchant', {
  method: 'GET',
  path: `${MERCHANT_API}/v1/merchant`,
  audience: 'merchantRead',
  tag,
  summary: "The session's merchant (store name, permissions, read-only flag)",
  response: MerchantSessionInfo,
});

export const merchantRecoverPassword = endpoint('merchant.recoverPassword', {
  method: 'POST',
  path: `${MERCHANT_API}/v1/recover/password`,
  audience: 'anonymous',
  tag,
  summary: 'Sends a password recovery link by e-mail',
  body: MerchantRecoverPasswordRequest,
  clientNormalises: true,
  response: MerchantRecoverPasswordResponse,
});

const RecoveryParam = v.object({ recoveryId: v.string() });

export const merchantCheckRecoveryLink = endpoint('merchant.checkRecoveryLink', {
  method: 'GET',
  path: `${MERCHANT_API}/v1/recover/password/:recoveryId`,
  audience: 'anonymous',
  tag,
  summary: 'Whether a recovery link is still valid',
  params: RecoveryParam,
  response: MerchantRecoveryLinkResponse,
});

export const merchantResetPassword = endpoint('merchant.resetPassword', {
  method: 'PUT',
  path: `${MERCHANT_API}/v1/recover/password/:recoveryId`,
  audience: 'anonymous',
  tag,
  summary: 'Sets a new password through a recovery link',
  params: RecoveryParam,
  body: MerchantResetPasswordRequest,
  clientNormalises: true,
  response: MerchantResetPasswordResponse,
});

export const merchantRecoverEmail = endpoint('merchant.recoverEmail', {
  method: 'PUT',
  path: `${MERCHANT_API}/v1/recover/email`,
  audience: 'anonymous',
  tag,
  summary: "Sends the user's login e-mail by SMS to the phone on file",
  body: MerchantRecoverEmailRequest,
  clientNormalises: true,
  response: MerchantRecoverEmailResponse,
});

export const RevokeCheckoutResponse = v.object({ id: v.string(), status: CheckoutStatus });

export const merchantRevokeCheckout = endpoint('merchant.revokeCheckout', {
  method: 'PUT',
  path: `${MERCHANT_API}/v1/checkouts/:id/revoke`,
  audience: 'merchantAdmin',
  tag,
  summary: 'Desativa um checkout não concluído (REVOKED)',
  errors: { 404: 'Checkout inexistente ou de outra parceira', 409: 'Checkout já concluído' },
  params: IdParam,
  response: RevokeCheckoutResponse,
});

export const merchantEndpoints = {
  merchantLogin,
  merchantRefresh,
  merchantLogout,
  merchantGetUser,
  merchantUpdateUser,
  merchantGetMerchant,
  merchantRecoverPassword,
  merchantCheckRecoveryLink,
  merchantResetPassword,
  merchantRecoverEmail,
  merchantRevokeCheckout,
};
