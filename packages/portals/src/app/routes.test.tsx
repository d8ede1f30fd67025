import { DRIP_SUPPORT_EMAIL, SESSION_KEYS } from '@drip/core';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { REDIRECT_PARAMS_KEY } from '../merchant/redirect.ts';
import { fakeJwt, renderApp } from '../test/harness.tsx';

function storeSession(storage: Storage, keys: { token: string; refreshToken: string }, token = 'access') {
  storage.setItem(keys.token, token);
  storage.setItem(keys.refreshToken, 'refresh');
}

describe('routes', () => {
  it('renders the 404 page for an unknown path', async () => {
    renderApp('/nao/existe');
    expect(await screen.findByText('404 - Page Not Found')).toBeTruthy();
    expect(screen.getByText('A página que você estava procurando não existe')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Drip'));
  });

  it('sends / to the customer login through the guarded /cliente, titled Drip - Portal', async () => {
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/cliente/login'));
    expect(await screen.findByLabelText(/CPF/)).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Drip - Portal'));
  });

  it('sends /ajuda to the customer login with the help flag and opens the help panel after 2 s', async () => {
    const { router } = renderApp('/ajuda');
    await waitFor(() => expect(router.state.location.search).toBe('?ajuda=true'));
    expect(router.state.location.pathname).toBe('/cliente/login');
    expect(screen.queryByText(DRIP_SUPPORT_EMAIL)).toBeNull();
    expect(await screen.findByText(DRIP_SUPPORT_EMAIL, undefined, { timeout: 3500 })).toBeTruthy();
  });

  it('guards /admin: no credential → admin login', async () => {
    const { router } = renderApp('/admin/customers');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/login'));
    expect(await screen.findByText('Faça login para acessar sua conta')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Drip'));
  });

  it('sends /admin to the orders route when a credential is stored (either storage)', async () => {
    storeSession(window.sessionStorage, SESSION_KEYS.admin);
    const { router } = renderApp('/admin');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/orders'));
    expect(await screen.findByRole('heading', { name: 'Pedidos' })).toBeTruthy();
    expect(screen.getAllByText('Parceiros').length).toBeGreaterThan(0);
  });

  it('guards /cliente/perfil → customer login', async () => {
    const { router } = renderApp('/cliente/perfil');
    await waitFor(() => expect(router.state.location.pathname).toBe('/cliente/login'));
  });

  it('guards /parceira with the target route name in the query and the params in sessionStorage', async () => {
    const { router } = renderApp('/parceira/pedidos/chk_123');
    await waitFor(() => expect(router.state.location.pathname).toBe('/parceira/login'));
    expect(router.state.location.search).toBe('?redirectTo=order');
    expect(JSON.parse(window.sessionStorage.getItem(REDIRECT_PARAMS_KEY) ?? 'null')).toEqual({
      params: { checkoutId: 'chk_123' },
      search: '',
    });
  });

  it('sends an anonymous visit of the create-link route to login with that route as the target', async () => {
    const { router } = renderApp('/parceira/checkout-links/criar');
    await waitFor(() => expect(router.state.location.pathname).toBe('/parceira/login'));
    expect(router.state.location.search).toBe('?redirectTo=createLink');
  });

  it('keeps a read-only merchant user out of the create-link route and hides its menu item', async () => {
    const token = fakeJwt({ sub: 'u1', aud: 'merchant', merchantId: 'm1', permissions: ['READ'] });
    storeSession(window.localStorage, SESSION_KEYS.merchant, token);
    const { router } = renderApp('/parceira/checkout-links/criar');
    await waitFor(() => expect(router.state.location.pathname).toBe('/parceira/pedidos'));
    expect((await screen.findAllByText('Minhas Vendas')).length).toBeGreaterThan(0);
    expect(screen.queryByText('Criar Drip Link')).toBeNull();
  });

  it('shows Criar Drip Link to a merchant user with an empty permission list (admin)', async () => {
    const token = fakeJwt({ sub: 'u1', aud: 'merchant', merchantId: 'm1', permissions: [] });
    storeSession(window.localStorage, SESSION_KEYS.merchant, token);
    const { router } = renderApp('/parceira/checkout-links/criar');
    await waitFor(() => expect(router.state.location.pathname).toBe('/parceira/checkout-links/criar'));
    expect((await screen.findAllByText('Criar Drip Link')).length).toBeGreaterThan(0);
  });

  it('opens the mobile menu (loaded apart from the first screen) with the links, the profile and Sair', async () => {
    storeSession(window.sessionStorage, SESSION_KEYS.admin);
    const { router } = renderApp('/admin/orders');
    fireEvent.click(await screen.findByRole('button', { name: 'Abrir menu' }));
    const menu = await screen.findByRole('dialog');
    for (const item of ['Pedidos', 'Parceiros', 'Lojas (B2C)', 'Clientes', 'Meu perfil']) {
      expect(within(menu).getByRole('link', { name: item })).toBeTruthy();
    }
    fireEvent.click(within(menu).getByRole('button', { name: 'Sair' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/login'));
  });

  it("renders the 404 page for an unknown path inside a signed-in area (after its pages' table came)", async () => {
    storeSession(window.sessionStorage, SESSION_KEYS.admin);
    const { router } = renderApp('/admin/nao-existe');
    expect(await screen.findByText('404 - Page Not Found')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/nao-existe');
    expect(screen.queryByText('Parceiros')).toBeNull();
  });

  it("keeps an area's pages out of the router until a visit goes into the area, then opens them", async () => {
    const paths = (routes: readonly RouteObject[]): string[] =>
      routes.flatMap((route) => [route.path ?? '', ...paths(route.children ?? [])]);
    storeSession(window.sessionStorage, SESSION_KEYS.admin);
    const { router } = renderApp('/admin/login');
    expect(await screen.findByText('Faça login para acessar sua conta')).toBeTruthy();
    expect(paths(router.routes)).toContain('/admin/login');
    expect(paths(router.routes)).not.toContain('merchants');
    expect(paths(router.routes)).not.toContain('pedidos');
    await act(() => router.navigate('/admin/profile'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/profile'));
    expect(paths(router.routes)).toContain('merchants');
    // The other areas' pages are still not there.
    expect(paths(router.routes)).not.toContain('pedidos');
  });
});
