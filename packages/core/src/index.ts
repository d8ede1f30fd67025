// Public API of @drip/core: every export is named here.

export type {
  AdminClient,
  ClientOptions,
  CustomerClient,
  MerchantClient,
  RequestFn,
} from './api/clients.ts';
export { createAdminClient, createCustomerClient, createMerchantClient } from './api/clients.ts';
export type {
  ApiError,
  ApiResult,
  Http,
  HttpMethod,
  HttpOptions,
  QueryValue,
  RequestOptions,
  Timers,
  TokenStore,
} from './api/http.ts';
export { buildUrl, createHttp, DEFAULT_TIMEOUT_MS, systemTimers } from './api/http.ts';
export { decodeAccessToken, isAccessTokenExpired, isMerchantAdmin } from './api/jwt.ts';
export type { SessionKeys, WebStorageLike } from './api/token-store.ts';
export { createMemoryTokenStore, createWebStorageTokenStore, SESSION_KEYS } from './api/token-store.ts';
export {
  CEP_MASK,
  CNPJ_MASK,
  CPF_MASK,
  formatCep,
  formatCnpj,
  formatCpf,
  formatPhone,
  generateCpf,
  isValidCep,
  isValidCnpj,
  isValidCpf,
  maskCep,
  maskCnpj,
  maskCpf,
  maskCpfOrCnpj,
  maskPhone,
  maskPhoneForDisplay,
  normalizePhone,
  onlyDigits,
  PHONE_MASK_MAX_LENGTH,
} from './br.ts';
export {
  AccessClaims,
  AdminLoginRequest,
  AdminUpdateUserRequest,
  AdminUser,
  ApiErrorBody,
  Audience,
  CpfDigits,
  CustomerLoginRequest,
  CustomerProfile,
  CustomerRecoverRequest,
  CustomerRecoverResponse,
  CustomerRecoverValidateRequest,
  CustomerRecoverValidateResponse,
  CustomerResetPasswordRequest,
  CustomerResetPasswordResponse,
  CustomerUpdateProfileRequest,
  CustomerUpdateProfileResponse,
  MerchantLoginChallenge,
  MerchantLoginRequest,
  MerchantLoginResponse,
  MerchantPermission,
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
  Password,
  REFRESH_TOKEN_HEADER,
  TokenPair,
} from './contract/auth.ts';
export { ADMIN_API, CUSTOMER_API, MERCHANT_API, paths } from './contract/paths.ts';
export type { CalendarDate, Clock, IsoDate } from './dates.ts';
export {
  addDaysIso,
  daysBetweenIso,
  formatDate,
  formatDateTime,
  isIsoDate,
  isoDateInSaoPaulo,
  parseBrDate,
  parseIsoDate,
  SAO_PAULO_TZ,
  systemClock,
  todayInSaoPaulo,
} from './dates.ts';
export type { UsernameKind } from './messages.ts';
export {
  adminLoginError,
  adminMessages,
  adminProfileError,
  authMessages,
  customerLoginError,
  customerMessages,
  httpMessages,
  merchantLoginError,
  merchantMessages,
  notFoundMessages,
  pageTitles,
  passwordMessages,
  payInstalmentLabel,
  usernameKind,
} from './messages.ts';
export type { Cents } from './money.ts';
export {
  applyRate,
  BRL_SEPARATOR,
  cents,
  centsToReais,
  formatBRL,
  formatPercent,
  isReaisAmount,
  reaisToCents,
  splitInstalments,
  sumCents,
  ZERO_CENTS,
} from './money.ts';
