import { useCallback, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';

/** Spec 9: lists show 10 rows unless told otherwise (promotions and store management pass 20). */
export const DEFAULT_PAGE_SIZE = 10;
/** The largest page a URL may ask for: a hand-edited `?size=100000` must not ask the server for everything. */
export const MAX_PAGE_SIZE = 100;

export interface ListQueryState<F extends string> {
  /** 0-based, as the API. */
  page: number;
  size: number;
  /** Every filter by its spec name; absent or empty in the URL is `undefined`. */
  filters: Record<F, string | undefined>;
}

function pageOf(raw: string | null): number {
  return raw !== null && /^\d{1,6}$/.test(raw) ? Number(raw) : 0;
}

function sizeOf(raw: string | null, fallback: number): number {
  if (raw === null || !/^\d{1,3}$/.test(raw)) return fallback;
  const size = Number(raw);
  return size >= 1 && size <= MAX_PAGE_SIZE ? size : fallback;
}

/** Reads page, size and the named filters from a URL query; anything malformed falls back to the default. */
export function readListQuery<F extends string>(
  search: URLSearchParams,
  filterNames: readonly F[],
  defaultSize = DEFAULT_PAGE_SIZE,
): ListQueryState<F> {
  const filters = {} as Record<F, string | undefined>;
  for (const name of filterNames) {
    const value = search.get(name);
    filters[name] = value === null || value === '' ? undefined : value;
  }
  return { page: pageOf(search.get('page')), size: sizeOf(search.get('size'), defaultSize), filters };
}

export type ListQueryChange<F extends string> =
  | { page: number }
  | { size: number }
  | { filters: Partial<Record<F, string | undefined>> };

/**
 * The next URL query after a change. Defaults stay out of the URL (page 0, the default size, empty filters) so
 * that a shared link is short; query parameters the list does not own (e.g. `ajuda`) are kept. Any filter or size
 * change goes back to page 0: the old page number means nothing in a different result.
 */
export function nextListQuery<F extends string>(
  search: URLSearchParams,
  change: ListQueryChange<F>,
  defaultSize = DEFAULT_PAGE_SIZE,
): URLSearchParams {
  const next = new URLSearchParams(search);
  if ('page' in change) {
    if (change.page > 0) next.set('page', String(change.page));
    else next.delete('page');
    return next;
  }
  next.delete('page');
  if ('size' in change) {
    if (change.size === defaultSize) next.delete('size');
    else next.set('size', String(change.size));
    return next;
  }
  for (const [name, value] of Object.entries<string | undefined>(change.filters)) {
    if (value === undefined || value === '') next.delete(name);
    else next.set(name, value);
  }
  return next;
}

export interface ListQuery<F extends string> extends ListQueryState<F> {
  setPage(page: number): void;
  setSize(size: number): void;
  /** Sets one or more filters (undefined or '' removes one) and resets the page to 0. */
  setFilters(filters: Partial<Record<F, string | undefined>>): void;
}

/**
 * A server-paged list's state kept in the URL query under the spec's names (`page`, `size`, `name`, `storeName`,
 * `onlyActiveStores`, `status`, `volume_period`…), so that reload, back and a shared link show the same page.
 */
export function useListQuery<F extends string = never>(
  filterNames: readonly F[] = [],
  defaultSize = DEFAULT_PAGE_SIZE,
): ListQuery<F> {
  const [search, setSearch] = useSearchParams();
  // The query the list last asked for. The URL changes through a navigation, applied a moment later: a second
  // change before then (the 'Até' date right after the 'De') builds on the first, instead of on the URL of the last
  // render and losing it. A new URL from elsewhere (back, forward, a link) takes over.
  const seen = useRef(search);
  const latest = useRef(search);
  if (seen.current !== search) {
    seen.current = search;
    latest.current = search;
  }
  // biome-ignore lint/correctness/useExhaustiveDependencies: the names are a constant list; joined for a stable key
  const state = useMemo(
    () => readListQuery(search, filterNames, defaultSize),
    [search, filterNames.join(), defaultSize],
  );
  const change = useCallback(
    (next: ListQueryChange<F>) => {
      latest.current = nextListQuery(latest.current, next, defaultSize);
      setSearch(latest.current);
    },
    [setSearch, defaultSize],
  );
  return {
    ...state,
    setPage: useCallback((page: number) => change({ page }), [change]),
    setSize: useCallback((size: number) => change({ size }), [change]),
    setFilters: useCallback(
      (filters: Partial<Record<F, string | undefined>>) => change({ filters }),
      [change],
    ),
  };
}
