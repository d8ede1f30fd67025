import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DemoStoreList, demoStores, type FetchStores, fetchFrom, KitHarness } from './demo.tsx';

const location = () => screen.getByTestId('location').textContent;

function renderSearched(fetchStores: FetchStores, path: string) {
  return render(
    <KitHarness path={path} env="test">
      <DemoStoreList fetchStores={fetchStores} searchBox />
    </KitHarness>,
  );
}

afterEach(cleanup);

describe('SearchBox', () => {
  it('starts from the URL, asks nothing while typing, and applies a trimmed search on Enter back on page 0', async () => {
    const fetchStores = vi.fn(fetchFrom(demoStores(57)));
    renderSearched(fetchStores, '/lojas?page=2&storeName=Loja');
    const box = await screen.findByRole('textbox', { name: /Nome da loja/ });
    expect((box as HTMLInputElement).value).toBe('Loja');
    await screen.findByRole('table', { name: 'Lojas' });
    await userEvent.clear(box);
    await userEvent.type(box, '  05 ');
    expect(location()).toBe('/lojas?page=2&storeName=Loja');
    await userEvent.type(box, '{enter}');
    await waitFor(() => expect(location()).toBe('/lojas?storeName=05'));
    await screen.findByText('Loja 005');
    expect(fetchStores).toHaveBeenLastCalledWith({
      page: 0,
      size: 10,
      filters: expect.objectContaining({ storeName: '05' }),
    });
  });

  it("applies on 'Buscar' too, and an empty search clears the filter", async () => {
    renderSearched(fetchFrom(demoStores(57)), '/lojas?storeName=01&page=1');
    const box = await screen.findByRole('textbox', { name: /Nome da loja/ });
    await userEvent.clear(box);
    await userEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    await waitFor(() => expect(location()).toBe('/lojas'));
    expect(screen.getByRole('form', { name: 'Buscar lojas' })).toBeTruthy();
  });
});
