import { SESSION_KEYS } from '@drip/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorBody, type FakeRequest, fakeFetch, fakeJwt, renderApp } from '../test/harness.tsx';

const LOGIN = 'POST /merchant_backoffice/api/v1/login';
const token = fakeJwt({ sub: 'u1', aud: 'merchant', merchantId: 'm1', permissions: ['ADMIN', 'READ'] });

function hasPassword(body: unknown): boolean {
  return typeof body === 'object' && body !== null && 'password' in body;
}
function smsCodeOf(body: unknown): unknown {
  return typeof body === 'object' && body !== null && 'smsCode' in body ? body.smsCode : undefined;
}

/** The fake server: password 'segredo123', SMS code '123456'. */
function merchantServer() {
  return fakeFetch({
    [LOGIN]: ({ body }: FakeRequest) => {
      if (hasPassword(body)) {
        return typeof body === 'object' &&
          body !== null &&
          'password' in body &&
          body.password === 'segredo123'
          ? { status: 200, body: { phone: '+5511987654321' } }
          : { status: 401, body: errorBody('INVALID_CREDENTIALS', 'invalid') };
      }
      return smsCodeOf(body) === '123456'
        ? { status: 200, body: { token, refreshToken: 'refresh-1' } }
        : { status: 401, body: errorBody('INVALID_TOKEN', 'invalid') };
    },
    'GET /merchant_backoffice/api/v1/merchant': () => ({
      status: 200,
      body: {
        id: 'm1',
        name: 'Loja Aurora',
        ecommPlatform: null,
        onlyRead: false,
        permissions: ['ADMIN', 'READ'],
        logo: null,
        logoB2b: null,
        initials: 'LA',
      },
    }),
  });
}

async function fillCredentials(password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/E-mail/), 'Ana@Loja.com.br');
  await user.type(screen.getByLabelText(/Senha/), password);
  await user.click(screen.getByRole('button', { name: 'Entrar' }));
  return user;
}

describe('merchant login', () => {
  it('goes through both steps, then back to the guarded target route', async () => {
    const server = merchantServer();
    const { router } = renderApp('/parceira/pedidos/chk_42', server.fetch);
    await waitFor(() => expect(router.state.location.pathname).toBe('/parceira/login'));

    const user = await fillCredentials('segredo123');
    expect(await screen.findByText('Verificação de 2 etapas')).toBeTruthy();
    expect(screen.getByText('+55 (11) *****-4321')).toBeTruthy();
    expect(server.calls[0]?.body).toEqual({ username: 'ana@loja.com.br', password: 'segredo123' });

    await user.type(screen.getByLabelText(/Drip Token/), '000000');
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Drip Token inválido, verifique o número inserido.')).toBeTruthy();

    await user.clear(screen.getByLabelText(/Drip Token/));
    await user.type(screen.getByLabelText(/Drip Token/), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/parceira/pedidos/chk_42'));
    expect(window.sessionStorage.getItem(SESSION_KEYS.merchant.token)).toBe(token);
    expect(window.localStorage.getItem(SESSION_KEYS.merchant.token)).toBeNull();
    expect(await screen.findByText('Loja Aurora')).toBeTruthy();
    expect(server.calls.find((c) => smsCodeOf(c.body) === '123456')?.body).toEqual({
      username: 'ana@loja.com.br',
      smsCode: '123456',
      remember: false,
    });
  });

  it("'Voltar' clears the token and returns to the credentials step", async () => {
    renderApp('/parceira/login', merchantServer().fetch);
    const user = await fillCredentials('segredo123');
    await user.type(await screen.findByLabelText(/Drip Token/), '12');
    await user.click(screen.getByRole('button', { name: 'Voltar' }));
    expect(await screen.findByRole('button', { name: 'Entrar' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    const input = await screen.findByLabelText(/Drip Token/);
    expect(input instanceof HTMLInputElement && input.value).toBe('');
  });

  it('keeps the session in localStorage with Mantenha-me conectado and lands on the orders', async () => {
    const { router } = renderApp('/merchant/login', merchantServer().fetch);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/E-mail/), 'ana@loja.com.br');
    await user.type(screen.getByLabelText(/Senha/), 'segredo123');
    await user.click(screen.getByLabelText('Mantenha-me conectado'));
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    await user.type(await screen.findByLabelText(/Drip Token/), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/parceira/pedidos'));
    expect(window.localStorage.getItem(SESSION_KEYS.merchant.token)).toBe(token);
  });

  it('shows the password error on 401', async () => {
    renderApp('/parceira/login', merchantServer().fetch);
    await fillCredentials('errada');
    expect(await screen.findByText('E-mail e/ou senha incorretos.')).toBeTruthy();
  });

  it('shows the generic error on other statuses', async () => {
    const server = fakeFetch({ [LOGIN]: () => ({ status: 500, body: errorBody('INTERNAL', 'boom') }) });
    renderApp('/parceira/login', server.fetch);
    await fillCredentials('segredo123');
    expect(
      await screen.findByText('Ocorreu um erro ao fazer seu login, tente novamente mais tarde'),
    ).toBeTruthy();
  });
});
