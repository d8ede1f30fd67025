/**
 * The sandbox's VTEX store places orders for the demo world's merchants only (found by the endpoint-table fuzzer,
 * test/fuzz): another id, well-formed or not, is a 404 in pt-BR, not a 500 from storing demo credentials for a
 * merchant that does not exist.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seededApp } from '../helpers.ts';

let t: Awaited<ReturnType<typeof seededApp>>;
beforeAll(async () => {
  t = await seededApp();
});
afterAll(async () => {
  await t.dispose();
});

it('refuses an order for an unknown merchant with a 404', async () => {
  for (const merchantId of ['10/03/2026', '6f1d9d5e-8b1a-4c3e-9f2b-7a6d5c4b3a21']) {
    const res = await t.request('POST', '/sandbox/vtex/orders', { merchantId, value: 10 });
    expect(res.status, res.text).toBe(404);
    expect(res.body.error.message).toBe('Parceira desconhecida na loja VTEX do sandbox');
  }
});
