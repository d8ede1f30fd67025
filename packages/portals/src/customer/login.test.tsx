import { SESSION_KEYS } from '@drip/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorBody, fakeFetch, renderApp } from '../test/harness.tsx';
import { orderRoutes, ordersPage } from './order-fixtures.ts';

const LOGIN = 'POST /customer_backoffice/api/v2/login';
const CPF = '52998224725';

async function login(password = 'segredo') {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/CPF/), CPF);
  await user.type(screen.getByLabelText(/Senha/), password);
  await user.click(screen.getByRole('button', { name: 'Entrar' }));
  return user;
}

describe('customer login', () => {
  it('masks the CPF as 000.000.000-00 (max 14) and sends digits', async () => {
    const server = fakeFetch({
      [LOGIN]: () => ({ status: 200, body: { token: 't', refreshToken: 'r' } }),
      [orderRoutes.list]: () => ({ status: 200, body: ordersPage(0, 0) }),
    });
    const { router } = renderApp('/customer/login', server.fetch);
    const user = userEvent.setup();
    const input = await screen.findByLabelText(/CPF/);
    await user.type(input, `${CPF}999`);
    expect(input instanceof HTMLInputElement && input.value).toBe('529.982.247-25');
    await user.type(screen.getByLabelText(/Senha/), 'segredo');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cliente/pedidos'));
    expect(server.calls[0]?.body).toEqual({ username: CPF, password: 'segredo' });
    expect(window.sessionStorage.getItem(SESSION_KEYS.customer.token)).toBe('t');
    expect(await screen.findByText('Você ainda não tem compras para exibir')).toBeTruthy();
    expect(document.title).toBe('Drip - Portal');
  });

  it("links 'Esqueci a senha' to the recovery", async () => {
    renderApp('/cliente/login');
    const link = await screen.findByRole('link', { name: 'Esqueci a senha' });
    expect(link.getAttribute('href')).toBe('/cliente/recuperar-login');
  });

  it.each([401, 403])('shows the credentials message on %i', async (status) => {
    renderApp('/cliente/login', fakeFetch({ [LOGIN]: () => ({ status, body: errorBody('X', 'x') }) }).fetch);
    await login();
    expect(await screen.findByText('CPF e/ou senha inválidos')).toBeTruthy();
  });

  it('shows the generic message on other errors', async () => {
    renderApp(
      '/cliente/login',
      fakeFetch({ [LOGIN]: () => ({ status: 500, body: errorBody('X', 'x') }) }).fetch,
    );
    await login();
    expect(await screen.findByText('Ocorreu um erro ao fazer o login, tente novamente')).toBeTruthy();
  });
});

describe('customer recovery', () => {
  it('walks CPF → token → new password → login, with each step’s errors', async () => {
    let valid = false;
    const server = fakeFetch({
      'POST /customer_backoffice/api/v1/recover/password': () => ({
        status: 200,
        body: { smsDelivered: true },
      }),
      'PUT /customer_backoffice/api/v1/recover/validate': () => ({ status: 200, body: { isValid: valid } }),
      'PUT /customer_backoffice/api/v1/recover/password': () => ({
        status: 200,
        body: { passwordUpdated: true },
      }),
    });
    const { router } = renderApp('/cliente/recuperar-login', server.fetch);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/CPF/), CPF);
    await user.click(screen.getByRole('button', { name: 'Enviar código' }));

    await user.type(await screen.findByLabelText(/Código recebido por SMS/), '654321');
    await user.click(screen.getByRole('button', { name: 'Confirmar código' }));
    expect(await screen.findByText('Token inválido')).toBeTruthy();
    valid = true;
    await user.click(screen.getByRole('button', { name: 'Confirmar código' }));

    await user.type(await screen.findByLabelText(/^Nova senha/), 'curta');
    await user.type(screen.getByLabelText(/Confirme a nova senha/), 'outra');
    await user.click(screen.getByRole('button', { name: 'Redefinir senha' }));
    expect(await screen.findByText('As senha devem conter no mínimo 8 caracteres')).toBeTruthy();
    expect(screen.getByText('As senhas não conferem')).toBeTruthy();

    await user.clear(screen.getByLabelText(/^Nova senha/));
    await user.type(screen.getByLabelText(/^Nova senha/), 'novaSenha1');
    await user.clear(screen.getByLabelText(/Confirme a nova senha/));
    await user.type(screen.getByLabelText(/Confirme a nova senha/), 'novaSenha1');
    await user.click(screen.getByRole('button', { name: 'Redefinir senha' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cliente/login'));
    expect(await screen.findByText('Senha atualizada com sucesso!')).toBeTruthy();
    expect(server.calls.at(-1)?.body).toEqual({
      token: '654321',
      customerCpf: CPF,
      password: 'novaSenha1',
      repeatPassword: 'novaSenha1',
    });
  });

  it('says the SMS could not be sent when smsDelivered is false', async () => {
    const server = fakeFetch({
      'POST /customer_backoffice/api/v1/recover/password': () => ({
        status: 200,
        body: { smsDelivered: false },
      }),
    });
    renderApp('/cliente/recuperar-login', server.fetch);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/CPF/), CPF);
    await user.click(screen.getByRole('button', { name: 'Enviar código' }));
    expect(await screen.findByText('Não foi possível enviar o SMS para o número solicitado')).toBeTruthy();
  });
});
