import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { DateFilter } from './DateFilter.tsx';
import { filterDate } from './filterDate.ts';
import { useListQuery } from './listQuery.ts';

describe('filterDate', () => {
  it('takes a whole calendar date within the bounds and the range, nothing else', () => {
    expect(filterDate('2026-11-01')).toBe('2026-11-01');
    for (const partial of [
      '0002-11-01',
      '0020-11-01',
      '0202-11-01',
      '1999-12-31',
      '2100-01-01',
      '20261-11-01',
    ])
      expect(filterDate(partial), partial).toBeNull();
    expect(filterDate('2026-02-30')).toBeNull();
    expect(filterDate('')).toBeNull();
    expect(filterDate('2026-11-05', '2026-11-10')).toBeNull();
    expect(filterDate('2026-11-15', undefined, '2026-11-10')).toBeNull();
    expect(filterDate('2026-11-10', '2026-11-10', '2026-11-10')).toBe('2026-11-10');
  });
});

function renderFilter(value: string | undefined, onChange: (date: string | undefined) => void) {
  const ui = (v: string | undefined, min?: string) => (
    <MantineProvider env="test">
      <DateFilter label="De" value={v} min={min} onChange={onChange} />
    </MantineProvider>
  );
  const view = render(ui(value));
  return {
    input: () => screen.getByLabelText('De') as HTMLInputElement,
    rerender: (v: string | undefined, min?: string) => view.rerender(ui(v, min)),
  };
}

/** A date field with some parts typed and others not: the browser reads '' and flags bad input. */
function typePartially(input: HTMLInputElement) {
  Object.defineProperty(input, 'validity', { configurable: true, value: { badInput: true } });
  fireEvent.change(input, { target: { value: '' } });
}

describe('DateFilter', () => {
  it("keeps the field's own bounds when the range's other end changes (Chrome empties a date being typed then)", () => {
    const onChange = vi.fn();
    const { input, rerender } = renderFilter(undefined, onChange);
    const bounds = () => [input().getAttribute('min'), input().getAttribute('max')];
    expect(bounds()).toEqual(['2000-01-01', '2099-12-31']);
    rerender(undefined, '2026-11-10');
    expect(bounds()).toEqual(['2000-01-01', '2099-12-31']);
    // The range is still checked: a date before the other end is not reported.
    fireEvent.change(input(), { target: { value: '2026-11-05' } });
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.change(input(), { target: { value: '2026-11-12' } });
    expect(onChange).toHaveBeenLastCalledWith('2026-11-12');
  });

  it('reports a whole date, and undefined when emptied; nothing while a date is being typed', () => {
    const onChange = vi.fn();
    const { input } = renderFilter(undefined, onChange);
    fireEvent.change(input(), { target: { value: '0002-11-01' } });
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.change(input(), { target: { value: '2026-11-01' } });
    expect(onChange).toHaveBeenLastCalledWith('2026-11-01');
    fireEvent.change(input(), { target: { value: '' } });
    expect(onChange).toHaveBeenLastCalledWith(undefined);
    fireEvent.change(input(), { target: { value: '2026-11-02' } });
    expect(onChange).toHaveBeenCalledTimes(3);
    typePartially(input());
    expect(onChange).toHaveBeenCalledTimes(3);
  });

  it("says 'Selecione uma data válida' on leaving a half-typed date, and keeps it", () => {
    const onChange = vi.fn();
    const { input } = renderFilter('2026-11-01', onChange);
    typePartially(input());
    expect(screen.queryByText('Selecione uma data válida')).toBeNull();
    fireEvent.blur(input());
    expect(screen.getByText('Selecione uma data válida')).toBeTruthy();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('takes a new value from outside (back, forward, clearing the filters)', () => {
    const { input, rerender } = renderFilter('2026-11-01', () => {});
    fireEvent.change(input(), { target: { value: '0202-11-01' } });
    fireEvent.blur(input());
    rerender('2026-10-01');
    expect(input().value).toBe('2026-10-01');
    expect(screen.queryByText('Selecione uma data válida')).toBeNull();
    rerender(undefined);
    expect(input().value).toBe('');
  });
});

let list: ReturnType<typeof useListQuery<'from' | 'to'>> | null = null;
function ListProbe() {
  list = useListQuery(['from', 'to']);
  return null;
}

describe('useListQuery', () => {
  it('keeps both of two changes made before the URL has caught up', async () => {
    const router = createMemoryRouter([{ path: '/', element: <ListProbe /> }], { initialEntries: ['/?x=1'] });
    render(<RouterProvider router={router} />);
    await act(async () => {
      list?.setFilters({ from: '2026-11-01' });
      list?.setFilters({ to: '2026-11-20' });
    });
    expect(router.state.location.search).toBe('?x=1&from=2026-11-01&to=2026-11-20');
  });
});
