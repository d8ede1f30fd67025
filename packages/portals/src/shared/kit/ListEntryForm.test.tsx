import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DemoListEntry, KitHarness } from './demo.tsx';

function renderEntry(onAdd = vi.fn(), onRemove = vi.fn()) {
  render(
    <KitHarness path="/lista" env="test">
      <DemoListEntry onAdd={onAdd} onRemove={onRemove} />
    </KitHarness>,
  );
  return { onAdd, onRemove };
}

afterEach(cleanup);

describe('ListEntryForm', () => {
  it('adds with the values and the reason, after checking the input', async () => {
    const { onAdd } = renderEntry();
    const form = await screen.findByRole('form', { name: 'Lista de exemplo' });
    expect(screen.getByRole('heading', { name: 'Lista de exemplo', level: 2 })).toBeTruthy();
    await userEvent.click(within(form).getByRole('button', { name: 'Adicionar' }));
    expect(await screen.findByText('Informe ao menos um CPF')).toBeTruthy();
    expect(onAdd).not.toHaveBeenCalled();
    await userEvent.type(screen.getByRole('textbox', { name: /CPFs/ }), '52998224725');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: /^Motivo/ }), 'Fraude');
    await userEvent.click(within(form).getByRole('button', { name: 'Adicionar' }));
    expect(onAdd).toHaveBeenCalledWith('52998224725', 'Fraude');
    expect(screen.queryByText('Informe ao menos um CPF')).toBeNull();
  });

  it('removes only after the confirmation, and asks nothing while the input is wrong', async () => {
    const { onRemove } = renderEntry();
    await userEvent.click(await screen.findByRole('button', { name: 'Remover' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('Informe ao menos um CPF')).toBeTruthy();
    await userEvent.type(screen.getByRole('textbox', { name: /CPFs/ }), '52998224725');
    await userEvent.click(screen.getByRole('button', { name: 'Remover' }));
    const dialog = await screen.findByRole('dialog');
    expect(onRemove).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(onRemove).toHaveBeenCalledWith('52998224725'));
  });
});
