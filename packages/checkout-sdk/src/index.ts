// @drip/checkout-sdk: nothing runs at import time.
export { type CheckoutUrlOptions, checkoutUrl, redirectToCheckout } from './checkout-url.ts';
