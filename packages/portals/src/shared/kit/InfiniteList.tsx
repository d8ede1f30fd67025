import { Button, Center, Loader, Stack } from '@mantine/core';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef } from 'react';
import { EmptyState } from '../EmptyState.tsx';
import { LoadError, PageLoader } from '../QueryState.tsx';
import type { ListPage } from './DataList.tsx';

/** Spec 9: the sales extract loads its next page when the end of the list is within 200 px. */
export const NEAR_END_PX = 200;
/** The keyboard's (and an observer-less browser's) way to the next page. */
export const LOAD_MORE = 'Carregar mais';

/**
 * Calls `onNearEnd` whenever the returned element (a sentinel placed after the last item) comes within `margin`
 * pixels below the viewport. The observer is rebuilt when `enabled` flips, so that a page that is still too short
 * to scroll asks again once the previous page has arrived.
 */
export function useNearEnd(
  onNearEnd: () => void,
  { enabled, margin = NEAR_END_PX }: { enabled: boolean; margin?: number },
) {
  const sentinel = useRef<HTMLDivElement>(null);
  const callback = useRef(onNearEnd);
  callback.current = onNearEnd;
  // An entry already queued when the observer is disconnected may still be delivered: ask the current state.
  const active = useRef(enabled);
  active.current = enabled;
  useEffect(() => {
    const element = sentinel.current;
    // Without IntersectionObserver (old browsers, jsdom) the list's 'Carregar mais' button still works.
    if (!enabled || element === null || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (active.current && entries.some((entry) => entry.isIntersecting)) callback.current();
      },
      { rootMargin: `0px 0px ${margin}px 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [enabled, margin]);
  return sentinel;
}

export interface InfiniteListProps<T> {
  label: string;
  query: Pick<
    UseInfiniteQueryResult<InfiniteData<ListPage<T>>>,
    | 'data'
    | 'isPending'
    | 'isError'
    | 'error'
    | 'refetch'
    | 'hasNextPage'
    | 'isFetchingNextPage'
    | 'fetchNextPage'
  >;
  getRowId: (row: T) => string;
  renderItem: (row: T) => ReactNode;
  empty: { title: string; description: string };
  errorTitle: string;
}

/** The infinite-scroll variant of the server-paged list (`useInfiniteQuery` with `page` as the page param). */
export function InfiniteList<T>({
  label,
  query,
  getRowId,
  renderItem,
  empty,
  errorTitle,
}: InfiniteListProps<T>) {
  const more = query.hasNextPage && !query.isFetchingNextPage && !query.isError;
  // cancelRefetch false: a second call while a page is on its way must not restart it.
  const sentinel = useNearEnd(() => void query.fetchNextPage({ cancelRefetch: false }), { enabled: more });
  if (query.isPending) return <PageLoader />;
  if (query.isError && !query.data)
    return <LoadError title={errorTitle} error={query.error} onRetry={() => void query.refetch()} />;
  const items = query.data?.pages.flatMap((page) => page.content) ?? [];
  if (items.length === 0) return <EmptyState title={empty.title} description={empty.description} />;
  return (
    <Stack gap="sm">
      <Stack component="ul" gap="sm" aria-label={label} p={0} m={0} style={{ listStyle: 'none' }}>
        {items.map((item) => (
          <li key={getRowId(item)}>{renderItem(item)}</li>
        ))}
      </Stack>
      {query.isError ? (
        <LoadError title={errorTitle} error={query.error} onRetry={() => void query.fetchNextPage()} />
      ) : null}
      {query.isFetchingNextPage ? (
        <Center py="sm" role="status" aria-label="Carregando mais">
          <Loader size="sm" />
        </Center>
      ) : null}
      {more ? (
        <Center>
          <Button
            variant="subtle"
            size="xs"
            onClick={() => void query.fetchNextPage({ cancelRefetch: false })}
          >
            {LOAD_MORE}
          </Button>
        </Center>
      ) : null}
      <div ref={sentinel} data-testid="list-end" />
    </Stack>
  );
}

/** `getNextPageParam` for spring-style pages: the next 0-based page, or undefined after the last. */
export function nextPageParam<T>(last: ListPage<T>): number | undefined {
  return last.number + 1 < last.totalPages ? last.number + 1 : undefined;
}
