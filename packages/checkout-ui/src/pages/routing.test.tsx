import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../App.tsx';

afterEach(cleanup);

describe('App routes the public pages (lazy chunks)', () => {
  it('/drip_banner', async () => {
    render(<App location={{ pathname: '/drip_banner', search: '?amount=300&cashback_rate=0.05' }} />);
    expect(await screen.findByText(/^Pague no Pix Parcelado em 3x de R\$\s100,00/)).toBeTruthy();
  });
  it('/drip-modal', async () => {
    render(<App location={{ pathname: '/drip-modal', search: '' }} />);
    expect(
      await screen.findByRole('heading', { name: 'Chegamos para mudar a forma como você compra' }),
    ).toBeTruthy();
  });
  it('/instalments_simulator without a query says the link is incomplete', async () => {
    render(<App location={{ pathname: '/instalments_simulator', search: '' }} />);
    expect((await screen.findByRole('alert')).textContent).toContain('Link do simulador inválido');
  });
});
