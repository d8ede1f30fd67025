import type * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { fillPath, pathParams } from './define.ts';
import { endpointTable } from './table.ts';

describe('endpoint table', () => {
  it('names every endpoint once and declares every method and path once', () => {
    const ids = endpointTable.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    const routes = endpointTable.map((e) => `${e.method} ${e.path}`);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it('declares a params schema with exactly the path parameters', () => {
    for (const e of endpointTable) {
      const names = pathParams(e.path);
      if (names.length === 0) {
        expect(e.params, e.id).toBeUndefined();
        continue;
      }
      expect(e.params, e.id).toBeDefined();
      const entries = (e.params as v.ObjectSchema<v.ObjectEntries, undefined>).entries;
      expect(Object.keys(entries).sort(), e.id).toEqual([...names].sort());
    }
  });

  it('gives every endpoint a summary and a tag for the reference, and no body to a GET', () => {
    for (const e of endpointTable) {
      expect(e.summary.length, e.id).toBeGreaterThan(5);
      expect(e.tag.length, e.id).toBeGreaterThan(0);
      if (e.method === 'GET') expect(e.body, e.id).toBeUndefined();
    }
  });

  it('fills path parameters encoded', () => {
    expect(fillPath('/a/:id/b/:other', { id: 'x/y', other: 'é' })).toBe('/a/x%2Fy/b/%C3%A9');
  });
});
