import { Alert, Skeleton, Stack, Table, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { EmptyState } from '../EmptyState.tsx';
import { LoadError } from '../QueryState.tsx';
import { Pagination } from './Pagination.tsx';
import {
  PHONE_QUERY,
  ResponsiveTable,
  type ResponsiveTableProps,
  type TableColumn,
} from './ResponsiveTable.tsx';

/** One page of a server-paged list, as every paged call of the API answers (0-based `number`). */
export interface ListPage<T> {
  content: readonly T[];
  number: number;
  totalPages: number;
  totalElements: number;
  /**
   * The server counted only up to a cap and there are more: `totalElements` is the cap and the pages cover the
   * first `totalElements` results (the merchant's orders list, docs/merchant-sales.md).
   */
  totalCapped?: boolean | undefined;
}

/** What a capped list says above its rows; `total` is the cap, formatted ('10.000'). */
export interface CappedNotice {
  title: (total: string) => string;
  description: (total: string) => string;
}

export const DEFAULT_CAPPED_NOTICE: CappedNotice = {
  title: (total) => `Mais de ${total} resultados`,
  description: (total) =>
    `A lista mostra os ${total} primeiros. Use os filtros para encontrar o que procura.`,
};

const integerFormat = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });

/** A column of a list: its header, its cell, and where it goes on a phone (see `TableColumn`). */
export type DataListColumn<T> = TableColumn<T>;

export interface DataListProps<T> {
  /** Accessible name of the table. */
  label: string;
  columns: readonly DataListColumn<T>[];
  /** The TanStack Query of the current page. */
  query: Pick<
    UseQueryResult<ListPage<T>>,
    'data' | 'isPending' | 'isError' | 'error' | 'isPlaceholderData' | 'refetch'
  >;
  getRowId: (row: T) => string;
  onPageChange: (page: number) => void;
  /** Opens the row's details; clicks on a link or button inside the row keep their own meaning. */
  onRowClick?: (row: T) => void;
  empty: { title: string; description: string; action?: ReactNode };
  errorTitle: string;
  /** Rows of the loading skeleton: the page size, so that the page does not jump when the data arrives. */
  skeletonRows?: number;
  /** Table width below which the table scrolls sideways (phones get cards instead). */
  minWidth?: number;
  /** The notice of a capped count (`totalCapped`); a generic one by default. */
  capped?: CappedNotice;
}

export const LOADING = 'Carregando…';

/**
 * A server-paged list: Mantine's Table (desktop) or cards (phones), with a loading skeleton,
 * an empty state, a load error with the HTTP status, row click, the spec's pagination control, and a notice when
 * the server's count stopped at its cap.
 */
export function DataList<T>(props: DataListProps<T>) {
  const { query, empty, errorTitle, onPageChange } = props;
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false }) ?? false;
  if (query.isError && !query.data)
    return <LoadError title={errorTitle} error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.isPending && query.data?.totalElements === 0)
    return <EmptyState title={empty.title} description={empty.description} action={empty.action} />;

  const body = phone ? <PhoneSkeletonOr {...props} /> : <DesktopSkeletonOr {...props} />;
  const cap = query.data?.totalCapped ? integerFormat.format(query.data.totalElements) : null;
  const notice = props.capped ?? DEFAULT_CAPPED_NOTICE;
  return (
    <Stack gap="md">
      {cap !== null ? (
        <Alert variant="light" color="blue" radius="lg" title={notice.title(cap)} role="status">
          {notice.description(cap)}
        </Alert>
      ) : null}
      {body}
      {query.data ? (
        <Pagination page={query.data.number} totalPages={query.data.totalPages} onChange={onPageChange} />
      ) : null}
    </Stack>
  );
}

/** The loading skeleton: hidden from assistive technology, which hears the status line instead. */
function SkeletonTable({ columns, rows, minWidth }: { columns: number; rows: number; minWidth: number }) {
  return (
    <div role="status">
      <VisuallyHidden>{LOADING}</VisuallyHidden>
      <Table.ScrollContainer minWidth={minWidth} aria-hidden="true">
        <Table verticalSpacing="sm" data-skeleton>
          <Table.Tbody>
            {Array.from({ length: rows }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have nothing else to key on
              <Table.Tr key={i}>
                {Array.from({ length: columns }, (_, j) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cells have nothing else to key on
                  <Table.Td key={j}>
                    <Skeleton height={14} radius="sm" />
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </div>
  );
}

function DesktopSkeletonOr<T>(props: DataListProps<T>) {
  const { columns, query, skeletonRows = 10, minWidth = 860 } = props;
  if (query.isPending)
    return <SkeletonTable columns={columns.length} rows={skeletonRows} minWidth={minWidth} />;
  return <ResponsiveTable {...tableProps(props)} phone={false} />;
}

function PhoneSkeletonOr<T>(props: DataListProps<T>) {
  const { query, skeletonRows = 10 } = props;
  if (query.isPending)
    return (
      <Stack gap="sm" role="status">
        <VisuallyHidden>{LOADING}</VisuallyHidden>
        {Array.from({ length: Math.min(skeletonRows, 4) }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cards have nothing else to key on
          <Skeleton key={i} height={132} radius="lg" data-skeleton aria-hidden="true" />
        ))}
      </Stack>
    );
  return <ResponsiveTable {...tableProps(props)} phone />;
}

function tableProps<T>(props: DataListProps<T>): ResponsiveTableProps<T> {
  return {
    label: props.label,
    columns: props.columns,
    rows: props.query.data?.content ?? [],
    getRowId: props.getRowId,
    onRowClick: props.onRowClick,
    minWidth: props.minWidth ?? 860,
    busy: props.query.isPlaceholderData,
  };
}
