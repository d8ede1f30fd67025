/**
 * Promotional widgets (spec 2.5): the banner `/drip_banner?amount=&cashback_rate=` inline in an element of the
 * merchant page, and the explainer `/drip-modal?cashback_rate=` as a modal. Both surface `clickOnLogo`,
 * `clickOnLink` and `clickOnClose`, and their frame takes its content's height (`resize`).
 */
import { isWidgetEvent, WIDGET_CHANNEL, type WidgetEvent } from '@drip/core';
import { originOf } from './checkout-url.ts';
import { connectFrame, type FrameConnection } from './connect.ts';
import { createFrame, hasDom, type Modal, openModal } from './dom.ts';

export type { WidgetEvent };

export interface WidgetOptions {
  /** Origin of the Drip pages, e.g. 'https://checkout.drip.com.br'. */
  checkoutOrigin: string;
  /** Cashback as a fraction (0.05 = 5 %), as the API's cashbackRate. Default 0. */
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

function widgetUrl(path: string, options: WidgetOptions, amount?: number): string {
  const rate = options.cashbackRate ?? 0;
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

/** Embeds the banner in `element` (it fills the width). Returns null on the server. */
export function mountBanner(element: HTMLElement, options: BannerOptions): WidgetHandle | null {
  if (!hasDom()) return null;
  const frame = createFrame(widgetUrl(BANNER_PATH, options, options.amount), 'Drip');
  if (!element.isConnected) throw new TypeError('Drip: mount into an element that is in the document.');
  frame.style.height = '0';
  element.append(frame);
  const connection = connectWidget(frame, options, (event) => {
    if (event.type === 'resize') frame.style.height = `${Math.ceil(event.height)}px`;
    options.onEvent?.(event);
  });
  return {
    destroy() {
      connection.destroy();
      frame.remove();
    },
  };
}

/**
 * Opens the explainer ("how Drip works") as a modal appended to `container` (default document.body); it closes
 * on its own close button (`clickOnClose`), Escape, or `destroy()`. Returns null on the server.
 */
export function mountExplainer(container: HTMLElement | null, options: WidgetOptions): WidgetHandle | null {
  if (!hasDom()) return null;
  let modal: Modal | null = null;
  let open = true;
  const destroy = () => {
    open = false;
    connection.destroy();
    modal?.remove();
  };
  const close = () => {
    if (!open) return;
    destroy();
    options.onEvent?.({ type: 'clickOnClose' });
  };
  modal = openModal({
    src: widgetUrl('/drip-modal', options),
    label: 'Drip',
    onRequestClose: close,
    container,
  });
  const connection = connectWidget(modal.frame, options, (event) => {
    if (event.type === 'resize') modal?.setHeight(event.height);
    if (event.type === 'clickOnClose') close();
    else options.onEvent?.(event);
  });
  return { destroy };
}
