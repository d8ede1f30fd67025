/**
 * Transparent (embedded) mode: the checkout runs in the SDK's iframe and tells the merchant page what happens
 * over Penpal (the child side of the protocol typed in core, `embed/penpal-protocol.ts`). The only checkout module
 * that touches `window.parent`.
 *
 * - Penpal is loaded by dynamic import, and only when the page is framed: a visit outside a frame never downloads
 *   it (it stays out of the first-load chunk).
 * - Events are queued until the parent has connected, then delivered in order (repeated `resize` events collapse
 *   into the last one while waiting).
 * - The child allows any parent origin (`allowedOrigins: ['*']`): the server's `frame-ancestors` decides who may
 *   frame the checkout, and what it sends (step names, the result, the merchant's own URLs) is not secret.
 */
import {
  CHECKOUT_CHANNEL,
  type CheckoutChildMethods,
  type CheckoutLifecycleEvent,
  type CheckoutParentMethods,
  EMBED_PROTOCOL_VERSION,
  type EmbedCheckoutStep,
  type EmbedErrorCode,
  type EmbedFinishedStatus,
  WIDGET_CHANNEL,
  type WidgetChildMethods,
  type WidgetEvent,
  type WidgetParentMethods,
} from '@drip/core';

/** The parent as the child sees it: Penpal's remote `emit` (a fake in tests and stories). */
export interface ParentChannel<E> {
  emit(event: E): unknown;
}
export type EmbedTarget = ParentChannel<CheckoutLifecycleEvent>;

type Channel = typeof CHECKOUT_CHANNEL | typeof WIDGET_CHANNEL;

/** Whether this document runs inside a frame (the only case where there is a parent to talk to). */
export function isFramed(): boolean {
  return typeof window !== 'undefined' && window.parent !== window;
}

// One connection per channel and document: the checkout and the feedback page of one frame share it. A cached
// promise, cleared on failure so that a later call tries again.
const connections = new Map<Channel, Promise<ParentChannel<unknown>>>();

function connectParent(channel: typeof CHECKOUT_CHANNEL): Promise<ParentChannel<CheckoutLifecycleEvent>>;
function connectParent(channel: typeof WIDGET_CHANNEL): Promise<ParentChannel<WidgetEvent>>;
function connectParent(channel: Channel): Promise<ParentChannel<unknown>> {
  const cached = connections.get(channel);
  if (cached) return cached;
  const methods: CheckoutChildMethods & WidgetChildMethods = {
    protocolVersion: () => EMBED_PROTOCOL_VERSION,
  };
  const promise = import('penpal').then(async ({ connect, WindowMessenger }) => {
    const messenger = new WindowMessenger({ remoteWindow: window.parent, allowedOrigins: ['*'] });
    if (channel === CHECKOUT_CHANNEL) {
      return connect<CheckoutParentMethods>({ messenger, channel, methods }).promise;
    }
    return connect<WidgetParentMethods>({ messenger, channel, methods }).promise;
  });
  promise.catch(() => connections.delete(channel));
  connections.set(channel, promise);
  return promise;
}

/** A parent that takes events at once and delivers them once connected, in order. */
export interface QueuedParent<E> {
  emit(event: E): void;
  /** Calls `listener` once the parent is connected (at once if it already is); returns an unsubscribe. */
  onConnected(listener: () => void): () => void;
}

function isResize(event: unknown): boolean {
  return typeof event === 'object' && event !== null && 'type' in event && event.type === 'resize';
}

/**
 * Queues events until `parent` settles. `null` (not framed) drops them; a rejected connection (no Drip SDK on
 * the other side) keeps nothing either. Delivery errors (the parent went away) are ignored: the checkout goes on.
 */
export function queuedParent<E>(
  parent: Promise<ParentChannel<E>> | ParentChannel<E> | null,
): QueuedParent<E> {
  let remote: ParentChannel<E> | null = null;
  let closed = parent === null;
  let queue: E[] = [];
  const listeners = new Set<() => void>();
  const deliver = (event: E) => {
    try {
      Promise.resolve(remote?.emit(event)).catch(() => {});
    } catch {
      // a fake or a destroyed connection that throws synchronously: nothing to do
    }
  };
  const connected = (channel: ParentChannel<E>) => {
    remote = channel;
    const pending = queue;
    queue = [];
    for (const event of pending) deliver(event);
    for (const listener of listeners) listener();
    listeners.clear();
  };
  if (parent !== null) {
    if ('emit' in parent) connected(parent);
    else
      parent.then(connected, () => {
        closed = true;
        queue = [];
      });
  }
  return {
    emit(event) {
      if (remote) return deliver(event);
      if (closed) return;
      if (isResize(event)) queue = queue.filter((queued) => !isResize(queued));
      queue.push(event);
    },
    onConnected(listener) {
      if (remote) {
        listener();
        return () => {};
      }
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export interface Embed {
  open(): void;
  ready(): void;
  step(step: EmbedCheckoutStep, stepNumber: number | null): void;
  resize(height: number): void;
  finished(status: EmbedFinishedStatus, url: string | null): void;
  /** An approval the merchant page should not act on at once (spec 2.5 "finished or completed"). */
  completed(url: string | null): void;
  expired(): void;
  error(code: EmbedErrorCode, message: string): void;
  close(): void;
  /**
   * Calls `listener` once the Drip SDK has connected. The SDK draws its own close button around the frame, so
   * the checkout hides its × then (one close button, not two).
   */
  onConnected(listener: () => void): () => void;
}

/**
 * The events of one checkout page. `target` is injectable for tests and stories; by default the parent frame
 * over Penpal when framed, nothing otherwise.
 */
export function createEmbed(target?: EmbedTarget | Promise<EmbedTarget> | null): Embed {
  const parent = queuedParent<CheckoutLifecycleEvent>(
    target !== undefined ? target : isFramed() ? connectParent(CHECKOUT_CHANNEL) : null,
  );
  const emit = (event: CheckoutLifecycleEvent) => parent.emit(event);
  return {
    open: () => emit({ type: 'open' }),
    ready: () => emit({ type: 'ready' }),
    step: (step, stepNumber) => emit({ type: 'step', step, stepNumber }),
    resize: (height) => emit({ type: 'resize', height }),
    finished: (status, url) => emit({ type: 'finished', status, url }),
    completed: (url) => emit({ type: 'completed', status: 'OK', url }),
    expired: () => emit({ type: 'expired' }),
    error: (code, message) => emit({ type: 'error', code, message }),
    close: () => emit({ type: 'close' }),
    onConnected: parent.onConnected,
  };
}

/** The widget pages' parent (`/drip_banner`, `/drip-modal`): Penpal on WIDGET_CHANNEL when framed, else null. */
export function widgetParent(): QueuedParent<WidgetEvent> | null {
  return isFramed() ? queuedParent(connectParent(WIDGET_CHANNEL)) : null;
}

/**
 * Reports the height of `element` whenever it changes (ResizeObserver where the browser has it), rounded up to
 * whole CSS pixels, without repeating a value. Returns the function that stops it.
 */
export function observeHeight(element: HTMLElement, report: (height: number) => void): () => void {
  let last = -1;
  const measure = () => {
    const height = Math.ceil(element.getBoundingClientRect().height);
    if (height === last) return;
    last = height;
    report(height);
  };
  measure();
  if (typeof ResizeObserver === 'undefined') return () => {};
  const observer = new ResizeObserver(measure);
  observer.observe(element);
  return () => observer.disconnect();
}
