import { describe, expect, it } from 'vitest';
import { catalogueListStores, catalogueStoreBuckets } from '../endpoints/catalogue.ts';
import { CATALOGUE_TIMEOUT_MS, createCatalogueClient } from './catalogue-client.ts';
import type { Timers } from './http.ts';

describe('catalogue client', () => {
  it('sends the catalogue key header on every call, to its own base address', async () => {
    const seen: { url: string; key: string | null }[] = [];
    const client = createCatalogueClient({
      baseUrl: 'https://catalogo.example',
      apiKey: 'cat-key',
      fetch: async (input, init) => {
        seen.push({ url: String(input), key: new Headers(init?.headers).get('X-Api-Key') });
        return new Response(JSON.stringify([{ name: 'Highlights', stores: [] }]), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        });
      },
    });
    const result = await client.call(catalogueStoreBuckets);
    expect(result.ok && result.data).toEqual([{ name: 'Highlights', stores: [] }]);
    expect(seen).toEqual([
      { url: 'https://catalogo.example/catalogue/api/v1/management/stores/buckets', key: 'cat-key' },
    ]);
  });

  it('gives up after 10 s (not the portals’ 15 s)', async () => {
    const scheduled: number[] = [];
    let fire: (() => void) | undefined;
    const timers: Timers = {
      schedule(callback, ms) {
        scheduled.push(ms);
        fire = callback;
        return () => {};
      },
    };
    const client = createCatalogueClient({
      apiKey: 'k',
      timers,
      fetch: (_input, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new Error('aborted')));
          queueMicrotask(() => fire?.());
        }),
    });
    const result = await client.call(catalogueListStores);
    expect(CATALOGUE_TIMEOUT_MS).toBe(10_000);
    expect(scheduled).toEqual([10_000]);
    expect(!result.ok && result.error.kind).toBe('timeout');
  });
});
