import { SESSION_KEYS } from '@drip/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorBody, fakeFetch, type Handler, renderApp } from '../test/harness.tsx';

const LOGIN = 'POST /admin_backoffice/api/v1/login';

async function login(username: string, password = 'segredo', remember = false) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/E-mail/), username);
  await user.type(screen.getByLabelText(/Senha/), password);
  if (remember) await user.click(screen.getByLabelText('Mantenha-me conectado'));
  await user.click(screen.getByRole('button', { name: 'Entrar' }));
  return user;
}

/** A signed-in admin on the profile page's calls; `put` answers the save. */
function signedInProfile(put: Handler) {
  window.sessionStorage.setItem(SESSION_KEYS.admin.token, 't');
  window.sessionStorage.setItem(SESSION_KEYS.admin.refreshToken, 'r');
  return fakeFetch({
    'GET /admin_backoffice/api/v1/user': () => ({
      status: 200,
      body: { id: 'a1', username: 'admin@drip.com.br', name: 'Admin' },
    }),
    'PUT /admin_backoffice/api/v1/user': put,
  });
}

describe('admin login', () => {
  it('shows the title, the subtitle and requires both fields', async () => {
    const server = fakeFetch({});
    renderApp('/admin/login', server.fetch);
    expect(await screen.findByRole('heading', { name: 'Olá' })).toBeTruthy();
    expect(screen.getByText('Faça login para acessar sua conta')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('Informe seu e-mail')).toBeTruthy();
    expect(server.calls).toHaveLength(0);
  });

  it.each([
    ['admin@drip.com.br', 'E-Mail e/ou senha incorreta'],
    ['+55 11 98765-4321', 'Telefone e/ou senha incorreta'],
    ['529.982.247-25', 'CPF e/ou senha incorreta'],
  ])('names the username kind on 401 (%s)', async (username, message) => {
    renderApp(
      '/admin/login',
      fakeFetch({ [LOGIN]: () => ({ status: 401, body: errorBody('X', 'x') }) }).fetch,
    );
    await login(username);
    expect(await screen.findByText(message)).toBeTruthy();
  });

  it('sends a CPF login as digits', async () => {
    const server = fakeFetch({ [LOGIN]: () => ({ status: 401, body: errorBody('X', 'x') }) });
    renderApp('/admin/login', server.fetch);
    await login('529.982.247-25');
    await screen.findByText('CPF e/ou senha incorreta');
    expect(server.calls[0]?.body).toEqual({ username: '52998224725', password: 'segredo', remember: false });
  });

  it('shows the status of other failures', async () => {
    renderApp(
      '/admin/login',
      fakeFetch({ [LOGIN]: () => ({ status: 503, body: errorBody('X', 'x') }) }).fetch,
    );
    await login('admin@drip.com.br');
    expect(await screen.findByText('Erro ao fazer login (503)')).toBeTruthy();
  });

  it('stores the session (localStorage when remembered) and opens the admin home', async () => {
    const server = fakeFetch({
      [LOGIN]: () => ({ status: 200, body: { token: 'a.b.c', refreshToken: 'r' } }),
    });
    const { router } = renderApp('/admin/login', server.fetch);
    await login('admin@drip.com.br', 'segredo', true);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/orders'));
    expect(window.localStorage.getItem(SESSION_KEYS.admin.token)).toBe('a.b.c');
    expect(window.sessionStorage.getItem(SESSION_KEYS.admin.token)).toBeNull();
    // The server gives a remembered session its long-lived refresh token.
    expect(server.calls[0]?.body).toEqual({
      username: 'admin@drip.com.br',
      password: 'segredo',
      remember: true,
    });
  });

  it("'Sair' ends the session on the server, clears it and returns to the login", async () => {
    window.sessionStorage.setItem(SESSION_KEYS.admin.token, 't');
    window.sessionStorage.setItem(SESSION_KEYS.admin.refreshToken, 'r');
    const server = fakeFetch({
      'POST /admin_backoffice/api/v1/logout': () => ({ status: 200, body: { loggedOut: true } }),
    });
    const { router } = renderApp('/admin/orders', server.fetch);
    const [sair] = await screen.findAllByRole('button', { name: 'Sair' });
    await userEvent.setup().click(sair!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/login'));
    expect(window.sessionStorage.getItem(SESSION_KEYS.admin.token)).toBeNull();
    const call = server.calls.find((c) => c.path === '/admin_backoffice/api/v1/logout');
    expect(call?.method).toBe('POST');
    expect(call?.headers.get('RefreshToken')).toBe('r');
  });

  it("profile: shows 'Incapaz de editar (status)' on failure", async () => {
    const server = signedInProfile(() => ({ status: 409, body: errorBody('CONFLICT', 'x') }));
    renderApp('/admin/profile', server.fetch);
    const user = userEvent.setup();
    const email = await screen.findByDisplayValue('admin@drip.com.br');
    expect(email).toBeTruthy();
    await user.type(screen.getByLabelText(/Senha atual/), 'antiga1');
    await user.type(screen.getByLabelText(/Nova senha/), '123');
    await user.click(screen.getByRole('button', { name: 'Atualizar' }));
    expect(await screen.findByText('A nova senha deve conter no mínimo 6 caracteres')).toBeTruthy();
    await user.type(screen.getByLabelText(/Nova senha/), '456');
    await user.click(screen.getByRole('button', { name: 'Atualizar' }));
    expect(await screen.findByText('Incapaz de editar (409)')).toBeTruthy();
    expect(server.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      username: 'admin@drip.com.br',
      currentPassword: 'antiga1',
      newPassword: '123456',
    });
  });

  it('profile: saves the e-mail with the current password only, keeping the password', async () => {
    const server = signedInProfile(() => ({
      status: 200,
      body: { id: 'a1', username: 'operacao@drip.com.br', name: 'Admin' },
    }));
    renderApp('/admin/profile', server.fetch);
    const user = userEvent.setup();
    const email = await screen.findByDisplayValue('admin@drip.com.br');
    await user.clear(email);
    await user.type(email, 'operacao@drip.com.br');
    await user.type(screen.getByLabelText(/Senha atual/), 'antiga1');
    await user.click(screen.getByRole('button', { name: 'Atualizar' }));
    expect(await screen.findByText('Perfil atualizado com sucesso')).toBeTruthy();
    expect(server.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      username: 'operacao@drip.com.br',
      currentPassword: 'antiga1',
    });
  });
});
