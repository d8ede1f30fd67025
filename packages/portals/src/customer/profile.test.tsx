import { SESSION_KEYS } from '@drip/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { errorBody, fakeFetch, renderApp } from '../test/harness.tsx';

const USER = '/customer_backoffice/api/v1/user';
const profile = {
  id: 'c1',
  name: 'Maria Silva',
  email: 'maria@exemplo.com.br',
  cpf: '52998224725',
  phone: '+5511987654321',
  birthDate: '1990-05-20',
  addressCep: '01310-930',
  addressStreet: 'Avenida Paulista',
  addressNumber: '1000',
  addressComplement: null,
  addressNeighborhood: 'Bela Vista',
  addressCity: 'São Paulo',
  addressState: 'SP',
  isOnDebtNegotiation: false,
  status: 'ACTIVE',
};

beforeEach(() => {
  window.sessionStorage.setItem(SESSION_KEYS.customer.token, 't');
  window.sessionStorage.setItem(SESSION_KEYS.customer.refreshToken, 'r');
});

describe('customer profile', () => {
  it('shows CPF and phone read-only and PATCHes without them', async () => {
    const server = fakeFetch({
      [`GET ${USER}`]: () => ({ status: 200, body: profile }),
      [`PATCH ${USER}`]: () => ({
        status: 200,
        body: { phoneUpdated: false, passwordUpdated: false, user: { ...profile, name: 'Maria S. Silva' } },
      }),
    });
    renderApp('/cliente/perfil', server.fetch);
    const user = userEvent.setup();
    const cpf = await screen.findByLabelText('CPF');
    expect(cpf instanceof HTMLInputElement && cpf.value).toBe('529.982.247-25');
    expect(cpf.hasAttribute('readonly')).toBe(true);
    const name = screen.getByLabelText(/Nome/);
    await user.clear(name);
    await user.type(name, 'Maria S. Silva');
    await user.click(screen.getByRole('button', { name: 'Salvar alterações' }));
    expect(await screen.findByText('Dados atualizados com sucesso')).toBeTruthy();
    const body = server.calls.find((c) => c.method === 'PATCH')?.body;
    expect(body).toMatchObject({
      name: 'Maria S. Silva',
      email: 'maria@exemplo.com.br',
      addressCep: '01310-930',
    });
    expect(body).not.toHaveProperty('cpf');
    expect(body).not.toHaveProperty('phone');
  });

  it('requires the e-mail', async () => {
    const server = fakeFetch({ [`GET ${USER}`]: () => ({ status: 200, body: profile }) });
    renderApp('/cliente/perfil', server.fetch);
    const user = userEvent.setup();
    await user.clear(await screen.findByLabelText(/E-mail/));
    await user.click(screen.getByRole('button', { name: 'Salvar alterações' }));
    expect(await screen.findByText('O e-mail é obrigatório')).toBeTruthy();
    expect(server.calls.some((c) => c.method === 'PATCH')).toBe(false);
  });

  it('changes the password in a dialog and logs out on success', async () => {
    let status = 400;
    const server = fakeFetch({
      [`GET ${USER}`]: () => ({ status: 200, body: profile }),
      [`PATCH ${USER}`]: () =>
        status === 200
          ? { status, body: { phoneUpdated: false, passwordUpdated: true, user: profile } }
          : { status, body: errorBody('INVALID_PASSWORD', 'x') },
    });
    const { router } = renderApp('/cliente/perfil', server.fetch);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Alterar senha' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toBeTruthy();
    await user.type(screen.getByLabelText(/Senha atual/), 'antiga');
    await user.type(screen.getByLabelText(/^Nova senha/), '123');
    await user.type(screen.getByLabelText(/Confirme a nova senha/), '124');
    const submit = screen.getAllByRole('button', { name: 'Alterar senha' }).at(-1)!;
    await user.click(submit);
    expect(await screen.findByText('A nova senha deve conter no mínimo 6 caracteres')).toBeTruthy();
    expect(screen.getByText('As senhas devem ser iguais')).toBeTruthy();
    await user.type(screen.getByLabelText(/^Nova senha/), '456');
    await user.clear(screen.getByLabelText(/Confirme a nova senha/));
    await user.type(screen.getByLabelText(/Confirme a nova senha/), '123456');
    await user.click(submit);
    expect(
      await screen.findByText(
        'Não foi possível redefinir a senha, verifique a senha atual e tente novamente',
      ),
    ).toBeTruthy();
    status = 500;
    await user.click(submit);
    expect(await screen.findByText('Ocorreu um erro ao atualizar sua senha')).toBeTruthy();
    status = 200;
    await user.click(submit);
    await waitFor(() => expect(router.state.location.pathname).toBe('/cliente/login'));
    expect(window.sessionStorage.getItem(SESSION_KEYS.customer.token)).toBeNull();
    expect(server.calls.filter((c) => c.method === 'PATCH').at(-1)?.body).toEqual({
      currentPassword: 'antiga',
      newPassword: '123456',
    });
  });
});
