import { WIDGET_CHANNEL } from '@drip/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectFakeChild, installFakeFrames } from './test/fake-child.ts';
import { mountBanner, mountExplainer, type WidgetEvent } from './widgets.ts';

const ORIGIN = 'https://checkout.drip.test';

beforeEach(() => installFakeFrames());
afterEach(() => {
  vi.restoreAllMocks();
  document.body.replaceChildren();
  document.documentElement.style.overflow = '';
});

function onlyFrame(): HTMLIFrameElement {
  const frames = document.querySelectorAll('iframe');
  expect(frames).toHaveLength(1);
  const frame = frames[0];
  if (!frame) throw new Error('no frame');
  return frame;
}

describe('mountBanner', () => {
  it('embeds /drip_banner in the element, sizes it to its content and surfaces clicks', async () => {
    const slot = document.createElement('div');
    document.body.append(slot);
    const events: WidgetEvent[] = [];
    const banner = mountBanner(slot, {
      amount: 299.9,
      cashbackRate: 0.05,
      checkoutOrigin: ORIGIN,
      onEvent: (event) => events.push(event),
    });
    const frame = onlyFrame();
    expect(slot.contains(frame)).toBe(true);
    expect(frame.src).toBe(`${ORIGIN}/drip_banner?amount=299.90&cashback_rate=0.05`);
    const child = connectFakeChild(frame, { origin: ORIGIN, channel: WIDGET_CHANNEL });
    await child.emit({ type: 'resize', height: 71.2 });
    await child.emit({ type: 'clickOnLogo' });
    await child.emit({ type: 'clickOnLink' });
    await child.emit({ type: 'somethingElse' });
    await vi.waitFor(() => expect(events).toHaveLength(3));
    expect(events).toEqual([
      { type: 'resize', height: 71.2 },
      { type: 'clickOnLogo' },
      { type: 'clickOnLink' },
    ]);
    expect(frame.style.height).toBe('72px');
    banner?.destroy();
    banner?.destroy();
    expect(slot.children).toHaveLength(0);
  });

  it('ignores a page on another origin', async () => {
    const slot = document.createElement('div');
    document.body.append(slot);
    const onEvent = vi.fn();
    const banner = mountBanner(slot, { amount: 10, checkoutOrigin: ORIGIN, onEvent });
    const frame = slot.querySelector('iframe');
    if (!frame) throw new Error('no frame');
    expect(frame.src).toBe(`${ORIGIN}/drip_banner?amount=10.00&cashback_rate=0`);
    const impostor = connectFakeChild(frame, { origin: 'https://evil.test', channel: WIDGET_CHANNEL });
    impostor.emit({ type: 'clickOnLink' }).catch(() => {});
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(onEvent).not.toHaveBeenCalled();
    impostor.connection.destroy();
    banner?.destroy();
  });

  it('explains misuse', () => {
    const slot = document.createElement('div');
    expect(() => mountBanner(slot, { amount: 0, checkoutOrigin: ORIGIN })).toThrow(/amount/);
    expect(() => mountBanner(slot, { amount: Number.NaN, checkoutOrigin: ORIGIN })).toThrow(/amount/);
    // @ts-expect-error a script-tag user may forget the amount
    expect(() => mountBanner(slot, { checkoutOrigin: ORIGIN })).toThrow(/amount/);
    expect(() => mountBanner(slot, { amount: 10, cashbackRate: 5, checkoutOrigin: ORIGIN })).toThrow(
      /fraction/,
    );
    expect(() => mountBanner(slot, { amount: 10, checkoutOrigin: '/relative' })).toThrow(/absolute URL/);
    expect(() => mountBanner(slot, { amount: 10, checkoutOrigin: ORIGIN })).toThrow(/in the document/);
    expect(slot.children).toHaveLength(0);
  });
});

describe('mountExplainer', () => {
  it('opens /drip-modal as a modal that closes on clickOnClose', async () => {
    const events: WidgetEvent[] = [];
    mountExplainer(null, { cashbackRate: 0.1, checkoutOrigin: ORIGIN, onEvent: (e) => events.push(e) });
    const frame = onlyFrame();
    expect(frame.src).toBe(`${ORIGIN}/drip-modal?cashback_rate=0.1`);
    expect(document.querySelector('[role="dialog"]')?.getAttribute('aria-modal')).toBe('true');
    expect(document.documentElement.style.overflow).toBe('hidden');
    const child = connectFakeChild(frame, { origin: ORIGIN, channel: WIDGET_CHANNEL });
    await child.emit({ type: 'clickOnLink' });
    child.emit({ type: 'clickOnClose' }).catch(() => {});
    await vi.waitFor(() => expect(document.querySelector('iframe')).toBeNull());
    expect(events).toEqual([{ type: 'clickOnLink' }, { type: 'clickOnClose' }]);
    expect(document.documentElement.style.overflow).toBe('');
  });

  it('closes on Escape once, and destroy() after that is harmless', () => {
    const onEvent = vi.fn();
    const explainer = mountExplainer(null, { checkoutOrigin: ORIGIN, onEvent });
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    expect(onEvent).toHaveBeenCalledTimes(1);
    expect(onEvent).toHaveBeenCalledWith({ type: 'clickOnClose' });
    explainer?.destroy();
    explainer?.destroy();
    expect(document.body.children).toHaveLength(0);
  });
});

describe("widgets with merchantId: the merchant's real terms", () => {
  const MERCHANT = '0b1e6c1e-5d6a-4a57-9a0e-2f1d3c4b5a69';
  /** Drip's simulator answering `answer` (status 200 unless given). */
  function stubSimulator(answer: unknown, status = 200) {
    const fetch = vi.fn(
      async (_url: URL | string, _init?: RequestInit) =>
        new Response(JSON.stringify(answer), { status, headers: { 'content-type': 'application/json' } }),
    );
    vi.stubGlobal('fetch', fetch);
    return fetch;
  }
  const terms = { cashbackRate: 0.02, maxInstalments: 3, flexibleInstallments: false, instalments: [] };
  afterEach(() => vi.unstubAllGlobals());

  it('the banner shows the cashback rate Drip gives for the merchant, not a number from the page', async () => {
    const fetch = stubSimulator(terms);
    const slot = document.createElement('div');
    document.body.append(slot);
    const banner = mountBanner(slot, { amount: 299.9, merchantId: MERCHANT, checkoutOrigin: ORIGIN });
    await vi.waitFor(() => expect(slot.querySelector('iframe')).not.toBeNull());
    expect(onlyFrame().src).toBe(`${ORIGIN}/drip_banner?amount=299.90&cashback_rate=0.02`);
    expect(String(fetch.mock.calls[0]?.[0])).toBe(
      `${ORIGIN}/api/v1/instalments_simulator?amount=299.90&merchantId=${MERCHANT}`,
    );
    banner?.destroy();
    expect(slot.children).toHaveLength(0);
  });

  it('the explainer opens with the real rate too', async () => {
    stubSimulator({ ...terms, cashbackRate: 0.05, maxInstalments: 12, flexibleInstallments: true });
    const explainer = mountExplainer(null, { merchantId: MERCHANT, checkoutOrigin: ORIGIN });
    await vi.waitFor(() => expect(document.querySelector('iframe')).not.toBeNull());
    expect(onlyFrame().src).toBe(`${ORIGIN}/drip-modal?cashback_rate=0.05`);
    explainer?.destroy();
    expect(document.body.children).toHaveLength(0);
  });

  it('shows nothing when the terms cannot be read (unknown merchant, Drip down), and says why', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    stubSimulator({ error: { code: 'MERCHANT_UNKNOWN', message: 'Parceira não encontrada' } }, 404);
    const slot = document.createElement('div');
    document.body.append(slot);
    mountBanner(slot, { amount: 10, merchantId: MERCHANT, checkoutOrigin: ORIGIN });
    await vi.waitFor(() => expect(error).toHaveBeenCalledWith(expect.stringContaining('(404)')));
    expect(slot.children).toHaveLength(0);

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    mountExplainer(null, { merchantId: MERCHANT, checkoutOrigin: ORIGIN });
    await vi.waitFor(() => expect(error).toHaveBeenCalledWith('Failed to fetch'));
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('mounts nothing when destroyed before Drip answers', async () => {
    let answer: (value: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    const slot = document.createElement('div');
    document.body.append(slot);
    const banner = mountBanner(slot, { amount: 10, merchantId: MERCHANT, checkoutOrigin: ORIGIN });
    banner?.destroy();
    answer(new Response(JSON.stringify(terms)));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(slot.children).toHaveLength(0);
  });

  it('refuses a rate typed in the page next to merchantId', () => {
    const slot = document.createElement('div');
    document.body.append(slot);
    expect(() =>
      mountBanner(slot, { amount: 10, merchantId: MERCHANT, cashbackRate: 0.05, checkoutOrigin: ORIGIN }),
    ).toThrow(/merchantId .* or cashbackRate, not both/);
    expect(document.querySelector('iframe')).toBeNull();
  });
});
