import { describe, expect, it } from 'vitest';
import { nextListQuery, readListQuery } from './listQuery.ts';

const q = (s: string) => new URLSearchParams(s);

describe('readListQuery', () => {
  it('defaults to page 0 and size 10 with no filter', () => {
    expect(readListQuery(q(''), ['name'])).toEqual({ page: 0, size: 10, filters: { name: undefined } });
  });

  it('reads page, size and the filters under their spec names', () => {
    const state = readListQuery(q('page=3&size=20&storeName=Ipê&onlyActiveStores=true&other=x'), [
      'storeName',
      'onlyActiveStores',
    ]);
    expect(state).toEqual({ page: 3, size: 20, filters: { storeName: 'Ipê', onlyActiveStores: 'true' } });
  });

  it('falls back on malformed or hostile values instead of sending them to the server', () => {
    for (const bad of ['-1', '1.5', 'abc', '9999999', '', '1e3'])
      expect(readListQuery(q(`page=${bad}`), []).page).toBe(0);
    for (const bad of ['0', '101', '100000', '-5', 'x'])
      expect(readListQuery(q(`size=${bad}`), []).size).toBe(10);
    expect(readListQuery(q('size=100'), []).size).toBe(100);
    expect(readListQuery(q(''), [], 20).size).toBe(20);
    expect(readListQuery(q('name='), ['name']).filters.name).toBeUndefined();
  });
});

describe('nextListQuery', () => {
  it('any filter change resets the page to 0 and keeps parameters the list does not own', () => {
    const next = nextListQuery(q('page=4&size=20&name=a&ajuda=true'), { filters: { name: 'b' } });
    expect(next.toString()).toBe('size=20&name=b&ajuda=true');
    expect(nextListQuery(q('page=4&status=ACTIVE'), { filters: { status: undefined } }).toString()).toBe('');
    expect(nextListQuery(q('page=4&status=ACTIVE'), { filters: { status: '' } }).toString()).toBe('');
  });

  it('a size change resets the page; defaults stay out of the URL', () => {
    expect(nextListQuery(q('page=4'), { size: 50 }).toString()).toBe('size=50');
    expect(nextListQuery(q('page=4&size=50'), { size: 10 }).toString()).toBe('');
    expect(nextListQuery(q('name=a'), { page: 2 }).toString()).toBe('name=a&page=2');
    expect(nextListQuery(q('name=a&page=2'), { page: 0 }).toString()).toBe('name=a');
  });
});
