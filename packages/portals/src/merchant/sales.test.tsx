import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderApp } from '../test/harness.tsx';
import { GRAPHIC, LIST, ok, STATS, salesServer, signIn } from './sales-fake-api.ts';
import { SALES_API, saleDetails, saleSummary, salesPage, statistics } from './sales-fixtures.ts';

// Role queries over a page with a table, the big numbers and the chart are slow on a busy machine.
configure({ asyncUtilTimeout: 5000 });
// Mantine's Select scrolls its selected option into view; jsdom has no layout.
Element.prototype.scrollIntoView ??= () => {};

beforeEach(() => {
  window.localStorage.clear();
  signIn(['ADMIN', 'READ']);
});

describe('Minhas Vendas: Lista de pedidos', () => {
  it('lists the sales with the spec statuses, the big numbers and the comparison text', async () => {
    const api = salesServer();
    renderApp('/parceira/pedidos', api.fetch);
    const table = await screen.findByRole('table', { name: 'Pedidos' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Código do pedido', 'Cliente', 'Valor', 'Status', 'Data', 'Ações']);
    for (const label of ['Aprovado', 'Estornado', 'Negado', 'Abandonado'])
      expect(within(table).getByText(label)).toBeTruthy();
    expect(within(table).getAllByText('N/A')).toHaveLength(1);
    expect(await screen.findByText('25% a mais em comparação à ontem')).toBeTruthy();
    expect(screen.getByText('R$ 1.500,00')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Lista de pedidos' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Extrato de vendas' })).toBeTruthy();
    const query = api.last(LIST)?.search;
    expect(Object.fromEntries(query ?? [])).toEqual({ page: '0', size: '10' });
    expect(api.last(STATS)?.search.get('period')).toBe('DAILY');
  });

  it('sends the filters of the URL, dates as midnight Z, and keeps new ones in the URL', async () => {
    const api = salesServer();
    const { router } = renderApp(
      '/parceira/pedidos?customerName=maria&approved=true&from=2026-03-01',
      api.fetch,
    );
    await screen.findByRole('table', { name: 'Pedidos' });
    expect(Object.fromEntries(api.last(LIST)?.search ?? [])).toEqual({
      page: '0',
      size: '10',
      customerName: 'maria',
      approved: 'true',
      from: '2026-03-01T00:00:00Z',
    });
    expect((screen.getByLabelText('Nome do cliente') as HTMLInputElement).value).toBe('maria');
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'Negados' }));
    await waitFor(() => expect(api.last(LIST)?.search.get('denied')).toBe('true'));
    expect(new URLSearchParams(router.state.location.search).get('denied')).toBe('true');
    // Search by order code instead: the name filter goes away.
    await user.selectOptions(screen.getByLabelText('Buscar por'), 'Código do pedido');
    await user.type(screen.getByLabelText('Código do pedido'), 'PED-1');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    await waitFor(() => expect(api.last(LIST)?.search.get('code')).toBe('PED-1'));
    expect(api.last(LIST)?.search.get('customerName')).toBeNull();
    const url = new URLSearchParams(router.state.location.search);
    expect([url.get('code'), url.get('approved'), url.get('denied'), url.get('from')]).toEqual([
      'PED-1',
      'true',
      'true',
      '2026-03-01',
    ]);
    await user.click(screen.getByRole('button', { name: 'Limpar filtros' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('says when there are more than the 10.000 counted orders, and pages through the most recent ones', async () => {
    const api = salesServer({
      [LIST]: (call) =>
        ok({
          ...salesPage([saleSummary(1), saleSummary(2)], Number(call.search.get('page') ?? 0), 10_000),
          totalCapped: true,
        }),
    });
    const { router } = renderApp('/parceira/pedidos', api.fetch);
    const title = await screen.findByText('Mais de 10.000 pedidos');
    // Announced politely (a status, not an alert): it is news about the list, not an error.
    const notice = title.closest('[role="status"]') as HTMLElement;
    expect(
      within(notice).getByText(
        'A lista mostra os 10.000 mais recentes. Use a busca, as datas ou os status para encontrar um pedido.',
      ),
    ).toBeTruthy();
    // The pages cover the counted ones: the last is the 1000th of 10 per page.
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Última página' }));
    await waitFor(() => expect(api.last(LIST)?.search.get('page')).toBe('999'));
    expect(new URLSearchParams(router.state.location.search).get('page')).toBe('999');
  });

  it('shows no capped notice when the count is exact', async () => {
    const api = salesServer({
      [LIST]: () => ok({ ...salesPage([saleSummary(1)], 0, 9_999), totalCapped: false }),
    });
    renderApp('/parceira/pedidos', api.fetch);
    await screen.findByRole('table', { name: 'Pedidos' });
    expect(screen.queryByText(/Mais de .* pedidos/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Página 1' })).toBeTruthy();
  });

  it("searches by the order's amount with the R$ box, loaded when that search is chosen", async () => {
    const api = salesServer();
    renderApp('/parceira/pedidos', api.fetch);
    await screen.findByRole('table', { name: 'Pedidos' });
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Buscar por'), 'Valor do pedido');
    await waitFor(() =>
      expect((screen.getByLabelText('Valor do pedido') as HTMLInputElement).disabled).toBe(false),
    );
    await user.type(screen.getByLabelText('Valor do pedido'), '1234,56');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    await waitFor(() => expect(api.last(LIST)?.search.get('amount')).toBe('1234.56'));
  });

  it("counts the chart's refusals by spec 8's groups", async () => {
    renderApp('/parceira/pedidos', salesServer().fetch);
    const reasons = await screen.findByLabelText('Motivos das recusas');
    expect(within(reasons).getByText(/^Risco de Fraude: \d+$/)).toBeTruthy();
  });

  it('keeps the big-number period in volume_period and sends it as the API period', async () => {
    const api = salesServer({ [STATS]: () => ok({ ...statistics, comparisonPercentage: -10 }) });
    const { router } = renderApp('/parceira/pedidos', api.fetch);
    await screen.findByText('10% a menos em comparação à ontem');
    await userEvent.setup().click(screen.getByText('Semana'));
    await waitFor(() => expect(api.last(STATS)?.search.get('period')).toBe('WEEKLY'));
    expect(api.last(GRAPHIC)?.search.get('period')).toBe('WEEKLY');
    expect(router.state.location.search).toBe('?volume_period=WEEKLY');
    expect(await screen.findByText('10% a menos em comparação à última semana')).toBeTruthy();
  });

  it('opens the details from a row', async () => {
    const api = salesServer({
      [`GET ${SALES_API}/v2/checkouts/${saleSummary(1).id}`]: () => ok(saleDetails()),
    });
    const { router } = renderApp('/parceira/pedidos', api.fetch);
    fireEvent.click(await screen.findByRole('link', { name: 'Detalhes do pedido PED-101' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/parceira/pedidos/${saleSummary(1).id}`),
    );
  });
});

describe('Minhas Vendas: the date filters', () => {
  const from = () => screen.getByLabelText('De') as HTMLInputElement;
  const to = () => screen.getByLabelText('Até') as HTMLInputElement;
  const sentDates = (api: ReturnType<typeof salesServer>) =>
    api.calls
      .filter((c) => `${c.method} ${c.path}` === LIST)
      .flatMap((c) => [c.search.get('from'), c.search.get('to')])
      .filter((d) => d !== null);

  it('asks for a date only once it is whole: the year typed digit by digit stays as typed and sends nothing', async () => {
    const api = salesServer();
    const { router } = renderApp('/parceira/pedidos', api.fetch);
    await screen.findByRole('table', { name: 'Pedidos' });
    // What Chrome's date field reports after 01/11 and each digit of 2026.
    for (const value of ['0002-11-01', '0020-11-01', '0202-11-01']) {
      fireEvent.change(from(), { target: { value } });
      expect(from().value).toBe(value);
    }
    await new Promise((r) => setTimeout(r, 50));
    expect(sentDates(api)).toEqual([]);
    expect(new URLSearchParams(router.state.location.search).get('from')).toBeNull();
    expect(screen.queryByText('Selecione uma data válida')).toBeNull();
    fireEvent.change(from(), { target: { value: '2026-11-01' } });
    await waitFor(() => expect(api.last(LIST)?.search.get('from')).toBe('2026-11-01T00:00:00Z'));
    expect(sentDates(api)).toEqual(['2026-11-01T00:00:00Z']);
    expect(from().value).toBe('2026-11-01');
  });

  it("keeps 'De' when 'Até' is filled right after it", async () => {
    const api = salesServer();
    const { router } = renderApp('/parceira/pedidos', api.fetch);
    await screen.findByRole('table', { name: 'Pedidos' });
    fireEvent.change(from(), { target: { value: '2026-11-01' } });
    fireEvent.change(to(), { target: { value: '2026-11-20' } });
    await waitFor(() => expect(api.last(LIST)?.search.get('to')).toBe('2026-11-20T00:00:00Z'));
    expect(api.last(LIST)?.search.get('from')).toBe('2026-11-01T00:00:00Z');
    const url = new URLSearchParams(router.state.location.search);
    expect([url.get('from'), url.get('to')]).toEqual(['2026-11-01', '2026-11-20']);
    expect([from().value, to().value]).toEqual(['2026-11-01', '2026-11-20']);
  });

  it("says 'Selecione uma data válida' when a field is left with a date that is not one, and keeps the filter", async () => {
    const api = salesServer();
    renderApp('/parceira/pedidos?from=2026-11-01', api.fetch);
    await screen.findByRole('table', { name: 'Pedidos' });
    fireEvent.change(from(), { target: { value: '0202-11-01' } });
    fireEvent.blur(from());
    expect(await screen.findByText('Selecione uma data válida')).toBeTruthy();
    expect(from().value).toBe('0202-11-01');
    expect(sentDates(api)).toEqual(['2026-11-01T00:00:00Z']);
    // An end before the start is not a range either.
    fireEvent.change(from(), { target: { value: '2026-11-10' } });
    await waitFor(() => expect(screen.queryByText('Selecione uma data válida')).toBeNull());
    await waitFor(() => expect(api.last(LIST)?.search.get('from')).toBe('2026-11-10T00:00:00Z'));
    fireEvent.change(to(), { target: { value: '2026-11-05' } });
    fireEvent.blur(to());
    expect(await screen.findByText('Selecione uma data válida')).toBeTruthy();
    expect(sentDates(api).filter((d) => d.startsWith('2026-11-05'))).toEqual([]);
  });

  it('leaves a hand-edited date that is not one out of the request instead of failing with a 400', async () => {
    const api = salesServer();
    renderApp('/parceira/pedidos?from=0002-11-01&to=2026-11-20', api.fetch);
    await screen.findByRole('table', { name: 'Pedidos' });
    expect(api.last(LIST)?.search.get('from')).toBeNull();
    expect(api.last(LIST)?.search.get('to')).toBe('2026-11-20T00:00:00Z');
  });
});

describe('Minhas Vendas: detalhes do pedido', () => {
  it("shows every field, 'N/A' for the empty ones, without the tabs and the big numbers", async () => {
    const api = salesServer({
      [`GET ${SALES_API}/v2/checkouts/${saleSummary(1).id}`]: () => ok(saleDetails()),
    });
    renderApp(`/parceira/pedidos/${saleSummary(1).id}`, api.fetch);
    expect(await screen.findByRole('heading', { name: 'Pedido PED-101' })).toBeTruthy();
    for (const text of [
      'DRP-7K2M91',
      '529.982.247-25',
      'maria@example.com',
      'Avenida Paulista',
      'Bela Vista',
      'São Paulo',
      'Aprovado',
    ])
      expect(screen.getByText(text)).toBeTruthy();
    expect(screen.getByText(/Meia .*\(Estornado em 10\/03\/2026\)/)).toBeTruthy();
    // Complement, refusal reason, fee, payout and creator are not there.
    expect(screen.getAllByText('N/A')).toHaveLength(5);
    expect(screen.queryByRole('tab')).toBeNull();
    expect(screen.queryByText('Resumo de vendas')).toBeNull();
    expect(api.last(STATS)).toBeUndefined();
  });

  it("shows the sale's fee and what the store receives", async () => {
    const withFee = saleDetails({
      merchantFee: { percentage: 0.0299, totalAmount: 3.69 },
      settlementAmount: 119.76,
      addressCep: '01310100',
    });
    const api = salesServer({ [`GET ${SALES_API}/v2/checkouts/${saleSummary(1).id}`]: () => ok(withFee) });
    renderApp(`/parceira/pedidos/${saleSummary(1).id}`, api.fetch);
    expect(await screen.findByText('2,99%')).toBeTruthy();
    // R$ 123,45 − R$ 3,69.
    expect(screen.getByText(/R\$\s119,76/)).toBeTruthy();
    // The CEP as typed at checkout (digits only), shown with its mask.
    expect(screen.getByText('01310-100')).toBeTruthy();
    // Complement, refusal reason and creator are still not there.
    expect(screen.getAllByText('N/A')).toHaveLength(3);
  });

  it("shows a refusal by its spec 8 group ('Risco de Fraude'), never the fraud signal", async () => {
    const refused = saleDetails({ status: 'KO', koReason: 'FRAUD', order: null, products: [] });
    const api = salesServer({ [`GET ${SALES_API}/v2/checkouts/${saleSummary(1).id}`]: () => ok(refused) });
    renderApp(`/parceira/pedidos/${saleSummary(1).id}`, api.fetch);
    expect(await screen.findByText('Risco de Fraude')).toBeTruthy();
    expect(screen.queryByText(/CPF bloqueado|Análise antifraude/)).toBeNull();
  });

  it("'Valor do repasse' is the server's, net of the refunds, not the total less the fee", async () => {
    const partly = saleDetails({
      merchantFee: { percentage: 0.0299, totalAmount: 3.69 },
      settlementAmount: 79.02,
      order: { ...saleSummary(1).order, canceledAmount: 42 },
    });
    const api = salesServer({ [`GET ${SALES_API}/v2/checkouts/${saleSummary(1).id}`]: () => ok(partly) });
    renderApp(`/parceira/pedidos/${saleSummary(1).id}`, api.fetch);
    expect(await screen.findByText(/R\$\s79,02/)).toBeTruthy();
    expect(screen.queryByText(/R\$\s119,76/)).toBeNull();
  });

  it('shows a refunded order with its date', async () => {
    const refunded = saleDetails({
      order: {
        ...saleSummary(1).order,
        status: 'CLOSED',
        canceledAmount: 123.45,
        canceledAt: '2026-03-11T12:00:00Z',
      },
    });
    const api = salesServer({ [`GET ${SALES_API}/v2/checkouts/${saleSummary(1).id}`]: () => ok(refunded) });
    renderApp(`/parceira/pedidos/${saleSummary(1).id}`, api.fetch);
    expect(await screen.findByText('Estornado em 11/03/2026')).toBeTruthy();
  });
});
