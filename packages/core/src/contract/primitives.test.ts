import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { StoreListQuery } from './catalogue.ts';
import { MerchantCheckoutsQuery } from './merchant-sales.ts';
import { PageQuery } from './orders.ts';
import { IsoDateString, IsoInstant } from './primitives.ts';

const messages = (schema: v.GenericSchema, input: unknown) => {
  const r = v.safeParse(schema, input);
  return r.success ? [] : r.issues.map((i) => i.message);
};

describe('dates are bounded where they are parsed (1900 to 2100)', () => {
  it.each([
    ['IsoDateString', IsoDateString, '9999-12-31', '2100-12-31'],
    ['IsoInstant', IsoInstant, '9999-12-31T00:00:00Z', '2100-12-31T23:59:59Z'],
    ['IsoInstant before', IsoInstant, '0001-01-01T00:00:00Z', '1900-01-01T00:00:00Z'],
  ])('%s: outside the years a 400 message in Portuguese, inside accepted', (_n, schema, outside, inside) => {
    expect(messages(schema, outside)).toEqual(['A data deve estar entre 1900 e 2100']);
    expect(messages(schema, inside)).toEqual([]);
  });

  it("the sales list's from/to, with or without the midnight suffix", () => {
    for (const to of ['9999-12-31T00:00:00Z', '9999-12-31', '2101-01-01T00:00:00.000Z'])
      expect(messages(MerchantCheckoutsQuery, { to }), to).toEqual(['A data deve estar entre 1900 e 2100']);
    expect(messages(MerchantCheckoutsQuery, { from: '0002-11-01' })).toContain(
      'A data deve estar entre 1900 e 2100',
    );
    expect(v.parse(MerchantCheckoutsQuery, { from: '1900-01-01', to: '2100-12-31T00:00:00Z' })).toMatchObject(
      {
        from: '1900-01-01',
        to: '2100-12-31',
      },
    );
  });
});

describe('paged list queries share one page/size schema', () => {
  it.each([
    ['PageQuery', PageQuery, 10],
    ['StoreListQuery', StoreListQuery, 20],
  ] as const)('%s: page 0 and size %i when absent, size 1 to 100', (_n, schema, defaultSize) => {
    expect(v.parse(schema, {})).toEqual({ page: 0, size: defaultSize });
    expect(v.parse(schema, { page: '3', size: '100' })).toEqual({ page: 3, size: 100 });
    const sizeMessage = 'O parâmetro size deve ser um número inteiro entre 1 e 100';
    for (const size of ['0', '101', 'x', '1000'])
      expect(messages(schema, { size }), size).toEqual([sizeMessage]);
    expect(messages(schema, { page: '-1' })).toEqual([
      'O parâmetro page deve ser um número inteiro a partir de 0',
    ]);
  });
});
