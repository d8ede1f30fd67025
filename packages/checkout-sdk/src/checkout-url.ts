/** Where the hosted checkout of a checkout id lives (spec 2.1: /checkouts/{id}?transparent=true|false). */
export interface CheckoutUrlOptions {
  /** Origin of the Drip checkout, e.g. 'https://checkout.drip.com.br' or the sandbox 'http://localhost:3000'. */
  checkoutOrigin: string;
  /** true when embedded in the SDK's iframe modal. */
  transparent?: boolean;
}

/** The origin of `checkoutOrigin`; throws a TypeError that says what to pass when it is not an absolute URL. */
export function originOf(checkoutOrigin: string): string {
  try {
    return new URL(checkoutOrigin).origin;
  } catch {
    throw new TypeError('Drip: checkoutOrigin must be an absolute URL, e.g. https://checkout.drip.com.br');
  }
}

export function checkoutUrl(checkoutId: string, options: CheckoutUrlOptions): string {
  if (!checkoutId.trim()) {
    throw new TypeError('Drip: pass the checkout id from POST /api/v1/merchant/checkouts.');
  }
  const url = new URL(`/checkouts/${encodeURIComponent(checkoutId)}`, originOf(options.checkoutOrigin));
  url.searchParams.set('transparent', String(options.transparent ?? false));
  return url.toString();
}

/**
 * Redirect mode: the shopper leaves the store for the hosted checkout and comes back through the checkout's
 * resolveUrl / cancelUrl. Does nothing on the server (no window) and returns false there.
 */
export function redirectToCheckout(
  checkoutId: string,
  options: CheckoutUrlOptions,
  location: Pick<Location, 'assign'> | undefined = typeof window === 'undefined'
    ? undefined
    : window.location,
): boolean {
  if (!location) return false;
  location.assign(checkoutUrl(checkoutId, { ...options, transparent: false }));
  return true;
}
