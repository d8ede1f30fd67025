import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Answer, type Call, ok } from '../merchant/sales-fake-api.ts';
import { type FakeList, listServer, signInAdminBeforeEach } from '../test/admin-lists.ts';
import { renderApp } from '../test/harness.tsx';
import { CUSTOMER_ID, customerDetails, customersPage } from './customers/fixtures.ts';
import { ADMIN_API } from './merchants/fixtures.ts';

configure({ asyncUtilTimeout: 5000 });
// jsdom has no layout: Mantine's Select scrolls its options into view.
Element.prototype.scrollIntoView ??= () => {};

const LIST = `GET ${ADMIN_API}/customers`;
const DETAILS = `GET ${ADMIN_API}/customers/${CUSTOMER_ID}`;
const reset = (key: string) => key.endsWith('/reset_password');
const UPDATE = `PUT ${ADMIN_API}/customers/${CUSTOMER_ID}`;

signInAdminBeforeEach();

const CUSTOMERS: FakeList = { call: LIST, searchParam: 'text', page: customersPage, pageSize: 10, total: 23 };
const adminServer = (extra: Record<string, (call: Call) => Answer> = {}) =>
  listServer(CUSTOMERS, { [DETAILS]: () => ok(customerDetails()), ...extra });

describe('admin customers list', () => {
  it('searches by the chosen field from page 0, kept in the URL', async () => {
    const api = adminServer();
    const { router } = renderApp('/admin/customers?page=2', api.fetch);
    await screen.findByRole('table', { name: 'Clientes' });
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Buscar por'), 'CPF');
    await user.type(screen.getByLabelText('Texto'), 'nada');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    await waitFor(() => expect(router.state.location.search).toBe('?type=cpf&text=nada'));
    expect(await screen.findByText('Nenhum cliente encontrado')).toBeTruthy();
    const call = api.last(LIST);
    expect(call?.search.get('type')).toBe('cpf');
    expect(call?.search.get('text')).toBe('nada');
    expect(call?.search.get('page')).toBe('0');
  });

  it('pages, and the Actions menu links to block, whitelist and negotiation prefilled', async () => {
    const api = adminServer();
    const { router } = renderApp('/admin/customers', api.fetch);
    const table = await screen.findByRole('table', { name: 'Clientes' });
    expect(within(table).getAllByText('529.982.247-25').length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: 'Próxima página' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=1'));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Ações de Cliente 11' }));
    const hrefs = (await screen.findAllByRole('menuitem')).map((item) => item.getAttribute('href'));
    expect(hrefs).toEqual([
      '/admin/block-user?cpf=52998224725',
      '/admin/block-user?phone=%2B5511912345678',
      '/admin/block-user?cep=01310100',
      '/admin/whitelist?cpf=52998224725',
      '/admin/debt-list?cpf=52998224725',
    ]);
  });
});

describe('admin customer details', () => {
  it('shows the data, the limit and scores, the fraud report and the orders', async () => {
    renderApp(`/admin/customers/${CUSTOMER_ID}`, adminServer().fetch);
    expect(await screen.findByRole('heading', { name: 'Detalhes do cliente' })).toBeTruthy();
    expect(screen.getByText('529.982.247-25')).toBeTruthy();
    expect(screen.getByText(/R\$\s1\.549,50/)).toBeTruthy();
    expect(screen.getByText('900')).toBeTruthy();
    expect(screen.getByText('DRP-7K2M9Q')).toBeTruthy();
    expect(screen.getAllByText('N/A').length).toBeGreaterThan(0);
  });

  it("shows an order's total as the wire's reais (R$ 300,00), not a hundred times it", async () => {
    renderApp(`/admin/customers/${CUSTOMER_ID}`, adminServer().fetch);
    const orders = await screen.findByRole('table', { name: 'Pedidos do cliente' });
    const row = within(orders).getByText('DRP-7K2M9Q').closest('tr') as HTMLElement;
    expect(within(row).getByText(/^R\$\s300,00$/)).toBeTruthy();
  });

  it("shows the refused checkouts with spec 8's admin denial labels", async () => {
    renderApp(`/admin/customers/${CUSTOMER_ID}`, adminServer().fetch);
    const table = await screen.findByRole('table', { name: 'Compras recusadas do cliente' });
    const ko = within(table).getByText('AUR-9').closest('tr') as HTMLElement;
    expect(within(ko).getByText('Dados do pagador são de terceiros ou Pessoa Jurídica')).toBeTruthy();
    expect(within(ko).getByText(/^R\$\s150,50$/)).toBeTruthy();
    const expired = within(table).getByText('A-0').closest('tr') as HTMLElement;
    expect(within(expired).getByText('Expirado')).toBeTruthy();
  });

  it('shows the history: who, when, what, on which value, before and after, newest first', async () => {
    renderApp(`/admin/customers/${CUSTOMER_ID}`, adminServer().fetch);
    const table = await screen.findByRole('table', { name: 'Histórico' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[2]?.textContent)).toEqual([
      'FRAUD_UNBLOCKED',
      'FRAUD_BLOCKED',
      'CUSTOMER_ARCHIVED',
    ]);
    const [unblocked, , archived] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(unblocked).getByText('Administradora Drip (admin@drip.dev)')).toBeTruthy();
    expect(within(unblocked).getByText('Bloqueio do CPF 529.982.247-25')).toBeTruthy();
    expect(within(unblocked).getByText(/"active": true/)).toBeTruthy();
    expect(within(unblocked).getByText(/"active": false/)).toBeTruthy();
    expect(within(archived).getByText('Cliente')).toBeTruthy();
  });

  describe('copies the ID, the CPF and the phone with spec 8 toasts', () => {
    afterEach(() => {
      vi.restoreAllMocks();
    });

    it('copies the CPF as digits: Copiado com sucesso', async () => {
      const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
      renderApp(`/admin/customers/${CUSTOMER_ID}`, adminServer().fetch);
      fireEvent.click(await screen.findByRole('button', { name: 'Copiar CPF' }));
      expect(await screen.findByText('Copiado com sucesso')).toBeTruthy();
      expect(writeText).toHaveBeenCalledWith('52998224725');
      fireEvent.click(screen.getByRole('button', { name: 'Copiar telefone' }));
      await waitFor(() => expect(writeText).toHaveBeenLastCalledWith('+5511912345678'));
    });

    it('says so when the clipboard refuses', async () => {
      vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
      renderApp(`/admin/customers/${CUSTOMER_ID}`, adminServer().fetch);
      fireEvent.click(await screen.findByRole('button', { name: 'Copiar ID' }));
      expect(await screen.findByText('Não foi possível copiar para área de transferência')).toBeTruthy();
    });
  });

  it('says so when no admin acted on the customer yet', async () => {
    const api = adminServer({ [DETAILS]: () => ok({ ...customerDetails(), history: [] }) });
    renderApp(`/admin/customers/${CUSTOMER_ID}`, api.fetch);
    expect(await screen.findByText('Nenhuma ação de administrador registrada neste cliente.')).toBeTruthy();
  });

  it.each([
    ['Arquivar', `PUT ${ADMIN_API}/customers/${CUSTOMER_ID}/archive`, 'O cliente foi arquivado', {}],
    [
      'Desarquivar',
      `PUT ${ADMIN_API}/customers/${CUSTOMER_ID}/enable`,
      'O cliente foi desarquivado',
      { status: 'ARCHIVED' as const },
    ],
    [
      'Redefinir senha',
      `PUT ${ADMIN_API}/customers/${CUSTOMER_ID}/reset_password`,
      'A senha foi redefinida',
      {},
    ],
    [
      'Adicionar à whitelist',
      `POST ${ADMIN_API}/trust/add`,
      'Usuários adicionados a whitelist com sucesso',
      {},
    ],
    [
      'Remover da whitelist',
      `POST ${ADMIN_API}/trust/remove`,
      'Usuários removidos a whitelist com sucesso',
      { whitelisted: true },
    ],
    [
      'Adicionar à negociação',
      `POST ${ADMIN_API}/debt-negotiation/add`,
      'Usuários adicionados a lista de negociação com sucesso',
      {},
    ],
    [
      'Remover da negociação',
      `POST ${ADMIN_API}/debt-negotiation/remove`,
      'Usuários removidos a lista de negociação com sucesso',
      { onDebtNegotiation: true },
    ],
  ])('%s runs only after the confirmation, with its toast', async (label, key, toast, state) => {
    const answers: Record<string, unknown> = {
      PUT: reset(key) ? { smsQueued: true } : customerDetails(state).customer,
      trust: { cpfs: ['52998224725'], expirationDate: null },
      'debt-negotiation': { cpfs: ['52998224725'], phones: [], addressCeps: [] },
    };
    const kind = key.includes('/trust/')
      ? 'trust'
      : key.includes('debt-negotiation')
        ? 'debt-negotiation'
        : 'PUT';
    const api = adminServer({ [DETAILS]: () => ok(customerDetails(state)), [key]: () => ok(answers[kind]) });
    renderApp(`/admin/customers/${CUSTOMER_ID}`, api.fetch);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Ações' }));
    await user.click(await screen.findByRole('menuitem', { name: label }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Você tem certeza?')).toBeTruthy();
    expect(api.last(key)).toBeUndefined();
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText(toast)).toBeTruthy();
    const call = api.last(key);
    expect(call).toBeTruthy();
    if (key.startsWith('POST')) expect(call?.body).toMatchObject({ cpfs: ['52998224725'] });
  });

  it("a failed archive says 'Operação falhou (status)'; a failed review 'Não foi possível revisar o limite'", async () => {
    const api = adminServer({
      [`PUT ${ADMIN_API}/customers/${CUSTOMER_ID}/archive`]: () => ({
        status: 500,
        body: { error: { code: 'X', message: 'x' } },
      }),
      [`POST ${ADMIN_API}/customers/review-limit/${CUSTOMER_ID}`]: () => ({
        status: 503,
        body: { error: { code: 'X', message: 'x' } },
      }),
    });
    renderApp(`/admin/customers/${CUSTOMER_ID}`, api.fetch);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Ações' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Arquivar' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Operação falhou (500)')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Revisar limite' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Não foi possível revisar o limite')).toBeTruthy();
  });

  it("'Revisar limite' asks the server again and toasts the success", async () => {
    const key = `POST ${ADMIN_API}/customers/review-limit/${CUSTOMER_ID}`;
    const api = adminServer({ [key]: () => ok(customerDetails()) });
    renderApp(`/admin/customers/${CUSTOMER_ID}`, api.fetch);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Revisar limite' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Limite revisado com sucesso')).toBeTruthy();
    expect(api.last(key)).toBeTruthy();
  });
});

describe('admin customer edit', () => {
  it('sends the CPF as digits and goes to the details after saving', async () => {
    const api = adminServer({ [UPDATE]: () => ok(customerDetails().customer) });
    const { router } = renderApp(`/admin/customers/${CUSTOMER_ID}/edit`, api.fetch);
    const user = userEvent.setup();
    const name = await screen.findByRole('textbox', { name: /Nome/ });
    await user.clear(name);
    await user.type(name, 'Maria S.');
    await user.click(screen.getByRole('button', { name: 'Atualizar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/admin/customers/${CUSTOMER_ID}`));
    const body = api.last(UPDATE)?.body;
    expect(body).toMatchObject({ name: 'Maria S.', cpf: '52998224725' });
  });

  it("a 409 shows 'Incapaz de editar' with the server's reason, and stays on the form", async () => {
    const api = adminServer({
      [UPDATE]: () => ({
        status: 409,
        body: { error: { code: 'CPF_TAKEN', message: 'Este CPF já pertence a outro cliente' } },
      }),
    });
    const { router } = renderApp(`/admin/customers/${CUSTOMER_ID}/edit`, api.fetch);
    const user = userEvent.setup();
    await screen.findByRole('textbox', { name: /Nome/ });
    await user.click(screen.getByRole('button', { name: 'Atualizar' }));
    expect(await screen.findByText('Incapaz de editar - Este CPF já pertence a outro cliente')).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/admin/customers/${CUSTOMER_ID}/edit`);
  });

  it('an invalid e-mail is caught before any call', async () => {
    const api = adminServer();
    renderApp(`/admin/customers/${CUSTOMER_ID}/edit`, api.fetch);
    const user = userEvent.setup();
    const email = await screen.findByRole('textbox', { name: /E-mail/ });
    await user.clear(email);
    await user.click(screen.getByRole('button', { name: 'Atualizar' }));
    expect(await screen.findByText('E-mail é obrigatório')).toBeTruthy();
    expect(api.last(UPDATE)).toBeUndefined();
  });

  it("checks the phone with the contract's pt-BR message before any call", async () => {
    const api = adminServer();
    renderApp(`/admin/customers/${CUSTOMER_ID}/edit`, api.fetch);
    const user = userEvent.setup();
    const phone = await screen.findByRole('textbox', { name: /Telefone/ });
    await user.clear(phone);
    await user.type(phone, '11 1234');
    await user.click(screen.getByRole('button', { name: 'Atualizar' }));
    expect(await screen.findByText('Telefone inválido')).toBeTruthy();
    expect(api.last(UPDATE)).toBeUndefined();
  });
});
