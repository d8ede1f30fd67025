// @drip/checkout-sdk: nothing runs at import time; every function returns null on the server.
export type { EmbedCheckoutStep as CheckoutStep, EmbedErrorCode as CheckoutErrorCode } from '@drip/core';
export type {
  CheckoutEvent,
  CheckoutEventType,
  CheckoutHandle,
  CheckoutMode,
  CheckoutOutcome,
  CheckoutOutcomeStatus,
  OpenCheckoutOptions,
} from './checkout.ts';
export { DEFAULT_CONNECT_TIMEOUT_MS, openCheckout } from './checkout.ts';
export { type CheckoutUrlOptions, checkoutUrl, redirectToCheckout } from './checkout-url.ts';
export { fetchMerchantTerms, type MerchantTerms, type MerchantTermsOptions } from './terms.ts';
export type { BannerOptions, WidgetEvent, WidgetHandle, WidgetOptions } from './widgets.ts';
export { mountBanner, mountExplainer } from './widgets.ts';
