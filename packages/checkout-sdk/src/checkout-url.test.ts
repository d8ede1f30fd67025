import { describe, expect, it, vi } from 'vitest';
import { checkoutUrl, redirectToCheckout } from './checkout-url.ts';

describe('checkoutUrl', () => {
  it('builds the hosted checkout URL with the transparent flag', () => {
    expect(
      checkoutUrl('chk_1', { checkoutOrigin: 'https://pay.example.com/any/path', transparent: true }),
    ).toBe('https://pay.example.com/checkouts/chk_1?transparent=true');
    expect(checkoutUrl('a b', { checkoutOrigin: 'http://localhost:3000' })).toBe(
      'http://localhost:3000/checkouts/a%20b?transparent=false',
    );
  });
  it('explains misuse', () => {
    expect(() => checkoutUrl(' ', { checkoutOrigin: 'http://x' })).toThrow(/checkout id/);
    expect(() => checkoutUrl('c', { checkoutOrigin: 'nope' })).toThrow(/absolute URL/);
  });
});

describe('redirectToCheckout', () => {
  it('navigates to the non-transparent checkout', () => {
    const assign = vi.fn();
    expect(
      redirectToCheckout('c1', { checkoutOrigin: 'http://localhost:3000', transparent: true }, { assign }),
    ).toBe(true);
    expect(assign).toHaveBeenCalledWith('http://localhost:3000/checkouts/c1?transparent=false');
  });
});
