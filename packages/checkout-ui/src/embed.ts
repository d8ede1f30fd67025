/**
 * Transparent (embedded) mode: the checkout runs in the SDK's iframe and tells the merchant page what happens
 * through `postMessage` (spec 2.5). Outgoing events only; the message types live in core (`embed/protocol`).
 * The only module that touches `window.parent`.
 */
import { type CheckoutEmbedMessage, type EmbedFinishedStatus, embedMessage } from '@drip/core';

/** Where messages go; `window.parent` by default (the same window when not framed). */
export interface EmbedTarget {
  postMessage(message: CheckoutEmbedMessage, targetOrigin: string): void;
}

function defaultTarget(): EmbedTarget | null {
  if (typeof window === 'undefined' || window.parent === window) return null;
  return window.parent;
}

export interface Embed {
  open(): void;
  finished(status: EmbedFinishedStatus, url: string | null): void;
  close(): void;
}

/**
 * The events of one checkout. `target` is injectable for tests; without a parent frame nothing is posted.
 * The SDK checks the origin of what it receives; the checkout does not know the merchant's origin, hence '*'
 * (the messages carry no secret: the checkout id, the result and the merchant's own URLs).
 */
export function createEmbed(checkoutId: string, target: EmbedTarget | null = defaultTarget()): Embed {
  const post = (message: CheckoutEmbedMessage) => target?.postMessage(message, '*');
  return {
    open: () => post(embedMessage('open', checkoutId, {})),
    finished: (status, url) => post(embedMessage('finished', checkoutId, { status, url })),
    close: () => post(embedMessage('close', checkoutId, {})),
  };
}
