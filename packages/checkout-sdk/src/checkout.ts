/**
 * openCheckout: the hosted checkout in an iframe modal (transparent=true) or by redirect (transparent=false).
 * Nothing runs at import time; on the server (no window) it returns null, like Stripe's loader.
 */
import {
  CHECKOUT_CHANNEL,
  type CheckoutLifecycleEvent,
  type EmbedErrorCode,
  type EmbedFinishedStatus,
  isCheckoutLifecycleEvent,
} from '@drip/core';
import { checkoutUrl, originOf } from './checkout-url.ts';
import { connectFrame } from './connect.ts';
import { hasDom, type Modal, navigate, openModal } from './dom.ts';

export type CheckoutMode = 'modal' | 'redirect';

/** Every event of an embedded checkout (see the README's event reference). */
export type CheckoutEvent = CheckoutLifecycleEvent;
export type CheckoutEventType = CheckoutEvent['type'];

/**
 * How a checkout session ended, for `handle.result`:
 * - `OK` / `KO`: the checkout finished (spec 2.5 `finished`), with the resolveUrl / cancelUrl (or null);
 * - `CLOSED`: closed before finishing (the shopper, `close()` or `destroy()`);
 * - `EXPIRED`: the checkout expired;
 * - `ERROR`: the session could not go on (e.g. protocol version mismatch);
 * - `REDIRECTED`: the browser is going to the hosted checkout (redirect mode, or the modal fell back to it because
 *   the frame could not load); the shopper comes back through resolveUrl / cancelUrl.
 */
export type CheckoutOutcome =
  | { status: EmbedFinishedStatus; url: string | null }
  | { status: 'CLOSED' }
  | { status: 'EXPIRED' }
  | { status: 'ERROR'; code: EmbedErrorCode; message: string }
  | { status: 'REDIRECTED'; url: string; reason: 'requested' | 'frame-unavailable' };
export type CheckoutOutcomeStatus = CheckoutOutcome['status'];

export interface OpenCheckoutOptions {
  mode: CheckoutMode;
  /** Origin of the Drip checkout, e.g. 'https://checkout.drip.com.br' (sandbox: 'http://localhost:3000'). */
  checkoutOrigin: string;
  /** Every event, as it happens. */
  onEvent?: (event: CheckoutEvent) => void;
  /** Modal mode: how long the frame may take to connect before falling back. Default 10 000 ms. */
  connectTimeoutMs?: number;
  /** Modal mode: redirect when the frame cannot load (CSP, X-Frame-Options, time-out). Default true. */
  fallbackToRedirect?: boolean;
  /** Where the modal is appended. Default document.body. */
  container?: HTMLElement | null;
}

export interface CheckoutHandle {
  /** Settles once, with how the session ended. */
  result: Promise<CheckoutOutcome>;
  /** Closes the modal as the shopper would: emits `close`, result `CLOSED` unless already settled. */
  close(): void;
  /** Removes the modal silently (no event), result `CLOSED` unless already settled. Safe to call twice. */
  destroy(): void;
}

export const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;

// One checkout modal per page: opening another one destroys the previous one.
let active: CheckoutHandle | null = null;

export function openCheckout(checkoutId: string, options: OpenCheckoutOptions): CheckoutHandle | null {
  if (!hasDom()) return null;
  const { checkoutOrigin, onEvent } = options;
  if (options.mode !== 'modal' && options.mode !== 'redirect') {
    throw new TypeError("Drip: openCheckout's mode must be 'modal' or 'redirect'.");
  }
  const redirectUrl = checkoutUrl(checkoutId, { checkoutOrigin, transparent: false });
  // A promise settles once: later outcomes are ignored.
  let settle: (outcome: CheckoutOutcome) => void = () => {};
  const result = new Promise<CheckoutOutcome>((resolve) => {
    settle = resolve;
  });

  active?.destroy();
  if (options.mode === 'redirect') {
    navigate(redirectUrl);
    settle({ status: 'REDIRECTED', url: redirectUrl, reason: 'requested' });
    return { result, close() {}, destroy() {} };
  }

  let modal: Modal | null = null;
  let ended = false;
  const emit = (event: CheckoutEvent) => onEvent?.(event);
  const end = (outcome: CheckoutOutcome, closeEvent: boolean) => {
    if (ended) return;
    ended = true;
    connection.destroy();
    modal?.remove();
    if (active === handle) active = null;
    if (closeEvent) emit({ type: 'close' });
    settle(outcome);
  };
  const handle: CheckoutHandle = {
    result,
    close: () => end({ status: 'CLOSED' }, true),
    destroy: () => end({ status: 'CLOSED' }, false),
  };
  modal = openModal({
    src: checkoutUrl(checkoutId, { checkoutOrigin, transparent: true }),
    label: 'Checkout Drip',
    onRequestClose: handle.close,
    container: options.container,
  });
  const connection = connectFrame({
    frame: modal.frame,
    allowedOrigin: originOf(checkoutOrigin),
    channel: CHECKOUT_CHANNEL,
    timeoutMs: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
    onEmit(event) {
      if (!isCheckoutLifecycleEvent(event) || ended) return;
      if (event.type === 'close') {
        // After this call returns, so that the child's emit() gets its reply before the connection goes.
        setTimeout(() => end({ status: 'CLOSED' }, true));
        return;
      }
      if (event.type === 'resize') modal?.setHeight(event.height);
      emit(event);
      // `completed` is an approval too (spec 2.5 "finished or completed"): the shopper closing the approved step
      // afterwards must not turn a purchase into CLOSED.
      if (event.type === 'finished' || event.type === 'completed')
        settle({ status: event.status, url: event.url });
      if (event.type === 'expired') settle({ status: 'EXPIRED' });
    },
    onFailure(reason, message) {
      if (reason === 'unavailable' && options.fallbackToRedirect !== false) {
        end({ status: 'REDIRECTED', url: redirectUrl, reason: 'frame-unavailable' }, false);
        navigate(redirectUrl);
        return;
      }
      const code = reason === 'unavailable' ? 'CONNECTION_FAILED' : 'PROTOCOL_VERSION_MISMATCH';
      emit({ type: 'error', code, message });
      end({ status: 'ERROR', code, message }, false);
    },
  });
  active = handle;
  return handle;
}
