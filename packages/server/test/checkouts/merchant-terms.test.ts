// A merchant's public terms, as merchant pages read them from the browser (the SDK's widgets with merchantId,
// fetchMerchantTerms): the simulator answers the seeded terms, to any origin (CORS), errors included.
import { checkoutPaths } from '@drip/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededApp } from '../helpers.ts';

let t: Awaited<ReturnType<typeof seededApp>>;
beforeAll(async () => {
  t = await seededApp();
});
afterAll(async () => {
  await t.dispose();
});

async function merchantId(name: string): Promise<string> {
  const demo = await t.request('GET', '/sandbox/demo');
  const merchant = demo.body.merchants.find((m: { name: string }) => m.name === name);
  if (!merchant) throw new Error(`no ${name} in the sandbox`);
  return merchant.id;
}

describe('GET /api/v1/instalments_simulator?merchantId= (the terms the widgets promise)', () => {
  it("gives each seeded merchant's own cashback rate and instalments, readable from any origin", async () => {
    const expected = {
      'Casa Pitanga': { cashbackRate: 0.02, maxInstalments: 3, flexibleInstallments: false },
      'Loja Aurora': { cashbackRate: 0.05, maxInstalments: 12, flexibleInstallments: true },
    };
    for (const [name, terms] of Object.entries(expected)) {
      const id = await merchantId(name);
      const res = await t.raw(`${checkoutPaths.instalmentsSimulator}?amount=299.90&merchantId=${id}`, {
        method: 'GET',
        headers: { origin: 'http://127.0.0.1:3100' },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(await res.json()).toMatchObject(terms);
    }
  });

  it("without a merchant, Drip's default terms: flexible up to 3x (spec 3's merchant summary defaults)", async () => {
    const res = await t.request('GET', `${checkoutPaths.instalmentsSimulator}?amount=300`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ flexibleInstallments: true, maxInstalments: 3, cashbackRate: 0 });
    expect(res.body.instalments).toHaveLength(3);
    expect(res.body.instalments.map((i: { amount: number }) => i.amount)).toEqual([100, 100, 100]);
  });

  it('an unknown merchant is a 404 the page can read too', async () => {
    const res = await t.raw(
      `${checkoutPaths.instalmentsSimulator}?amount=10&merchantId=00000000-0000-4000-8000-000000000000`,
      { method: 'GET', headers: { origin: 'https://loja.example' } },
    );
    expect(res.status).toBe(404);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });
});
