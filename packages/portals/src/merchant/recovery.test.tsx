import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorBody, fakeFetch, renderApp } from '../test/harness.tsx';

const API = '/merchant_backoffice/api/v1';

describe('merchant recovery', () => {
  it('sends the recovery e-mail and shows that it was sent', async () => {
    const server = fakeFetch({
      [`POST ${API}/recover/password`]: () => ({ status: 200, body: { emailDelivered: true } }),
    });
    renderApp('/parceira/recuperar-login', server.fetch);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/E-mail/), 'ana@loja.com.br');
    await user.click(screen.getByRole('button', { name: 'Enviar link' }));
    expect(await screen.findByText('E-mail enviado')).toBeTruthy();
    expect(server.calls[0]?.body).toEqual({ merchantUserEmail: 'ana@loja.com.br' });
  });

  it("toasts 'Não foi possível enviar o E-Mail' on failure", async () => {
    const server = fakeFetch({
      [`POST ${API}/recover/password`]: () => ({ status: 500, body: errorBody('X', 'x') }),
    });
    renderApp('/parceira/recuperar-login', server.fetch);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/E-mail/), 'ana@loja.com.br');
    await user.click(screen.getByRole('button', { name: 'Enviar link' }));
    expect(await screen.findByText('Não foi possível enviar o E-Mail')).toBeTruthy();
  });

  it('recovers the login e-mail by phone; failure says Operação falhada', async () => {
    let delivered = false;
    const server = fakeFetch({
      [`PUT ${API}/recover/email`]: () => ({ status: 200, body: { smsDelivered: delivered } }),
    });
    renderApp('/parceira/recuperar-login', server.fetch);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Esqueci meu e-mail de acesso' }));
    const phone = await screen.findByLabelText(/Celular/);
    await user.type(phone, '11987654321');
    expect(phone instanceof HTMLInputElement && phone.value).toBe('+55 (11) 98765-4321');
    await user.click(screen.getByRole('button', { name: 'Enviar SMS' }));
    expect(await screen.findByText('Operação falhada')).toBeTruthy();
    expect(await screen.findByText('Não foi possível enviar o SMS')).toBeTruthy();
    delivered = true;
    await user.click(screen.getByRole('button', { name: 'Enviar SMS' }));
    expect(await screen.findByText('SMS enviado com sucesso')).toBeTruthy();
    expect(server.calls.at(-1)?.body).toEqual({ merchantUserPhone: '+5511987654321' });
  });

  it('says an expired link is expired', async () => {
    const server = fakeFetch({
      [`GET ${API}/recover/password/rec_1`]: () => ({ status: 200, body: { linkExpired: true } }),
    });
    renderApp('/parceira/recuperar-login?recovery_id=rec_1', server.fetch);
    expect(await screen.findByText('Link expirado, faça a solicitação novamente')).toBeTruthy();
  });

  it('resets the password with a valid link, then goes to the login', async () => {
    let updated = false;
    const server = fakeFetch({
      [`GET ${API}/recover/password/rec_2`]: () => ({ status: 200, body: { linkExpired: false } }),
      [`PUT ${API}/recover/password/rec_2`]: () => ({ status: 200, body: { passwordUpdated: updated } }),
    });
    const { router } = renderApp('/parceira/recuperar-login?recovery_id=rec_2', server.fetch);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Nova senha/), 'curta');
    await user.type(screen.getByLabelText(/Confirme a nova senha/), 'curta');
    await user.click(screen.getByRole('button', { name: 'Alterar senha' }));
    expect(await screen.findByText('As senha devem conter no mínimo 8 caracteres')).toBeTruthy();
    await user.type(screen.getByLabelText(/^Nova senha/), '1234');
    await user.click(screen.getByRole('button', { name: 'Alterar senha' }));
    expect(await screen.findByText('As senhas não conferem')).toBeTruthy();
    await user.type(screen.getByLabelText(/Confirme a nova senha/), '1234');
    await user.click(screen.getByRole('button', { name: 'Alterar senha' }));
    expect(await screen.findByText('Não foi possível alterar sua senha!')).toBeTruthy();
    updated = true;
    await user.click(screen.getByRole('button', { name: 'Alterar senha' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/parceira/login'));
  });
});
