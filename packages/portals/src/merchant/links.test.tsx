import { configure, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../test/harness.tsx';
import { type Answer, type Call, LINKS, ok, salesServer, signIn } from './sales-fake-api.ts';
import { checkoutLink, SALES_API, salesPage } from './sales-fixtures.ts';

// Role queries over a page with a table, the big numbers and the chart are slow on a busy machine.
configure({ asyncUtilTimeout: 5000 });
// Mantine's Select scrolls its selected option into view; jsdom has no layout.
Element.prototype.scrollIntoView ??= () => {};

beforeEach(() => {
  window.localStorage.clear();
  signIn(['ADMIN', 'READ']);
});

describe('Gerenciar Links and Criar Drip Link', () => {
  const linksServer = (extra: Record<string, (call: Call) => Answer> = {}) =>
    salesServer({
      [LINKS]: () =>
        ok(
          salesPage([
            checkoutLink(1),
            checkoutLink(2, { status: 'OK' }),
            checkoutLink(3, { status: 'REVOKED', backofficeStatus: 'REVOKED' }),
            checkoutLink(4, { status: 'MORE_INFO' }),
            checkoutLink(5, { status: 'EXPIRED' }),
          ]),
        ),
      ...extra,
    });

  it('lets an ADMIN deactivate a link still Criado, after the confirmation', async () => {
    const api = linksServer({
      [`PUT ${SALES_API}/v1/checkouts/${checkoutLink(1).id}/revoke`]: () =>
        ok({ id: checkoutLink(1).id, status: 'REVOKED' }),
    });
    renderApp('/parceira/checkout-links', api.fetch);
    const table = await screen.findByRole('table', { name: 'Links de pagamento' });
    for (const label of ['Criado', 'Concluído', 'Desativado', 'Em uso', 'Expirado'])
      expect(within(table).getByText(label)).toBeTruthy();
    // Only the 'Criado' link can be deactivated (core's canDeactivateLink, the server's rule too): not one a
    // shopper opened ('Em uso'), nor one past its expiry. Only the finished one has details.
    expect(within(table).getAllByRole('button', { name: 'Desativar' })).toHaveLength(1);
    expect(within(table).getAllByRole('link', { name: /Detalhes/ })).toHaveLength(1);
    const user = userEvent.setup();
    fireEvent.click(within(table).getByRole('button', { name: 'Desativar' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Você tem certeza?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: /Confirmar|Sim/ }));
    expect(await screen.findByText('O link foi desativado')).toBeTruthy();
  });

  it('shows the failure with its status', async () => {
    const api = linksServer({
      [`PUT ${SALES_API}/v1/checkouts/${checkoutLink(1).id}/revoke`]: () => ({
        status: 409,
        body: { error: { code: 'CHECKOUT_FINISHED', message: 'x' } },
      }),
    });
    renderApp('/parceira/checkout-links', api.fetch);
    const user = userEvent.setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Desativar' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: /Confirmar|Sim/ }),
    );
    expect(await screen.findByText('Falha ao desativar (409)')).toBeTruthy();
  });

  it('shows a READ user the links without Desativar nor Criar Drip Link', async () => {
    signIn(['READ']);
    renderApp('/parceira/checkout-links', linksServer().fetch);
    await screen.findByRole('table', { name: 'Links de pagamento' });
    expect(screen.queryByRole('button', { name: 'Desativar' })).toBeNull();
    expect(screen.queryByText('Criar Drip Link')).toBeNull();
  });

  it('creates a link in reais and shows it, copyable', async () => {
    const api = linksServer({
      [`POST ${SALES_API}/v1/checkouts`]: () => ({
        status: 201,
        body: { id: 'new', formUrl: 'http://localhost:3000/checkouts/new' },
      }),
    });
    renderApp('/parceira/checkout-links/criar', api.fetch);
    const user = userEvent.setup();
    // After setup: user-event puts its own clipboard on the navigator.
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    await user.click(await screen.findByRole('button', { name: 'Criar link' }));
    expect(screen.getByText('Informe um valor maior que zero')).toBeTruthy();
    expect(screen.getByText('Informe o código do pedido')).toBeTruthy();
    await user.type(screen.getByLabelText(/Valor/), '250,50');
    await user.type(screen.getByLabelText(/Código do pedido/), ' PED-9 ');
    await user.click(screen.getByRole('button', { name: 'Criar link' }));
    expect(await screen.findByDisplayValue('http://localhost:3000/checkouts/new')).toBeTruthy();
    expect(api.last(`POST ${SALES_API}/v1/checkouts`)?.body).toEqual({
      amount: 250.5,
      merchantCode: 'PED-9',
    });
    await user.click(screen.getByRole('button', { name: 'Copiar link' }));
    expect(await screen.findByText('Copiado')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith('http://localhost:3000/checkouts/new');
  });

  it("shows the spec's 409 message for a code already used, and the status otherwise", async () => {
    let status = 409;
    const api = linksServer({
      [`POST ${SALES_API}/v1/checkouts`]: () => ({ status, body: { error: { code: 'X', message: 'x' } } }),
    });
    renderApp('/parceira/checkout-links/criar', api.fetch);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Valor/), '10');
    await user.type(screen.getByLabelText(/Código do pedido/), 'PED-1');
    await user.click(screen.getByRole('button', { name: 'Criar link' }));
    expect(
      await screen.findByText("O código 'PED-1' já existe, insira outro e tente novamente"),
    ).toBeTruthy();
    status = 500;
    await user.click(screen.getByRole('button', { name: 'Criar link' }));
    expect(await screen.findByText('Incapaz de criar link (500)')).toBeTruthy();
  });
});
