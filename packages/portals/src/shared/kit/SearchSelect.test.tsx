import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

// The picker's chunk arrives when the test opens this gate: the moment a slow network would deliver it.
const gate = vi.hoisted(() => {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open: () => open(), opened };
});
vi.mock('./SearchSelectPicker.tsx', async (importOriginal) => {
  await gate.opened;
  return importOriginal();
});

// Mantine's Select scrolls its selected option into view; jsdom has no layout.
Element.prototype.scrollIntoView ??= () => {};

const STORES = [
  { value: 's1', label: 'Loja Pitanga' },
  { value: 's2', label: 'Casa Aurora' },
];

function Picker({ onChange }: { onChange: (value: string | null) => void }) {
  const [search, setSearch] = useState('');
  const [value, setValue] = useState<string | null>(null);
  const { SearchSelect } = pickerModule;
  return (
    <MantineProvider env="test">
      <SearchSelect
        label="Loja"
        data={STORES.filter((s) => s.label.toLowerCase().includes(search.toLowerCase()) || s.value === value)}
        value={value}
        onChange={(next) => {
          setValue(next);
          onChange(next);
        }}
        searchValue={search}
        onSearchChange={setSearch}
      />
      <button type="button">fora</button>
    </MantineProvider>
  );
}

let pickerModule: typeof import('./SearchSelect.tsx');
/** The field labelled 'Loja' (Mantine's listbox is labelled by it too). */
const field = () => screen.getAllByLabelText('Loja')[0] as HTMLInputElement;

afterEach(cleanup);

describe('SearchSelect', () => {
  it('keeps the box typed into until it is left, then becomes the picker with the search typed', async () => {
    pickerModule = await import('./SearchSelect.tsx');
    const onChange = vi.fn();
    render(<Picker onChange={onChange} />);
    const box = field();
    const user = userEvent.setup();
    await user.click(box);
    await user.type(box, 'Cas');
    // The picker's code arrives while the box has the focus and a search in it.
    await act(async () => {
      gate.open();
      await new Promise((r) => setTimeout(r, 50));
    });
    await user.type(box, 'a');
    expect(field()).toBe(box);
    expect(document.activeElement).toBe(box);
    expect(box.value).toBe('Casa');
    // Left: the picker takes the box's place, with what was typed, and finds by it.
    await user.click(screen.getByRole('button', { name: 'fora' }));
    await waitFor(() => expect(field()).not.toBe(box));
    const picker = field();
    expect(picker.value).toBe('Casa');
    await user.click(picker);
    await user.click(await screen.findByRole('option', { name: 'Casa Aurora' }));
    expect(onChange).toHaveBeenLastCalledWith('s2');
  });

  it('is the picker from the first render once its code has come', async () => {
    // The module's cache holds the picker from the test above: a new box renders the picker straight away.
    render(<Picker onChange={() => {}} />);
    const picker = field();
    fireEvent.focus(picker);
    expect(picker.getAttribute('aria-haspopup')).toBe('listbox');
  });
});
