import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../ui/Toasts.tsx';
import { CheckoutEntry } from './CheckoutPage.tsx';

const firstAnswer = {
  result: 'MORE_INFO',
  fields: [
    {
      fieldName: 'merchantSummary',
      fieldData: { id: 'm1', name: 'Loja Exemplo', cashbackRate: 0, totalAmount: 300 },
    },
    { fieldName: 'customerCpf' },
    { fieldName: 'customerPhone' },
    { fieldName: 'customerEmail' },
  ],
};

beforeEach(() => {
  // jsdom has no scrolling; the machine page scrolls to the top on each step.
  window.scrollTo = vi.fn();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function stubFetch(body: unknown, status = 200) {
  const calls: { url: string; method: string | undefined; body: unknown }[] = [];
  const fake = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(input), method: init?.method, body: init?.body });
    return new Response(JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fake);
  return calls;
}

describe('CheckoutEntry (the first step before the machine)', () => {
  it('shows the insight step from one request, then the machine takes over with the same answer', async () => {
    const calls = stubFetch(firstAnswer);
    render(
      <ToastProvider>
        <CheckoutEntry checkoutId="chk 1" transparent={false} />
      </ToastProvider>,
    );
    expect(await screen.findByRole('button', { name: 'Começar' })).toBeTruthy();
    // Started before the machine: the click is kept and replayed once the machine has the answer.
    fireEvent.click(screen.getByRole('button', { name: 'Começar' }));
    expect(await screen.findByRole('heading', { name: 'Seus dados' }, { timeout: 5_000 })).toBeTruthy();
    expect(calls).toEqual([{ url: '/api/v1/checkouts/chk%201', method: 'PUT', body: '{}' }]);
  });

  it('leaves an answer it does not read to the machine page (its error message included)', async () => {
    stubFetch({ code: 'NOT_FOUND', message: 'Checkout não encontrado' }, 404);
    render(
      <ToastProvider>
        <CheckoutEntry checkoutId="missing" transparent={false} />
      </ToastProvider>,
    );
    expect(screen.getByText('Carregando…')).toBeTruthy();
    // The machine page loads at once and shows its own load failure (no second request for the same answer).
    await vi.waitFor(() => expect(screen.queryByText('Carregando…')).toBeNull(), { timeout: 5_000 });
    expect(vi.mocked(fetch)).toHaveBeenCalledTimes(1);
  });
});
