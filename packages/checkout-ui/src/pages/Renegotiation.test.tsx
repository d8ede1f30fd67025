import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../App.tsx';
import { ToastProvider } from '../ui/Toasts.tsx';
import { RENEGOTIATION_EVENTS, RenegotiationPage } from './Renegotiation.tsx';
import { negotiationFetch } from './renegotiation-fixtures.ts';
import { setTrackSink } from './track.ts';

afterEach(cleanup);

const CPF = '52998224725';

function renderPage(fetchFn: typeof fetch) {
  render(
    <ToastProvider>
      <RenegotiationPage fetch={fetchFn} />
    </ToastProvider>,
  );
  return userEvent.setup();
}

async function fill(user: ReturnType<typeof userEvent.setup>, cpf = CPF, phone = '11987654321') {
  await user.type(screen.getByLabelText('CPF'), cpf);
  await user.type(screen.getByLabelText('Celular'), phone);
}

const submit = () => screen.getByRole('button', { name: 'Renegociar' });

describe('/renegociacao', () => {
  it('masks CPF and phone, keeps the button disabled until both are complete, sends digits only', async () => {
    const server = negotiationFetch(201);
    const user = renderPage(server.fetch);
    expect(screen.getByRole('heading', { name: 'Renegocie sua dívida com a Drip' })).toBeTruthy();
    expect(screen.getByText(/3x, sem entrada/)).toBeTruthy();
    expect(submit().hasAttribute('disabled')).toBe(true);
    await user.type(screen.getByLabelText('CPF'), `${CPF}99`);
    const cpf = screen.getByLabelText('CPF');
    expect(cpf instanceof HTMLInputElement && cpf.value).toBe('529.982.247-25');
    expect(submit().hasAttribute('disabled')).toBe(true);
    await user.type(screen.getByLabelText('Celular'), '1198765');
    expect(submit().hasAttribute('disabled')).toBe(true);
    await user.type(screen.getByLabelText('Celular'), '4321');
    const phone = screen.getByLabelText('Celular');
    expect(phone instanceof HTMLInputElement && phone.value).toBe('+55 (11) 98765-4321');
    expect(phone.getAttribute('maxlength')).toBe('19');
    expect(submit().hasAttribute('disabled')).toBe(false);
    await user.click(submit());
    expect(await screen.findByRole('heading', { name: 'Sua solicitação foi enviada!' })).toBeTruthy();
    expect(screen.getByText('Solicitação feita com sucesso!')).toBeTruthy();
    expect(screen.queryByLabelText('CPF')).toBeNull();
    expect(server.calls).toEqual([
      {
        method: 'POST',
        path: '/api/v1/debts/start-negotiation',
        body: { cpf: CPF, phone: '5511987654321' },
      },
    ]);
  });

  it('takes an international number (Brazil and the US first in the country list) and sends its digits', async () => {
    const server = negotiationFetch(201);
    const user = renderPage(server.fetch);
    const country = screen.getByLabelText('País do telefone');
    const options = [...country.querySelectorAll('option')].map((o) => o.value);
    expect(options.slice(0, 2)).toEqual(['BR', 'US']);
    expect(country instanceof HTMLSelectElement && country.value).toBe('BR');
    await user.type(screen.getByLabelText('CPF'), CPF);
    await user.selectOptions(country, 'US');
    await user.type(screen.getByLabelText('Celular'), '2133734253');
    const phone = screen.getByLabelText('Celular');
    expect(phone instanceof HTMLInputElement && phone.value).toBe('+1 213 373 4253');
    await user.click(submit());
    await screen.findByRole('heading', { name: 'Sua solicitação foi enviada!' });
    expect(server.calls.at(-1)?.body).toEqual({ cpf: CPF, phone: '12133734253' });
  });

  it('lets the user delete the formatted phone', async () => {
    const user = renderPage(negotiationFetch(201).fetch);
    const phone = screen.getByLabelText('Celular');
    await user.type(phone, '11987654321');
    await user.type(phone, '{Backspace}'.repeat(19));
    expect(phone instanceof HTMLInputElement && phone.value).toBe('');
  });

  it("warns 'Não existe débitos para esse CPF' on 204 and keeps the form", async () => {
    const user = renderPage(negotiationFetch(204).fetch);
    await fill(user);
    await user.click(submit());
    expect((await screen.findByRole('alert')).textContent).toBe('Não existe débitos para esse CPF');
    expect(screen.getByLabelText('CPF')).toBeTruthy();
  });

  it.each([404, 400])('says the user was not found on %i, disables until the user types', async (status) => {
    const user = renderPage(negotiationFetch(status).fetch);
    await fill(user);
    await user.click(submit());
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Usuário não foi encontrado, verifique as informações e tenta novamente',
    );
    expect(submit().hasAttribute('disabled')).toBe(true);
    await user.type(screen.getByLabelText('Celular'), '{Backspace}1');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(submit().hasAttribute('disabled')).toBe(false);
  });

  it('says a negotiation was already requested on 409', async () => {
    const user = renderPage(negotiationFetch(409).fetch);
    await fill(user);
    await user.click(submit());
    expect((await screen.findByRole('alert')).textContent).toBe(
      'O CPF informado já solicitou uma negociação',
    );
  });

  it('reports other failures and shows the generic message', async () => {
    const events: string[] = [];
    const restore = setTrackSink((event) => events.push(event));
    try {
      const user = renderPage(negotiationFetch(500).fetch);
      await fill(user);
      await user.click(submit());
      expect((await screen.findByRole('alert')).textContent).toBe(
        'Ocorreu um erro ao solicitar a negociação, tente novamente mais tarde',
      );
      expect(events).toEqual([RENEGOTIATION_EVENTS.failed]);
    } finally {
      restore();
    }
  });

  it('rejects an invalid CPF before calling the server', async () => {
    const server = negotiationFetch(201);
    const user = renderPage(server.fetch);
    await fill(user, '11111111111');
    await user.click(submit());
    expect((await screen.findByRole('alert')).textContent).toBe('CPF inválido');
    expect(server.calls).toHaveLength(0);
  });

  it('opens the CCB modal from the consent text and closes it', async () => {
    const user = renderPage(negotiationFetch(201).fetch);
    expect(screen.getByRole('link', { name: 'Termos de uso' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Política de privacidade' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cédula de Crédito Bancário (CCB)' }));
    const dialog = screen.getByRole('dialog', { name: 'Cédula de Crédito Bancário (CCB)' });
    expect(dialog.textContent).toContain('Lei nº 10.931/2004');
    await user.click(screen.getByRole('button', { name: 'Fechar' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('is routed at /renegociacao', async () => {
    render(<App location={{ pathname: '/renegociacao', search: '' }} />);
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Renegocie sua dívida com a Drip' })).toBeTruthy(),
    );
  });
});
