import { describe, expect, it } from 'vitest';
import { detectMobileOs, matchRoute, pageTitle } from './routes.ts';

describe('matchRoute', () => {
  it('matches every public route of spec 2.1', () => {
    expect(matchRoute('/checkouts/abc')).toEqual({ name: 'checkout', checkoutId: 'abc' });
    expect(matchRoute('/checkout-feedback/c1')).toEqual({ name: 'checkoutFeedback', checkoutId: 'c1' });
    expect(matchRoute('/drip_banner').name).toBe('banner');
    expect(matchRoute('/drip-modal').name).toBe('explainer');
    expect(matchRoute('/instalments_simulator').name).toBe('simulator');
    expect(matchRoute('/app-download').name).toBe('appDownload');
    expect(matchRoute('/renegociacao').name).toBe('renegotiation');
    expect(matchRoute('/pagamento/i-9')).toEqual({ name: 'instalmentPayment', instalmentId: 'i-9' });
  });
  it('sends anything else to the 404 page', () => {
    expect(matchRoute('/checkouts').name).toBe('notFound');
    expect(matchRoute('/checkouts/a/b').name).toBe('notFound');
  });
  it('titles checkout routes "Drip - Checkout"', () => {
    expect(pageTitle({ name: 'checkout', checkoutId: 'x' })).toBe('Drip - Checkout');
    expect(pageTitle({ name: 'appDownload' })).toBe('Drip');
  });
});

describe('detectMobileOs', () => {
  it('detects Android and iOS, and nothing on desktop', () => {
    expect(detectMobileOs('Mozilla/5.0 (Linux; Android 14; Pixel 8)')).toBe('ANDROID');
    expect(detectMobileOs('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)')).toBe('IOS');
    expect(detectMobileOs('Mozilla/5.0 (X11; Linux x86_64)')).toBeNull();
  });
});
