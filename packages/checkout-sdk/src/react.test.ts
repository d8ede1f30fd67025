import { CHECKOUT_CHANNEL } from '@drip/core';
import { act, cleanup, render, renderHook } from '@testing-library/react';
import { createElement, StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DripCheckout, DripProvider, useDripCheckout } from './react.ts';
import { connectFakeChild, installFakeFrames } from './test/fake-child.ts';

const ORIGIN = 'https://checkout.drip.test';

beforeEach(() => installFakeFrames());
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  document.body.replaceChildren();
});

function app(children: ReturnType<typeof createElement>) {
  return createElement(StrictMode, null, createElement(DripProvider, { checkoutOrigin: ORIGIN }, children));
}

describe('React entry', () => {
  it('StrictMode double mount leaves one iframe, and unmount removes it', () => {
    const view = render(app(createElement(DripCheckout, { checkoutId: 'chk_1', mode: 'modal' })));
    expect(document.querySelectorAll('iframe')).toHaveLength(1);
    expect(document.querySelectorAll('[role="dialog"]')).toHaveLength(1);
    view.unmount();
    expect(document.querySelectorAll('iframe')).toHaveLength(0);
    expect(document.documentElement.style.overflow).toBe('');
  });

  it('delivers events and the outcome to the latest callbacks', async () => {
    const onEvent = vi.fn();
    const onOutcome = vi.fn();
    const view = render(app(createElement(DripCheckout, { checkoutId: 'chk_1', mode: 'modal', onEvent })));
    const latest = vi.fn();
    // New callbacks do not reopen the checkout.
    view.rerender(
      app(createElement(DripCheckout, { checkoutId: 'chk_1', mode: 'modal', onEvent: latest, onOutcome })),
    );
    const frames = document.querySelectorAll('iframe');
    expect(frames).toHaveLength(1);
    const frame = frames[0];
    if (!frame) throw new Error('no frame');
    const child = connectFakeChild(frame, { origin: ORIGIN, channel: CHECKOUT_CHANNEL });
    await act(() => child.emit({ type: 'finished', status: 'KO', url: null }));
    await vi.waitFor(() => expect(onOutcome).toHaveBeenCalledWith({ status: 'KO', url: null }));
    expect(latest).toHaveBeenCalledWith({ type: 'finished', status: 'KO', url: null });
    expect(onEvent).not.toHaveBeenCalled();
  });

  it('a new checkoutId replaces the modal', () => {
    const view = render(app(createElement(DripCheckout, { checkoutId: 'chk_1', mode: 'modal' })));
    view.rerender(app(createElement(DripCheckout, { checkoutId: 'chk_2', mode: 'modal' })));
    const frames = document.querySelectorAll('iframe');
    expect(frames).toHaveLength(1);
    expect(frames[0]?.src).toBe(`${ORIGIN}/checkouts/chk_2?transparent=true`);
  });

  it('useDripCheckout binds the provider origin', () => {
    const { result } = renderHook(() => useDripCheckout(), {
      wrapper: ({ children }) => createElement(DripProvider, { checkoutOrigin: ORIGIN }, children),
    });
    expect(result.current.checkoutOrigin).toBe(ORIGIN);
    const handle = result.current.openCheckout('chk_3', { mode: 'modal' });
    expect(document.querySelector('iframe')?.src).toBe(`${ORIGIN}/checkouts/chk_3?transparent=true`);
    handle?.destroy();
  });

  it('throws a clear message outside its provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useDripCheckout())).toThrow(/inside <DripProvider/);
    expect(() => render(createElement(DripCheckout, { checkoutId: 'c', mode: 'modal' }))).toThrow(
      /inside <DripProvider/,
    );
  });
});
