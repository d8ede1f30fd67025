import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type Answer, type Call, ok } from '../merchant/sales-fake-api.ts';
import { type FakeList, listServer, searchNothing, signInAdminBeforeEach } from '../test/admin-lists.ts';
import { renderApp } from '../test/harness.tsx';
import { merchantsPage } from './merchants/fixtures.ts';
import { ADMIN_API, ORDER_ID, ordersPage } from './orders/list-fixtures.ts';

configure({ asyncUtilTimeout: 5000 });
// Mantine's Select scrolls its selected option into view; jsdom has no layout.
Element.prototype.scrollIntoView ??= () => {};

const LIST = `GET ${ADMIN_API}/orders`;
const MERCHANTS = `GET ${ADMIN_API}/merchants`;

signInAdminBeforeEach();

const ORDERS: FakeList = { call: LIST, searchParam: 'search', page: ordersPage, pageSize: 20, total: 45 };
const adminServer = (extra: Record<string, (call: Call) => Answer> = {}) =>
  listServer(ORDERS, { [MERCHANTS]: () => ok(merchantsPage(3)), ...extra });

describe('admin orders list', () => {
  it("shows every column of spec 2.2, 'Detalhes' and 'Baixa pedidos/parcelas', and pages through", async () => {
    const api = adminServer();
    const { router } = renderApp('/admin/orders', api.fetch);
    const table = await screen.findByRole('table', { name: 'Pedidos' });
    for (const header of [
      'Order ID',
      'Data de criação',
      'Parceiro',
      'Cliente',
      'E-mail',
      'Total',
      'Qtd. parcelas em atraso',
      'Status',
    ])
      expect(within(table).getByRole('columnheader', { name: header })).toBeTruthy();
    const first = within(table).getByText('DRP-000001').closest('tr') as HTMLElement;
    expect(within(first).getByText('10/03/2026 12:30')).toBeTruthy();
    expect(within(first).getByText('Loja 1')).toBeTruthy();
    expect(within(first).getByText('Maria da Silva')).toBeTruthy();
    expect(within(first).getByText('maria.silva@cliente.demo')).toBeTruthy();
    expect(within(first).getByText(/R\$\s1\.234,50/)).toBeTruthy();
    expect(within(first).getByText('2')).toBeTruthy();
    expect(within(first).getByText('Ativa')).toBeTruthy();
    const second = within(table).getByText('DRP-000002').closest('tr') as HTMLElement;
    expect(within(second).getByText('N/A')).toBeTruthy();
    expect(within(table).getByText('Fechada')).toBeTruthy();
    expect(
      within(table).getByRole('link', { name: 'Detalhes do pedido DRP-000001' }).getAttribute('href'),
    ).toBe(`/admin/orders/${ORDER_ID}`);
    expect(screen.getByRole('link', { name: 'Baixa pedidos/parcelas' }).getAttribute('href')).toBe(
      '/admin/add-debt-negotiation-payment',
    );
    expect(api.last(LIST)?.search.get('size')).toBe('20');
    fireEvent.click(screen.getByRole('button', { name: 'Próxima página' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=1'));
    await waitFor(() => expect(api.last(LIST)?.search.get('page')).toBe('1'));
  });

  it('searches from page 0, kept in the URL, and says when nothing matches', async () => {
    const api = adminServer();
    const { router } = renderApp('/admin/orders?page=2', api.fetch);
    await screen.findByRole('table', { name: 'Pedidos' });
    await searchNothing(api, router, ORDERS, { box: 'Buscar pedido', empty: 'Nenhum pedido encontrado' });
  });

  it('filters by status and by merchant from the URL, and sends both', async () => {
    const merchantId = merchantsPage(1).content[0]?.id ?? '';
    const api = adminServer();
    renderApp(`/admin/orders?status=CLOSED&merchantId=${merchantId}`, api.fetch);
    await screen.findByRole('table', { name: 'Pedidos' });
    const call = api.last(LIST);
    expect(call?.search.get('status')).toBe('CLOSED');
    expect(call?.search.get('merchantId')).toBe(merchantId);
    expect((screen.getByLabelText('Status') as HTMLSelectElement).selectedOptions[0]?.textContent).toBe(
      'Fechada',
    );
    await waitFor(() =>
      expect((screen.getAllByLabelText('Parceiro')[0] as HTMLInputElement).value).toBe('Loja 1'),
    );
  });

  it('chooses a status in the filter, which resets the page', async () => {
    const api = adminServer();
    const { router } = renderApp('/admin/orders?page=1', api.fetch);
    await screen.findByRole('table', { name: 'Pedidos' });
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Status'), 'Cancelada');
    await waitFor(() => expect(router.state.location.search).toBe('?status=CANCELED'));
    await waitFor(() => expect(api.last(LIST)?.search.get('status')).toBe('CANCELED'));
  });

  it('shows the load error with the HTTP status and tries again', async () => {
    let fail = true;
    const api = adminServer({
      [LIST]: () =>
        fail ? { status: 503, body: { error: { code: 'X', message: 'x' } } } : ok(ordersPage(1)),
    });
    renderApp('/admin/orders', api.fetch);
    expect(await screen.findByText(/Não foi possível carregar os pedidos/)).toBeTruthy();
    expect(screen.getByText(/503/)).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('table', { name: 'Pedidos' })).toBeTruthy();
  });
});
