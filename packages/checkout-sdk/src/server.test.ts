// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { mountBanner, mountExplainer, openCheckout, redirectToCheckout } from './index.ts';
import { DripCheckout, DripProvider } from './react.ts';

describe('on the server (no window)', () => {
  it('imports without touching the DOM', () => {
    expect(typeof window).toBe('undefined');
    expect(typeof DripCheckout).toBe('function');
    expect(typeof DripProvider).toBe('function');
  });

  it('returns null instead of opening anything', () => {
    expect(openCheckout('chk_1', { mode: 'modal', checkoutOrigin: 'https://checkout.drip.test' })).toBeNull();
    expect(
      openCheckout('chk_1', { mode: 'redirect', checkoutOrigin: 'https://checkout.drip.test' }),
    ).toBeNull();
    expect(mountExplainer(null, { checkoutOrigin: 'https://checkout.drip.test' })).toBeNull();
    expect(redirectToCheckout('chk_1', { checkoutOrigin: 'https://checkout.drip.test' })).toBe(false);
  });

  it('mountBanner returns null too (no element can exist there)', () => {
    const fakeElement = { append() {} };
    // @ts-expect-error a server has no HTMLElement; the call is still harmless
    expect(mountBanner(fakeElement, { amount: 10, checkoutOrigin: 'https://checkout.drip.test' })).toBeNull();
  });
});
