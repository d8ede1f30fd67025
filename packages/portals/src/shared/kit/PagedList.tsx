import { DataList, type DataListProps } from './DataList.tsx';
import type { ListQuery } from './listQuery.ts';

interface EmptyText {
  title: string;
  description: string;
}

export interface PagedListProps<T extends { id: string }>
  extends Omit<DataListProps<T>, 'getRowId' | 'onPageChange' | 'skeletonRows' | 'empty'> {
  /** The list's state in the URL (`useListQuery`): pages change there, and its page size sizes the skeleton. */
  list: Pick<ListQuery<never>, 'setPage' | 'size'>;
  /** `found` while a search or a filter is on (nothing matches it), `none` when there is nothing at all. */
  empty: { searched: boolean; found: EmptyText; none: EmptyText };
}

/**
 * A server-paged list whose page, size, search and filters live in the URL: `DataList` tied to the list's
 * `useListQuery`, rows keyed by their id, with the empty state of a search that found nothing apart from that of an
 * empty list.
 */
export function PagedList<T extends { id: string }>({ list, empty, ...props }: PagedListProps<T>) {
  return (
    <DataList
      {...props}
      getRowId={(row) => row.id}
      onPageChange={list.setPage}
      skeletonRows={list.size}
      empty={empty.searched ? empty.found : empty.none}
    />
  );
}
