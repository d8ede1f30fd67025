import { CHECKOUT_CHANNEL } from '@drip/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type CheckoutEvent, openCheckout } from './checkout.ts';
import { navigate } from './dom.ts';
import { connectFakeChild, installFakeFrames } from './test/fake-child.ts';

vi.mock('./dom.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('./dom.ts')>();
  return { ...original, navigate: vi.fn() };
});

const ORIGIN = 'https://checkout.drip.test';

function frame(): HTMLIFrameElement {
  const frames = document.querySelectorAll('iframe');
  expect(frames).toHaveLength(1);
  const first = frames[0];
  if (!first) throw new Error('no frame');
  return first;
}

function dialog(): HTMLElement | null {
  return document.querySelector('[role="dialog"]');
}

function open(onEvent?: (event: CheckoutEvent) => void, extra: { connectTimeoutMs?: number } = {}) {
  const handle = openCheckout('chk_1', { mode: 'modal', checkoutOrigin: ORIGIN, onEvent, ...extra });
  if (!handle) throw new Error('openCheckout returned null in a browser');
  return handle;
}

let opener: HTMLButtonElement;
beforeEach(() => {
  installFakeFrames();
  opener = document.createElement('button');
  opener.textContent = 'Pagar com Drip';
  document.body.append(opener);
  opener.focus();
  document.documentElement.style.overflow = 'scroll';
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.mocked(navigate).mockClear();
  document.body.replaceChildren();
});

describe('openCheckout in modal mode', () => {
  it('frames the transparent checkout in an accessible dialog and locks the page scroll', () => {
    const handle = open();
    expect(frame().src).toBe(`${ORIGIN}/checkouts/chk_1?transparent=true`);
    expect(dialog()?.getAttribute('aria-modal')).toBe('true');
    expect(dialog()?.contains(frame())).toBe(true);
    expect(document.documentElement.style.overflow).toBe('hidden');
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Fechar');
    handle.destroy();
  });

  it('takes the whole screen on phones (under 600 px), following the viewport as it changes', () => {
    const listeners = new Set<() => void>();
    const query = {
      matches: true,
      addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
    };
    const matchMedia = vi.fn(() => query);
    vi.stubGlobal('matchMedia', matchMedia);
    const handle = open();
    expect(matchMedia).toHaveBeenCalledWith('(max-width:599px)');
    expect(dialog()?.style.width).toBe('100%');
    expect(dialog()?.style.height).toBe('100%');
    query.matches = false;
    for (const listener of listeners) listener();
    expect(dialog()?.style.width).toBe('480px');
    expect(dialog()?.style.borderRadius).toBe('12px');
    handle.destroy();
    expect(listeners.size).toBe(0);
  });

  it('delivers the child events as callbacks and settles the promise on finished', async () => {
    const events: CheckoutEvent[] = [];
    const handle = open((event) => events.push(event));
    const child = connectFakeChild(frame(), { origin: ORIGIN, channel: CHECKOUT_CHANNEL });
    await child.emit({ type: 'open' });
    await child.emit({ type: 'ready' });
    await child.emit({ type: 'step', step: 'phoneForm', stepNumber: 1 });
    await child.emit({ type: 'resize', height: 512.4 });
    await child.emit({ type: 'finished', status: 'OK', url: 'https://loja.test/ok' });
    await expect(handle.result).resolves.toEqual({ status: 'OK', url: 'https://loja.test/ok' });
    expect(events).toEqual([
      { type: 'open' },
      { type: 'ready' },
      { type: 'step', step: 'phoneForm', stepNumber: 1 },
      { type: 'resize', height: 512.4 },
      { type: 'finished', status: 'OK', url: 'https://loja.test/ok' },
    ]);
    expect(dialog()?.style.height).toBe('513px');
    // The modal stays (the shopper sees the approved step) until it is closed.
    await child.emit({ type: 'close' });
    await vi.waitFor(() => expect(dialog()).toBeNull());
    expect(events.at(-1)).toEqual({ type: 'close' });
  });

  it('settles OK on completed (an approval off the auto-redirect list), and a later close keeps it OK', async () => {
    const events: CheckoutEvent[] = [];
    const handle = open((event) => events.push(event));
    const child = connectFakeChild(frame(), { origin: ORIGIN, channel: CHECKOUT_CHANNEL });
    await child.emit({ type: 'completed', status: 'OK', url: 'https://loja.test/ok' });
    expect(dialog()).not.toBeNull();
    await child.emit({ type: 'close' });
    await vi.waitFor(() => expect(dialog()).toBeNull());
    await expect(handle.result).resolves.toEqual({ status: 'OK', url: 'https://loja.test/ok' });
    expect(events.map((e) => e.type)).toEqual(['completed', 'close']);
  });

  it('settles KO and EXPIRED outcomes, first outcome wins', async () => {
    const ko = open();
    const child = connectFakeChild(frame(), { origin: ORIGIN, channel: CHECKOUT_CHANNEL });
    await child.emit({ type: 'finished', status: 'KO', url: null });
    await child.emit({ type: 'expired' });
    await expect(ko.result).resolves.toEqual({ status: 'KO', url: null });
    ko.destroy();

    const expired = open();
    const second = connectFakeChild(frame(), { origin: ORIGIN, channel: CHECKOUT_CHANNEL });
    await second.emit({ type: 'expired' });
    await expect(expired.result).resolves.toEqual({ status: 'EXPIRED' });
    expired.destroy();
  });

  it('closes from the child: close event, CLOSED, no DOM left, scroll and focus restored', async () => {
    const events: CheckoutEvent[] = [];
    const handle = open((event) => events.push(event));
    const child = connectFakeChild(frame(), { origin: ORIGIN, channel: CHECKOUT_CHANNEL });
    await child.emit({ type: 'close' });
    await expect(handle.result).resolves.toEqual({ status: 'CLOSED' });
    expect(events).toEqual([{ type: 'close' }]);
    expect(document.querySelector('iframe')).toBeNull();
    expect(document.body.children).toHaveLength(1);
    expect(document.documentElement.style.overflow).toBe('scroll');
    expect(document.activeElement).toBe(opener);
  });

  it('ignores malformed events', async () => {
    const events: CheckoutEvent[] = [];
    const handle = open((event) => events.push(event));
    const child = connectFakeChild(frame(), { origin: ORIGIN, channel: CHECKOUT_CHANNEL });
    await child.emit({ type: 'finished', status: 'MAYBE', url: null });
    await child.emit('close');
    await child.emit({ type: 'open' });
    await vi.waitFor(() => expect(events).toEqual([{ type: 'open' }]));
    expect(dialog()).not.toBeNull();
    handle.destroy();
  });

  it('ignores every message from a third origin or another window', async () => {
    const events: CheckoutEvent[] = [];
    const handle = open((event) => events.push(event), { connectTimeoutMs: 200 });
    const checkoutFrame = frame();
    const impostor = connectFakeChild(checkoutFrame, {
      origin: 'https://evil.test',
      channel: CHECKOUT_CHANNEL,
    });
    // The right origin in another window (e.g. another Drip frame on the page) is not our checkout either.
    const other = document.createElement('iframe');
    document.body.append(other);
    const sibling = connectFakeChild(other, { origin: ORIGIN, channel: CHECKOUT_CHANNEL });
    sibling.emit({ type: 'close' }).catch(() => {});
    impostor.emit({ type: 'finished', status: 'OK', url: 'https://evil.test/phish' }).catch(() => {});
    // A raw message in the old envelope, from the right window but the wrong origin, is ignored too.
    window.dispatchEvent(
      new MessageEvent('message', {
        data: {
          source: 'drip-checkout',
          version: 1,
          type: 'finished',
          checkoutId: 'chk_1',
          status: 'OK',
          url: null,
        },
        origin: 'https://evil.test',
        source: checkoutFrame.contentWindow,
      }),
    );
    // Never connected: falls back to redirect, and no event of the impostor was delivered.
    await expect(handle.result).resolves.toEqual({
      status: 'REDIRECTED',
      url: `${ORIGIN}/checkouts/chk_1?transparent=false`,
      reason: 'frame-unavailable',
    });
    expect(events).toEqual([]);
    impostor.connection.destroy();
    sibling.connection.destroy();
  });

  it('reports a protocol version mismatch as an error event, not a crash', async () => {
    const events: CheckoutEvent[] = [];
    const handle = open((event) => events.push(event));
    const child = connectFakeChild(frame(), { origin: ORIGIN, channel: CHECKOUT_CHANNEL, version: 2 });
    child.emit({ type: 'finished', status: 'OK', url: null }).catch(() => {});
    const outcome = await handle.result;
    expect(outcome).toMatchObject({ status: 'ERROR', code: 'PROTOCOL_VERSION_MISMATCH' });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: 'error', code: 'PROTOCOL_VERSION_MISMATCH' });
    expect(dialog()).toBeNull();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('falls back to redirect when the child never connects (CSP, X-Frame-Options)', async () => {
    vi.useFakeTimers();
    const events: CheckoutEvent[] = [];
    const handle = open((event) => events.push(event));
    await vi.advanceTimersByTimeAsync(9_999);
    expect(navigate).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(navigate).toHaveBeenCalledWith(`${ORIGIN}/checkouts/chk_1?transparent=false`);
    await expect(handle.result).resolves.toMatchObject({ status: 'REDIRECTED', reason: 'frame-unavailable' });
    expect(dialog()).toBeNull();
    expect(events).toEqual([]);
  });

  it('reports the time-out as an error when the fallback is off', async () => {
    vi.useFakeTimers();
    const events: CheckoutEvent[] = [];
    const handle = openCheckout('chk_1', {
      mode: 'modal',
      checkoutOrigin: ORIGIN,
      fallbackToRedirect: false,
      onEvent: (event) => events.push(event),
    });
    await vi.advanceTimersByTimeAsync(10_000);
    await expect(handle?.result).resolves.toMatchObject({ status: 'ERROR', code: 'CONNECTION_FAILED' });
    expect(events).toMatchObject([{ type: 'error', code: 'CONNECTION_FAILED' }]);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('traps focus inside the dialog', () => {
    const handle = open();
    const close = document.activeElement;
    expect(close?.getAttribute('aria-label')).toBe('Fechar');
    opener.focus();
    expect(document.activeElement).toBe(close);
    // Tab past the end (the sentinel after the dialog) wraps to the frame.
    const sentinels = document.querySelectorAll<HTMLElement>('[tabindex="0"]');
    sentinels[sentinels.length - 1]?.focus();
    expect(document.activeElement).toBe(frame());
    // Shift+Tab before the start (the sentinel before the dialog) wraps to the close button.
    sentinels[0]?.focus();
    expect(document.activeElement).toBe(close);
    handle.destroy();
  });

  it('closes on Escape and on the close button, restoring scroll and focus', async () => {
    const events: CheckoutEvent[] = [];
    const first = open((event) => events.push(event));
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    await expect(first.result).resolves.toEqual({ status: 'CLOSED' });
    expect(dialog()).toBeNull();
    expect(document.documentElement.style.overflow).toBe('scroll');
    expect(document.activeElement).toBe(opener);

    const second = open((event) => events.push(event));
    document.querySelector<HTMLButtonElement>('button[aria-label="Fechar"]')?.click();
    await expect(second.result).resolves.toEqual({ status: 'CLOSED' });
    expect(events).toEqual([{ type: 'close' }, { type: 'close' }]);
    // Escape after closing does nothing.
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    expect(events).toHaveLength(2);
  });

  it('destroy() is silent and safe to call twice; close() after destroy does nothing', async () => {
    const events: CheckoutEvent[] = [];
    const handle = open((event) => events.push(event));
    handle.destroy();
    handle.destroy();
    handle.close();
    await expect(handle.result).resolves.toEqual({ status: 'CLOSED' });
    expect(events).toEqual([]);
    expect(document.body.children).toHaveLength(1);
  });

  it('opens and closes any number of times without leaving DOM behind; one modal at a time', async () => {
    for (let i = 0; i < 25; i += 1) {
      const handle = open();
      expect(document.querySelectorAll('[role="dialog"]')).toHaveLength(1);
      if (i % 2) handle.close();
      else handle.destroy();
    }
    const first = open();
    const second = open();
    await expect(first.result).resolves.toEqual({ status: 'CLOSED' });
    expect(document.querySelectorAll('iframe')).toHaveLength(1);
    second.close();
    expect(document.body.children).toHaveLength(1);
    expect(document.documentElement.style.overflow).toBe('scroll');
  });

  it('explains misuse', () => {
    expect(() => openCheckout('chk_1', { mode: 'modal', checkoutOrigin: 'checkout.drip' })).toThrow(
      /absolute URL/,
    );
    expect(() => openCheckout('', { mode: 'modal', checkoutOrigin: ORIGIN })).toThrow(/checkout id/);
    // @ts-expect-error only 'modal' and 'redirect' exist
    expect(() => openCheckout('chk_1', { mode: 'popup', checkoutOrigin: ORIGIN })).toThrow(
      /'modal' or 'redirect'/,
    );
    expect(document.querySelector('iframe')).toBeNull();
  });
});

describe('openCheckout in redirect mode', () => {
  it('navigates to the non-transparent checkout and mounts nothing', async () => {
    const handle = openCheckout('chk_9', { mode: 'redirect', checkoutOrigin: `${ORIGIN}/any/path` });
    expect(navigate).toHaveBeenCalledWith(`${ORIGIN}/checkouts/chk_9?transparent=false`);
    await expect(handle?.result).resolves.toEqual({
      status: 'REDIRECTED',
      url: `${ORIGIN}/checkouts/chk_9?transparent=false`,
      reason: 'requested',
    });
    expect(document.querySelector('iframe')).toBeNull();
    handle?.destroy();
    handle?.destroy();
  });
});
