import type { ApiResult, CheckoutEvent, HighlightStore } from '@drip/core';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CheckoutView, idleBusy } from '../checkout/CheckoutView.tsx';
import { fixtureContext } from '../checkout/fixtures.ts';
import { okResult } from '../test-utils.ts';
import { HIGHLIGHT_STORES_TITLE, MAX_HIGHLIGHT_STORES } from './HighlightStores.tsx';

afterEach(cleanup);

const STORES: HighlightStore[] = [
  { id: 's1', name: 'Casa Pitanga', logoUrl: '/images/catalogue/pitanga.png' },
  { id: 's2', name: 'Livraria Sabiá', logoUrl: null },
];

const failed: ApiResult<HighlightStore[]> = {
  ok: false,
  error: { kind: 'http', status: 503, code: 'UNAVAILABLE', message: 'indisponível' },
};

function renderStep(step: 'approved' | 'insight', load: () => Promise<ApiResult<HighlightStore[]>>) {
  render(
    <CheckoutView
      context={fixtureContext(step, step === 'approved' ? { result: 'OK' } : {})}
      busy={idleBusy}
      send={vi.fn<(event: CheckoutEvent) => void>()}
      viewportWidth={390}
      redirectIn={null}
      lookupCep={vi.fn()}
      onNotify={vi.fn()}
      onClose={null}
      loadHighlightStores={load}
    />,
  );
}

/** Lets the loader's promise settle and React render its answer. */
const settle = () => act(async () => undefined);

describe('highlight stores under the approved purchase', () => {
  it('shows each store with its logo and name, in a labelled list', async () => {
    const load = vi.fn(async () => okResult(STORES));
    renderStep('approved', load);
    const section = await screen.findByRole('region', { name: HIGHLIGHT_STORES_TITLE });
    const items = within(section).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(['Casa Pitanga', 'LSLivraria Sabiá']);
    // The logo is decoration beside the written name; a store without a logo gets its initials, hidden from readers.
    const img = section.querySelector('img');
    expect(img?.getAttribute('src')).toBe('/images/catalogue/pitanga.png');
    expect(img?.getAttribute('alt')).toBe('');
    expect(
      within(items[1] as HTMLElement)
        .getByText('LS')
        .getAttribute('aria-hidden'),
    ).toBe('true');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('leaves out the store the shopper just bought in', async () => {
    const withMerchant = [...STORES, { id: 's3', name: 'loja exemplo ', logoUrl: null }];
    renderStep('approved', async () => okResult(withMerchant));
    const section = await screen.findByRole('region', { name: HIGHLIGHT_STORES_TITLE });
    expect(within(section).getAllByRole('listitem')).toHaveLength(2);
    expect(within(section).queryByText(/loja exemplo/i)).toBeNull();
  });

  it(`shows at most ${MAX_HIGHLIGHT_STORES} stores`, async () => {
    const many = Array.from({ length: 40 }, (_, i) => ({ id: `s${i}`, name: `Loja ${i}`, logoUrl: null }));
    renderStep('approved', async () => okResult(many));
    const section = await screen.findByRole('region', { name: HIGHLIGHT_STORES_TITLE });
    expect(within(section).getAllByRole('listitem')).toHaveLength(MAX_HIGHLIGHT_STORES);
  });

  it('hides the section when the call fails', async () => {
    renderStep('approved', async () => failed);
    await screen.findByRole('heading', { name: 'Compra aprovada!' });
    await settle();
    expect(screen.queryByText(HIGHLIGHT_STORES_TITLE)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('hides the section when the call throws', async () => {
    renderStep('approved', async () => {
      throw new Error('rede');
    });
    await screen.findByRole('heading', { name: 'Compra aprovada!' });
    await settle();
    expect(screen.queryByText(HIGHLIGHT_STORES_TITLE)).toBeNull();
  });

  it('hides the section when there are no stores', async () => {
    renderStep('approved', async () => okResult([]));
    await screen.findByRole('heading', { name: 'Compra aprovada!' });
    await settle();
    expect(screen.queryByText(HIGHLIGHT_STORES_TITLE)).toBeNull();
  });

  it('costs the first screen nothing: the insight step does not ask for them', async () => {
    const load = vi.fn(async () => okResult(STORES));
    renderStep('insight', load);
    await settle();
    expect(load).not.toHaveBeenCalled();
    expect(screen.queryByText(HIGHLIGHT_STORES_TITLE)).toBeNull();
  });
});
