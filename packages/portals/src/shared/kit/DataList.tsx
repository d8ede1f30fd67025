import { Alert, Group, Paper, Skeleton, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { UseQueryResult } from '@tanstack/react-query';
import type { MouseEvent, ReactNode } from 'react';
import { EmptyState } from '../EmptyState.tsx';
import { LoadError } from '../QueryState.tsx';
import { MOBILE_MAX_WIDTH } from '../theme.ts';
import { Pagination } from './Pagination.tsx';

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

export interface DataListColumn<T> {
  id: string;
  /** Column header; on phones, the label in front of the value. */
  header: string;
  /** Header read by screen readers only (an actions column). */
  hideHeader?: boolean;
  cell: (row: T) => ReactNode;
  /**
   * Where the column goes on a phone (<= 690 px), where rows become cards: 'title' heads the card, 'action' sits
   * at its foot, 'hide' leaves it out; by default it is a label/value line.
   */
  phone?: 'title' | 'action' | 'hide';
}

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

const PHONE_QUERY = `(max-width: ${MOBILE_MAX_WIDTH}px)`;

function fromInteractive(event: MouseEvent): boolean {
  return (
    event.target instanceof Element && event.target.closest('a, button, input, [role="button"]') !== null
  );
}

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

  const rows: Row<T>[] = (query.data?.content ?? []).map((original) => ({
    id: props.getRowId(original),
    original,
  }));
  const body = phone ? <PhoneCards {...props} rows={rows} /> : <DesktopTable {...props} rows={rows} />;
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

/** A row of the page: the item and its id. */
interface Row<T> {
  id: string;
  original: T;
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

function DesktopTable<T>({
  label,
  columns,
  query,
  onRowClick,
  skeletonRows = 10,
  minWidth = 860,
  rows,
}: DataListProps<T> & { rows: Row<T>[] }) {
  if (query.isPending)
    return <SkeletonTable columns={columns.length} rows={skeletonRows} minWidth={minWidth} />;
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table
        striped
        highlightOnHover={onRowClick !== undefined}
        verticalSpacing="sm"
        aria-label={label}
        aria-busy={query.isPlaceholderData}
      >
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.id}>
                {column.hideHeader ? <VisuallyHidden>{column.header}</VisuallyHidden> : column.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr
              key={row.id}
              style={onRowClick ? { cursor: 'pointer' } : undefined}
              onClick={
                onRowClick
                  ? (event: MouseEvent) => {
                      if (!fromInteractive(event)) onRowClick(row.original);
                    }
                  : undefined
              }
            >
              {columns.map((column) => (
                <Table.Td key={column.id}>{column.cell(row.original)}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function PhoneCards<T>({
  label,
  columns,
  query,
  onRowClick,
  skeletonRows = 10,
  rows,
}: DataListProps<T> & { rows: Row<T>[] }) {
  const title = columns.find((c) => c.phone === 'title');
  const actions = columns.filter((c) => c.phone === 'action');
  const lines = columns.filter((c) => c.phone === undefined);
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
  return (
    <Stack component="ul" gap="sm" aria-label={label} aria-busy={query.isPlaceholderData} p={0} m={0}>
      {rows.map((row) => (
        <Paper
          component="li"
          key={row.id}
          withBorder
          radius="lg"
          p="md"
          style={{ listStyle: 'none', cursor: onRowClick ? 'pointer' : undefined }}
          onClick={
            onRowClick
              ? (event: MouseEvent) => {
                  if (!fromInteractive(event)) onRowClick(row.original);
                }
              : undefined
          }
        >
          <Stack gap={6}>
            {title ? <Text fw={700}>{title.cell(row.original)}</Text> : null}
            {lines.map((column) => (
              <Group key={column.id} justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                <Text size="sm" c="dimmed">
                  {column.header}
                </Text>
                <Text component="div" size="sm" ta="right">
                  {column.cell(row.original)}
                </Text>
              </Group>
            ))}
            {actions.length > 0 ? (
              <Group justify="flex-end" gap="xs" mt={4}>
                {actions.map((column) => (
                  <div key={column.id}>{column.cell(row.original)}</div>
                ))}
              </Group>
            ) : null}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
