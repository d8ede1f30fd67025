import { describe, expect, it } from 'vitest';
import { loginRedirectFor, REDIRECT_PARAMS_KEY, resolveLoginRedirect } from './redirect.ts';

describe('merchant login redirect', () => {
  it('round-trips a parameterised route and its query through sessionStorage', () => {
    const url = new URL('http://x/parceira/plugin_sign_up/vtex?code=abc');
    expect(loginRedirectFor(url, window.sessionStorage)).toBe('/parceira/login?redirectTo=pluginSignUp');
    expect(resolveLoginRedirect('pluginSignUp', window.sessionStorage)).toBe(
      '/parceira/plugin_sign_up/vtex?code=abc',
    );
    expect(window.sessionStorage.getItem(REDIRECT_PARAMS_KEY)).toBeNull();
  });

  it('matches the extract before the checkout details', () => {
    expect(loginRedirectFor(new URL('http://x/parceira/pedidos/extrato'), window.sessionStorage)).toBe(
      '/parceira/login?redirectTo=extract',
    );
  });

  it('falls back to the merchant home for unknown names or missing params', () => {
    expect(resolveLoginRedirect('nope', window.sessionStorage)).toBe('/parceira');
    expect(resolveLoginRedirect(null, window.sessionStorage)).toBe('/parceira');
    window.sessionStorage.setItem(REDIRECT_PARAMS_KEY, '{not json');
    expect(resolveLoginRedirect('order', window.sessionStorage)).toBe('/parceira');
  });
});
