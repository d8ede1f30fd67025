/**
 * The fuzzer covers the whole table: every endpoint gets an arbitrary of requests (a schema kind the derivation does
 * not know fails here, naming it), and every endpoint with a body gets bodies its schema accepts, so that mutating
 * one field tests that field and not the rest (a new body with a check the pools cannot satisfy fails here: add a
 * value to DOMAIN_STRINGS in schema-arbitrary.ts).
 */
import { endpointTable } from '@drip/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bodyArb, idsFor, type Pools, requestArbitrary } from './requests.ts';
import { DOMAIN_STRINGS, isValid } from './schema-arbitrary.ts';

const pools: Pools = {
  ids: ['6f1d9d5e-8b1a-4c3e-9f2b-7a6d5c4b3a21'],
  strings: [...DOMAIN_STRINGS, '6f1d9d5e-8b1a-4c3e-9f2b-7a6d5c4b3a21'],
};

describe('the fuzzer derives its requests from the endpoint table', () => {
  it('builds requests for every endpoint of the table', () => {
    for (const endpoint of endpointTable) {
      const requests = fc.sample(requestArbitrary(endpoint, pools), { seed: 1, numRuns: 20 });
      expect(requests.length, endpoint.id).toBe(20);
      for (const req of requests) expect(req.endpointId).toBe(endpoint.id);
    }
  });

  it('draws bodies the schema accepts for every endpoint with a body', () => {
    const without: string[] = [];
    for (const endpoint of endpointTable) {
      const schema = endpoint.docBody ?? endpoint.body;
      if (!schema || endpoint.method === 'GET') continue;
      const bodies = fc.sample(bodyArb(endpoint, pools), { seed: 7, numRuns: 60 });
      if (!bodies.some((b) => isValid(schema, b))) without.push(endpoint.id);
    }
    expect(without).toEqual([]);
  });
});

describe('path parameters', () => {
  it('are drawn from the tables their names and segments point at', () => {
    const withSources: Pools = {
      ...pools,
      idsBySource: {
        'orders.id': ['o1'],
        'order_refunds.id': ['r1'],
        'instalments.id': ['i1'],
        'merchants.id': ['m1'],
        'pix_charges.id': ['p1'],
        'pix_charges.txid': ['t1'],
        'webhook_deliveries.id': ['d1'],
      },
    };
    const byId = (id: string) => {
      const found = endpointTable.find((e) => e.id === id);
      if (!found) throw new Error(id);
      return found;
    };
    expect(idsFor(withSources, byId('merchant.order'), 'id')).toEqual(['o1', 'r1']);
    expect(idsFor(withSources, byId('customer.instalment'), 'id')).toContain('i1');
    expect(idsFor(withSources, byId('sandbox.pspGetCob'), 'txid')).toEqual(['t1']);
    expect(idsFor(withSources, byId('merchant.replayWebhookDelivery'), 'deliveryId')).toEqual(['d1']);
  });
});
