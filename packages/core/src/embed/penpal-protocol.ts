/**
 * The Penpal protocol between a merchant page (the SDK, parent) and the Drip pages it frames (children):
 * the hosted checkout `/checkouts/{id}?transparent=true` and the widgets `/drip_banner` and `/drip-modal`.
 * Typed once here so that the SDK and checkout-ui agree at compile time. Core knows no DOM and no Penpal: these are
 * types, constants and small runtime guards (the parent validates every event it receives with them, because
 * what crosses a frame is `unknown`).
 *
 * Connection (both sides use Penpal 7 `connect` with a `WindowMessenger`):
 * - parent: `remoteWindow: iframe.contentWindow`, `allowedOrigins: [checkoutOrigin]`, `channel` below,
 *   `methods: ParentMethods`; child: `remoteWindow: window.parent`, `allowedOrigins: ['*']` (any merchant page; the
 *   server's `frame-ancestors` decides who may frame it), same channel, `methods: CheckoutChildMethods`.
 * - Once connected, the parent calls `protocolVersion()` on the child; a different number makes the parent emit
 *   `{ type: 'error', code: 'PROTOCOL_VERSION_MISMATCH' }` and end the session (no crash). Events the child emits
 *   before the check are held and delivered after it.
 * - The child reports everything with `parent.emit(event)`; Escape pressed inside the frame is the child's to handle
 *   (emit `close`), since key presses in a cross-origin frame never reach the parent.
 */
import { EMBED_FINISHED_STATUSES, type EmbedFinishedStatus, PROTOCOL_VERSION } from './protocol.ts';

export type { EmbedFinishedStatus };

/** The protocol version both sides must agree on (the same number as the postMessage envelope's). */
export const EMBED_PROTOCOL_VERSION: typeof PROTOCOL_VERSION = PROTOCOL_VERSION;

/** Penpal channels, so that a checkout and a widget on one page never cross-talk. */
export const CHECKOUT_CHANNEL = 'drip-checkout';
export const WIDGET_CHANNEL = 'drip-widget';

/**
 * The step names of the `step` event: the checkout machine's steps (`CheckoutStep`), restated here because the
 * protocol is a public contract that must not change when the machine's internals do. A type test keeps them
 * equal.
 */
export const EMBED_CHECKOUT_STEPS = [
  'loading',
  'insight',
  'phoneForm',
  'form',
  'token',
  'analysis',
  'instalmentSelection',
  'confirmation',
  'pixVerification',
  'firstInstalmentPix',
  'fullAmountPayment',
  'approved',
  'denied',
] as const;
export type EmbedCheckoutStep = (typeof EMBED_CHECKOUT_STEPS)[number];

/** Error codes of the `error` event: from the SDK (first two) or from the hosted checkout. */
export const EMBED_ERROR_CODES = [
  'PROTOCOL_VERSION_MISMATCH',
  'CONNECTION_FAILED',
  'CHECKOUT_NOT_FOUND',
  'CHECKOUT_LOAD_FAILED',
  'UNEXPECTED',
] as const;
export type EmbedErrorCode = (typeof EMBED_ERROR_CODES)[number];

/**
 * Everything a merchant page hears about an embedded checkout, as one union on `type`:
 * - `open`: the checkout page loaded (spec 2.5 "open checkout").
 * - `ready`: the first step is on screen.
 * - `step`: the shopper reached a step (`stepNumber` is the 1–3 progress shown, null where none is shown).
 * - `resize`: the content height in CSS pixels (the modal may follow it).
 * - `finished`: the final result (spec 2.5): OK with the resolveUrl, KO with the cancelUrl (or null). An approval
 *   is `finished` only for a merchant on the auto-redirect list and unless the checkout URL has `finished=true`.
 * - `completed`: the approval otherwise (spec 2.5 "finished or completed"). The purchase is done but the
 *   checkout stays on its approved page (the way to the customer portal) until the shopper closes it.
 * - `expired`: the checkout expired before it was finished.
 * - `error`: something went wrong (`code` above, `message` for logs, not for shoppers).
 * - `close`: the checkout was closed (the × inside it, Escape, the SDK's close button, or `handle.close()`).
 */
export type CheckoutLifecycleEvent =
  | { type: 'open' }
  | { type: 'ready' }
  | { type: 'step'; step: EmbedCheckoutStep; stepNumber: number | null }
  | { type: 'resize'; height: number }
  | { type: 'finished'; status: EmbedFinishedStatus; url: string | null }
  | { type: 'completed'; status: 'OK'; url: string | null }
  | { type: 'expired' }
  | { type: 'error'; code: EmbedErrorCode; message: string }
  | { type: 'close' };
export type CheckoutLifecycleEventType = CheckoutLifecycleEvent['type'];

/** What the promotional widgets (`/drip_banner`, `/drip-modal`) report (spec 2.5: clickOnLogo, clickOnLink,
 * clickOnClose) plus `resize`, so that the frame takes its content's height. */
export type WidgetEvent =
  | { type: 'clickOnLogo' }
  | { type: 'clickOnLink' }
  | { type: 'clickOnClose' }
  | { type: 'resize'; height: number };
export type WidgetEventType = WidgetEvent['type'];

// Type aliases, not interfaces: Penpal's `Methods` constraint needs their implicit index signature.
/** Methods the parent (the SDK on the merchant page) exposes to the hosted checkout. */
export type CheckoutParentMethods = {
  emit(event: CheckoutLifecycleEvent): void;
};
/** Methods the hosted checkout exposes to the parent. */
export type CheckoutChildMethods = {
  protocolVersion(): number;
};
/** Methods the parent exposes to a widget page. */
export type WidgetParentMethods = {
  emit(event: WidgetEvent): void;
};
/** Methods a widget page exposes to the parent. */
export type WidgetChildMethods = {
  protocolVersion(): number;
};

type Fields = { [key: string]: unknown };

function isObject(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null;
}

function isHeight(value: unknown): value is number {
  return typeof value === 'number' && value >= 0 && value < Number.POSITIVE_INFINITY;
}

function includes<T extends string>(list: readonly T[], value: unknown): value is T {
  return list.some((item) => item === value);
}

/** Whether `value` is a well-formed checkout lifecycle event (the parent ignores anything else). */
export function isCheckoutLifecycleEvent(value: unknown): value is CheckoutLifecycleEvent {
  if (!isObject(value)) return false;
  switch (value.type) {
    case 'open':
    case 'ready':
    case 'expired':
    case 'close':
      return true;
    case 'step':
      return (
        includes(EMBED_CHECKOUT_STEPS, value.step) &&
        (value.stepNumber === null || Number.isInteger(value.stepNumber))
      );
    case 'resize':
      return isHeight(value.height);
    case 'finished':
      return (
        includes(EMBED_FINISHED_STATUSES, value.status) &&
        (value.url === null || typeof value.url === 'string')
      );
    case 'completed':
      return value.status === 'OK' && (value.url === null || typeof value.url === 'string');
    case 'error':
      return includes(EMBED_ERROR_CODES, value.code) && typeof value.message === 'string';
  }
  return false;
}

/** Whether `value` is a well-formed widget event. */
export function isWidgetEvent(value: unknown): value is WidgetEvent {
  if (!isObject(value)) return false;
  switch (value.type) {
    case 'clickOnLogo':
    case 'clickOnLink':
    case 'clickOnClose':
      return true;
    case 'resize':
      return isHeight(value.height);
  }
  return false;
}
