import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DemoInfiniteStores, demoStores, type FetchStores, fetchFrom, KitHarness } from './demo.tsx';

/** A controllable IntersectionObserver: the test decides when the end of the list comes near. */
class FakeObserver {
  static all: FakeObserver[] = [];
  readonly targets: Element[] = [];
  disconnected = false;
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit = {},
  ) {
    FakeObserver.all.push(this);
  }
  observe(target: Element) {
    this.targets.push(target);
  }
  unobserve() {}
  disconnect() {
    this.disconnected = true;
  }
  takeRecords() {
    return [];
  }
  /** The sentinel comes within the root margin. */
  near() {
    const entries = this.targets.map(
      (target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry,
    );
    this.callback(entries, this as unknown as IntersectionObserver);
  }
}

const live = () => FakeObserver.all.filter((o) => !o.disconnected);

beforeEach(() => {
  FakeObserver.all = [];
  vi.stubGlobal('IntersectionObserver', FakeObserver);
});
afterEach(() => vi.unstubAllGlobals());

function renderList(fetchStores: FetchStores) {
  render(
    <KitHarness env="test">
      <DemoInfiniteStores fetchStores={fetchStores} />
    </KitHarness>,
  );
}

describe('InfiniteList', () => {
  it('loads the next page when the end of the list comes within 200 px, until the last page', async () => {
    const fetchStores = vi.fn(fetchFrom(demoStores(25)));
    renderList(fetchStores);
    expect(await screen.findByText(/^Loja 010/)).toBeTruthy();
    expect(screen.queryByText(/^Loja 011/)).toBeNull();
    expect(live()).toHaveLength(1);
    expect(live()[0]?.options.rootMargin).toBe('0px 0px 200px 0px');
    expect(live()[0]?.targets[0]).toBe(screen.getByTestId('list-end'));

    await act(async () => live()[0]?.near());
    expect(await screen.findByText(/^Loja 020/)).toBeTruthy();
    await act(async () => live()[0]?.near());
    expect(await screen.findByText(/^Loja 025/)).toBeTruthy();
    expect(fetchStores.mock.calls.map(([query]) => query.page)).toEqual([0, 1, 2]);
    // After the last page nothing watches the end any more.
    expect(live()).toHaveLength(0);
    expect(screen.getAllByRole('listitem')).toHaveLength(25);
  });

  it('does not ask twice while a page is on its way', async () => {
    let release: () => void = () => {};
    const all = fetchFrom(demoStores(30));
    const fetchStores = vi.fn<FetchStores>(async (query) => {
      if (query.page === 1) await new Promise<void>((r) => (release = r));
      return all(query);
    });
    renderList(fetchStores);
    await screen.findByText(/^Loja 010/);
    const first = live()[0];
    await act(async () => first?.near());
    await act(async () => first?.near());
    expect(fetchStores).toHaveBeenCalledTimes(2);
    expect(await screen.findByRole('status', { name: 'Carregando mais' })).toBeTruthy();
    expect(live()).toHaveLength(0);
    await act(async () => release());
    expect(await screen.findByText(/^Loja 020/)).toBeTruthy();
  });

  it('shows the empty state', async () => {
    renderList(fetchFrom([]));
    expect(await screen.findByText('Nenhuma loja encontrada')).toBeTruthy();
  });
});

describe('InfiniteList without IntersectionObserver', () => {
  it("loads the next page with 'Carregar mais' (keyboard users and old browsers)", async () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    renderList(fetchFrom(demoStores(15)));
    await screen.findByText(/^Loja 010/);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Carregar mais' }));
    expect(await screen.findByText('Loja 015')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).toBeNull();
  });
});
