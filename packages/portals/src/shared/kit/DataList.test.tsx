import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataList } from './DataList.tsx';
import {
  type DemoStore,
  DemoStoreList,
  demoStores,
  type FetchStores,
  failingWith,
  fetchFrom,
  KitHarness,
} from './demo.tsx';
import { Pagination } from './Pagination.tsx';

const location = () => screen.getByTestId('location').textContent;

function renderList(fetchStores: FetchStores, path = '/lojas') {
  return render(
    <KitHarness path={path} env="test">
      <DemoStoreList fetchStores={fetchStores} />
    </KitHarness>,
  );
}

/** A matchMedia that answers the phone query (<= 690 px) as a 390 px phone would. */
function asPhone() {
  const original = window.matchMedia;
  window.matchMedia = (query: string) => ({
    ...original(query),
    matches: query.includes('max-width: 690px'),
  });
  return () => {
    window.matchMedia = original;
  };
}

afterEach(() => vi.restoreAllMocks());

describe('DataList', () => {
  it('asks for page, size and filters from the URL and shows the columns', async () => {
    const fetchStores = vi.fn(fetchFrom(demoStores(57)));
    renderList(fetchStores, '/lojas?page=2&size=5&storeName=Loja');
    const table = await screen.findByRole('table', { name: 'Lojas' });
    expect(fetchStores).toHaveBeenCalledWith({
      page: 2,
      size: 5,
      filters: { storeName: 'Loja', onlyActiveStores: undefined },
    });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Nome', 'Status', 'Ações']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(5);
    // The nameless store does not match 'Loja': the 11th match is the 12th store.
    expect(within(rows[0] as HTMLElement).getByText('Loja 012')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText('Arquivado')).toBeTruthy();
  });

  it("defaults to 10 rows; the nameless store reads 'N/A' and AWIN stores carry '(AWIN)'", async () => {
    const fetchStores = vi.fn(fetchFrom(demoStores(57)));
    renderList(fetchStores);
    const table = await screen.findByRole('table', { name: 'Lojas' });
    expect(fetchStores.mock.calls[0]?.[0]).toMatchObject({ page: 0, size: 10 });
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    expect(within(table).getByText('N/A')).toBeTruthy();
    expect(within(table).getByText('Loja 002 (AWIN)')).toBeTruthy();
  });

  it('any filter change goes back to page 0 and keeps the filter in the URL', async () => {
    const fetchStores = vi.fn(fetchFrom(demoStores(57)));
    renderList(fetchStores, '/lojas?page=3');
    await screen.findByText('Loja 031');
    const user = userEvent.setup();
    await user.click(screen.getByRole('switch', { name: 'Exibir somente lojas ativas' }));
    await waitFor(() => expect(location()).toBe('/lojas?onlyActiveStores=true'));
    expect(await screen.findByText('Loja 001')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Página 2' }));
    await waitFor(() => expect(location()).toBe('/lojas?onlyActiveStores=true&page=1'));
    await user.type(screen.getByLabelText('Nome da loja'), '04');
    await waitFor(() => expect(location()).toBe('/lojas?onlyActiveStores=true&storeName=04'));
    expect(fetchStores).toHaveBeenLastCalledWith({
      page: 0,
      size: 10,
      filters: { storeName: '04', onlyActiveStores: 'true' },
    });
  });

  it('shows a skeleton (announced as loading, not a table) until the page arrives', async () => {
    let resolve: (page: Awaited<ReturnType<FetchStores>>) => void = () => {};
    renderList(() => new Promise((r) => (resolve = r)));
    expect(screen.getByRole('status').textContent).toContain('Carregando…');
    expect(screen.queryByRole('table')).toBeNull();
    expect(document.querySelectorAll('[data-skeleton] tr')).toHaveLength(10);
    await act(async () => resolve({ content: demoStores(1), number: 0, totalPages: 1, totalElements: 1 }));
    expect(await screen.findByRole('table', { name: 'Lojas' })).toBeTruthy();
  });

  it('shows the empty state', async () => {
    renderList(fetchFrom([]));
    expect(await screen.findByText('Nenhuma loja para exibir')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Paginação' })).toBeNull();
  });

  it('tells a search that found nothing from an empty list', async () => {
    renderList(fetchFrom(demoStores(57)), '/lojas?storeName=zzz');
    expect(await screen.findByText('Nenhuma loja encontrada')).toBeTruthy();
    expect(screen.getByText('Mude os filtros para ver outras lojas.')).toBeTruthy();
    expect(screen.queryByText('Nenhuma loja para exibir')).toBeNull();
  });

  it('says when the count stopped at its cap, and pages through the counted results only', async () => {
    renderList(fetchFrom(demoStores(57), 30));
    const title = await screen.findByText('Mais de 30 resultados');
    // Announced politely (a status, not an alert): it is news about the list, not an error.
    const notice = title.closest('[role="status"]') as HTMLElement;
    expect(
      within(notice).getByText(
        'A lista mostra os 30 primeiros. Use os filtros para encontrar o que procura.',
      ),
    ).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Última página' }));
    await waitFor(() => expect(location()).toBe('/lojas?page=2'));
    expect(await screen.findByText('Loja 030 (AWIN)')).toBeTruthy();
    // Below the cap the count is exact: no notice.
    cleanup();
    renderList(fetchFrom(demoStores(30), 30));
    await screen.findByText('Loja 001');
    expect(screen.queryByText(/Mais de/)).toBeNull();
  });

  it('shows a load error with the HTTP status in parentheses and retries', async () => {
    const fetchStores = vi.fn(failingWith(503));
    renderList(fetchStores);
    expect(await screen.findByText('Não foi possível carregar as lojas')).toBeTruthy();
    expect(screen.getByText('O servidor respondeu com erro (503).')).toBeTruthy();
    fetchStores.mockImplementation(fetchFrom(demoStores(3)));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText('Loja 001')).toBeTruthy();
  });

  it('a row click opens the details', async () => {
    renderList(fetchFrom(demoStores(3)));
    const cell = await screen.findByText('Loja 002 (AWIN)');
    fireEvent.click(cell);
    await waitFor(() => expect(location()).toBe('/lojas/store-2'));
  });

  it('a click on a button inside a row keeps its own meaning (no row click)', async () => {
    const onRowClick = vi.fn();
    const onArchive = vi.fn();
    const page = { content: demoStores(1), number: 0, totalPages: 1, totalElements: 1 };
    render(
      <KitHarness env="test">
        <DataList<DemoStore>
          label="Lojas"
          columns={[
            { id: 'name', header: 'Nome', cell: (s) => s.name },
            {
              id: 'archive',
              header: 'Arquivar',
              cell: () => (
                <button type="button" onClick={onArchive}>
                  Arquivar
                </button>
              ),
            },
          ]}
          query={{
            data: page,
            isPending: false,
            isError: false,
            error: null,
            isPlaceholderData: false,
            refetch: vi.fn(),
          }}
          getRowId={(s) => s.id}
          onRowClick={onRowClick}
          onPageChange={vi.fn()}
          errorTitle="x"
          empty={{ title: 'x', description: 'x' }}
        />
      </KitHarness>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Arquivar' }));
    expect(onArchive).toHaveBeenCalledTimes(1);
    expect(onRowClick).not.toHaveBeenCalled();
    fireEvent.click(screen.getByText('Loja 001'));
    expect(onRowClick).toHaveBeenCalledWith(page.content[0]);
  });

  it('on a 390 px phone rows become cards: every value and the details button, no table to scroll', async () => {
    const restore = asPhone();
    try {
      renderList(fetchFrom(demoStores(3)));
      const list = await screen.findByRole('list', { name: 'Lojas' });
      expect(screen.queryByRole('table')).toBeNull();
      const cards = within(list).getAllByRole('listitem');
      expect(cards).toHaveLength(3);
      const first = within(cards[0] as HTMLElement);
      expect(first.getByText('Loja 001')).toBeTruthy();
      expect(first.getByText('Status')).toBeTruthy();
      expect(first.getByText('Ativo')).toBeTruthy();
      expect(first.getByRole('link', { name: 'Detalhes' }).getAttribute('href')).toBe('/lojas/store-1');
      fireEvent.click(first.getByText('Ativo'));
      await waitFor(() => expect(location()).toBe('/lojas/store-1'));
    } finally {
      restore();
    }
  });
});

describe('Pagination', () => {
  const renderPager = (page: number, totalPages: number, onChange = vi.fn()) => {
    render(
      <KitHarness env="test">
        <Pagination page={page} totalPages={totalPages} onChange={onChange} />
      </KitHarness>,
    );
    return onChange;
  };
  const labels = () =>
    within(screen.getByRole('navigation', { name: 'Paginação' }))
      .getAllByRole('button')
      .map((b) => b.getAttribute('aria-label'));

  it('shows first, previous, current ± 1, next, last', () => {
    const onChange = renderPager(4, 10);
    expect(labels()).toEqual([
      'Primeira página',
      'Página anterior',
      'Página 4',
      'Página 5',
      'Página 6',
      'Próxima página',
      'Última página',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Última página' }));
    fireEvent.click(screen.getByRole('button', { name: 'Página anterior' }));
    expect(onChange.mock.calls).toEqual([[9], [3]]);
  });

  it('at the edges it shows only existing pages and disables what cannot move', () => {
    renderPager(0, 2);
    expect(labels()).toEqual([
      'Primeira página',
      'Página anterior',
      'Página 1',
      'Página 2',
      'Próxima página',
      'Última página',
    ]);
    expect(screen.getByRole('button', { name: 'Página anterior' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Próxima página' }).hasAttribute('disabled')).toBe(false);
  });

  it('is hidden for a single page', () => {
    renderPager(0, 1);
    expect(screen.queryByRole('navigation', { name: 'Paginação' })).toBeNull();
  });
});
