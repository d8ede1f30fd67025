// Public API of @drip/core: every export is named here.

export type { Call, CallArgs, CallInput, CallOptions } from './api/call.ts';
export { createCall } from './api/call.ts';
export type { CatalogueClient, CatalogueClientOptions } from './api/catalogue-client.ts';
export { CATALOGUE_TIMEOUT_MS, createCatalogueClient } from './api/catalogue-client.ts';
// ---------------------------------------------------------------- shopper checkout
export type { CheckoutClient, CheckoutClientOptions, SimulatorQuery } from './api/checkout-client.ts';
export { createCheckoutClient, loadHighlightStores } from './api/checkout-client.ts';
export type {
  AdminClient,
  ClientOptions,
  CustomerClient,
  MerchantClient,
  PortalClient,
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
  generateCnpj,
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
  firstStepContext,
  firstStepPath,
  initialMachineContext,
  parseFirstStepResponse,
} from './checkout/first-step.ts';
export type {
  CheckoutEvent,
  CheckoutFailure,
  CheckoutMachine,
  CheckoutMachineContext,
  CheckoutMachineInput,
  CheckoutMachineOptions,
  CheckoutMachineOutput,
  CheckoutNotice,
  CheckoutOperation,
} from './checkout/machine.ts';
export {
  ANALYSIS_DURATION_MS,
  CHECKOUT_ANALYTICS_EVENTS,
  CheckoutRequestError,
  COUNTDOWN_TICK_MS,
  createCheckoutMachine,
  DRIP_TOKEN_LENGTH,
  firesFailureEvent,
  isCompleteToken,
  POLL_INTERVAL_MS,
  RESEND_COOLDOWN_MS,
  shouldReportFailure,
} from './checkout/machine.ts';
export type { DenialView, InstalmentChoice } from './checkout/messages.ts';
export {
  cashbackCaption,
  checkoutStepMessages,
  checkoutToasts,
  DENIAL_TITLES,
  denialView,
  instalmentChoice,
  instalmentOptions,
  instalmentsPhrase,
} from './checkout/messages.ts';
export type { CheckoutState, CheckoutStep, StepInputs } from './checkout/state.ts';
export {
  activePixPayment,
  CHECKOUT_STEPS,
  deriveStep,
  initialCheckoutState,
  isPixExpired,
  isPixPastRealExpiry,
  PIX_COUNTDOWN_DEFAULT_MS,
  PIX_EXPIRY_SAFETY_MARGIN_MS,
  PIX_STEPS,
  pixDisplayDeadline,
  reduceResponse,
  shouldApplyPoll,
  stepNumber,
  upfrontStatusOf,
} from './checkout/state.ts';
export { copyText } from './clipboard.ts';
export * from './contract/admin-customer-update.ts';
export * from './contract/admin-customers.ts';
export { AdminHistoryEntry } from './contract/admin-history.ts';
export * from './contract/admin-merchants.ts';
export {
  AdminOrderCheckout,
  AdminOrderCustomer,
  AdminOrderDetails,
  AdminOrderIdParam,
  AdminOrderInstalment,
  adminOrderDetailsMessages,
} from './contract/admin-order-details.ts';
export * from './contract/admin-orders-list.ts';
export * from './contract/admin-pgf.ts';
export * from './contract/admin-risk.ts';
export {
  AccessClaims,
  AdminLoginRequest,
  AdminUpdateUserRequest,
  AdminUser,
  ApiErrorBody,
  Audience,
  CpfDigits,
  CUSTOMER_RECOVERY_PHONE_INVALID,
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
export type {
  BrazilianState,
  CheckoutUpdateKind,
  CustomerFieldName,
  FieldName,
} from './contract/checkout.ts';
export {
  BRAZILIAN_STATES,
  CancelCheckoutResponse,
  CepLookupResponse,
  CHECKOUT_API,
  CHECKOUT_LIMITS,
  CHECKOUT_RESULTS,
  CHECKOUT_STATUSES,
  CheckoutFeedbackRequest,
  CheckoutField,
  CheckoutInstalment,
  CheckoutProduct,
  CheckoutResponse,
  CheckoutResult,
  CheckoutStatus,
  CheckoutUpdateRequest,
  ConfirmCheckoutRequest,
  CreateCheckoutRequest,
  CreateCheckoutResponse,
  CUSTOMER_FIELD_NAMES,
  CustomerCpf,
  CustomerDataRequest,
  CustomerPhone,
  checkoutFormMessages,
  checkoutPaths,
  checkoutUpdateKind,
  DEFAULT_UPFRONT_PAYMENT_STATUS,
  DENIAL_REASONS,
  DenialReason,
  FEEDBACK_REASONS,
  FIELD_NAMES,
  FirstInstalmentDateRequest,
  InstalmentOption,
  InstalmentSelectionData,
  InstalmentSelectionRequest,
  InstalmentsSimulatorQuery,
  InstalmentsSimulatorResponse,
  IsoDateString,
  IsoInstant,
  KoVariables,
  LoadCheckoutRequest,
  MAX_INSTALMENTS,
  MerchantCheckoutView,
  MerchantSummary,
  NonNegativeReais,
  NotifyPixResponse,
  PhoneOnlyRequest,
  PhoneVerificationData,
  PixPayment,
  PositiveReais,
  Reais,
  ResendTokenRequest,
  SubmitTokenRequest,
  UPFRONT_PAYMENT_STATUSES,
  UpdateWaitlistRequest,
  UpdateWaitlistResponse,
  UpfrontPaymentStatus,
  VERIFICATION_CHANNEL_LABELS,
  VERIFICATION_CHANNELS,
  VerificationChannel,
  WAITLIST_STATUSES,
  WaitlistStatus,
} from './contract/checkout.ts';
export { CHECKOUT_STATUS_LABELS, UPFRONT_PAYMENT_STATUS_LABELS } from './contract/checkout-statuses.ts';
export type { HighlightStore } from './contract/highlight-stores.ts';
export { issueMessage, issuePath, isValibotDefaultMessage } from './contract/issue-messages.ts';
export {
  DeadTask,
  DeadTasks,
  DeadTasksQuery,
  QUEUE_NAMES,
  type QueueName,
  RetriedTask,
} from './contract/jobs.ts';
export * from './contract/merchant-sales.ts';
export type { MerchantRiskFlags, MerchantRiskIssue } from './contract/merchants.ts';
export {
  EmbedDomains,
  EmbedDomainsRequest,
  MAX_EMBED_DOMAINS,
  MerchantRiskSettings,
  merchantPaths,
  merchantRiskFlagsIssues,
  merchantRiskMessages,
  setSkipOrderAmountRule,
  toEmbedOrigin,
} from './contract/merchants.ts';
export type {
  InstalmentStatus,
  OrderStatus,
  PaymentStatus,
} from './contract/orders.ts';
export {
  CustomerInstalment,
  CustomerInstalmentProduct,
  CustomerOrderDetails,
  CustomerOrderPage,
  CustomerOrderSummary,
  INSTALMENT_STATUSES,
  InstalmentDetails,
  InstalmentPayment,
  InstalmentStatusEvent,
  ORDER_STATUSES,
  OrderProductView,
  orderPaths,
  PAYMENT_STATUSES,
  PageQuery,
  PRODUCT_STATUSES,
  pageOf,
  StartNegotiationRequest,
  StartNegotiationResponse,
  UniquePayment,
} from './contract/orders.ts';
export { ADMIN_API, CUSTOMER_API, MERCHANT_API, paths } from './contract/paths.ts';
export * from './contract/promotions.ts';
export {
  MerchantOrder,
  MerchantOrderPage,
  MerchantOrderSummary,
  OrderRefund,
  PartialRefundRequest,
  ProductRefundRequest,
  REFUND_STATUSES,
  REFUND_TYPES,
  RefundRequested,
  refundMessages,
} from './contract/refunds.ts';
export {
  ADMIN_DENIAL_LABELS,
  adminDenialLabel,
  MERCHANT_KO_REASONS,
  MerchantKoReason,
  merchantKoReason,
  REFUSAL_GROUP_LABELS,
  REFUSAL_GROUPS,
  type RefusalGroup,
  refusalGroupOf,
  refusalReasonLabel,
} from './contract/refusal-groups.ts';
export type { SettlementPeriod, TransferStatus } from './contract/settlements.ts';
export {
  isExportableMonth,
  monthRange,
  SETTLEMENT_PERIODS,
  SettlementBigNumbers,
  SettlementBigNumbersQuery,
  SettlementDay,
  SettlementExportQuery,
  SettlementOrder,
  SettlementPage,
  SettlementsQuery,
  SettlementTransfer,
  SettlementTransferDate,
  settlementExportFileName,
  settlementMessages,
  settlementPeriodLabels,
  settlementPeriodRange,
  TRANSFER_STATUSES,
} from './contract/settlements.ts';
export { SHOPPER_KO_REASONS, type ShopperKoReason, shopperKoReason } from './contract/shopper-ko-reason.ts';
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
export type {
  CheckoutChildMethods,
  CheckoutLifecycleEvent,
  CheckoutLifecycleEventType,
  CheckoutParentMethods,
  EmbedCheckoutStep,
  EmbedErrorCode,
  WidgetChildMethods,
  WidgetEvent,
  WidgetEventType,
  WidgetParentMethods,
} from './embed/penpal-protocol.ts';
export {
  CHECKOUT_CHANNEL,
  EMBED_CHECKOUT_STEPS,
  EMBED_ERROR_CODES,
  EMBED_PROTOCOL_VERSION,
  isCheckoutLifecycleEvent,
  isWidgetEvent,
  WIDGET_CHANNEL,
} from './embed/penpal-protocol.ts';
export type {
  CheckoutEmbedMessageType,
  EmbedFinishedStatus,
} from './embed/protocol.ts';
export {
  CheckoutEmbedMessage,
  EMBED_FINISHED_STATUSES,
  EMBED_MESSAGE_SOURCE,
  embedMessage,
  PROTOCOL_VERSION,
  parseEmbedMessage,
} from './embed/protocol.ts';
// ---------------------------------------------------------------- the endpoint table
export * from './endpoints/index.ts';
export type { UsernameKind } from './messages.ts';
export {
  adminLoginError,
  adminMessages,
  adminProfileError,
  authMessages,
  customerLoginError,
  customerMessages,
  DRIP_SUPPORT_EMAIL,
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
export type { PhoneCountry, PhoneProblem, ShopperPhone } from './phone.ts';
export {
  callingCodeOf,
  DEFAULT_PHONE_COUNTRY,
  formatShopperPhoneInput,
  INTERNATIONAL_PHONE_MAX_LENGTH,
  nationalDigitsOf,
  normalizeShopperPhone,
  PREFERRED_PHONE_COUNTRIES,
  parseShopperPhone,
  phoneCountries,
} from './phone.ts';
export type { PlanAmountsInput, PlanInput, PlannedAmount, PlannedInstalment } from './plan.ts';
export {
  DAYS_BETWEEN_INSTALMENTS,
  MIN_AMOUNT_TO_PAY,
  planAmounts,
  planInstalments,
  spreadCashback,
} from './plan.ts';
