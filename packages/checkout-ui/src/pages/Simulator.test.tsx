import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SimulatorPage, simulatorMessages, simulatorQueryOf } from './Simulator.tsx';
import { fakeSimulatorClient, simulatorWireResponse } from './simulator-fixtures.ts';

afterEach(cleanup);

const NBSP = '\u00A0';

describe('simulator query forms (spec 2.1, 7)', () => {
  it('by checkout', () => {
    expect(simulatorQueryOf('?checkoutId=chk-1')).toEqual({ query: { checkoutId: 'chk-1' } });
  });
  it('by amount, date, merchant (business id → cnpj) and merchantId', () => {
    expect(
      simulatorQueryOf('?amount=1234,5&date=2026-11-22&merchant=12.345.678/0001-95&merchantId=m-1'),
    ).toEqual({
      query: { amount: 1234.5, date: '2026-11-22', cnpj: '12.345.678/0001-95', merchantId: 'm-1' },
    });
    expect(simulatorQueryOf('?amount=300')).toEqual({ query: { amount: 300 } });
  });
  it('says what is wrong with a bad link', () => {
    expect(simulatorQueryOf('')).toEqual({ invalid: simulatorMessages.badLink });
    expect(simulatorQueryOf('?amount=0')).toEqual({ invalid: simulatorMessages.badAmount });
    expect(simulatorQueryOf('?amount=1.234')).toEqual({ invalid: simulatorMessages.badAmount });
    expect(simulatorQueryOf('?amount=10&date=22/11/2026')).toEqual({ invalid: simulatorMessages.badDate });
  });
});

describe('simulator page', () => {
  it('?checkoutId=: calls the API and shows title, total, instalments with dates, cashback, max, steps, footer', async () => {
    const { client, calls } = fakeSimulatorClient();
    render(<SimulatorPage search="?checkoutId=chk-1" client={client} />);
    expect(screen.getByRole('status').textContent).toContain('Simulando');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(
      'Pague em até 6x sem juros no Pix',
    );
    expect(calls.map((u) => `${u.pathname}${u.search}`)).toEqual([
      '/api/v1/instalments_simulator?checkoutId=chk-1',
    ]);
    expect(screen.getByText('Valor total').nextSibling?.textContent).toBe(`R$${NBSP}300,00`);
    expect(screen.getByText('Cashback').nextSibling?.textContent).toBe(`5,00% (R$${NBSP}15,00)`);
    expect(screen.getByText('Máximo de parcelas').nextSibling?.textContent).toBe('Em até 6x sem juros');
    expect(screen.getByText('Parcelas', { selector: 'dt' }).nextSibling?.textContent).toBe(
      `3x de R$${NBSP}100,00 sem juros`,
    );
    const rows = within(screen.getByRole('list', { name: 'Parcelas' }))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(rows).toEqual([
      `1ª parcela · 22/12/2026R$${NBSP}100,00`,
      `2ª parcela · 21/01/2027R$${NBSP}100,00`,
      `3ª parcela · 20/02/2027R$${NBSP}100,00`,
    ]);
    for (const step of simulatorMessages.steps) expect(screen.getByText(step)).toBeTruthy();
    expect(screen.getByText('Compre sem cartão e com análise de crédito em segundos')).toBeTruthy();
  });

  it('?amount=&date=&merchant=&merchantId=: sends amount, date, cnpj and merchantId; 3x title when not flexible', async () => {
    const { client, calls } = fakeSimulatorClient(() => ({
      status: 200,
      body: { ...simulatorWireResponse, flexibleInstallments: false, maxInstalments: 3, cashbackRate: 0 },
    }));
    render(
      <SimulatorPage
        search="?amount=300&date=2026-11-22&merchant=12345678000195&merchantId=m-1"
        client={client}
      />,
    );
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(
      'Pague em 3x sem juros no Pix',
    );
    expect(Object.fromEntries(calls[0]?.searchParams ?? [])).toEqual({
      amount: '300',
      date: '2026-11-22',
      cnpj: '12345678000195',
      merchantId: 'm-1',
    });
    expect(screen.queryByText('Cashback')).toBeNull();
  });

  it('shows the error and retries', async () => {
    let fail = true;
    const { client, calls } = fakeSimulatorClient(() =>
      fail
        ? { status: 503, body: { error: { code: 'UNAVAILABLE', message: 'x' } } }
        : { status: 200, body: simulatorWireResponse },
    );
    render(<SimulatorPage search="?checkoutId=chk-1" client={client} />);
    expect((await screen.findByRole('alert')).textContent).toBe('Ocorreu um erro inesperado (503)');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Não foi possível simular o parcelamento',
    );
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(
      (await screen.findByRole('heading', { name: 'Pague em até 6x sem juros no Pix' })).textContent,
    ).toBeTruthy();
    expect(calls).toHaveLength(2);
  });

  it('404, network failure and a malformed response each say so', async () => {
    const cases: [Parameters<typeof fakeSimulatorClient>[0], RegExp][] = [
      [() => ({ status: 404, body: { error: { code: 'NOT_FOUND', message: 'x' } } }), /^Não encontramos/],
      [() => 'network-error', /^Não foi possível conectar/],
      [() => ({ status: 200, body: { totalAmount: 'trezentos' } }), /formato inesperado/],
    ];
    for (const [answer, message] of cases) {
      const { client } = fakeSimulatorClient(answer);
      render(<SimulatorPage search="?checkoutId=chk-1" client={client} />);
      expect((await screen.findByRole('alert')).textContent).toMatch(message);
      cleanup();
    }
  });

  it('a bad link makes no call', () => {
    const { client, calls } = fakeSimulatorClient();
    render(<SimulatorPage search="?amount=abc" client={client} />);
    expect(screen.getByRole('alert').textContent).toBe(simulatorMessages.badAmount);
    expect(calls).toHaveLength(0);
  });
});
