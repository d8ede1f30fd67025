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
    expect(server.calls[0]?.body).toEqual({ username: CPF, password: 'segredo', remember: false });
    expect(window.sessionStorage.getItem(SESSION_KEYS.customer.token)).toBe('t');
    expect(await screen.findByText('Você ainda não tem compras para exibir')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Drip - Portal'));
  });

  it('signs in without the query client, which the orders page then creates', async () => {
    const server = fakeFetch({
      [LOGIN]: () => ({ status: 200, body: { token: 't', refreshToken: 'r' } }),
      [orderRoutes.list]: () => ({ status: 200, body: ordersPage(0, 0) }),
    });
    const { router, queries } = renderApp('/cliente/login', server.fetch);
    await login();
    await waitFor(() => expect(router.state.location.pathname).toBe('/cliente/pedidos'));
    // The login posted its credentials before anything created the client (it came with the signed-in area).
    expect(server.calls[0]?.path).toBe('/customer_backoffice/api/v2/login');
    expect(await screen.findByText('Você ainda não tem compras para exibir')).toBeTruthy();
    expect(queries.current()).not.toBeNull();
  });

  it('shows its first screen without creating the query client', async () => {
    const { queries } = renderApp('/cliente/login');
    expect(await screen.findByRole('button', { name: 'Entrar' })).toBeTruthy();
    expect(queries.current()).toBeNull();
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

describe('customer recovery by the phone on file (PUT v1/recover/phone)', () => {
  it('sends CPF and phone, then continues to the token step', async () => {
    const server = fakeFetch({
      'PUT /customer_backoffice/api/v1/recover/phone': () => ({ status: 200, body: { smsDelivered: true } }),
    });
    renderApp('/cliente/recuperar-login', server.fetch);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Prefiro informar o celular cadastrado' }));
    expect(screen.getByText(/só é enviado se este for o celular verificado da conta/)).toBeTruthy();
    await user.type(screen.getByLabelText(/CPF/), CPF);
    await user.type(screen.getByLabelText(/Celular cadastrado/), '11912345678');
    await user.click(screen.getByRole('button', { name: 'Enviar código' }));
    expect(await screen.findByLabelText(/Código recebido por SMS/)).toBeTruthy();
    expect(server.calls.at(-1)).toMatchObject({
      method: 'PUT',
      path: '/customer_backoffice/api/v1/recover/phone',
      body: { customerCpf: CPF, customerPhone: '+5511912345678' },
    });
  });

  it("refuses a phone shorter than DDD + number with the spec's message, without calling", async () => {
    const server = fakeFetch({});
    renderApp('/cliente/recuperar-login', server.fetch);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Prefiro informar o celular cadastrado' }));
    await user.type(screen.getByLabelText(/CPF/), CPF);
    await user.type(screen.getByLabelText(/Celular cadastrado/), '1191234');
    await user.click(screen.getByRole('button', { name: 'Enviar código' }));
    expect(
      await screen.findByText(
        'O número do telefone é inválido, verifique o número e seu DDD e tente novamente',
      ),
    ).toBeTruthy();
    expect(server.calls).toHaveLength(0);
  });
});

describe('first access link (?acesso=, the SMS sent with a first order)', () => {
  const TOKEN = 'a'.repeat(43);

  it('checks the link, creates the password and goes to the login', async () => {
    const server = fakeFetch({
      'PUT /customer_backoffice/api/v1/recover/access': () => ({ status: 200, body: { linkExpired: false } }),
      'PUT /customer_backoffice/api/v1/recover/access/password': () => ({
        status: 200,
        body: { passwordUpdated: true },
      }),
    });
    const { router } = renderApp(`/cliente/recuperar-login?acesso=${TOKEN}`, server.fetch);
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Crie sua senha' })).toBeTruthy();
    await user.type(await screen.findByLabelText(/^Nova senha/), 'primeiraSenha1');
    await user.type(screen.getByLabelText(/Confirme a nova senha/), 'primeiraSenha1');
    await user.click(screen.getByRole('button', { name: 'Criar senha' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cliente/login'));
    expect((await screen.findAllByText('Senha atualizada com sucesso!')).length).toBeGreaterThan(0);
    expect(server.calls.map((c) => [c.path, c.body])).toEqual([
      ['/customer_backoffice/api/v1/recover/access', { token: TOKEN }],
      [
        '/customer_backoffice/api/v1/recover/access/password',
        { token: TOKEN, password: 'primeiraSenha1', repeatPassword: 'primeiraSenha1' },
      ],
    ]);
  });

  it('says the link expired and offers the recovery by CPF', async () => {
    const server = fakeFetch({
      'PUT /customer_backoffice/api/v1/recover/access': () => ({ status: 200, body: { linkExpired: true } }),
    });
    const { router } = renderApp(`/cliente/recuperar-login?acesso=${TOKEN}`, server.fetch);
    const user = userEvent.setup();
    expect(await screen.findByText('Link expirado, faça a solicitação novamente')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Recuperar a senha pelo CPF' }));
    expect(await screen.findByRole('button', { name: 'Enviar código' })).toBeTruthy();
    expect(router.state.location.search).toBe('');
  });

  it('a link used meanwhile (410 on the password) shows the expired message', async () => {
    const server = fakeFetch({
      'PUT /customer_backoffice/api/v1/recover/access': () => ({ status: 200, body: { linkExpired: false } }),
      'PUT /customer_backoffice/api/v1/recover/access/password': () => ({
        status: 410,
        body: errorBody('LINK_EXPIRED', 'Link expirado, faça a solicitação novamente'),
      }),
    });
    renderApp(`/cliente/recuperar-login?acesso=${TOKEN}`, server.fetch);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Nova senha/), 'primeiraSenha1');
    await user.type(screen.getByLabelText(/Confirme a nova senha/), 'primeiraSenha1');
    await user.click(screen.getByRole('button', { name: 'Criar senha' }));
    expect(await screen.findByText('Link expirado, faça a solicitação novamente')).toBeTruthy();
  });
});
