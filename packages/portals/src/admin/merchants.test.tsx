import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type Answer, type Call, ok } from '../merchant/sales-fake-api.ts';
import { type FakeList, listServer, searchNothing, signInAdminBeforeEach } from '../test/admin-lists.ts';
import { renderApp } from '../test/harness.tsx';
import { ADMIN_API, MERCHANT_ID, merchantDetails, merchantsPage } from './merchants/fixtures.ts';

configure({ asyncUtilTimeout: 5000 });

const LIST = `GET ${ADMIN_API}/merchants`;
const DETAILS = `GET ${ADMIN_API}/merchants/${MERCHANT_ID}`;

signInAdminBeforeEach();

const MERCHANTS: FakeList = { call: LIST, searchParam: 'name', page: merchantsPage, pageSize: 10, total: 23 };
const adminServer = (extra: Record<string, (call: Call) => Answer> = {}) =>
  listServer(MERCHANTS, { [DETAILS]: () => ok(merchantDetails()), ...extra });

describe('admin merchants list', () => {
  it('lists the merchants with a details button, no status column, and pages through them', async () => {
    const api = adminServer();
    const { router } = renderApp('/admin/merchants', api.fetch);
    const table = await screen.findByRole('table', { name: 'Parceiros' });
    expect(within(table).getByText('Loja 1')).toBeTruthy();
    expect(within(table).getAllByText('11.222.333/0001-81').length).toBeGreaterThan(0);
    expect(within(table).queryByRole('columnheader', { name: 'Status' })).toBeNull();
    expect(within(table).getByRole('link', { name: 'Detalhes de Loja 1' }).getAttribute('href')).toBe(
      `/admin/merchants/${MERCHANT_ID}`,
    );
    expect(screen.getByRole('link', { name: 'Novo comerciante' }).getAttribute('href')).toBe(
      '/admin/merchants/create',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Próxima página' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=1'));
    await waitFor(() => expect(api.last(LIST)?.search.get('page')).toBe('1'));
  });

  it('searches by store name from page 0, kept in the URL, and says when nothing matches', async () => {
    const api = adminServer();
    const { router } = renderApp('/admin/merchants?page=2', api.fetch);
    await screen.findByRole('table', { name: 'Parceiros' });
    await searchNothing(api, router, MERCHANTS, { box: 'Nome da loja', empty: 'Nenhum parceiro encontrado' });
  });
});

describe('admin merchant details', () => {
  it("shows every field, 'N/A' for the empty ones, and the sections", async () => {
    renderApp(`/admin/merchants/${MERCHANT_ID}`, adminServer().fetch);
    expect(await screen.findByRole('heading', { name: 'Detalhes do comerciante' })).toBeTruthy();
    for (const section of [
      'Dados do comerciante',
      'Chave API',
      'Representante legal',
      'Endereço',
      'Conta bancária',
      'Regras de risco',
      'Regras de fraude',
      'Usuários',
      'Taxas',
      'Cashbacks',
      'Configurações de repasse',
    ])
      expect(screen.getByRole('region', { name: section })).toBeTruthy();
    const main = screen.getByRole('region', { name: 'Dados do comerciante' });
    expect(within(main).getByText('Aurora Comércio Ltda')).toBeTruthy();
    expect(within(main).getByText('Sem limite')).toBeTruthy();
    expect(within(main).getAllByText('N/A').length).toBeGreaterThan(0);
    const rep = screen.getByRole('region', { name: 'Representante legal' });
    expect(within(rep).getByText('529.982.247-25')).toBeTruthy();
    expect(within(rep).getByText('12/04/1985')).toBeTruthy();
    expect(within(rep).getByText('N/A')).toBeTruthy();
    const bank = screen.getByRole('region', { name: 'Conta bancária' });
    expect(within(bank).getByText('001 - Banco do Brasil')).toBeTruthy();
    // A CNPJ Pix key reads like the merchant's CNPJ above it, with its mask.
    expect(within(bank).getByText('11.222.333/0001-81')).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: 'Regras de risco' })).getByText(/R\$\s2\.500,50/),
    ).toBeTruthy();
    expect(screen.getByText('old-key-0123456789abcdef')).toBeTruthy();
  });

  it('colours the terms expired, active (first non-expired) and other, each with an edit link', async () => {
    renderApp(`/admin/merchants/${MERCHANT_ID}`, adminServer().fetch);
    const fees = await screen.findByRole('table', { name: 'Taxas' });
    const [active, expired] = within(fees).getAllByRole('row').slice(1);
    expect(active?.getAttribute('data-state')).toBe('ACTIVE');
    expect(within(active as HTMLElement).getByText('3,00%')).toBeTruthy();
    expect(within(active as HTMLElement).getByText('Ativa')).toBeTruthy();
    expect(expired?.getAttribute('data-state')).toBe('EXPIRED');
    expect(within(expired as HTMLElement).getByText('Expirada')).toBeTruthy();
    expect(within(expired as HTMLElement).getByText('31/01/2026')).toBeTruthy();
    const cashbacks = screen.getByRole('table', { name: 'Cashbacks' });
    const other = within(cashbacks).getAllByRole('row')[2] as HTMLElement;
    expect(other.getAttribute('data-state')).toBe('OTHER');
    expect(within(other).getByText('3,00%')).toBeTruthy();
    const settlements = screen.getByRole('table', { name: 'Configurações de repasse' });
    expect(within(settlements).getByText('7 dias')).toBeTruthy();
    expect(
      within(settlements)
        .getByRole('link', { name: 'Editar configuração de repasse 7 dias' })
        .getAttribute('href'),
    ).toBe(`/admin/merchants/${MERCHANT_ID}/settlement_configurations/sc-1/edit`);
    const users = screen.getByRole('table', { name: 'Usuários' });
    expect(within(users).getByText('gerente@aurora.example')).toBeTruthy();
    expect(within(users).getByText('Sim')).toBeTruthy();
  });

  it('disables the merchant only after the confirmation, with the toast', async () => {
    const api = adminServer({
      [`PUT ${ADMIN_API}/merchants/${MERCHANT_ID}/disable`]: () =>
        ok({ id: MERCHANT_ID, status: 'ARCHIVED' }),
    });
    renderApp(`/admin/merchants/${MERCHANT_ID}`, api.fetch);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Desabilitar' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Você tem certeza?')).toBeTruthy();
    expect(api.last(`PUT ${ADMIN_API}/merchants/${MERCHANT_ID}/disable`)).toBeUndefined();
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Comerciante desabilitado')).toBeTruthy();
    expect(api.last(`PUT ${ADMIN_API}/merchants/${MERCHANT_ID}/disable`)).toBeTruthy();
  });

  it("offers 'Habilitar' to an archived merchant and shows the failure with its status", async () => {
    const api = adminServer({
      [DETAILS]: () => ok(merchantDetails({ status: 'ARCHIVED' })),
      [`PUT ${ADMIN_API}/merchants/${MERCHANT_ID}/enable`]: () => ({
        status: 409,
        body: { error: { code: 'X', message: 'x' } },
      }),
    });
    renderApp(`/admin/merchants/${MERCHANT_ID}`, api.fetch);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Habilitar' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Falha ao habilitar o comerciante (409)')).toBeTruthy();
  });

  it('resets the API key after the confirmation and shows the new key', async () => {
    const api = adminServer({
      [`PUT ${ADMIN_API}/merchants/${MERCHANT_ID}/reset_api_key`]: () =>
        ok({ id: MERCHANT_ID, apiKey: 'new-key-fedcba9876543210' }),
    });
    renderApp(`/admin/merchants/${MERCHANT_ID}`, api.fetch);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Redefinir chave API' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Você tem certeza?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('A Chave API foi redefinida')).toBeTruthy();
    expect(await screen.findByText('new-key-fedcba9876543210')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copiar chave' })).toBeTruthy();
  });

  it('says the reset failed with its status', async () => {
    const api = adminServer({
      [`PUT ${ADMIN_API}/merchants/${MERCHANT_ID}/reset_api_key`]: () => ({
        status: 500,
        body: { error: { code: 'X', message: 'x' } },
      }),
    });
    renderApp(`/admin/merchants/${MERCHANT_ID}`, api.fetch);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Redefinir chave API' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Operação falhada (500)')).toBeTruthy();
    expect(screen.getByText('old-key-0123456789abcdef')).toBeTruthy();
  });
});
