import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { DemoWholeList, demoStores, KitHarness } from './demo.tsx';

const location = () => screen.getByTestId('location').textContent;

function renderWhole(fetchAll: () => Promise<ReturnType<typeof demoStores>>) {
  return render(
    <KitHarness path="/tags" env="test">
      <DemoWholeList fetchAll={fetchAll} />
    </KitHarness>,
  );
}

afterEach(cleanup);

describe('WholeList, ListHeader, linkColumn', () => {
  it('shows the whole list on one page under its header, with the way back and the add link', async () => {
    renderWhole(async () => demoStores(12));
    const table = await screen.findByRole('table', { name: 'Tags' });
    expect(within(table).getAllByRole('row')).toHaveLength(13);
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Tags', level: 2 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Voltar para as lojas' }).getAttribute('href')).toBe('/lojas');
    expect(screen.getByRole('link', { name: 'Adicionar Tag' }).getAttribute('href')).toBe('/tags/create');
  });

  it('opens a row by its button (named after the row) and by a click on the row', async () => {
    renderWhole(async () => demoStores(3));
    const edit = await screen.findByRole('link', { name: 'Editar Loja 002 (AWIN)' });
    expect(edit.getAttribute('href')).toBe('/tags/store-2');
    await userEvent.click(screen.getByText('Loja 001'));
    expect(location()).toBe('/tags/store-1');
  });

  it('says so when the list is empty or fails', async () => {
    renderWhole(async () => []);
    expect(await screen.findByText('Nenhuma tag para exibir')).toBeTruthy();
    cleanup();
    renderWhole(() => Promise.reject(new Error('down')));
    expect(await screen.findByText('Não foi possível carregar as tags')).toBeTruthy();
  });
});
