import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../test/harness.tsx';
import { transferState } from './SettlementsTab.tsx';
import { type Answer, ok, salesServer, signIn } from './sales-fake-api.ts';
import { SALES_API } from './sales-fixtures.ts';
import {
  debtDay,
  settlementDay,
  settlementNumbers,
  settlementPage,
  transferDay,
} from './settlements-fixtures.ts';

configure({ asyncUtilTimeout: 5000 });
Element.prototype.scrollIntoView ??= () => {};

const DAYS = `GET ${SALES_API}/v1/settlements`;
const NUMBERS = `GET ${SALES_API}/v1/settlements/big_numbers`;
const EXPORT = `${SALES_API}/v1/settlements/export-csv`;
const CSV_HEADER =
  'Data;Tipo;Pedido Drip;Pedido da loja;Cliente;Data do pedido;Valor;Taxa;Repasse;Datas de repasse';

/** A controllable IntersectionObserver: the test says when the end of the list comes near. */
class FakeObserver {
  static all: FakeObserver[] = [];
  readonly targets: Element[] = [];
  disconnected = false;
  constructor(readonly callback: IntersectionObserverCallback) {
    FakeObserver.all.push(this);
  }
  observe(target: Element) {
    this.targets.push(target);
  }
  unobserve() {}
  disconnect() {
    this.disconnected = true;
  }
  takeRecords() {
    return [];
  }
  near() {
    this.callback(
      this.targets.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry),
      this as unknown as IntersectionObserver,
    );
  }
}

/** Mantine's Select labels both its input and its listbox. */
const periodInput = () => screen.getAllByLabelText('Período do extrato')[0] as HTMLInputElement;

beforeEach(() => {
  window.localStorage.clear();
  signIn(['ADMIN', 'READ']);
  FakeObserver.all = [];
  vi.stubGlobal('IntersectionObserver', FakeObserver);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The sales fake plus the extract's routes; the CSV answer is not JSON, so it is served here. */
function extractServer(
  days: (search: URLSearchParams) => Answer,
  csv: () => Response = () =>
    new Response(`\uFEFF${CSV_HEADER}\r\n`, {
      status: 200,
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': 'attachment; filename="extrato-02-2026.csv"',
      },
    }),
) {
  const api = salesServer({
    [DAYS]: (call) => days(call.search),
    [NUMBERS]: () => ok(settlementNumbers),
  });
  const exports: URLSearchParams[] = [];
  const fetchFn: typeof fetch = async (input, init) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://x',
    );
    if (url.pathname === EXPORT) {
      exports.push(url.searchParams);
      return csv();
    }
    return api.fetch(input, init);
  };
  return { ...api, fetch: fetchFn, exports };
}

describe('Minhas Vendas: Extrato de vendas', () => {
  it('shows the current month by default: the count with its dates, the totals and three transfer columns', async () => {
    const api = extractServer(() => ok(settlementPage([settlementDay('2026-03-10'), debtDay('2026-03-04')])));
    renderApp('/parceira/pedidos/extrato', api.fetch);
    const list = await screen.findByRole('list', { name: 'Extrato de vendas' });
    expect(screen.getByText('2 resultados de 01/03/2026 a 25/03/2026')).toBeTruthy();
    expect(Object.fromEntries(api.last(DAYS)?.search ?? [])).toEqual({
      page: '0',
      size: '10',
      period: 'CURRENT_MONTH',
    });
    expect(api.last(NUMBERS)?.search.get('period')).toBe('CURRENT_MONTH');
    expect(periodInput().value).toBe('Mês atual');
    for (const label of ['1º repasse', '2º repasse', '3º repasse'])
      expect(screen.getAllByText(label).length).toBeGreaterThan(0);
    expect(screen.queryAllByText('4º repasse')).toHaveLength(0);
    const day = within(list).getAllByRole('listitem')[0] as HTMLElement;
    expect(within(day).getByText('10/03/2026')).toBeTruthy();
    expect(within(day).getByText('30/03/2026')).toBeTruthy();
    expect(within(day).getByText('Repassado')).toBeTruthy();
    // The other two are in the future of the fixture's dates, but not of today's clock: on their way.
    expect(within(day).getAllByText('Em processamento')).toHaveLength(2);
    const totals = await screen.findByRole('region', { name: 'Resumo dos repasses' });
    expect(within(totals).getByText('R$ 1.500,00')).toBeTruthy();
    expect(within(totals).getByText('Saldo devedor')).toBeTruthy();
  });

  it('shows max(3, maxInstalments) transfer columns', async () => {
    const api = extractServer(() =>
      ok(settlementPage([settlementDay('2026-03-10')], { transferColumns: 6 })),
    );
    renderApp('/parceira/pedidos/extrato', api.fetch);
    await screen.findByRole('list', { name: 'Extrato de vendas' });
    expect(screen.getAllByText('6º repasse').length).toBeGreaterThan(0);
    expect(screen.queryAllByText('7º repasse')).toHaveLength(0);
  });

  it('adds a column for a day with more transfers than the merchant has instalments now', async () => {
    const four = settlementDay('2026-03-10', {
      transferDates: ['2026-03-11', '2026-04-10', '2026-05-10', '2026-06-09'].map((transferDate) => ({
        transferDate,
        amount: 72.75,
        transferred: false,
        status: 'SCHEDULED',
      })),
    });
    const api = extractServer(() => ok(settlementPage([four])));
    renderApp('/parceira/pedidos/extrato', api.fetch);
    await screen.findByRole('list', { name: 'Extrato de vendas' });
    expect(screen.getAllByText('4º repasse').length).toBeGreaterThan(0);
    expect(screen.getByText('09/06/2026')).toBeTruthy();
  });

  it('offers the six periods, keeps the chosen one in the URL and asks the API for it', async () => {
    const api = extractServer(() => ok(settlementPage([settlementDay('2026-03-10')])));
    const { router } = renderApp('/parceira/pedidos/extrato?period=LAST_6_MONTHS', api.fetch);
    await screen.findByRole('list', { name: 'Extrato de vendas' });
    expect(api.last(DAYS)?.search.get('period')).toBe('LAST_6_MONTHS');
    expect(periodInput().value).toBe('Últimos 6 meses');
    const user = userEvent.setup();
    await user.click(periodInput());
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Mês atual',
      'Mês anterior',
      'Últimos 3 meses',
      'Últimos 6 meses',
      'Ano atual',
      'Ano anterior',
    ]);
    await user.click(screen.getByRole('option', { name: 'Ano anterior' }));
    await waitFor(() => expect(api.last(DAYS)?.search.get('period')).toBe('PREVIOUS_YEAR'));
    expect(api.last(NUMBERS)?.search.get('period')).toBe('PREVIOUS_YEAR');
    expect(new URLSearchParams(router.state.location.search).get('period')).toBe('PREVIOUS_YEAR');
    // Back to the default: it leaves the URL.
    await user.click(periodInput());
    await user.click(await screen.findByRole('option', { name: 'Mês atual' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('reads an unknown period as the current month', async () => {
    const api = extractServer(() => ok(settlementPage([settlementDay('2026-03-10')])));
    renderApp('/parceira/pedidos/extrato?period=FOREVER', api.fetch);
    await screen.findByRole('list', { name: 'Extrato de vendas' });
    expect(api.last(DAYS)?.search.get('period')).toBe('CURRENT_MONTH');
  });

  it('expands a day on its orders and its debt row', async () => {
    const api = extractServer(() => ok(settlementPage([settlementDay('2026-03-10'), debtDay('2026-03-04')])));
    renderApp('/parceira/pedidos/extrato', api.fetch);
    const user = userEvent.setup();
    const toggle = await screen.findByRole('button', { name: 'Expandir o dia 04/03/2026' });
    expect(screen.queryByRole('table', { name: 'Pedidos de 04/03/2026' })).toBeNull();
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const orders = await screen.findByRole('table', { name: 'Pedidos de 04/03/2026' });
    const row = within(orders).getByRole('row', { name: /PED-REEMBOLSO/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent?.replace(/\s/g, ' ')),
    ).toEqual([
      'Cancelamento',
      'PED-REEMBOLSO',
      'N/A',
      '02/03/2026 07:00',
      '-R$ 200,00',
      '-R$ 10,00',
      '-R$ 190,00',
    ]);
    const debt = screen.getByTestId('debt-row');
    expect(debt.textContent?.replace(/\s/g, ' ')).toBe('Saldo devedor-R$ 190,00');
    await user.click(screen.getByRole('button', { name: 'Recolher o dia 04/03/2026' }));
    await waitFor(() => expect(screen.queryByRole('table', { name: 'Pedidos de 04/03/2026' })).toBeNull());
  });

  it('shows the transfer a day made as the bank received it, with the debt it netted', async () => {
    const paidLater = settlementDay('2026-03-10', {
      transferDates: [{ transferDate: '2026-03-12', amount: 601.66, transferred: true, status: 'PAID' }],
    });
    const api = extractServer(() => ok(settlementPage([transferDay('2026-03-12'), paidLater])));
    renderApp('/parceira/pedidos/extrato', api.fetch);
    const list = await screen.findByRole('list', { name: 'Extrato de vendas' });
    const [made, sale] = within(list).getAllByRole('listitem') as HTMLElement[];
    expect(within(made as HTMLElement).getByText('0 pedidos')).toBeTruthy();
    expect(
      within(made as HTMLElement)
        .getByText(/Repasse do dia:/)
        .textContent?.replace(/\s/g, ' '),
    ).toBe('Repasse do dia: R$ 601,66');
    // The sale's column is the transfer that paid it: its day and what the bank received, never 970,10 paid.
    expect(within(sale as HTMLElement).getByText('12/03/2026')).toBeTruthy();
    expect(within(sale as HTMLElement).getByText('R$ 601,66')).toBeTruthy();
    expect(within(sale as HTMLElement).getByText('Repassado')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Expandir o dia 12/03/2026' }));
    const transfer = await screen.findByTestId('day-transfer');
    expect(transfer.textContent?.replace(/\s/g, ' ')).toContain('Repasse do dia · Repassado');
    for (const text of ['R$ 970,10', '-R$ 368,44', 'R$ 601,66'])
      expect(within(transfer).getByText(text)).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Pedidos de 12/03/2026' })).toBeNull();
  });

  it('asks for the next page when the end of the list comes near, once', async () => {
    const api = extractServer((search) => {
      const page = Number(search.get('page'));
      return ok(
        settlementPage([settlementDay(`2026-03-${String(20 - page).padStart(2, '0')}`)], {
          number: page,
          totalPages: 2,
          totalElements: 2,
        }),
      );
    });
    renderApp('/parceira/pedidos/extrato', api.fetch);
    await screen.findByText('20/03/2026');
    const observer = FakeObserver.all.find((o) => !o.disconnected);
    expect(observer).toBeTruthy();
    observer?.near();
    observer?.near();
    await screen.findByText('19/03/2026');
    const pages = api.calls.filter((c) => `${c.method} ${c.path}` === DAYS).map((c) => c.search.get('page'));
    expect(pages).toEqual(['0', '1']);
    // The last page: nothing more to ask.
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).toBeNull();
  });

  it('shows the empty period', async () => {
    const api = extractServer(() => ok(settlementPage([])));
    renderApp('/parceira/pedidos/extrato', api.fetch);
    await screen.findByText('Nenhuma venda no período');
    expect(screen.getByText('0 resultados de 01/03/2026 a 25/03/2026')).toBeTruthy();
  });
});

/** jsdom's Blob has no arrayBuffer(). */
function bytesOf(blob: Blob | undefined): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    if (!blob) return reject(new Error('nothing was saved'));
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

describe('transferState', () => {
  it('reads a transfer as made, netted, scheduled before its day, and on its way from its day on', () => {
    const transfer = { transferDate: '2026-03-30', status: 'SCHEDULED' as const };
    expect(transferState(transfer, '2026-03-29')).toBe('Agendado');
    expect(transferState(transfer, '2026-03-30')).toBe('Em processamento');
    expect(transferState({ ...transfer, status: 'PENDING' }, '2026-03-01')).toBe('Em processamento');
    expect(transferState({ ...transfer, status: 'PAID' }, '2026-03-01')).toBe('Repassado');
    expect(transferState({ ...transfer, status: 'NONE' }, '2026-03-01')).toBe('Compensado');
  });
});

describe('Extrato de vendas: Exportar extrato', () => {
  function captureDownloads() {
    const saved: { name: string; blob: Blob }[] = [];
    const blobs = new Map<string, Blob>();
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        const url = `blob:${blobs.size}`;
        blobs.set(url, blob);
        return url;
      },
      revokeObjectURL: () => {},
    });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      const blob = blobs.get(this.getAttribute('href') ?? '');
      if (blob) saved.push({ name: this.download, blob });
    });
    return saved;
  }

  it('exports the chosen month under the name of the content-disposition, with the success toast', async () => {
    const saved = captureDownloads();
    const api = extractServer(() => ok(settlementPage([settlementDay('2026-03-10')])));
    renderApp('/parceira/pedidos/extrato', api.fetch);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Exportar extrato' }));
    const dialog = await screen.findByRole('dialog', { name: 'Exportar extrato' });
    // The current month is chosen; pick the one before it.
    await user.click(within(dialog).getByRole('button', { name: 'Mês' }));
    const now = new Date();
    const previous = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 15));
    if (previous.getUTCFullYear() !== now.getUTCFullYear())
      await user.click(within(dialog).getByRole('button', { name: 'Ano anterior' }));
    const monthName = previous.toLocaleString('pt-BR', { month: 'short', timeZone: 'UTC' }).replace('.', '');
    await user.click(within(dialog).getByRole('button', { name: new RegExp(`^${monthName}`, 'i') }));
    await user.click(within(dialog).getByRole('button', { name: 'Exportar' }));
    await screen.findByText('Exportação do extrato concluida com sucesso!');
    expect(Object.fromEntries(api.exports[0] ?? [])).toEqual({
      month: String(previous.getUTCMonth() + 1),
      year: String(previous.getUTCFullYear()),
    });
    expect(saved.map((s) => s.name)).toEqual(['extrato-02-2026.csv']);
    const bytes = await bytesOf(saved[0]?.blob);
    // The byte-order mark is there for the spreadsheet, then the CSV's header.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes.slice(3)).split('\r\n')[0]).toBe(CSV_HEADER);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Exportar extrato' })).toBeNull());
  });

  it("says 'Selecione uma data válida' without a month, and asks nothing", async () => {
    const api = extractServer(() => ok(settlementPage([settlementDay('2026-03-10')])));
    renderApp('/parceira/pedidos/extrato', api.fetch);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Exportar extrato' }));
    const dialog = await screen.findByRole('dialog', { name: 'Exportar extrato' });
    await user.click(within(dialog).getByRole('button', { name: 'Limpar' }));
    await user.click(within(dialog).getByRole('button', { name: 'Exportar' }));
    expect(await within(dialog).findByText('Selecione uma data válida')).toBeTruthy();
    expect(api.exports).toEqual([]);
  });

  it("says 'Extrato para o período informado não está disponível' on a 404 and the generic failure otherwise", async () => {
    const saved = captureDownloads();
    let status = 404;
    const api = extractServer(
      () => ok(settlementPage([settlementDay('2026-03-10')])),
      () =>
        new Response(JSON.stringify({ error: { code: 'NOT_FOUND', message: 'x' } }), {
          status,
          headers: { 'content-type': 'application/json' },
        }),
    );
    renderApp('/parceira/pedidos/extrato', api.fetch);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Exportar extrato' }));
    const dialog = await screen.findByRole('dialog', { name: 'Exportar extrato' });
    await user.click(within(dialog).getByRole('button', { name: 'Exportar' }));
    await screen.findByText('Extrato para o período informado não está disponível');
    status = 500;
    await user.click(within(dialog).getByRole('button', { name: 'Exportar' }));
    await screen.findByText('Ocorreu um erro ao exportar o extrato');
    expect(saved).toEqual([]);
    // The modal stays open for another month.
    expect(screen.getByRole('dialog', { name: 'Exportar extrato' })).toBeTruthy();
  });
});
