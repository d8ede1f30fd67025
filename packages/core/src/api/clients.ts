/**
 * One typed client per audience (spec section 7). Every method returns an `ApiResult`; responses are parsed
 * with the contract schemas. The login methods never store tokens: the app chooses the storage
 * ('Mantenha-me conectado') and calls `tokens.set(...)` itself.
 */
import * as v from 'valibot';
import {
  AdminLoginRequest,
  AdminUpdateUserRequest,
  AdminUser,
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
  LogoutResponse,
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
  REFRESH_TOKEN_HEADER,
  TokenPair,
} from '../contract/auth.ts';
import { paths } from '../contract/paths.ts';
import { type ApiResult, createHttp, type Http, type TokenStore } from './http.ts';

export interface ClientOptions {
  baseUrl?: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  tokens: TokenStore;
  onLogout?: () => void;
}

type Out<S extends v.GenericSchema> = v.InferOutput<S>;
type In<S extends v.GenericSchema> = v.InferInput<S>;

/** Escape hatch shared by every client for calls not wrapped below (authenticated unless `auth: false`). */
export type RequestFn = Http['request'];

export interface AdminClient {
  /** Ends the session on the server (its refresh token stops working); the app clears its store itself. */
  logout(): Promise<ApiResult<LogoutResponse>>;
  login(body: In<typeof AdminLoginRequest>): Promise<ApiResult<TokenPair>>;
  getUser(): Promise<ApiResult<AdminUser>>;
  updateUser(body: In<typeof AdminUpdateUserRequest>): Promise<ApiResult<AdminUser>>;
  request: RequestFn;
}

export interface MerchantClient {
  /** Ends the session on the server (its refresh token stops working); the app clears its store itself. */
  logout(): Promise<ApiResult<LogoutResponse>>;
  /** First step ({username, password}) answers the challenge; second ({username, smsCode}) the token pair. */
  login(body: In<typeof MerchantLoginRequest>): Promise<ApiResult<MerchantLoginResponse>>;
  getUser(): Promise<ApiResult<MerchantUser>>;
  updateUser(body: In<typeof MerchantUpdateUserRequest>): Promise<ApiResult<MerchantUser>>;
  getMerchant(): Promise<ApiResult<MerchantSessionInfo>>;
  recoverPassword(
    body: In<typeof MerchantRecoverPasswordRequest>,
  ): Promise<ApiResult<Out<typeof MerchantRecoverPasswordResponse>>>;
  checkRecoveryLink(recoveryId: string): Promise<ApiResult<Out<typeof MerchantRecoveryLinkResponse>>>;
  resetPassword(
    recoveryId: string,
    body: In<typeof MerchantResetPasswordRequest>,
  ): Promise<ApiResult<Out<typeof MerchantResetPasswordResponse>>>;
  recoverEmail(
    body: In<typeof MerchantRecoverEmailRequest>,
  ): Promise<ApiResult<Out<typeof MerchantRecoverEmailResponse>>>;
  request: RequestFn;
}

export interface CustomerClient {
  /** Ends the session on the server (its refresh token stops working); the app clears its store itself. */
  logout(): Promise<ApiResult<LogoutResponse>>;
  login(body: In<typeof CustomerLoginRequest>): Promise<ApiResult<TokenPair>>;
  getUser(): Promise<ApiResult<CustomerProfile>>;
  updateUser(
    body: In<typeof CustomerUpdateProfileRequest>,
  ): Promise<ApiResult<Out<typeof CustomerUpdateProfileResponse>>>;
  recoverPassword(
    body: In<typeof CustomerRecoverRequest>,
  ): Promise<ApiResult<Out<typeof CustomerRecoverResponse>>>;
  validateRecoveryToken(
    body: In<typeof CustomerRecoverValidateRequest>,
  ): Promise<ApiResult<Out<typeof CustomerRecoverValidateResponse>>>;
  resetPassword(
    body: In<typeof CustomerResetPasswordRequest>,
  ): Promise<ApiResult<Out<typeof CustomerResetPasswordResponse>>>;
  /** The token goes only to the verified phone on file; the answer is the same whatever the phone. */
  recoverByPhone(
    body: In<typeof CustomerRecoverPhoneRequest>,
  ): Promise<ApiResult<Out<typeof CustomerRecoverPhoneResponse>>>;
  checkAccessLink(
    body: In<typeof CustomerAccessLinkRequest>,
  ): Promise<ApiResult<Out<typeof CustomerAccessLinkResponse>>>;
  setAccessPassword(
    body: In<typeof CustomerAccessPasswordRequest>,
  ): Promise<ApiResult<Out<typeof CustomerAccessPasswordResponse>>>;
  request: RequestFn;
}

/**
 * Applies the request schema's normalisations (trim, digits-only CPF, lower-case e-mail) before sending. An
 * invalid body is sent as given: the server answers 400 with its issues, which reach the caller as an
 * `http` error (the forms validate with the same schemas before calling).
 */
function normalise<S extends v.GenericSchema>(schema: S, body: In<S>): unknown {
  const parsed = v.safeParse(schema, body);
  return parsed.success ? parsed.output : body;
}

/**
 * `POST <logout path>` with the stored refresh token. The token is read when called (before the app clears its
 * store); without one there is no server session to end.
 */
function logoutCall(http: Http, opts: ClientOptions, path: string): () => Promise<ApiResult<LogoutResponse>> {
  return async () => {
    const current = opts.tokens.get();
    if (!current) return { ok: true, status: 200, data: { loggedOut: true }, headers: new Headers() };
    return http.request({
      method: 'POST',
      path,
      headers: { [REFRESH_TOKEN_HEADER]: current.refreshToken },
      schema: LogoutResponse,
      auth: false,
    });
  };
}

function httpFor(opts: ClientOptions, refreshPath: string): Http {
  return createHttp({
    baseUrl: opts.baseUrl,
    fetch: opts.fetch,
    timeoutMs: opts.timeoutMs,
    tokens: opts.tokens,
    refreshPath,
    onLogout: opts.onLogout,
  });
}

export function createAdminClient(opts: ClientOptions): AdminClient {
  const http = httpFor(opts, paths.admin.login);
  return {
    logout: logoutCall(http, opts, paths.admin.logout),
    login: (body) =>
      http.request({
        method: 'POST',
        path: paths.admin.login,
        body: normalise(AdminLoginRequest, body),
        schema: TokenPair,
        auth: false,
      }),
    getUser: () => http.request({ method: 'GET', path: paths.admin.user, schema: AdminUser }),
    updateUser: (body) =>
      http.request({
        method: 'PUT',
        path: paths.admin.user,
        body: normalise(AdminUpdateUserRequest, body),
        schema: AdminUser,
      }),
    request: http.request,
  };
}

export function createMerchantClient(opts: ClientOptions): MerchantClient {
  const http = httpFor(opts, paths.merchant.login);
  return {
    logout: logoutCall(http, opts, paths.merchant.logout),
    login: (body) =>
      http.request({
        method: 'POST',
        path: paths.merchant.login,
        body: normalise(MerchantLoginRequest, body),
        schema: MerchantLoginResponse,
        auth: false,
      }),
    getUser: () => http.request({ method: 'GET', path: paths.merchant.user, schema: MerchantUser }),
    updateUser: (body) =>
      http.request({
        method: 'PUT',
        path: paths.merchant.user,
        body: normalise(MerchantUpdateUserRequest, body),
        schema: MerchantUser,
      }),
    getMerchant: () =>
      http.request({ method: 'GET', path: paths.merchant.merchant, schema: MerchantSessionInfo }),
    recoverPassword: (body) =>
      http.request({
        method: 'POST',
        path: paths.merchant.recoverPassword,
        body: normalise(MerchantRecoverPasswordRequest, body),
        schema: MerchantRecoverPasswordResponse,
        auth: false,
      }),
    checkRecoveryLink: (recoveryId) =>
      http.request({
        method: 'GET',
        path: paths.merchant.recoveryLink(recoveryId),
        schema: MerchantRecoveryLinkResponse,
        auth: false,
      }),
    resetPassword: (recoveryId, body) =>
      http.request({
        method: 'PUT',
        path: paths.merchant.recoveryLink(recoveryId),
        body: normalise(MerchantResetPasswordRequest, body),
        schema: MerchantResetPasswordResponse,
        auth: false,
      }),
    recoverEmail: (body) =>
      http.request({
        method: 'PUT',
        path: paths.merchant.recoverEmail,
        body: normalise(MerchantRecoverEmailRequest, body),
        schema: MerchantRecoverEmailResponse,
        auth: false,
      }),
    request: http.request,
  };
}

export function createCustomerClient(opts: ClientOptions): CustomerClient {
  const http = httpFor(opts, paths.customer.login);
  return {
    logout: logoutCall(http, opts, paths.customer.logout),
    login: (body) =>
      http.request({
        method: 'POST',
        path: paths.customer.login,
        body: normalise(CustomerLoginRequest, body),
        schema: TokenPair,
        auth: false,
      }),
    getUser: () => http.request({ method: 'GET', path: paths.customer.user, schema: CustomerProfile }),
    updateUser: (body) =>
      http.request({
        method: 'PATCH',
        path: paths.customer.user,
        body: normalise(CustomerUpdateProfileRequest, body),
        schema: CustomerUpdateProfileResponse,
      }),
    recoverPassword: (body) =>
      http.request({
        method: 'POST',
        path: paths.customer.recoverPassword,
        body: normalise(CustomerRecoverRequest, body),
        schema: CustomerRecoverResponse,
        auth: false,
      }),
    validateRecoveryToken: (body) =>
      http.request({
        method: 'PUT',
        path: paths.customer.recoverValidate,
        body: normalise(CustomerRecoverValidateRequest, body),
        schema: CustomerRecoverValidateResponse,
        auth: false,
      }),
    resetPassword: (body) =>
      http.request({
        method: 'PUT',
        path: paths.customer.recoverPassword,
        body: normalise(CustomerResetPasswordRequest, body),
        schema: CustomerResetPasswordResponse,
        auth: false,
      }),
    recoverByPhone: (body) =>
      http.request({
        method: 'PUT',
        path: paths.customer.recoverPhone,
        body: normalise(CustomerRecoverPhoneRequest, body),
        schema: CustomerRecoverPhoneResponse,
        auth: false,
      }),
    checkAccessLink: (body) =>
      http.request({
        method: 'PUT',
        path: paths.customer.recoverAccess,
        body: normalise(CustomerAccessLinkRequest, body),
        schema: CustomerAccessLinkResponse,
        auth: false,
      }),
    setAccessPassword: (body) =>
      http.request({
        method: 'PUT',
        path: paths.customer.recoverAccessPassword,
        body: normalise(CustomerAccessPasswordRequest, body),
        schema: CustomerAccessPasswordResponse,
        auth: false,
      }),
    request: http.request,
  };
}
