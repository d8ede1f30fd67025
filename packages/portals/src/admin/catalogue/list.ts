import type { UseQueryResult } from '@tanstack/react-query';
import type { ListPage } from '../../shared/kit/index.ts';

type PageQuery<T> = Pick<
  UseQueryResult<ListPage<T>>,
  'data' | 'isPending' | 'isError' | 'error' | 'isPlaceholderData' | 'refetch'
>;

/**
 * A whole list (categories, tags: the catalogue answers them unpaged) as the one page the kit's DataList shows, so
 * that these screens declare columns and actions like every other list.
 */
export function asOnePage<T>(query: UseQueryResult<T[]>): PageQuery<T> {
  const rows = query.data;
  return {
    isPending: query.isPending,
    isError: query.isError,
    error: query.error,
    isPlaceholderData: query.isPlaceholderData,
    // DataList only calls it to try again; what it resolves to is not read.
    refetch: query.refetch as unknown as PageQuery<T>['refetch'],
    data:
      rows === undefined
        ? undefined
        : { content: rows, number: 0, totalPages: 1, totalElements: rows.length },
  } as PageQuery<T>;
}
