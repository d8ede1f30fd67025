// The public routes of spec section 2.1 that the checkout app owns, matched without a router library to keep the
// shopper's first load small.
export type PublicRoute =
  | { name: 'checkout'; checkoutId: string }
  | { name: 'checkoutFeedback'; checkoutId: string }
  | { name: 'banner' }
  | { name: 'explainer' }
  | { name: 'simulator' }
  | { name: 'appDownload' }
  | { name: 'renegotiation' }
  | { name: 'instalmentPayment'; instalmentId: string }
  | { name: 'notFound' };

const patterns: [RegExp, (m: RegExpMatchArray) => PublicRoute][] = [
  [/^\/checkouts\/([^/]+)\/?$/, (m) => ({ name: 'checkout', checkoutId: decodeURIComponent(m[1] ?? '') })],
  [
    /^\/checkout-feedback\/([^/]+)\/?$/,
    (m) => ({ name: 'checkoutFeedback', checkoutId: decodeURIComponent(m[1] ?? '') }),
  ],
  [/^\/drip_banner\/?$/, () => ({ name: 'banner' })],
  [/^\/drip-modal\/?$/, () => ({ name: 'explainer' })],
  [/^\/instalments_simulator\/?$/, () => ({ name: 'simulator' })],
  [/^\/app-download\/?$/, () => ({ name: 'appDownload' })],
  [/^\/renegociacao\/?$/, () => ({ name: 'renegotiation' })],
  [
    /^\/pagamento\/([^/]+)\/?$/,
    (m) => ({ name: 'instalmentPayment', instalmentId: decodeURIComponent(m[1] ?? '') }),
  ],
];

export function matchRoute(pathname: string): PublicRoute {
  for (const [pattern, build] of patterns) {
    const m = pathname.match(pattern);
    if (m) return build(m);
  }
  return { name: 'notFound' };
}

/** Spec 2.1: 'Drip - Checkout' on checkout routes, otherwise the brand title. */
export function pageTitle(route: PublicRoute): string {
  return route.name === 'checkout' || route.name === 'checkoutFeedback' ? 'Drip - Checkout' : 'Drip';
}

export type MobileOs = 'ANDROID' | 'IOS' | null;

/** Spec 2.5 "App download": the mobile OS from the user agent. */
export function detectMobileOs(userAgent: string): MobileOs {
  if (/android/i.test(userAgent)) return 'ANDROID';
  if (/iphone|ipad|ipod/i.test(userAgent)) return 'IOS';
  return null;
}

/** `?transparent=true` (spec 2.1): embedded in the SDK's iframe; anything else is redirect mode. */
export function isTransparent(search: string): boolean {
  return new URLSearchParams(search).get('transparent') === 'true';
}

/**
 * `?finished=true` (spec 2.5 "Approved"): the merchant page handles the end of the purchase itself, so an
 * approval is announced as `completed`, never `finished`.
 */
export function isFinishedQuery(search: string): boolean {
  return new URLSearchParams(search).get('finished') === 'true';
}
