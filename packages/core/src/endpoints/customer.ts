/** The customer portal (spec 7, "Customer portal"): session, recovery, orders and instalment payments. */
import * as v from 'valibot';
import {
  CustomerAccessLinkRequest,
  CustomerAccessLinkResponse,
  CustomerAccessPasswordRequest,
  CustomerAccessPasswordResponse,
  CustomerLoginRequest,
  CustomerProfile,
  CustomerRecoverPhoneRequest,
  CustomerRecoverPhoneResponse,
  CustomerRecoverRequest,
  CustomerRecoverResponse,
  CustomerRecoverValidateRequest,
  CustomerRecoverValidateResponse,
  CustomerResetPasswordRequest,
  CustomerResetPasswordResponse,
  CustomerUpdateProfileRequest,
  CustomerUpdateProfileResponse,
  TokenPair,
} from '../contract/auth.ts';
import {
  CustomerInstalment,
  CustomerOrderDetails,
  CustomerOrderPage,
  PageQuery,
  UniquePayment,
} from '../contract/orders.ts';
import { CUSTOMER_API } from '../contract/paths.ts';
import { IdParam, logoutEndpoint, refreshEndpoint } from './common.ts';
import { endpoint } from './define.ts';

const tag = 'Customer portal';

export const customerLogin = endpoint('customer.login', {
  method: 'POST',
  path: `${CUSTOMER_API}/v2/login`,
  audience: 'anonymous',
  tag,
  summary: 'Logs a customer in with CPF and password',
  body: CustomerLoginRequest,
  clientNormalises: true,
  response: TokenPair,
});

export const customerRefresh = refreshEndpoint('customer.refresh', `${CUSTOMER_API}/v2/login`, tag);

export const customerLogout = logoutEndpoint('customer.logout', `${CUSTOMER_API}/v1/logout`, tag);

export const customerGetUser = endpoint('customer.getUser', {
  method: 'GET',
  path: `${CUSTOMER_API}/v1/user`,
  audience: 'customer',
  tag,
  summary: "The signed-in customer's profile",
  response: CustomerProfile,
});

export const customerUpdateUser = endpoint('customer.updateUser', {
  method: 'PATCH',
  path: `${CUSTOMER_API}/v1/user`,
  audience: 'customer',
  tag,
  summary: "Changes the customer's profile, phone or password",
  body: CustomerUpdateProfileRequest,
  clientNormalises: true,
  response: CustomerUpdateProfileResponse,
});

export const customerRecoverPassword = endpoint('customer.recoverPassword', {
  method: 'POST',
  path: `${CUSTOMER_API}/v1/recover/password`,
  audience: 'anonymous',
  tag,
  summary: 'Sends a recovery token by SMS to the verified phone of the CPF',
  body: CustomerRecoverRequest,
  clientNormalises: true,
  response: CustomerRecoverResponse,
});

export const customerResetPassword = endpoint('customer.resetPassword', {
  method: 'PUT',
  path: `${CUSTOMER_API}/v1/recover/password`,
  audience: 'anonymous',
  tag,
  summary: 'Sets a new password with a recovery token',
  body: CustomerResetPasswordRequest,
  clientNormalises: true,
  response: CustomerResetPasswordResponse,
});

export const customerValidateRecoveryToken = endpoint('customer.validateRecoveryToken', {
  method: 'PUT',
  path: `${CUSTOMER_API}/v1/recover/validate`,
  audience: 'anonymous',
  tag,
  summary: 'Checks a recovery token before the new password is chosen',
  body: CustomerRecoverValidateRequest,
  clientNormalises: true,
  response: CustomerRecoverValidateResponse,
});

export const customerRecoverByPhone = endpoint('customer.recoverByPhone', {
  method: 'PUT',
  path: `${CUSTOMER_API}/v1/recover/phone`,
  audience: 'anonymous',
  tag,
  summary: 'Sends a recovery token when CPF and verified phone match (same answer either way)',
  body: CustomerRecoverPhoneRequest,
  clientNormalises: true,
  response: CustomerRecoverPhoneResponse,
});

export const customerCheckAccessLink = endpoint('customer.checkAccessLink', {
  method: 'PUT',
  path: `${CUSTOMER_API}/v1/recover/access`,
  audience: 'anonymous',
  tag,
  summary: 'Checks a first-access link (sent by SMS with a first order)',
  body: CustomerAccessLinkRequest,
  clientNormalises: true,
  response: CustomerAccessLinkResponse,
});

export const customerSetAccessPassword = endpoint('customer.setAccessPassword', {
  method: 'PUT',
  path: `${CUSTOMER_API}/v1/recover/access/password`,
  audience: 'anonymous',
  tag,
  summary: 'Sets the first password through a first-access link',
  body: CustomerAccessPasswordRequest,
  clientNormalises: true,
  response: CustomerAccessPasswordResponse,
});

export const customerOrders = endpoint('customer.orders', {
  method: 'GET',
  path: `${CUSTOMER_API}/v1/orders`,
  audience: 'customer',
  tag,
  summary: "The customer's orders, newest first (page from 0, size 10 by default)",
  query: PageQuery,
  response: CustomerOrderPage,
});

export const customerOrder = endpoint('customer.order', {
  method: 'GET',
  path: `${CUSTOMER_API}/v1/orders/:id`,
  audience: 'customer',
  tag,
  summary: 'One order of the customer with its instalments',
  params: IdParam,
  response: CustomerOrderDetails,
});

export const customerPayInstalment = endpoint('customer.payInstalment', {
  method: 'PUT',
  path: `${CUSTOMER_API}/v1/orders/:id/pay_instalment`,
  audience: 'customer',
  tag,
  summary: 'The next pending instalment of the order with its Pix charge (404 when none is pending)',
  params: IdParam,
  response: CustomerInstalment,
});

export const customerUniquePayment = endpoint('customer.uniquePayment', {
  method: 'POST',
  path: `${CUSTOMER_API}/v1/orders/:id/unique_payment`,
  audience: 'customer',
  tag,
  summary: 'One Pix for every pending instalment of the order',
  params: IdParam,
  response: UniquePayment,
  status: 201,
});

export const customerUniquePaymentStatus = endpoint('customer.uniquePaymentStatus', {
  method: 'GET',
  path: `${CUSTOMER_API}/v1/instalments/payments/:id`,
  audience: 'customer',
  tag,
  summary: 'A unique payment of the customer (polled while shown)',
  params: IdParam,
  response: UniquePayment,
});

export const customerInstalment = endpoint('customer.instalment', {
  method: 'GET',
  path: `${CUSTOMER_API}/v1/instalments/:id`,
  audience: 'customer',
  tag,
  summary: 'One instalment of the customer (polled while its payment is shown)',
  params: IdParam,
  response: CustomerInstalment,
});

/** Kept for callers that only need to know the shape of an empty answer. */
export const NoContent = v.undefined();

export const customerEndpoints = {
  customerLogin,
  customerRefresh,
  customerLogout,
  customerGetUser,
  customerUpdateUser,
  customerRecoverPassword,
  customerResetPassword,
  customerValidateRecoveryToken,
  customerRecoverByPhone,
  customerCheckAccessLink,
  customerSetAccessPassword,
  customerOrders,
  customerOrder,
  customerPayInstalment,
  customerUniquePayment,
  customerUniquePaymentStatus,
  customerInstalment,
};
