/**
 * Promotional widgets (spec 2.5): the banner `/drip_banner?amount=&cashback_rate=` inline in an element of the
 * merchant page, and the explainer `/drip-modal?cashback_rate=` as a modal. Both surface `clickOnLogo`,
 * `clickOnLink` and `clickOnClose`, and their frame takes its content's height (`resize`).
 *
 * With `merchantId` the cashback they promise is the merchant's real rate, read from Drip first (`terms.ts`): a
 * rate typed into the page drifts from the checkout's. If the terms cannot be read the widget is not shown (a
 * promise Drip cannot confirm is worse than none) and the reason goes to the console.
 */
import { isWidgetEvent, WIDGET_CHANNEL, type WidgetEvent } from '@drip/core';
import { originOf } from './checkout-url.ts';
import { connectFrame, type FrameConnection } from './connect.ts';
import { createFrame, hasDom, type Modal, openModal, setFrameHeight } from './dom.ts';
import { fetchMerchantTerms } from './terms.ts';

export type { WidgetEvent };

export interface WidgetOptions {
  /** Origin of the Drip pages, e.g. 'https://checkout.drip.com.br'. */
  checkoutOrigin: string;
  /**
   * The merchant's id at Drip: the widget shows this merchant's real cashback rate, read from Drip (recommended;
   * then do not pass `cashbackRate`).
   */
  merchantId?: string;
  /** Without `merchantId`: cashback as a fraction (0.05 = 5 %), as the API's cashbackRate. Default 0. */
  cashbackRate?: number;
  onEvent?: (event: WidgetEvent) => void;
}

export interface BannerOptions extends WidgetOptions {
  /** Order amount in reais (e.g. 299.9); the banner shows 3 instalments of it. */
  amount: number;
}

export interface WidgetHandle {
  /** Removes the widget. Safe to call twice. */
  destroy(): void;
}

const BANNER_PATH = '/drip_banner';

/** Throws what a merchant would get wrong before anything is fetched or mounted. */
function checkOptions(options: WidgetOptions): void {
  if (options.merchantId !== undefined && options.cashbackRate !== undefined) {
    throw new TypeError('Drip: pass merchantId (the rate is read from Drip) or cashbackRate, not both.');
  }
  originOf(options.checkoutOrigin);
}

function widgetUrl(path: string, options: WidgetOptions, rate: number, amount?: number): string {
  if (!(typeof rate === 'number' && rate >= 0 && rate < 1)) {
    throw new TypeError('Drip: cashbackRate is a fraction, e.g. 0.05 for 5 %.');
  }
  const url = new URL(path, originOf(options.checkoutOrigin));
  if (path === BANNER_PATH) {
    if (!(typeof amount === 'number' && amount > 0 && amount < Number.POSITIVE_INFINITY)) {
      throw new TypeError('Drip: amount is the order total in reais, e.g. 299.9.');
    }
    url.searchParams.set('amount', amount.toFixed(2));
  }
  url.searchParams.set('cashback_rate', String(rate));
  return url.toString();
}

function connectWidget(
  frame: HTMLIFrameElement,
  options: WidgetOptions,
  onEvent: (event: WidgetEvent) => void,
): FrameConnection {
  return connectFrame({
    frame,
    allowedOrigin: originOf(options.checkoutOrigin),
    channel: WIDGET_CHANNEL,
    onEmit(event) {
      if (isWidgetEvent(event)) onEvent(event);
    },
    onFailure(_reason, message) {
      // The widget still shows; it just cannot report clicks or size.
      console.error(message);
    },
  });
}

/**
 * Calls `mount(rate)` with the cashback rate to show: the given one at once, or the merchant's real one once Drip
 * has answered. Returns a cancel function (nothing is mounted after it).
 */
function withRate(
  options: WidgetOptions,
  amount: number | undefined,
  mount: (rate: number) => void,
): () => void {
  if (options.merchantId === undefined) {
    mount(options.cashbackRate ?? 0);
    return () => {};
  }
  const abort = new AbortController();
  fetchMerchantTerms(options.merchantId, {
    checkoutOrigin: options.checkoutOrigin,
    ...(amount === undefined ? {} : { amount }),
    signal: abort.signal,
  }).then(
    (terms) => {
      if (!abort.signal.aborted) mount(terms.cashbackRate);
    },
    (error: unknown) => {
      if (!abort.signal.aborted) console.error(error instanceof Error ? error.message : String(error));
    },
  );
  return () => abort.abort();
}

/**
 * Embeds the banner in `element` (it fills the width). With `merchantId` it appears once the merchant's terms
 * have been read. Returns null on the server.
 */
export function mountBanner(element: HTMLElement, options: BannerOptions): WidgetHandle | null {
  if (!hasDom()) return null;
  checkOptions(options);
  // Checked now (a TypeError at the call, not later): the amount and, without merchantId, the rate.
  widgetUrl(BANNER_PATH, options, options.cashbackRate ?? 0, options.amount);
  if (!element.isConnected) throw new TypeError('Drip: mount into an element that is in the document.');
  let frame: HTMLIFrameElement | null = null;
  let connection: FrameConnection | null = null;
  let destroyed = false;
  const cancel = withRate(options, options.amount, (rate) => {
    if (destroyed || !element.isConnected) return;
    const mounted = createFrame(widgetUrl(BANNER_PATH, options, rate, options.amount), 'Drip', 'height:0');
    frame = mounted;
    element.append(mounted);
    connection = connectWidget(mounted, options, (event) => {
      if (event.type === 'resize') setFrameHeight(mounted, `${Math.ceil(event.height)}px`);
      options.onEvent?.(event);
    });
  });
  return {
    destroy() {
      destroyed = true;
      cancel();
      connection?.destroy();
      frame?.remove();
    },
  };
}

/**
 * Opens the explainer ("how Drip works") as a modal appended to `container` (default document.body); it closes
 * on its own close button (`clickOnClose`), Escape, or `destroy()`. With `merchantId` it opens once the merchant's
 * terms have been read. Returns null on the server.
 */
export function mountExplainer(container: HTMLElement | null, options: WidgetOptions): WidgetHandle | null {
  if (!hasDom()) return null;
  checkOptions(options);
  widgetUrl('/drip-modal', options, options.cashbackRate ?? 0);
  let modal: Modal | null = null;
  let connection: FrameConnection | null = null;
  let open = true;
  const destroy = () => {
    open = false;
    cancel();
    connection?.destroy();
    modal?.remove();
  };
  const close = () => {
    if (!open) return;
    destroy();
    options.onEvent?.({ type: 'clickOnClose' });
  };
  const cancel = withRate(options, undefined, (rate) => {
    if (!open) return;
    const shown = openModal({
      src: widgetUrl('/drip-modal', options, rate),
      label: 'Drip',
      onRequestClose: close,
      container,
    });
    modal = shown;
    connection = connectWidget(shown.frame, options, (event) => {
      if (event.type === 'resize') shown.setHeight(event.height);
      if (event.type === 'clickOnClose') close();
      else options.onEvent?.(event);
    });
  });
  return { destroy };
}
