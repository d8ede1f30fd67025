// At 390 px (the spec's phone, <= 690 px) tables become cards and the extract shows only the transfers a day has:
// nothing may be wider than the screen or hidden beyond its edge.
import { MantineProvider } from '@mantine/core';
import { configure, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ok, salesServer, signIn } from '../merchant/sales-fake-api.ts';
import { SALES_API } from '../merchant/sales-fixtures.ts';
import {
  debtDay,
  settlementDay,
  settlementNumbers,
  settlementPage,
} from '../merchant/settlements-fixtures.ts';
import { ResponsiveTable } from '../shared/kit/ResponsiveTable.tsx';
import { theme } from '../shared/theme.ts';
import { renderApp } from './harness.tsx';

configure({ asyncUtilTimeout: 5000 });

const original = window.matchMedia;
beforeEach(() => {
  window.matchMedia = (query: string) => ({
    ...original(query),
    matches: query.includes('max-width: 690px'),
  });
  window.localStorage.clear();
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
      takeRecords() {
        return [];
      }
    },
  );
});
afterEach(() => {
  window.matchMedia = original;
  vi.unstubAllGlobals();
});

describe('on a phone', () => {
  it('ResponsiveTable shows one card per row with every column as a label and its value', () => {
    const rows = [
      { id: 'r1', type: 'Total', amount: 'R$ 420,00', when: '01/11/2026 10:00' },
      { id: 'r2', type: 'Produtos', amount: 'Tênis', when: '02/11/2026 11:00' },
    ];
    render(
      <MantineProvider theme={theme}>
        <ResponsiveTable
          label="Estornos"
          rows={rows}
          getRowId={(r) => r.id}
          columns={[
            { id: 'type', header: 'Tipo', phone: 'title', cell: (r) => r.type },
            { id: 'amount', header: 'Estornado', cell: (r) => r.amount },
            { id: 'when', header: 'Data', cell: (r) => r.when },
          ]}
        />
      </MantineProvider>,
    );
    expect(screen.queryByRole('table')).toBeNull();
    const cards = within(screen.getByRole('list', { name: 'Estornos' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const first = within(cards[0] as HTMLElement);
    expect(first.getByText('Total')).toBeTruthy();
    expect(first.getByText('Estornado').nextElementSibling?.textContent).toBe('R$ 420,00');
    expect(first.getByText('Data').nextElementSibling?.textContent).toBe('01/11/2026 10:00');
  });

  it("the extract's day shows the transfers it has, not the twelve columns of the table", async () => {
    signIn(['ADMIN', 'READ']);
    const oneTransfer = settlementDay('2026-03-10', {
      transferDates: [{ transferDate: '2026-03-30', amount: 97.01, transferred: true, status: 'PAID' }],
    });
    const api = salesServer({
      [`GET ${SALES_API}/v1/settlements`]: () =>
        ok(settlementPage([oneTransfer, debtDay('2026-03-04')], { transferColumns: 12 })),
      [`GET ${SALES_API}/v1/settlements/big_numbers`]: () => ok(settlementNumbers),
    });
    renderApp('/parceira/pedidos/extrato', api.fetch);
    const list = await screen.findByRole('list', { name: 'Extrato de vendas' });
    const [day, debt] = within(list).getAllByRole('listitem') as HTMLElement[];
    expect(within(day as HTMLElement).getByText('1º repasse')).toBeTruthy();
    expect(within(day as HTMLElement).queryByText('2º repasse')).toBeNull();
    expect(within(list).queryAllByText('12º repasse')).toHaveLength(0);
    expect(within(debt as HTMLElement).getByText('Sem repasses')).toBeTruthy();
    expect(within(debt as HTMLElement).queryByText('1º repasse')).toBeNull();
  });
});
